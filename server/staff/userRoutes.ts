import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { STAFF_PAGE_MAX, STAFF_PAGE_SIZE, STAFF_SEARCH_MAX } from '../../shared/staffContactRequests';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { firstNameError, lastNameError } from '../../shared/validation';
import type { AccountStore } from '../accounts/accountStore';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES, IdParams } from '../api/routeSchemas';
import { sendInvalidFields, type InputRules } from '../api/schemaErrors';
import type { SessionStore } from '../sessions/store';
import type { UserStore } from '../users/store';
import { AUDIT_ACTIONS, type Auditor } from './audit';
import { StaffContactRequestSchema } from '../../shared/contactRequestSchema';
import { staffContactRequest } from './contactRequestRoutes';
import { removeStaffRole } from './membership';
import { ROLES, type StaffStore } from './staffStore';

/**
 * The console's accounts (prefix /dc_api/wa_v1/staff, behind ./guard):
 *
 *   GET    /staff/users ?q= &limit= &offset=   200 { accounts, total, limit, offset }, newest first: name, email,
 *                                              role, verified, active, created, last sign-in
 *   PATCH  /staff/users/{id}  { active }       200 the account: deactivated (every session ends) or reactivated | 400 | 404
 *                                              | 409 deactivating oneself
 *          /staff/users/{id}  { firstName, lastName }  200 the account renamed, by the rules and messages of the
 *                                              account's own name change (PATCH /me) | 400 naming each field | 404
 *   DELETE /staff/users/{id}                   204: the account erased by the account deletion's own store call (the
 *                                              user, and by cascade its sessions, link tokens, passkeys, dashboards,
 *                                              enrollment link); its requests stay in the inbox | 404 | 409 oneself,
 *                                              or the last staff member
 *   GET    /staff/users/{id}/requests          200 { requests }: the requests (not spam) sent from the account's
 *                                              address, newest first, as the inbox lists them | 404
 *
 * Every change writes an audit entry (./audit) naming the account, never its data.
 */
const AccountSchema = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.Enum(ROLES),
  emailVerified: Type.Boolean(),
  active: Type.Boolean(),
  createdAt: Type.String(),
  lastSignInAt: Type.Union([Type.String(), Type.Null()]),
});
export { AccountSchema };

const AccountsQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: STAFF_SEARCH_MAX })),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
    offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
  },
  { additionalProperties: false },
);

const ACCOUNTS_INPUT: InputRules = {
  messages: { q: STAFF_MESSAGES.badSearch(STAFF_SEARCH_MAX), limit: STAFF_MESSAGES.badLimit(STAFF_PAGE_MAX), offset: STAFF_MESSAGES.badOffset },
};

const AccountPatchBody = Type.Object(
  { active: Type.Optional(Type.Boolean()), firstName: Type.Optional(Type.String()), lastName: Type.Optional(Type.String()) },
  { additionalProperties: false, minProperties: 1 },
);

/** The name rules of the account's own name change (shared/validation), both names together as there. */
function nameErrors(input: Record<string, unknown>): Record<string, string> {
  if (!('firstName' in input) && !('lastName' in input)) return {};
  const text = (key: string) => (typeof input[key] === 'string' ? input[key] : '');
  return Object.fromEntries(
    Object.entries({ firstName: firstNameError(text('firstName')), lastName: lastNameError(text('lastName')) }).filter(([, message]) => message !== ''),
  );
}

const ACCOUNT_PATCH_INPUT: InputRules = {
  notObject: STAFF_MESSAGES.accountPatch,
  unknownKey: () => STAFF_MESSAGES.accountPatch,
  check: nameErrors,
  messages: { active: STAFF_MESSAGES.accountPatch },
};

export interface StaffUserRoutesOptions {
  staff: StaffStore;
  users: UserStore;
  /** The account deletion's store (../accounts) and the requests sent from an address. */
  accounts: AccountStore;
  sessions: SessionStore;
  audit: Auditor;
}

