import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, VERIFY_FRAGMENTS } from '../../shared/accountMessages';
import { sendProblem } from '../api/problem';
import type { UserStore } from '../users/store';
import type { SessionService } from '../sessions/sessionService';
import { hashToken, isTokenShaped } from '../sessions/token';
import type { AccountStore } from './accountStore';
import type { FailureCounter } from './failureCounter';
import { bodyFields, isFormPost, takeFromLimit } from './formPost';
import { LINK_PAGES, type LinkMails } from './linkMails';
import type { AccountSettings } from './settings';
import { requireSession } from './sessionRoutes';

/**
 * Email verification and the confirmation of an email change (prefix /dc_api/wa_v1):
 *
 *   POST /email-verification          signed in     202 { message } a new link (the old one stops working) |
 *                                                   200 { message } already verified | 401 | 429 (per account, in the database)
 *   POST /email-verification/confirm  { token }     200 { message, email, changed } | 400 (no token) | 409 (new address taken meanwhile) |
 *                                                   410 (expired, used, replaced)
 *                                     form post     303 → /verify_email#email-verified | #email-changed | #link-expired | #email-taken
 *
 * The link in the mail opens /verify_email/<token> (./tokenPages), a page whose button confirms:
 * opening a link alone (a mail scanner fetching it) changes nothing. One endpoint confirms both
 * kinds of link: the sign-up address (marked verified, only while it is still the account's
 * address) and a new address (it becomes the account's, verified).
 */
export interface EmailRoutesOptions {
  users: UserStore;
  accounts: AccountStore;
  sessions: SessionService;
  counter: FailureCounter;
  links: LinkMails;
  settings: AccountSettings;
}

export function registerEmailRoutes(scope: FastifyInstance, options: EmailRoutesOptions): void {
  const { users, accounts, sessions, counter, links, settings } = options;

  scope.post('/email-verification', { onRequest: requireSession(sessions) }, async (request, reply) => {
    const userId = request.currentSession!.session.userId;
    const user = await users.get(userId);
    if (!user) return sendProblem(reply, 401, 'Unauthorized', ACCOUNT_MESSAGES.signedOut);
    if ((await accounts.verifiedEmail(userId)) === user.email) return { message: ACCOUNT_MESSAGES.alreadyVerified };
    const wait = await takeFromLimit(counter, `verify:${userId}`, settings.verificationResend);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      return sendProblem(reply, 429, 'Too Many Requests', ACCOUNT_MESSAGES.verificationThrottled);
    }
    await links.verification(user);
    request.log.info({ userId }, 'verification link queued');
    return reply.code(202).send({ message: ACCOUNT_MESSAGES.verificationSent });
  });

  scope.post('/email-verification/confirm', async (request, reply) => {
    const form = isFormPost(request);
    const token = bodyFields(request)?.token;
    const outcome = (status: number, fragment: string, message: string, extra: Record<string, unknown> = {}) => {
      if (form) return reply.redirect(`${LINK_PAGES['email-verification']}#${fragment}`, 303);
      if (status >= 400) return sendProblem(reply, status, status === 410 ? 'Gone' : status === 409 ? 'Conflict' : 'Bad Request', message);
      return reply.code(status).send({ message, ...extra });
    };
    if (!isTokenShaped(token)) return outcome(400, VERIFY_FRAGMENTS.expired, ACCOUNT_MESSAGES.linkInvalid);
    const tokenHash = hashToken(token);
    const now = new Date();
    const verification = await accounts.useToken(tokenHash, 'email-verification', now);
    if (typeof verification !== 'string') {
      const marked = await accounts.markVerified(verification.userId, verification.email, now);
      // The account's address changed after the link was sent: this link verified an old address.
      if (!marked) return outcome(410, VERIFY_FRAGMENTS.expired, ACCOUNT_MESSAGES.linkExpired);
      request.log.info({ userId: verification.userId }, 'email verified');
      return outcome(200, VERIFY_FRAGMENTS.verified, ACCOUNT_MESSAGES.emailVerified, { email: verification.email, changed: false });
    }
    const change = await accounts.useToken(tokenHash, 'email-change', now);
    if (typeof change === 'string') return outcome(410, VERIFY_FRAGMENTS.expired, ACCOUNT_MESSAGES.linkExpired);
    const result = await accounts.changeEmail(change.userId, change.email, now);
    if (result === 'taken') return outcome(409, VERIFY_FRAGMENTS.taken, ACCOUNT_MESSAGES.emailTaken);
    if (result === 'gone') return outcome(410, VERIFY_FRAGMENTS.expired, ACCOUNT_MESSAGES.linkExpired);
    // Links sent to the old address no longer fit the account.
    await accounts.dropTokens(change.userId, 'email-verification');
    await accounts.dropTokens(change.userId, 'password-reset');
    request.log.info({ userId: change.userId }, 'email address changed');
    return outcome(200, VERIFY_FRAGMENTS.changed, ACCOUNT_MESSAGES.emailChanged, { email: change.email, changed: true });
  });
}
