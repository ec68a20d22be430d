import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, RESET_FRAGMENTS, SIGN_IN_NOTICES } from '../../shared/accountMessages';
import { confirmPasswordError, hasErrors, INPUT_MAX, signUpPasswordError, validateReset } from '../../shared/validation';
import { sendProblem } from '../api/problem';
import { sendInvalidFields } from '../api/schemaErrors';
import { QueueFullError, type HashQueue } from '../users/hashQueue';
import { hashPassword } from '../users/password';
import { normalizeEmail, type UserStore } from '../users/store';
import type { PasskeyStore } from '../passkeys/passkeyStore';
import type { SessionService } from '../sessions/sessionService';
import { hashToken, isTokenShaped } from '../sessions/token';
import { passwordChangedMail } from './accountMails';
import type { AccountStore } from './accountStore';
import type { FailureCounter } from './failureCounter';
import { bodyFields, isFormPost, takeFromLimits, textField } from './formPost';
import { LINK_PAGES, type LinkMails } from './linkMails';
import type { AccountSettings } from './settings';
import type { SignInThrottle } from './signInThrottle';

/**
 * Password reset by mail (prefix /dc_api/wa_v1; The Copenhagen Book "Password reset", OWASP ASVS 5 V6.4):
 *
 *   POST /password-reset          { email }                            202 { message } | 400 | 429
 *                                 form post                            303 → /reset_password#reset-sent (…#reset-invalid, #reset-throttled)
 *   POST /password-reset/confirm  { token, password, confirmPassword } 200 { message } | 400 | 410 (expired, used, replaced) | 503
 *                                 form post (from /reset_password/<token>) 303 → /sign_in#password-reset-done | back to the link page #<problem>
 *
 * The request's answer is the same for every valid address, known or not, active or not: the
 * same status, body and headers, given before anything is looked up (the lookup, the token and
 * the mail happen after the answer, so the time says nothing either). Limits count every
 * request, per address (its SHA-256) and per IP, in the database.
 * A reset sets the password, ends every session of the account, marks the address verified (the
 * link proved it) and mails "your password was changed". When that is the first proof of the
 * address, every passkey and trusted device made before it goes too, and the mail names them; a
 * later reset's mail lists the passkeys that still sign in, with the page to review them. Neither
 * token nor password is logged.
 */
export interface PasswordResetOptions {
  users: UserStore;
  accounts: AccountStore;
  sessions: SessionService;
  throttle: SignInThrottle;
  counter: FailureCounter;
  hashQueue: HashQueue;
  links: LinkMails;
  settings: AccountSettings;
  kick: () => void;
  hash?: (password: string) => Promise<string>;
  /** The account's passkeys, listed in the mail after a reset. */
  passkeys: Pick<PasskeyStore, 'listForUser'>;
  /** Where an account holder reviews their passkeys (SITE_URL + the account page's passkeys). */
  passkeysPage: string;
}

const RESET_PAGE = LINK_PAGES['password-reset'];

