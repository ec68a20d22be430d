import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ACCOUNT_MESSAGES, SIGN_IN_FRAGMENTS, type SignInOutcome } from '../../shared/accountMessages';
import { safeNextPath } from '../../shared/nextPath';
import { AccountUserSchema, UserSchema } from '../../shared/user';
import { describeUserAgent } from '../../shared/userAgent';
import { hasErrors, INPUT_MAX, validateSignIn } from '../../shared/validation';
import { sendProblem } from '../api/problem';
import { ERROR_RESPONSES, IdParams } from '../api/routeSchemas';
import { sendInvalidFields } from '../api/schemaErrors';
import { QueueFullError, type HashQueue } from '../users/hashQueue';
import { unmatchableHash, verifyPassword } from '../users/password';
import type { UserStore } from '../users/store';
import type { CurrentSession, SessionService } from '../sessions/sessionService';
import type { AccountStore } from './accountStore';
import type { SignInThrottle } from './signInThrottle';
import { isFormPost } from './formPost';
import { trustDevice, trustedDeviceOf } from './trustedDevice';

/**
 * Sign-in, sign-out and the signed-in user (prefix /dc_api/wa_v1, registered by ./index):
 *
 *   POST   /session                JSON { email, password }  200 User + cookies | 400 | 401 | 403 | 429 | 503
 *                                  form post                 303 → next or /account | 303 → /sign_in#<outcome>
 *   DELETE /session                                          204, cookies cleared (also without a session)
 *   POST   /session/sign-out       form post                 303 → /
 *   GET    /me                                               200 User with emailVerified | 401
 *   GET    /me/sessions                                      200 the user's sessions, the current one marked | 401
 *   DELETE /me/sessions/{id}                                 204 | 401 | 404
 *   DELETE /me/sessions                                      200 { ended } every other session | 401
 *
 * Every POST/PATCH/DELETE passes ../sessions/sameSiteGuard first (403 for another site).
 * A wrong address and a wrong password get the same answer after the same work: an unknown
 * address has a dummy hash checked, through the same hash queue as the real ones. Neither the
 * password nor the token is ever logged.
 */

export const SIGN_IN_DEFAULT_NEXT = '/account';

/**
 * What an unknown address's password is checked against, so it costs what a known one costs
 * (../users/password's unmatchableHash: no password matches it; nothing is hashed at start-up).
 */
export const UNKNOWN_ADDRESS_HASH = unmatchableHash();
export const SIGN_IN_PAGE = '/sign_in';

const SessionInfoSchema = Type.Object({
  id: Type.String(),
  createdAt: Type.String(),
  lastActiveAt: Type.String(),
  browser: Type.String(),
  os: Type.String(),
  current: Type.Boolean(),
});

export interface SessionRoutesOptions {
  users: UserStore;
  sessions: SessionService;
  throttle: SignInThrottle;
  hashQueue: HashQueue;
  accounts: AccountStore;
  /** What an unknown address is checked against (default UNKNOWN_ADDRESS_HASH; ./index makes one at the server's cost). */
  unknownAddressHash?: string;
}

interface SignInInput {
  email: string;
  password: string;
  next: string | null;
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max + 1) : '';
}

/** The `next` of a form post: its own field, else the `next` of the sign-in page it was sent from. */
function formNext(body: Record<string, unknown>, referer: string | undefined): string | null {
  const own = safeNextPath(body.next);
  if (own) return own;
  if (!referer) return null;
  try {
    return safeNextPath(new URL(referer).searchParams.get('next'));
  } catch {
    return null;
  }
}

/** Signed-in guard: puts the session on the request or answers 401. */
export function requireSession(sessions: SessionService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const current = await sessions.read(request, reply);
    if (!current) return sendProblem(reply, 401, 'Unauthorized', ACCOUNT_MESSAGES.signedOut);
    request.currentSession = current;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    currentSession?: CurrentSession;
  }
}

