import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PASSKEY_MESSAGES, passkeyNameError } from '../../shared/passkeys';
import { passkeyAddedMail, passkeyRemovedMail } from '../accounts/accountMails';
import { sendProblem } from '../api/problem';
import { routeRateLimit, type RouteRateLimit } from '../api/routeRateLimit';
import type { MailOutbox } from '../contactRequests/mailOutbox';
import type { SessionService } from '../sessions/sessionService';
import { hashToken, isTokenShaped } from '../sessions/token';
import { AUDIT_ACTIONS } from '../staff/audit';
import type { StaffStore } from '../staff/staffStore';
import type { User, UserStore } from '../users/store';
import type { PasskeyCeremonies, RegistrationResult } from './ceremonies';
import type { PasskeyStore } from './passkeyStore';

/**
 * The passkey ceremonies a visitor runs before having a passkey-verified session (prefix
 * /dc_api/wa_v1, every route a POST behind ../sessions/sameSiteGuard, in the scope of ./index):
 *
 *   POST /passkeys/enrollment/options  { token }                   200 creation options | 400 | 410 dead link
 *   POST /passkeys/enrollment          { token, name, response }   200 { next } + a passkey-verified session | 400 | 403 | 409 | 410
 *   POST /passkeys/sign-in/options     {}                          200 request options
 *   POST /passkeys/sign-in             { response }                200 { next } + a passkey-verified session | 400 | 401 | 403
 *
 * The enrollment link (npm run staff -- add, an invitation: ../staff/enrollment) registers the
 * first passkey of the account it was issued for and is used up by it: the link is checked when the
 * options are asked for (the challenge is bound to its account) and used when the answer verified,
 * so a failed try keeps the link. Using it is what makes the account staff (StaffStore.grantStaff):
 * the address is proved, every session ends, and the passkeys made before it go. The options routes write a challenge per call, so they are limited per IP.
 */
export const PASSKEY_OPTIONS_RATE_LIMIT: RouteRateLimit = { max: 30, timeWindowMs: 60_000 };
/**
 * Where a passkey sign-in goes on: a staff member to the staff console, anyone else (a client who
 * added a passkey) to the account page. An enrollment is always a staff member's.
 */
export const PASSKEY_SIGNED_IN_PAGE = '/account';
/** The account page's passkeys (widgets/account/Passkeys.tsx: the section's id). */
export const PASSKEYS_SECTION = `${PASSKEY_SIGNED_IN_PAGE}#passkeys`;
export const PASSKEY_STAFF_PAGE = '/staff';
/** The console's view of one's own passkeys (widgets/staff-console/consoleUrl: view=passkeys). */
export const STAFF_PASSKEYS_PAGE = `${PASSKEY_STAFF_PAGE}?view=passkeys`;

/**
 * What the mail needs that tells an account holder a passkey was added to or removed from their
 * account (OWASP ASVS 5.0 V6.3.7: users are notified after updates to authentication details;
 * ../accounts/accountMails: 'passkey-added', 'passkey-removed'), see {@link queuePasskeyNotice}.
 */
export interface PasskeyNotices {
  /** The site's mail outbox (AccountStore.mails). */
  outbox: MailOutbox;
  /** Asks the delivery worker to send now (without a mailer the mail waits in the outbox). */
  kick: () => void;
  /** SITE_URL: the origin of the mail's link, never the request's Host. */
  siteUrl: string;
  /** Whose passkeys are where: a staff member's in the console, anyone else's on /account. */
  staff: Pick<StaffStore, 'roleOf'>;
}

export type NoticedPasskeyChange = 'added' | 'removed';

const NOTICE_MAILS = { added: passkeyAddedMail, removed: passkeyRemovedMail } as const satisfies Record<NoticedPasskeyChange, unknown>;

/**
 * Queues the notice of a passkey change, after the change, in the request that made it, as a
 * password change queues 'password-changed' (../accounts/passwordResetRoutes): a failure to queue
 * fails the request (500, logged) and the change stays. A rename mails nothing; neither does the
 * enrollment of a staff member's first passkey (they just did it from the invitation's mail).
 */
