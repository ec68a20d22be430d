import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { UserSchema } from '../../shared/user';
import { confirmPasswordError, firstNameError, hasErrors, lastNameError, signUpPasswordError } from '../../shared/validation';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES } from '../api/routeSchemas';
import { sendInvalidFields } from '../api/schemaErrors';
import { QueueFullError, type HashQueue } from '../users/hashQueue';
import { hashPassword, verifyPassword } from '../users/password';
import type { UserStore } from '../users/store';
import type { SessionService } from '../sessions/sessionService';
import { requireSession } from './sessionRoutes';
import type { SignInThrottle } from './signInThrottle';

/**
 * PATCH /me (prefix /dc_api/wa_v1), signed in, same site:
 *
 *   { firstName, lastName }                          200 User | 400 (sign-up name rules)
 *   { currentPassword, password, confirmPassword }   200 User, every other session ended |
 *                                                    400 (sign-up password rules) | 403 wrong current password |
 *                                                    429 (the account's failed sign-in count) | 503 (hash queue full)
 *
 * Both may come in one body. A wrong current password counts as a failed sign-in of the account,
 * so a borrowed session cannot be used to guess the password faster than the sign-in form allows.
 * The email address is not changed here (a change needs a verified new address).
 */
const NAME_KEYS = ['firstName', 'lastName'] as const;
const PASSWORD_KEYS = ['currentPassword', 'password', 'confirmPassword'] as const;
const KNOWN = new Set<string>([...NAME_KEYS, ...PASSWORD_KEYS]);

export interface ProfileRoutesOptions {
  users: UserStore;
  sessions: SessionService;
  throttle: SignInThrottle;
  hashQueue: HashQueue;
  hash?: (password: string) => Promise<string>;
}

export function registerProfileRoutes(scope: FastifyInstance, options: ProfileRoutesOptions): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { users, sessions, throttle, hashQueue } = options;
  const hash = options.hash ?? hashPassword;

  api.patch('/me', { onRequest: requireSession(sessions), schema: { response: { 200: UserSchema, ...ERROR_RESPONSES } } }, async (request, reply) => {
    const current = request.currentSession!;
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return sendProblem(reply, 400, 'Bad Request', ACCOUNT_MESSAGES.profileNothing);
    const fields = body as Record<string, unknown>;
    const unknown = Object.keys(fields).find((key) => !KNOWN.has(key));
    if (unknown !== undefined) {
      const message = ACCOUNT_MESSAGES.profileUnknownKey(unknown);
      return sendProblem(reply, 400, 'Bad Request', message, { [unknown]: message });
    }
    const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key]) : '');
    const changesName = NAME_KEYS.some((key) => key in fields);
    const changesPassword = PASSWORD_KEYS.some((key) => key in fields);
    if (!changesName && !changesPassword) return sendProblem(reply, 400, 'Bad Request', ACCOUNT_MESSAGES.profileNothing);

    const errors: Record<string, string> = {};
    if (changesName) {
      errors.firstName = firstNameError(text('firstName'));
      errors.lastName = lastNameError(text('lastName'));
    }
    if (changesPassword) {
      errors.currentPassword = text('currentPassword') === '' ? ACCOUNT_MESSAGES.currentPasswordRequired : '';
      errors.password = signUpPasswordError(text('password'));
      errors.confirmPassword = confirmPasswordError(text('password'), text('confirmPassword'));
    }
    const found = Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== ''));
    if (hasErrors(found)) return sendInvalidFields(reply, found);

    const userId = current.session.userId;
    if (changesPassword) {
      const user = await users.get(userId);
      const stored = await users.passwordHashOf(userId);
      if (!user || stored === null) return sendProblem(reply, 401, 'Unauthorized', ACCOUNT_MESSAGES.signedOut);
      const wait = await throttle.blockedFor(user.email, request.ip);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        return sendProblem(reply, 429, 'Too Many Requests', ACCOUNT_MESSAGES.signInThrottled);
      }
      let newHash: string;
      try {
        const matches = await hashQueue.run(() => verifyPassword(text('currentPassword'), stored));
        if (!matches) {
          await throttle.failed(user.email, request.ip);
          return sendProblem(reply, 403, 'Forbidden', ACCOUNT_MESSAGES.currentPasswordWrong, { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong });
        }
        newHash = await hashQueue.run(() => hash(text('password')));
      } catch (error) {
        if (!(error instanceof QueueFullError)) throw error;
        reply.header('Retry-After', String(error.retryAfterSeconds));
        return sendProblem(reply, 503, 'Service Unavailable', ACCOUNT_MESSAGES.busy);
      }
      await users.setPasswordHash(userId, newHash);
      const ended = await sessions.store.deleteForUser(userId, current.tokenHash);
      request.log.info({ userId, endedSessions: ended }, 'password changed');
    }
    if (changesName) await users.update(userId, { firstName: text('firstName'), lastName: text('lastName') });
    const user = await users.get(userId);
    return user ?? sendProblem(reply, 401, 'Unauthorized', ACCOUNT_MESSAGES.signedOut);
  });
}
