import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { UserSchema } from '../../shared/user';
import { confirmPasswordError, emailError, firstNameError, hasErrors, lastNameError, signUpPasswordError } from '../../shared/validation';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES } from '../api/routeSchemas';
import { sendInvalidFields } from '../api/schemaErrors';
import { QueueFullError, type HashQueue } from '../users/hashQueue';
import { hashPassword } from '../users/password';
import { normalizeEmail, type UserStore } from '../users/store';
import type { SessionService } from '../sessions/sessionService';
import { emailChangeNotice, passwordChangedMail } from './accountMails';
import type { AccountStore } from './accountStore';
import type { LinkMails } from './linkMails';
import { passwordCheck } from './passwordCheck';
import { requireSession } from './sessionRoutes';
import type { SignInThrottle } from './signInThrottle';

/**
 * PATCH /me (prefix /dc_api/wa_v1), signed in, same site:
 *
 *   { firstName, lastName }                          200 User | 400 (sign-up name rules)
 *   { currentPassword, password, confirmPassword }   200 User, every other session ended, "password changed" mailed |
 *                                                    400 (sign-up password rules) | 403 wrong current password |
 *                                                    429 (the account's failed sign-in count) | 503 (hash queue full)
 *   { currentPassword, email }                       202 { message, pendingEmail }: a link to the new address, a notice
 *                                                    to the current one; the address changes only when the link is
 *                                                    opened (./emailRoutes) | 400 | 403 | 409 (taken, or unchanged) | 429 | 503
 *
 * They may come in one body. A wrong current password counts as a failed sign-in of the account,
 * so a borrowed session cannot be used to guess the password faster than the sign-in form allows.
 */
const NAME_KEYS = ['firstName', 'lastName'] as const;
const PASSWORD_KEYS = ['password', 'confirmPassword'] as const;
const KNOWN = new Set<string>([...NAME_KEYS, ...PASSWORD_KEYS, 'currentPassword', 'email']);

const EmailChangeSchema = Type.Object({ message: Type.String(), pendingEmail: Type.String() });

export interface ProfileRoutesOptions {
  users: UserStore;
  sessions: SessionService;
  throttle: SignInThrottle;
  hashQueue: HashQueue;
  accounts: AccountStore;
  links: LinkMails;
  kick: () => void;
  hash?: (password: string) => Promise<string>;
}

export function registerProfileRoutes(scope: FastifyInstance, options: ProfileRoutesOptions): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { users, sessions, hashQueue, accounts, links } = options;
  const hash = options.hash ?? hashPassword;
  const checkPassword = passwordCheck(options);

  api.patch('/me', { onRequest: requireSession(sessions), schema: { response: { 200: UserSchema, 202: EmailChangeSchema, ...ERROR_RESPONSES } } }, async (request, reply) => {
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
    const changesEmail = 'email' in fields;
    if (!changesName && !changesPassword && !changesEmail) return sendProblem(reply, 400, 'Bad Request', ACCOUNT_MESSAGES.profileNothing);

    const errors: Record<string, string> = {};
    if (changesName) {
      errors.firstName = firstNameError(text('firstName'));
      errors.lastName = lastNameError(text('lastName'));
    }
    if (changesPassword || changesEmail) {
      errors.currentPassword = text('currentPassword') === '' ? ACCOUNT_MESSAGES.currentPasswordRequired : '';
    }
    if (changesPassword) {
      errors.password = signUpPasswordError(text('password'));
      errors.confirmPassword = confirmPasswordError(text('password'), text('confirmPassword'));
    }
    if (changesEmail) errors.email = emailError(text('email'));
    const found = Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== ''));
    if (hasErrors(found)) return sendInvalidFields(reply, found);

    const userId = current.session.userId;
    const user = await users.get(userId);
    if (!user) return sendProblem(reply, 401, 'Unauthorized', ACCOUNT_MESSAGES.signedOut);
    const newEmail = normalizeEmail(text('email'));
    if (changesEmail) {
      if (newEmail === user.email) return sendProblem(reply, 409, 'Conflict', ACCOUNT_MESSAGES.emailUnchanged, { email: ACCOUNT_MESSAGES.emailUnchanged });
      const owner = await users.credentials(newEmail);
      if (owner) return sendProblem(reply, 409, 'Conflict', ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
    }
    if (changesPassword || changesEmail) {
      if (await checkPassword(request, reply, user, text('currentPassword'), 'currentPassword')) return reply;
      let newHash: string | null = null;
      try {
        if (changesPassword) newHash = await hashQueue.run(() => hash(text('password')));
      } catch (error) {
        if (!(error instanceof QueueFullError)) throw error;
        reply.header('Retry-After', String(error.retryAfterSeconds));
        return sendProblem(reply, 503, 'Service Unavailable', ACCOUNT_MESSAGES.busy);
      }
      if (newHash !== null) {
        await users.setPasswordHash(userId, newHash);
        const ended = await sessions.store.deleteForUser(userId, current.tokenHash);
        // A reset link asked for before the change must not undo it.
        await accounts.dropTokens(userId, 'password-reset');
        await accounts.mails.enqueue(passwordChangedMail(user.email, user.firstName, links.resetPage), new Date());
        options.kick();
        request.log.info({ userId, endedSessions: ended }, 'password changed');
      }
    }
    if (changesName) await users.update(userId, { firstName: text('firstName'), lastName: text('lastName') });
    const updated = await users.get(userId);
    if (!updated) return sendProblem(reply, 401, 'Unauthorized', ACCOUNT_MESSAGES.signedOut);
    if (changesEmail) {
      await links.emailChange(updated, newEmail);
      await accounts.mails.enqueue(emailChangeNotice(updated.email, updated.firstName, newEmail), new Date());
      options.kick();
      request.log.info({ userId }, 'email change link queued');
      return reply.code(202).send({ message: ACCOUNT_MESSAGES.emailChangeSent, pendingEmail: newEmail });
    }
    return updated;
  });
}
