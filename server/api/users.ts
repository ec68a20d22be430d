import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../shared/constants';
import { hasErrors, readSignUpValues, validateSignUp } from '../../shared/validation';
import { DEFAULT_HASH_QUEUE_WAITING, HashQueue, QueueFullError, defaultHashConcurrency, type HashQueueOptions } from '../users/hashQueue';
import { hashPassword as scryptHash } from '../users/password';
import { isDuplicateEmailError, type User, type UserStore } from '../users/store';
import type { AdminGuard } from './adminAuth';
import { prewarmScryptWorkers } from '../users/scryptWorker';
import { sendProblem } from './problem';
import { routeRateLimit } from './routeRateLimit';
import { readUserPatch } from './userPatch';
import { WindowCounter } from './windowCounter';

/**
 * The routes of SPEC 7 (prefix /dc_api/wa_v1 added by ./index):
 *
 *   POST  /user/register    public, rate-limited   201 User | 400 | 409 | 413 | 415 | 429 | 503
 *   GET   /user/all-users   admin                  200 User[] | 401
 *   GET   /user/{id}        admin                  200 User | 401 | 404
 *   PATCH /user/{id}        admin, JSON body       200 User (edited) | 400 | 401 | 404 | 409
 *   PATCH /user/{id}        admin, no body         200 User (deactivated) | 401 | 404
 *
 * Responses are serialised through a schema that lists the public fields only, so a password
 * hash could not leak even if a store returned one.
 *
 * A sign-up passes three guards before its password is hashed: the per-IP rate limit (every
 * request counts), the global limit (only valid sign-ups of a new address count: they are the
 * ones that cost a hash) and the hash queue (../users/hashQueue: a few hashes at once, a few
 * more waiting, 503 with Retry-After past that), so a flood cannot starve the static site.
 */

export interface RegisterRateLimit {
  /** Requests allowed per client IP and window. */
  max: number;
  /** Window in milliseconds. */
  timeWindowMs: number;
}

export const DEFAULT_REGISTER_RATE_LIMIT: RegisterRateLimit = { max: 10, timeWindowMs: 10 * 60_000 };
export const DEFAULT_REGISTER_GLOBAL_RATE_LIMIT: RegisterRateLimit = { max: 60, timeWindowMs: 60_000 };

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
  registerRateLimit?: RegisterRateLimit | undefined;
  registerGlobalRateLimit?: RegisterRateLimit | undefined;
  hashQueue?: HashQueueOptions | undefined;
  hashPassword?: ((password: string) => Promise<string>) | undefined;
}

const userSchema = {
  type: 'object',
  required: ['_id', 'firstName', 'lastName', 'email', 'active', 'createdAt', 'updatedAt'],
  properties: {
    _id: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    active: { type: 'boolean' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
} as const;

export function registerUserRoutes(api: FastifyInstance, options: UserRoutesOptions): void {
  const { store } = options;
  const hash = options.hashPassword ?? scryptHash;
  const limit = options.registerRateLimit ?? DEFAULT_REGISTER_RATE_LIMIT;
  const globalLimit = options.registerGlobalRateLimit ?? DEFAULT_REGISTER_GLOBAL_RATE_LIMIT;
  const signUpsOverall = new WindowCounter(globalLimit.max, globalLimit.timeWindowMs);
  const queueOptions = options.hashQueue ?? { concurrency: defaultHashConcurrency(), maxWaiting: DEFAULT_HASH_QUEUE_WAITING };
  const hashQueue = new HashQueue(queueOptions);
  // The real hash runs on worker threads: start them now, not while a burst of sign-ups arrives.
  if (!options.hashPassword) prewarmScryptWorkers(queueOptions.concurrency);
  const { adminOnly } = options;

  api.post(
    '/user/register',
    {
      schema: { response: { 201: userSchema } },
      config: {
        rateLimit: routeRateLimit(limit, USER_MESSAGES.tooManyRegistrations),
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return sendProblem(reply, 400, 'Bad Request', USER_MESSAGES.bodyNotObject);
      }
      const values = readSignUpValues(body);
      const errors = validateSignUp(values);
      if (hasErrors(errors)) {
        const fieldErrors = errors as Record<string, string>;
        return sendProblem(reply, 400, 'Invalid fields', Object.values(fieldErrors)[0]!, fieldErrors);
      }
      // Cheap early answer for a taken address; the unique index below stays the real guard.
      if (await store.credentials(values.email)) {
        return sendProblem(reply, 409, 'Conflict', USER_MESSAGES.duplicateEmail, { email: USER_MESSAGES.duplicateEmail });
      }
      const wait = signUpsOverall.hit('all');
      if (wait > 0) {
        request.log.warn({ limit: globalLimit.max, windowMs: globalLimit.timeWindowMs }, 'global sign-up limit reached');
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
      return reply.code(201).header('Location', `${API_BASE}/user/${encodeURIComponent(user._id)}`).send(user);
    },
  );

  api.get(
    '/user/all-users',
    { onRequest: adminOnly, schema: { response: { 200: { type: 'array', items: userSchema } } } },
    async () => store.list(),
  );

  api.get<{ Params: { id: string } }>(
    '/user/:id',
    { onRequest: adminOnly, schema: { params: idParams, response: { 200: userSchema } } },
    async (request, reply) => {
      const user = await store.get(request.params.id);
      return user ?? sendProblem(reply, 404, 'Not Found', USER_MESSAGES.notFound);
    },
  );

  api.patch<{ Params: { id: string } }>(
    '/user/:id',
    { onRequest: adminOnly, schema: { params: idParams, response: { 200: userSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      // No body at all (or an empty one, whatever its content type): deactivate.
      if (request.body === undefined) {
        const user = await store.deactivate(id);
        if (!user) return sendProblem(reply, 404, 'Not Found', USER_MESSAGES.notFound);
        request.log.info({ userId: id }, 'user deactivated');
        return user;
      }
      const read = readUserPatch(request.body);
      if (!read.ok) {
        return sendProblem(reply, 400, read.errors ? 'Invalid fields' : 'Bad Request', read.message, read.errors);
      }
      try {
        const user = await store.update(id, read.patch);
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
