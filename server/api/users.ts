import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { API_BASE } from '../../shared/constants';
import { RegisterBodySchema, UserPatchBodySchema, UserSchema } from '../../shared/user';
import { hasErrors, readSignUpValues, validateSignUp } from '../../shared/validation';
import { DEFAULT_HASH_QUEUE_WAITING, HashQueue, QueueFullError, defaultHashConcurrency, type HashQueueOptions } from '../users/hashQueue';
import { hashPassword as scryptHash, type ScryptCost } from '../users/password';
import { isDuplicateEmailError, type User, type UserStore } from '../users/store';
import type { AdminGuard } from './adminAuth';
import { prewarmScryptWorkers } from '../users/scryptWorker';
import { sendProblem } from './problem';
import { ERROR_RESPONSES, IdParams, OptionalBody } from './routeSchemas';
import { routeRateLimit, type RouteRateLimit } from './routeRateLimit';
import { sendInvalidFields, type InputRules } from './schemaErrors';
import { PATCH_NOTHING_TO_CHANGE, USER_PATCH_INPUT, userPatchErrors, userPatchOf } from './userPatch';
import { memoryWindowLimit, type WindowLimit } from './windowLimit';

/**
 * The routes of SPEC 7 (prefix /dc_api/wa_v1 added by ./index):
 *
 *   POST  /user/register    public, rate-limited   201 User | 400 | 409 | 413 | 415 | 429 | 503
 *   GET   /user/all-users   admin                  200 User[] | 401
 *   GET   /user/{id}        admin                  200 User | 401 | 404
 *   PATCH /user/{id}        admin, JSON body       200 User (edited) | 400 | 401 | 404 | 409
 *   PATCH /user/{id}        admin, no body         200 User (deactivated) | 401 | 404
 *
 * Bodies, params and responses are TypeBox schemas (shared/user.ts, ./routeSchemas): a body
 * with an unknown key, a wrong type or an over-long string never reaches a handler, and
 * ./schemaErrors answers it with the field messages of the sign-up form. Responses are
 * serialised through UserSchema, which lists the public fields only, so a password hash could
 * not leak even if a store returned one.
 *
 * A sign-up passes three guards before its password is hashed: the per-IP rate limit (every
 * request counts), the global limit (only valid sign-ups of a new address count: they are the
 * ones that cost a hash) and the hash queue (../users/hashQueue: a few hashes at once, a few
 * more waiting, 503 with Retry-After past that), so a flood cannot starve the static site.
 */

export const DEFAULT_REGISTER_RATE_LIMIT: RouteRateLimit = { max: 10, timeWindowMs: 10 * 60_000 };
export const DEFAULT_REGISTER_GLOBAL_RATE_LIMIT: RouteRateLimit = { max: 60, timeWindowMs: 60_000 };

export const USER_MESSAGES = {
  duplicateEmail: 'An account with this email address already exists. Please sign in or reset your password.',
  notFound: 'No user with this id.',
  tooManyRegistrations: 'Too many sign-up attempts from your network. Please wait a few minutes and try again.',
  bodyNotObject: 'The request body must be a JSON object with the sign-up fields.',
  tooManySignUpsOverall: 'We are receiving an unusual number of sign-ups. Please try again in a few minutes.',
  busy: 'We are busy creating other accounts right now. Please try again in a few seconds.',
} as const;

export interface UserRoutesOptions {
  store: UserStore;
  /** The API's administrator guard (./adminAuth): one failure counter for every admin route. */
  adminOnly: AdminGuard;
  registerRateLimit?: RouteRateLimit | undefined;
  /** The global sign-up limit's counter (./windowLimit; shared by the instances with PostgreSQL); default: in memory, DEFAULT_REGISTER_GLOBAL_RATE_LIMIT. */
  signUpsOverall?: WindowLimit | undefined;
  hashQueue?: HashQueueOptions | undefined;
  hashPassword?: ((password: string) => Promise<string>) | undefined;
  /** The scrypt cost of the real hash (default SCRYPT_PARAMS). */
  passwordCost?: ScryptCost | undefined;
  /** Called after a sign-up is stored (issue 31: the verification mail); awaited before the 201. */
  onRegistered?: ((user: User) => Promise<void>) | undefined;
  /** The API's one hash queue (sign-ins share it); without it, one from `hashQueue`. */
  queue?: HashQueue | undefined;
}

/** How the sign-up body is read beyond its schema: the sign-up form's rules (SPEC 5) and messages (SPEC 8). */
const REGISTER_INPUT: InputRules = {
  notObject: USER_MESSAGES.bodyNotObject,
  unknownKey: (key) => `${key} is not a sign-up field`,
  check: (input) => validateSignUp(readSignUpValues(input)),
};

