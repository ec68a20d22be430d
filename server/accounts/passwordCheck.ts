import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { sendProblem } from '../api/problem';
import { QueueFullError, type HashQueue } from '../users/hashQueue';
import { verifyPassword } from '../users/password';
import type { User, UserStore } from '../users/store';
import type { SignInThrottle } from './signInThrottle';

export interface PasswordCheckOptions {
  users: UserStore;
  throttle: SignInThrottle;
  hashQueue: HashQueue;
}

/**
 * A signed-in person's password checked again before a sensitive change (deleting the account,
 * adding a passkey): through the hash queue, and counted as a failed sign-in of the account when
 * wrong, so a borrowed session cannot guess the password faster than the sign-in form allows.
 * Resolves with false when the password is right, else with true once it answered: 401 (the account
 * is gone), 429 with Retry-After (too many failures), 403 naming `field` (wrong), 503 (hash queue
 * full). A boolean, never the reply: a FastifyReply is a thenable, which `await` would unwrap to
 * undefined.
 */
export function passwordCheck({ users, throttle, hashQueue }: PasswordCheckOptions) {
  return async (request: FastifyRequest, reply: FastifyReply, user: User, password: string, field: string): Promise<boolean> => {
    const stored = await users.passwordHashOf(user._id);
    if (stored === null) {
      sendProblem(reply, 401, 'Unauthorized', ACCOUNT_MESSAGES.signedOut);
      return true;
    }
    const wait = await throttle.blockedFor(user.email, request.ip);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      sendProblem(reply, 429, 'Too Many Requests', ACCOUNT_MESSAGES.signInThrottled);
      return true;
    }
    try {
      if (await hashQueue.run(() => verifyPassword(password, stored))) return false;
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      reply.header('Retry-After', String(error.retryAfterSeconds));
      sendProblem(reply, 503, 'Service Unavailable', ACCOUNT_MESSAGES.busy);
      return true;
    }
    await throttle.failed(user.email, request.ip);
    sendProblem(reply, 403, 'Forbidden', ACCOUNT_MESSAGES.currentPasswordWrong, { [field]: ACCOUNT_MESSAGES.currentPasswordWrong });
    return true;
  };
}
export type PasswordCheck = ReturnType<typeof passwordCheck>;