export async function queuePasskeyNotice(
  notices: PasskeyNotices,
  user: Pick<User, '_id' | 'email' | 'firstName'>,
  change: NoticedPasskeyChange,
  passkeyName: string,
  at: Date,
): Promise<void> {
  const page = (await notices.staff.roleOf(user._id)) === 'staff' ? STAFF_PASSKEYS_PAGE : PASSKEY_SIGNED_IN_PAGE;
  await notices.outbox.enqueue(NOTICE_MAILS[change](user.email, user.firstName, passkeyName, at, `${notices.siteUrl}${page}`), at);
  notices.kick();
}

export interface PasskeyRoutesOptions {
  users: UserStore;
  staff: StaffStore;
  passkeys: PasskeyStore;
  ceremonies: PasskeyCeremonies;
  sessions: SessionService;
  /** The notice of a passkey added by a link to an account that had one already. */
  notices: PasskeyNotices;
  optionsRateLimit?: RouteRateLimit | undefined;
}

function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[key] : undefined;
}

function userAgent(request: FastifyRequest): string {
  const value = request.headers['user-agent'];
  return typeof value === 'string' ? value.slice(0, 400) : '';
}

/** The answer to a registration that did not verify (shared with the console's "add a passkey"). */
export function refuseRegistration(reply: FastifyReply, result: Extract<RegistrationResult, { ok: false }>): FastifyReply {
  if (result.reason === 'response') return sendProblem(reply, 400, 'Invalid fields', PASSKEY_MESSAGES.responseMissing, { response: PASSKEY_MESSAGES.responseMissing });
  if (result.reason === 'challenge') return sendProblem(reply, 400, 'Bad Request', PASSKEY_MESSAGES.challengeUnknown, { response: PASSKEY_MESSAGES.challengeUnknown });
  return sendProblem(reply, 400, 'Bad Request', PASSKEY_MESSAGES.verificationFailed, { response: PASSKEY_MESSAGES.verificationFailed });
}

/** The name field's problem, or null when it is fine. */
export function refuseName(reply: FastifyReply, name: unknown): FastifyReply | null {
  const problem = typeof name === 'string' ? passkeyNameError(name) : PASSKEY_MESSAGES.nameRequired;
  return problem === '' ? null : sendProblem(reply, 400, 'Invalid fields', problem, { name: problem });
}

