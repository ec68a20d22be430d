import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { emailError } from '../../shared/validation';
import { staffInvitationMail } from '../accounts/accountMails';
import type { FailureCounter } from '../accounts/failureCounter';
import { takeFromLimit } from '../accounts/formPost';
import { sendProblem } from '../api/problem';
import type { RouteRateLimit } from '../api/routeRateLimit';
import { ERROR_RESPONSES, IdParams } from '../api/routeSchemas';
import { sendInvalidFields, type InputRules } from '../api/schemaErrors';
import type { SessionStore } from '../sessions/store';
import { normalizeEmail, type UserStore } from '../users/store';
import { AUDIT_ACTIONS, type Auditor } from './audit';
import { issueEnrollmentLink } from './enrollment';
import { findOrCreateInvitee, removeStaffRole } from './membership';
import type { StaffStore } from './staffStore';
import { AccountSchema } from './userRoutes';

/**
 * Who is staff, from the console (prefix /dc_api/wa_v1/staff, behind ./guard):
 *
 *   GET    /staff/members            200 { members, invited, you }: every staff member, oldest first; the open
 *                                    invitations (not staff until their link is used); `you` is the caller's id
 *   POST   /staff/invitations { email }
 *                                    202 { account, created, expiresAt }: the one-time enrollment link (24 h,
 *                                    ./enrollment; a new one replaces the old) of the account of that address
 *                                    (created when there is none) is MAILED through the outbox ('staff-invitation'),
 *                                    queued in the link's transaction. The account becomes staff only when the
 *                                    link is used (../passkeys/passkeyRoutes) | 400 (the site's email rule and messages) |
 *                                    409 a deactivated account | 429 (per staff member, in the database) | 503 no mailer
 *   DELETE /staff/members/{id}       204 a client again: sessions end, enrollment link dropped | 404 not staff |
 *                                    409 oneself, or the last staff member (checked atomically in the store)
 *
 * Each change is audited: staff.invited (the link mailed), staff.removed; staff.added when a link is used.
 */
const MemberSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  active: Type.Boolean(),
  createdAt: Type.String(),
});

const InvitationSchema = Type.Object({ id: Type.String(), email: Type.String(), firstName: Type.String(), lastName: Type.String(), expiresAt: Type.String() });

const InvitationBody = Type.Object({ email: Type.String() }, { additionalProperties: false });
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const INVITATION_INPUT: InputRules = {
  notObject: STAFF_MESSAGES.invitationBody,
  unknownKey: () => STAFF_MESSAGES.invitationBody,
  check: (input) => ({ email: emailError(text(input.email)) }),
};

export interface StaffMemberRoutesOptions {
  users: UserStore;
  staff: StaffStore;
  sessions: SessionStore;
  audit: Auditor;
  /** The database's window counters (shared by every instance on PostgreSQL). */
  counter: FailureCounter;
  /** Invitations per staff member (../accounts/settings: staffInvitations). */
  invitationLimit: RouteRateLimit;
  /** SITE_URL: the origin of the mailed link, never the request's Host. */
  siteUrl: string;
  /** Asks the delivery worker to send now; null when no mailer is configured. */
  kick: (() => void) | null;
}

export function registerStaffMemberRoutes(scope: FastifyInstance, options: StaffMemberRoutesOptions): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { users, staff, sessions, audit, counter } = options;

  api.get(
    '/staff/members',
    { schema: { response: { 200: Type.Object({ members: Type.Array(MemberSchema), invited: Type.Array(InvitationSchema), you: Type.String() }), ...ERROR_RESPONSES } } },
    async (request) => ({ members: await staff.listStaff(), invited: await staff.listInvitations(new Date()), you: request.staffActor!.id }),
  );

  api.post(
    '/staff/invitations',
    {
      schema: {
        body: InvitationBody,
        response: { 202: Type.Object({ account: AccountSchema, created: Type.Boolean(), expiresAt: Type.String() }), ...ERROR_RESPONSES },
      },
      config: { input: { body: INVITATION_INPUT } },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const problem = emailError(email);
      if (problem !== '') return sendInvalidFields(reply, { email: problem });
      if (options.kick === null) return sendProblem(reply, 503, 'Service Unavailable', STAFF_MESSAGES.noMailer);
      const actor = request.staffActor!;
      const existing = await users.credentials(email);
      if (existing && !existing.active) return sendProblem(reply, 409, 'Conflict', STAFF_MESSAGES.invitationDeactivated, { email: STAFF_MESSAGES.invitationDeactivated });
      const wait = await takeFromLimit(counter, `staff-invite:${actor.id}`, options.invitationLimit);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        return sendProblem(reply, 429, 'Too Many Requests', STAFF_MESSAGES.invitationThrottled);
      }
      const { userId, created } = await findOrCreateInvitee(users, email);
      const user = await users.get(userId);
      const { expiresAt } = await issueEnrollmentLink(staff, userId, options.siteUrl, new Date(), (link, hours) =>
        staffInvitationMail(email, user?.firstName ?? '', actor.email, link, hours),
      );
      await audit(request, AUDIT_ACTIONS.staffInvited, 'user', userId, created ? 'new account' : 'existing account');
      options.kick();
      request.log.info({ userId, by: actor.id, created }, 'staff invitation queued');
      const account = await staff.account(userId);
      if (!account) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.accountNotFound);
      return reply.code(202).send({ account, created, expiresAt: expiresAt.toISOString() });
    },
  );

  api.delete('/staff/members/:id', { schema: { params: IdParams, response: { 204: Type.Null(), ...ERROR_RESPONSES } } }, async (request, reply) => {
    const { id } = request.params;
    if (id === request.staffActor!.id) return sendProblem(reply, 409, 'Conflict', STAFF_MESSAGES.notYourselfStaff);
    const { outcome, endedSessions } = await removeStaffRole(staff, sessions, id);
    if (outcome === 'not-staff') return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.notStaffMember);
    if (outcome === 'last') return sendProblem(reply, 409, 'Conflict', STAFF_MESSAGES.lastStaff);
    await audit(request, AUDIT_ACTIONS.staffRemoved, 'user', id);
    request.log.info({ userId: id, by: request.staffActor!.id, endedSessions }, 'staff role removed');
    return reply.code(204).send(null);
  });
}
