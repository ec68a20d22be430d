import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { sendProblem } from '../api/problem';
import { QueueFullError, type HashQueue } from '../users/hashQueue';
import { verifyPassword } from '../users/password';
import type { User, UserStore } from '../users/store';
import type { AccountStore } from './accountStore';
import type { SignInThrottle } from './signInThrottle';
import { trustedDeviceOf } from './trustedDevice';

export interface PasswordCheckOptions {
  users: UserStore;
  /** Whose trusted device the request comes from (./trustedDevice). */
  accounts: Pick<AccountStore, 'deviceOwner'>;
  throttle: SignInThrottle;
  hashQueue: HashQueue;
}

/**
 * A signed-in person's password checked again before a sensitive change (deleting the account,
 * adding a passkey): through the hash queue, and counted as an attempt of the account's before the
 * check (./signInThrottle), so a borrowed session cannot guess the password faster than the sign-in form allows.
 * Resolves with false when the password is right, else with true once it answered: 401 (the account
 * is gone), 429 with Retry-After (too many failures), 403 naming `field` (wrong), 503 (hash queue
 * full). A boolean, never the reply: a FastifyReply is a thenable, which `await` would unwrap to
 * undefined.
 */
export function passwordCheck({ users, accounts, throttle, hashQueue }: PasswordCheckOptions) {
  return async (request: FastifyRequest, reply: FastifyReply, user: User, password: string, field: string): Promise<boolean> => {
    const stored = await users.passwordHashOf(user._id);
    if (stored === null) {
      sendProblem(reply, 401, 'Unauthorized', ACCOUNT_MESSAGES.signedOut);
      return true;
    }
    const attempt = { email: user.email, ip: request.ip, trustedDevice: await trustedDeviceOf(request, accounts, user._id) };
    const wait = await throttle.attempt(attempt);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      sendProblem(reply, 429, 'Too Many Requests', ACCOUNT_MESSAGES.signInThrottled);
      return true;
    }
    try {
      if (await hashQueue.run(() => verifyPassword(password, stored))) {
        await throttle.succeeded(attempt);
        return false;
      }
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      await throttle.notRun(attempt);
      reply.header('Retry-After', String(error.retryAfterSeconds));
      sendProblem(reply, 503, 'Service Unavailable', ACCOUNT_MESSAGES.busy);
      return true;
    }
    sendProblem(reply, 403, 'Forbidden', ACCOUNT_MESSAGES.currentPasswordWrong, { [field]: ACCOUNT_MESSAGES.currentPasswordWrong });
    return true;
  };
}
export type PasswordCheck = ReturnType<typeof passwordCheck>;
