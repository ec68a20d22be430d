import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { describeUserAgent } from '../../shared/userAgent';
import { INPUT_MAX } from '../../shared/validation';
import { sendProblem } from '../api/problem';
import type { ContactRequest } from '../../shared/contactRequestSchema';
import type { DashboardStore } from '../dashboards/dashboardStore';
import type { PasskeyStore } from '../passkeys/passkeyStore';
import type { HashQueue } from '../users/hashQueue';
import type { UserStore } from '../users/store';
import type { SessionService } from '../sessions/sessionService';
import { accountDeletedMail } from './accountMails';
import type { AccountStore } from './accountStore';
import { bodyFields, textField } from './formPost';
import { passwordCheck } from './passwordCheck';
import { requireSession } from './sessionRoutes';
import type { SignInThrottle } from './signInThrottle';

/**
 * The account's data (prefix /dc_api/wa_v1), signed in:
 *
 *   GET    /me/requests   200 { verified, requests }: the contact and consultation requests sent from the
 *                         account's address (variant, date, message, handled); none while the address is unverified
 *   GET    /me/export     200 JSON file (Content-Disposition: attachment): profile, sessions, passkeys (name, added,
 *                         last used), the dashboards staff gave the account, requests
 *   DELETE /me            { password, eraseRequests? }  204, every session ended, cookies cleared, a confirmation
 *                         mailed to the address | 400 | 403 wrong password (counts as a failed sign-in) | 429 | 503
 *
 * Requests are matched by address, and an address proves nothing until it is verified: the
 * list is empty and says so while it is not.
 */
export interface AccountDataOptions {
  users: UserStore;
  accounts: AccountStore;
  sessions: SessionService;
  throttle: SignInThrottle;
  hashQueue: HashQueue;
  /** The account's passkeys, for the export (server/passkeys). */
  passkeys: PasskeyStore;
  /** The dashboards staff gave the account, for the export (server/dashboards). */
  dashboards: Pick<DashboardStore, 'list'>;
  /** Asks the outbox worker to send now (the deletion's confirmation was queued). */
  kick: () => void;
}

export function accountRequest(contactRequest: ContactRequest) {
  return { id: contactRequest.id, variant: contactRequest.variant, receivedAt: contactRequest.receivedAt, message: contactRequest.message, handled: contactRequest.handledAt !== null, handledAt: contactRequest.handledAt };
}

export function registerAccountDataRoutes(scope: FastifyInstance, options: AccountDataOptions): void {
  const { users, accounts, sessions } = options;
  const signedIn = requireSession(sessions);
  const checkPassword = passwordCheck(options);

  const requestsOf = async (userId: string) => {
    const verified = await accounts.verifiedEmail(userId);
    return { verified: verified !== null, requests: verified ? (await accounts.requestsFrom(verified)).map(accountRequest) : [] };
  };

  scope.get('/me/requests', { onRequest: signedIn }, async (request) => requestsOf(request.currentSession!.session.userId));

  scope.get('/me/export', { onRequest: signedIn }, async (request, reply) => {
    const current = request.currentSession!;
    const user = await users.get(current.session.userId);
    if (!user) return sendProblem(reply, 401, 'Unauthorized', ACCOUNT_MESSAGES.signedOut);
    const list = await sessions.store.listForUser(user._id);
    const { verified, requests } = await requestsOf(user._id);
    reply.header('Content-Disposition', 'attachment; filename="dataclarity-account.json"');
    return {
      exportedAt: new Date().toISOString(),
      profile: { ...user, emailVerified: verified },
      sessions: list.map((session) => ({
        createdAt: session.createdAt.toISOString(),
        lastActiveAt: session.lastSeenAt.toISOString(),
        userAgent: session.userAgent,
        ...describeUserAgent(session.userAgent),
        current: session.id === current.session.id,
      })),
      passkeys: (await options.passkeys.listForUser(user._id)).map(({ name, createdAt, lastUsedAt }) => ({ name, createdAt, lastUsedAt })),
      dashboards: (await options.dashboards.list(user._id)).map(({ title, category, src, createdAt }) => ({ title, category, src, createdAt })),
      requests,
    };
  });

  scope.delete('/me', { onRequest: signedIn }, async (request, reply) => {
    const fields = bodyFields(request) ?? {};
    const password = textField(fields, 'password', INPUT_MAX.password);
    const eraseRequests = fields.eraseRequests === true || fields.eraseRequests === 'on' || fields.eraseRequests === 'true';
    if (password === '') return sendProblem(reply, 400, 'Invalid fields', ACCOUNT_MESSAGES.deletePasswordRequired, { password: ACCOUNT_MESSAGES.deletePasswordRequired });
    const userId = request.currentSession!.session.userId;
    const user = await users.get(userId);
    if (!user) return sendProblem(reply, 401, 'Unauthorized', ACCOUNT_MESSAGES.signedOut);
    if (await checkPassword(request, reply, user, password, 'password')) return reply;
    // Only requests from a verified address are the account's to erase.
    const verified = await accounts.verifiedEmail(userId);
    const erased = eraseRequests && verified ? await accounts.deleteRequestsFrom(verified) : 0;
    await sessions.end(request, reply);
    await accounts.deleteUser(userId); // sessions and tokens go with it (ON DELETE CASCADE)
    // The confirmation goes to the address the account had (OWASP ASVS 5.0 V6.3.7 asks the same of
    // every change to an account's authentication; this is the last one).
    await accounts.mails.enqueue(accountDeletedMail(user.email, user.firstName, erased), new Date());
    options.kick();
    request.log.info({ userId, erasedRequests: erased }, 'account deleted');
    return reply.code(204).send();
  });
}