export function registerStaffUserRoutes(scope: FastifyInstance, options: StaffUserRoutesOptions): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { staff, users, accounts, sessions, audit } = options;

  api.get(
    '/staff/users',
    {
      schema: {
        querystring: AccountsQuery,
        response: { 200: Type.Object({ accounts: Type.Array(AccountSchema), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() }), ...ERROR_RESPONSES },
      },
      config: { input: { querystring: ACCOUNTS_INPUT } },
    },
    async (request, reply) => {
      const q = request.query;
      const limit = q.limit === undefined ? STAFF_PAGE_SIZE : Number(q.limit);
      const message = ACCOUNTS_INPUT.messages!.limit!;
      if (limit < 1 || limit > STAFF_PAGE_MAX) return sendProblem(reply, 400, 'Invalid fields', message, { limit: message });
      const offset = q.offset === undefined ? 0 : Number(q.offset);
      const search = q.q?.trim() ?? '';
      const page = await staff.listAccounts({ ...(search !== '' ? { search } : {}), limit, offset });
      return { ...page, limit, offset };
    },
  );

  api.patch(
    '/staff/users/:id',
    {
      schema: { params: IdParams, body: AccountPatchBody, response: { 200: AccountSchema, ...ERROR_RESPONSES } },
      config: { input: { body: ACCOUNT_PATCH_INPUT } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      const renames = body.firstName !== undefined || body.lastName !== undefined;
      if (renames && body.active !== undefined) return sendProblem(reply, 400, 'Bad Request', STAFF_MESSAGES.accountPatch);
      const bad = nameErrors(body);
      if (Object.keys(bad).length > 0) return sendInvalidFields(reply, bad);
      const before = await staff.account(id);
      if (!before) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.accountNotFound);
      if (renames) {
        // The account's own name change stores names the same way (trimmed, by the user store).
        const renamed = await users.update(id, { firstName: body.firstName!, lastName: body.lastName! });
        if (renamed && (renamed.firstName !== before.firstName || renamed.lastName !== before.lastName)) {
          await audit(request, AUDIT_ACTIONS.accountRenamed, 'user', id);
        }
      } else {
        const active = body.active!;
        if (!active && id === request.staffActor!.id) return sendProblem(reply, 409, 'Conflict', STAFF_MESSAGES.notYourself);
        if (active !== before.active) {
          await staff.setActive(id, active);
          await audit(request, active ? AUDIT_ACTIONS.accountReactivated : AUDIT_ACTIONS.accountDeactivated, 'user', id);
        }
      }
      return (await staff.account(id)) ?? sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.accountNotFound);
    },
  );

  api.delete(
    '/staff/users/:id',
    { schema: { params: IdParams, response: { 204: Type.Null(), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const { id } = request.params;
      const account = await staff.account(id);
      if (!account) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.accountNotFound);
      if (id === request.staffActor!.id) return sendProblem(reply, 409, 'Conflict', STAFF_MESSAGES.notYourselfDelete);
      // A staff account stops being staff first (refused, atomically, for the last one), so the
      // console never loses its last member to a deletion either.
      if (account.role === 'staff' && (await removeStaffRole(staff, sessions, id)).outcome === 'last') {
        return sendProblem(reply, 409, 'Conflict', STAFF_MESSAGES.lastStaff);
      }
      if (!(await accounts.deleteUser(id))) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.accountNotFound);
      await audit(request, AUDIT_ACTIONS.accountDeleted, 'user', id, account.role);
      request.log.info({ userId: id, by: request.staffActor!.id }, 'account deleted by staff');
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/staff/users/:id/requests',
    { schema: { params: IdParams, response: { 200: Type.Object({ requests: Type.Array(StaffContactRequestSchema) }), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const account = await staff.account(request.params.id);
      if (!account) return sendProblem(reply, 404, 'Not Found', STAFF_MESSAGES.accountNotFound);
      return { requests: (await accounts.requestsFrom(account.email)).map(staffContactRequest) };
    },
  );
}