export function registerUserRoutes(scope: FastifyInstance, options: UserRoutesOptions): void {
  const api = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = options;
  const hash = options.hashPassword ?? ((password: string) => scryptHash(password, options.passwordCost));
  const limit = options.registerRateLimit ?? DEFAULT_REGISTER_RATE_LIMIT;
  const signUpsOverall = options.signUpsOverall ?? memoryWindowLimit(DEFAULT_REGISTER_GLOBAL_RATE_LIMIT);
  const queueOptions = options.hashQueue ?? { concurrency: defaultHashConcurrency(), maxWaiting: DEFAULT_HASH_QUEUE_WAITING };
  const hashQueue = options.queue ?? new HashQueue(queueOptions);
  // The real hash runs on worker threads: start them now, not while a burst of sign-ups arrives.
  if (!options.hashPassword) prewarmScryptWorkers(queueOptions.concurrency);
  const { adminOnly } = options;

  api.post(
    '/user/register',
    {
      schema: { body: RegisterBodySchema, response: { 201: UserSchema, ...ERROR_RESPONSES } },
      config: {
        rateLimit: routeRateLimit(limit, USER_MESSAGES.tooManyRegistrations),
        input: { body: REGISTER_INPUT },
      },
    },
    async (request, reply) => {
      const values = request.body;
      const errors = validateSignUp(values);
      if (hasErrors(errors)) return sendInvalidFields(reply, errors);
      // Cheap early answer for a taken address; the unique index below stays the real guard.
      if (await store.credentials(values.email)) {
        return sendProblem(reply, 409, 'Conflict', USER_MESSAGES.duplicateEmail, { email: USER_MESSAGES.duplicateEmail });
      }
      const { wait } = await signUpsOverall.hit('all');
      if (wait > 0) {
        request.log.warn({ limit: signUpsOverall.max }, 'global sign-up limit reached');
        reply.header('Retry-After', String(wait));
        return sendProblem(reply, 429, 'Too Many Requests', USER_MESSAGES.tooManySignUpsOverall);
      }
      let passwordHash: string;
      try {
        passwordHash = await hashQueue.run(() => hash(values.password));
      } catch (error) {
        if (!(error instanceof QueueFullError)) throw error;
        request.log.warn(hashQueue.size, 'sign-up refused: password hashing queue full');
        reply.header('Retry-After', String(error.retryAfterSeconds));
        return sendProblem(reply, 503, 'Service Unavailable', USER_MESSAGES.busy);
      }
      let user: User;
      try {
        user = await store.create({
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          passwordHash,
        });
      } catch (error) {
        if (isDuplicateEmailError(error)) {
          return sendProblem(reply, 409, 'Conflict', USER_MESSAGES.duplicateEmail, { email: USER_MESSAGES.duplicateEmail });
        }
        throw error;
      }
      request.log.info({ userId: user._id }, 'user registered');
      await options.onRegistered?.(user);
      return reply.code(201).header('Location', `${API_BASE}/user/${encodeURIComponent(user._id)}`).send(user);
    },
  );

  api.get(
    '/user/all-users',
    { onRequest: adminOnly, schema: { response: { 200: Type.Array(UserSchema), ...ERROR_RESPONSES } } },
    async () => store.list(),
  );

  api.get(
    '/user/:id',
    { onRequest: adminOnly, schema: { params: IdParams, response: { 200: UserSchema, ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const user = await store.get(request.params.id);
      return user ?? sendProblem(reply, 404, 'Not Found', USER_MESSAGES.notFound);
    },
  );

  api.patch(
    '/user/:id',
    {
      onRequest: adminOnly,
      schema: { params: IdParams, body: OptionalBody(UserPatchBodySchema), response: { 200: UserSchema, ...ERROR_RESPONSES } },
      config: { input: { body: USER_PATCH_INPUT } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      // No body at all (or an empty one, whatever its content type): deactivate.
      if (body === null) {
        const user = await store.deactivate(id);
        if (!user) return sendProblem(reply, 404, 'Not Found', USER_MESSAGES.notFound);
        request.log.info({ userId: id }, 'user deactivated');
        return user;
      }
      const errors = userPatchErrors(body);
      if (hasErrors(errors)) return sendInvalidFields(reply, errors);
      const patch = userPatchOf(body);
      if (Object.keys(patch).length === 0) return sendProblem(reply, 400, 'Bad Request', PATCH_NOTHING_TO_CHANGE);
      try {
        const user = await store.update(id, patch);
        return user ?? sendProblem(reply, 404, 'Not Found', USER_MESSAGES.notFound);
      } catch (error) {
        if (isDuplicateEmailError(error)) {
          return sendProblem(reply, 409, 'Conflict', USER_MESSAGES.duplicateEmail, { email: USER_MESSAGES.duplicateEmail });
        }
        throw error;
      }
    },
  );
}