export function registerPasswordResetRoutes(scope: FastifyInstance, options: PasswordResetOptions): void {
  const { users, accounts, sessions, throttle, counter, hashQueue, links, settings } = options;
  const hash = options.hash ?? hashPassword;

  const sendLink = async (request: FastifyRequest, email: string) => {
    const credentials = await users.credentials(email);
    if (!credentials?.active) return;
    const user = await users.get(credentials.id);
    if (!user) return;
    await links.reset(user);
    request.log.info({ userId: user._id }, 'password reset link queued');
  };

  scope.post('/password-reset', async (request, reply) => {
    const form = isFormPost(request);
    const back = (fragment: string) => reply.redirect(`${RESET_PAGE}#${fragment}`, 303);
    const fields = bodyFields(request);
    const email = fields ? textField(fields, 'email', INPUT_MAX.email) : '';
    const errors = validateReset({ email });
    if (!fields || hasErrors(errors)) {
      if (form) return back(RESET_FRAGMENTS.invalid);
      return fields ? sendInvalidFields(reply, errors) : sendProblem(reply, 400, 'Bad Request', 'The request body must be a JSON object with email.');
    }
    const addressKey = `reset:account:${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;
    const wait = await takeFromLimits(counter, [
      [`reset:ip:${request.ip}`, settings.resetPerIp],
      [addressKey, settings.resetPerAccount],
    ]);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      if (form) return back(RESET_FRAGMENTS.throttled);
      return sendProblem(reply, 429, 'Too Many Requests', ACCOUNT_MESSAGES.resetThrottled);
    }
    // The answer first, the same for everyone; the work after it.
    setImmediate(() => {
      sendLink(request, email).catch((error: unknown) => request.log.error({ err: error }, 'password reset link could not be queued'));
    });
    if (form) return back(RESET_FRAGMENTS.sent);
    return reply.code(202).send({ message: ACCOUNT_MESSAGES.resetSent });
  });

  scope.post('/password-reset/confirm', async (request, reply) => {
    const form = isFormPost(request);
    const fields = bodyFields(request) ?? {};
    const token = fields.token;
    const password = textField(fields, 'password', INPUT_MAX.password);
    const confirmPassword = textField(fields, 'confirmPassword', INPUT_MAX.password);
    const linkPage = isTokenShaped(token) ? `${RESET_PAGE}/${token}` : RESET_PAGE;
    const fail = (status: number, fragment: string, message: string, errors?: Record<string, string>): FastifyReply => {
      if (form) return reply.redirect(`${linkPage}#${fragment}`, 303);
      return sendProblem(reply, status, status === 410 ? 'Gone' : status === 503 ? 'Service Unavailable' : 'Bad Request', message, errors);
    };
    if (!isTokenShaped(token)) return fail(400, RESET_FRAGMENTS.expired, ACCOUNT_MESSAGES.linkInvalid, { token: ACCOUNT_MESSAGES.linkInvalid });
    const passwordError = signUpPasswordError(password);
    if (passwordError) return fail(400, RESET_FRAGMENTS.weak, passwordError, { password: passwordError });
    const mismatch = confirmPasswordError(password, confirmPassword);
    if (mismatch) return fail(400, RESET_FRAGMENTS.mismatch, mismatch, { confirmPassword: mismatch });

    const tokenHash = hashToken(token);
    // A dead link costs no hash.
    if ((await accounts.tokenState(tokenHash, 'password-reset', new Date())) !== 'valid') {
      return fail(410, RESET_FRAGMENTS.expired, ACCOUNT_MESSAGES.linkExpired);
    }
    let newHash: string;
    try {
      newHash = await hashQueue.run(() => hash(password));
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      reply.header('Retry-After', String(error.retryAfterSeconds));
      return fail(503, RESET_FRAGMENTS.busy, ACCOUNT_MESSAGES.busy);
    }
    // Used here, once: of two requests with one link only one gets it.
    const used = await accounts.useToken(tokenHash, 'password-reset', new Date());
    if (typeof used === 'string') return fail(410, RESET_FRAGMENTS.expired, ACCOUNT_MESSAGES.linkExpired);
    const user = await users.get(used.userId);
    if (!user) return fail(410, RESET_FRAGMENTS.expired, ACCOUNT_MESSAGES.linkExpired);
    await users.setPasswordHash(user._id, newHash);
    // The link proved the address: the first proof removes every passkey, session and trusted device made before it.
    const proof = await accounts.proveAddress(user._id, used.email, new Date());
    const ended = proof.endedSessions + (await sessions.store.deleteForUser(user._id));
    // The browser's own session cookie (if any) belonged to the account or another: either way it is signed out now.
    await sessions.end(request, reply);
    await throttle.cleared(user.email);
    const after =
      proof.outcome === 'first'
        ? { removed: { passkeys: proof.removedPasskeys, sessions: proof.endedSessions } }
        : { passkeys: await options.passkeys.listForUser(user._id), reviewLink: options.passkeysPage };
    await accounts.mails.enqueue(passwordChangedMail(user.email, user.firstName, links.resetPage, after), new Date());
    options.kick();
    request.log.info({ userId: user._id, endedSessions: ended, firstProof: proof.outcome === 'first', removedPasskeys: proof.removedPasskeys.length }, 'password reset');
    if (form) return reply.redirect(`/sign_in#${SIGN_IN_NOTICES.passwordReset}`, 303);
    return { message: ACCOUNT_MESSAGES.passwordReset };
  });
}