export function registerSessionRoutes(scope: FastifyInstance, options: SessionRoutesOptions): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { users, sessions, throttle, hashQueue, unknownAddressHash = UNKNOWN_ADDRESS_HASH } = options;
  const signedIn = requireSession(sessions);

  const failSignIn = (request: FastifyRequest, reply: FastifyReply, outcome: SignInOutcome, status: number, message: string, next: string | null) => {
    if (isFormPost(request)) {
      const query = next ? `?next=${encodeURIComponent(next)}` : '';
      return reply.redirect(`${SIGN_IN_PAGE}${query}#${SIGN_IN_FRAGMENTS[outcome]}`, 303);
    }
    return sendProblem(reply, status, STATUS_TITLES[status] ?? 'Bad Request', message);
  };

  api.post('/session', { schema: { response: { 200: UserSchema, ...ERROR_RESPONSES } } }, async (request, reply) => {
    const form = isFormPost(request);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      if (form) return failSignIn(request, reply, 'invalid', 400, ACCOUNT_MESSAGES.bodyNotObject, null);
      return sendProblem(reply, 400, 'Bad Request', ACCOUNT_MESSAGES.bodyNotObject);
    }
    const fields = body as Record<string, unknown>;
    const input: SignInInput = {
      email: text(fields.email, INPUT_MAX.email),
      password: text(fields.password, INPUT_MAX.password),
      next: form ? formNext(fields, request.headers.referer) : safeNextPath(fields.next),
    };
    const errors = validateSignIn(input);
    if (hasErrors(errors)) {
      if (form) return failSignIn(request, reply, 'invalid', 400, '', input.next);
      return sendInvalidFields(reply, errors);
    }

    const credentials = await users.credentials(input.email);
    const attempt = { email: input.email, ip: request.ip, trustedDevice: await trustedDeviceOf(request, options.accounts, credentials?.id) };
    const wait = await throttle.attempt(attempt);
    if (wait > 0) {
      request.log.warn({ retryAfterS: wait }, 'sign-in refused: too many failures');
      reply.header('Retry-After', String(wait));
      return failSignIn(request, reply, 'throttled', 429, ACCOUNT_MESSAGES.signInThrottled, input.next);
    }

    let matches: boolean;
    try {
      const stored = credentials?.passwordHash ?? unknownAddressHash;
      matches = await hashQueue.run(() => verifyPassword(input.password, stored));
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      await throttle.notRun(attempt);
      request.log.warn(hashQueue.size, 'sign-in refused: password hashing queue full');
      reply.header('Retry-After', String(error.retryAfterSeconds));
      return failSignIn(request, reply, 'busy', 503, ACCOUNT_MESSAGES.busy, input.next);
    }
    if (!credentials || !matches) {
      request.log.info('sign-in failed');
      return failSignIn(request, reply, 'failed', 401, ACCOUNT_MESSAGES.signInFailed, input.next);
    }
    await throttle.succeeded(attempt);
    if (!credentials.active) {
      request.log.info({ userId: credentials.id }, 'sign-in refused: account deactivated');
      return failSignIn(request, reply, 'deactivated', 403, ACCOUNT_MESSAGES.deactivated, input.next);
    }
    await trustDevice(request, reply, options.accounts, credentials.id, attempt.trustedDevice);
    // A session the browser may already hold is ended: sign-in always starts a new one.
    await sessions.end(request, reply);
    const session = await sessions.start(reply, credentials.id, text(request.headers['user-agent'], 400));
    request.log.info({ userId: credentials.id, sessionId: session.id }, 'signed in');
    if (form) return reply.redirect(input.next ?? SIGN_IN_DEFAULT_NEXT, 303);
    const user = await users.get(credentials.id);
    return user!;
  });

  api.delete('/session', async (request, reply) => {
    await sessions.end(request, reply);
    return reply.code(204).send();
  });

  api.post('/session/sign-out', async (request, reply) => {
    await sessions.end(request, reply);
    return reply.redirect('/', 303);
  });

  api.get('/me', { onRequest: signedIn, schema: { response: { 200: AccountUserSchema, ...ERROR_RESPONSES } } }, async (request, reply) => {
    const user = await users.get(request.currentSession!.session.userId);
    if (!user) return sendProblem(reply, 401, 'Unauthorized', ACCOUNT_MESSAGES.signedOut);
    return { ...user, emailVerified: (await options.accounts.verifiedEmail(user._id)) === user.email };
  });

  api.get(
    '/me/sessions',
    { onRequest: signedIn, schema: { response: { 200: Type.Array(SessionInfoSchema), ...ERROR_RESPONSES } } },
    async (request) => {
      const current = request.currentSession!;
      const list = await sessions.store.listForUser(current.session.userId);
      return list.map((session) => ({
        id: session.id,
        createdAt: session.createdAt.toISOString(),
        lastActiveAt: session.lastSeenAt.toISOString(),
        ...describeUserAgent(session.userAgent),
        current: session.id === current.session.id,
      }));
    },
  );

  api.delete('/me/sessions/:id', { onRequest: signedIn, schema: { params: IdParams } }, async (request, reply) => {
    const ended = await sessions.store.deleteById(request.currentSession!.session.userId, request.params.id);
    if (!ended) return sendProblem(reply, 404, 'Not Found', 'No session with this id.');
    return reply.code(204).send();
  });

  api.delete('/me/sessions', { onRequest: signedIn }, async (request) => {
    const current = request.currentSession!;
    return { ended: await sessions.store.deleteForUser(current.session.userId, current.tokenHash) };
  });
}

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};