export function registerPasskeyRoutes(scope: FastifyInstance, options: PasskeyRoutesOptions): void {
  const { users, staff, passkeys, ceremonies, sessions } = options;
  const limited = { config: { rateLimit: routeRateLimit(options.optionsRateLimit ?? PASSKEY_OPTIONS_RATE_LIMIT, PASSKEY_MESSAGES.failed) } };

  const enrollmentToken = (reply: FastifyReply, body: unknown): string | null => {
    const token = field(body, 'token');
    if (isTokenShaped(token)) return token;
    sendProblem(reply, 400, 'Invalid fields', PASSKEY_MESSAGES.enrollmentTokenMissing, { token: PASSKEY_MESSAGES.enrollmentTokenMissing });
    return null;
  };
  const deadLink = (reply: FastifyReply) => sendProblem(reply, 410, 'Gone', PASSKEY_MESSAGES.enrollmentExpired);

  scope.post('/passkeys/enrollment/options', limited, async (request, reply) => {
    const token = enrollmentToken(reply, request.body);
    if (token === null) return reply;
    const userId = await staff.enrollmentOwner(hashToken(token), new Date());
    const user = userId === null ? null : await users.get(userId);
    if (!user) return deadLink(reply);
    return ceremonies.registrationOptions({ id: user._id, email: user.email, displayName: `${user.firstName} ${user.lastName}`.trim() });
  });

  scope.post('/passkeys/enrollment', async (request, reply) => {
    const body = request.body;
    const token = enrollmentToken(reply, body);
    if (token === null) return reply;
    const name = field(body, 'name');
    const badName = refuseName(reply, name);
    if (badName) return badName;
    const result = await ceremonies.verifyRegistration(field(body, 'response'));
    if (!result.ok) {
      request.log.info({ reason: result.reason }, 'passkey enrollment refused');
      return refuseRegistration(reply, result);
    }
    // The link is used only now, and only by the account the challenge was made for.
    const used = await staff.useEnrollment(hashToken(token), new Date());
    if (typeof used !== 'object' || used.userId !== result.userId) return deadLink(reply);
    const user = await users.get(result.userId);
    if (!user || !user.active) return sendProblem(reply, 403, 'Forbidden', PASSKEY_MESSAGES.deactivated);
    // The role, the proof of the address, and a clean slate: nothing made before the link was used
    // (sessions, trusted devices; passkeys unless the account was staff already) lets anyone in.
    const grant = await staff.grantStaff(user._id, new Date());
    if (!grant) return deadLink(reply);
    await staff.audit(
      {
        actorId: user._id,
        actorEmail: user.email,
        action: grant.promoted ? AUDIT_ACTIONS.staffAdded : AUDIT_ACTIONS.staffEnrolled,
        recordType: 'user',
        recordId: user._id,
        detail: `enrollment link: ${grant.removedPasskeys} passkey(s) removed, ${grant.endedSessions} session(s) ended`,
      },
      new Date(),
    );
    // A new staff member's first passkey needs no notice (they just used the invitation); one more
    // (a new link for a lost device) is a change of how the account signs in like any other.
    const hadOne = (await passkeys.listForUser(user._id)).length > 0;
    const now = new Date();
    const passkeyName = (name as string).trim();
    const added = await passkeys.add({ ...result.credential, userId: user._id, name: passkeyName }, now);
    if (!added) return sendProblem(reply, 409, 'Conflict', PASSKEY_MESSAGES.alreadyRegistered);
    if (hadOne) await queuePasskeyNotice(options.notices, user, 'added', passkeyName, now);
    await staff.audit(
      { actorId: user._id, actorEmail: user.email, action: AUDIT_ACTIONS.passkeyAdded, recordType: 'user', recordId: user._id, detail: 'enrollment' },
      new Date(),
    );
    await sessions.end(request, reply);
    const session = await sessions.start(reply, user._id, userAgent(request), { passkeyVerified: true });
    request.log.info({ userId: user._id, sessionId: session.id }, 'staff enrolled a passkey and signed in');
    return { next: PASSKEY_STAFF_PAGE };
  });

  scope.post('/passkeys/sign-in/options', limited, async () => ceremonies.authenticationOptions());

  scope.post('/passkeys/sign-in', async (request, reply) => {
    const result = await ceremonies.verifyAuthentication(field(request.body, 'response'));
    if (!result.ok) {
      request.log.info({ reason: result.reason }, 'passkey sign-in refused');
      if (result.reason === 'response') return sendProblem(reply, 400, 'Invalid fields', PASSKEY_MESSAGES.responseMissing, { response: PASSKEY_MESSAGES.responseMissing });
      if (result.reason === 'challenge') return sendProblem(reply, 400, 'Bad Request', PASSKEY_MESSAGES.challengeUnknown, { response: PASSKEY_MESSAGES.challengeUnknown });
      if (result.reason === 'unknown') return sendProblem(reply, 401, 'Unauthorized', PASSKEY_MESSAGES.unknownPasskey);
      return sendProblem(reply, 401, 'Unauthorized', PASSKEY_MESSAGES.verificationFailed);
    }
    const user = await users.get(result.passkey.userId);
    if (!user || !user.active) return sendProblem(reply, 403, 'Forbidden', PASSKEY_MESSAGES.deactivated);
    await sessions.end(request, reply);
    const session = await sessions.start(reply, user._id, userAgent(request), { passkeyVerified: true });
    request.log.info({ userId: user._id, sessionId: session.id }, 'signed in with a passkey');
    return { next: (await staff.roleOf(user._id)) === 'staff' ? PASSKEY_STAFF_PAGE : PASSKEY_SIGNED_IN_PAGE };
  });
}
