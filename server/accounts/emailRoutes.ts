import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, VERIFY_FRAGMENTS } from '../../shared/accountMessages';
import { sendProblem } from '../api/problem';
import type { UserStore } from '../users/store';
import type { SessionService } from '../sessions/sessionService';
import { hashToken, isTokenShaped } from '../sessions/token';
import { emailVerifiedMail } from './accountMails';
import type { AccountStore, AddressProof } from './accountStore';
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
 * address) and a new address (it becomes the account's, verified). The first proof of the sign-up
 * address removes every passkey, session and trusted device the account had (whoever signed up
 * with an address may not own it); see afterFirstProof.
 */
export interface EmailRoutesOptions {
  users: UserStore;
  accounts: AccountStore;
  sessions: SessionService;
  counter: FailureCounter;
  links: LinkMails;
  settings: AccountSettings;
  /** Asks the outbox worker to send now (a mail was queued). */
  kick: () => void;
  /** The account page (SITE_URL + /account), for the mail after a first proof. */
  accountPage: string;
}

export function registerEmailRoutes(scope: FastifyInstance, options: EmailRoutesOptions): void {
  const { users, accounts, sessions, counter, links, settings } = options;

  /**
   * The address was proved for the first time: what the account gained before (passkeys, sessions,
   * trusted devices) is gone (AccountStore.proveAddress). The browser that opened the link, when it
   * was signed in to this account, gets a new session (it holds the mailbox; its old token is dead),
   * and the owner is told by mail what was removed, when anything was.
   */
  const afterFirstProof = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    proof: Extract<AddressProof, { outcome: 'first' }>,
    openerSignedIn: boolean,
  ) => {
    const user = await users.get(userId);
    if (!user) return;
    if (openerSignedIn)
      await sessions.start(
        reply,
        userId,
        typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 400) : '',
      );
    const othersEnded = proof.endedSessions - (openerSignedIn ? 1 : 0);
    if (proof.removedPasskeys.length === 0 && othersEnded <= 0) return;
    await accounts.mails.enqueue(
      emailVerifiedMail(
        user.email,
        user.firstName,
        { passkeys: proof.removedPasskeys, sessions: Math.max(0, othersEnded) },
        options.accountPage,
      ),
      new Date(),
    );
    options.kick();
  };

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
      // Read before the proof, which ends every session of the account made before it.
      const opener = await sessions.read(request, reply);
      const proof = await accounts.proveAddress(verification.userId, verification.email, now);
      // The account's address changed after the link was sent: this link verified an old address.
      if (proof.outcome === 'gone') return outcome(410, VERIFY_FRAGMENTS.expired, ACCOUNT_MESSAGES.linkExpired);
      if (proof.outcome === 'first')
        await afterFirstProof(request, reply, verification.userId, proof, opener?.session.userId === verification.userId);
      request.log.info({ userId: verification.userId, firstProof: proof.outcome === 'first' }, 'email verified');
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
