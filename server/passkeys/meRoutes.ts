import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PASSKEY_MESSAGES } from '../../shared/passkeys';
import { INPUT_MAX } from '../../shared/validation';
import type { AccountStore } from '../accounts/accountStore';
import type { PasswordCheck } from '../accounts/passwordCheck';
import { requireSession } from '../accounts/sessionRoutes';
import { sendProblem } from '../api/problem';
import type { SessionService } from '../sessions/sessionService';
import { PASSKEY_AUDIT_ACTIONS } from '../staff/passkeyRoutes';
import type { StaffStore } from '../staff/staffStore';
import type { UserStore } from '../users/store';
import type { PasskeyCeremonies } from './ceremonies';
import { registerOwnPasskeyRoutes } from './ownPasskeyRoutes';
import type { PasskeyNotices } from './passkeyRoutes';
import type { PasskeyStore } from './passkeyStore';

/**
 * The signed-in person's own passkeys on /account (prefix /dc_api/wa_v1, in the account routes'
 * scope: a session, state changes from this site only), any role; the routes of
 * ./ownPasskeyRoutes under /me/passkeys:
 *
 *   GET    /me/passkeys                           200 { passkeys, passwordNeeded } | 401
 *   POST   /me/passkeys/options  { currentPassword? }   200 creation options | 401 | 403 the address is not verified,
 *                                                 or re-authentication
 *                                                 (currentPassword named: missing or wrong; a wrong one counts as a
 *                                                 failed sign-in) | 429 | 503
 *   POST   /me/passkeys   { name, response }      201 | 400 | 401 | 403 (address not verified) | 409
 *   PATCH  /me/passkeys/{id}  { name }            200 | 400 | 401 | 404 (none of the caller's)
 *   DELETE /me/passkeys/{id}                      204 | 401 | 404 | 409 (staff: the last one is kept)
 *
 * Re-authentication (OWASP ASVS 5.0 V7.5.1: full re-authentication before a change to how the
 * account signs in): the options of a new passkey are given to a session signed in less than
 * `reauthMs` ago (a password or passkey sign-in), else only with the account's password in the
 * same request. The challenge is bound to the account and lives 5 minutes, so the registration
 * that answers it follows the re-authentication closely. Renaming and removing need no
 * re-authentication: neither lets anyone in (a client keeps the password, and may remove every
 * passkey).
 *
 * A staff account follows the console's rules here too (../staff/passkeyRoutes): changes only from
 * a session proven with a passkey (else a password could add a passkey and reach the console), the
 * last passkey kept, each change audited. A client's changes are logged (no audit: the audit log is
 * for staff actions).
 */
export interface MyPasskeyRoutesOptions {
  users: UserStore;
  /** Whether the account's address is verified (a passkey is added only then). */
  accounts: Pick<AccountStore, 'verifiedEmail'>;
  sessions: SessionService;
  passkeys: PasskeyStore;
  staff: StaffStore;
  ceremonies: PasskeyCeremonies;
  /** The mail telling the account holder of an added or removed passkey. */
  notices: PasskeyNotices;
  checkPassword: PasswordCheck;
  /** A sign-in this recent counts as re-authenticated (PASSKEY_REAUTH_MS). */
  reauthMs: number;
  now?: () => Date;
}

export function registerMyPasskeyRoutes(scope: FastifyInstance, options: MyPasskeyRoutesOptions): void {
  const { users, staff, checkPassword, reauthMs } = options;
  const now = options.now ?? (() => new Date());
  const session = (request: FastifyRequest) => request.currentSession!.session;
  const isStaff = async (request: FastifyRequest) => (await staff.roleOf(session(request).userId)) === 'staff';
  const recent = (request: FastifyRequest) => now().getTime() - session(request).createdAt.getTime() < reauthMs;

  registerOwnPasskeyRoutes(scope, '/me/passkeys', {
    users,
    passkeys: options.passkeys,
    ceremonies: options.ceremonies,
    notices: options.notices,
    rules: {
      onRequest: requireSession(options.sessions),
      owner: (request) => session(request).userId,
      async mayChange(request, reply) {
        if (session(request).passkeyVerified || !(await isStaff(request))) return false;
        sendProblem(reply, 403, 'Forbidden', PASSKEY_MESSAGES.staffPasskeySession);
        return true;
      },
      // Identity before privilege: a credential only on an address someone proved (else whoever
      // registered a stranger's address could keep a way in after the owner takes it back).
      async mayAdd(request, reply, userId) {
        const user = await users.get(userId);
        if (user && (await options.accounts.verifiedEmail(userId)) === user.email) return false;
        sendProblem(reply, 403, 'Forbidden', PASSKEY_MESSAGES.verifyFirst);
        return true;
      },
      async mayRegister(request, reply, user) {
        if ((await isStaff(request)) || recent(request)) return false;
        const body = request.body;
        const given = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).currentPassword : undefined;
        const password = typeof given === 'string' ? given.slice(0, INPUT_MAX.password) : '';
        if (password === '') {
          sendProblem(reply, 403, 'Forbidden', PASSKEY_MESSAGES.reauthRequired, { currentPassword: PASSKEY_MESSAGES.reauthRequired });
          return true;
        }
        return checkPassword(request, reply, user, password, 'currentPassword');
      },
      keepsLast: isStaff,
      async changed(request, change, userId) {
        if (await isStaff(request)) {
          const user = await users.get(userId);
          await staff.audit(
            { actorId: userId, actorEmail: user?.email ?? '', action: PASSKEY_AUDIT_ACTIONS[change], recordType: 'user', recordId: userId, detail: 'account page' },
            now(),
          );
        }
        request.log.info({ userId, change }, 'passkey changed');
      },
      passwordNeeded: async (request) => !(await isStaff(request)) && !recent(request),
    },
  });
}
