import { STATUS_CODES } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance } from 'fastify';
import { API_BASE } from '../../widgets/lib/constants';
import { openSqliteStore } from '../users/sqliteStore';
import { type HashQueueOptions } from '../users/hashQueue';
import type { UserStore } from '../users/store';
import { sendProblem } from './problem';
import { registerUserRoutes, type RegisterRateLimit } from './users';

export interface ApiOptions {
  /** SQLite file of the default store (created and migrated at start). */
  databasePath: string;
  /** DC_ADMIN_TOKEN; null when not configured: then every administrator route answers 401. */
  adminToken: string | null;
  /** A store to use instead of opening the SQLite file (another database, tests). Not closed by the API. */
  store?: UserStore;
  /** Register rate limit per client IP (default 10 per 10 minutes). */
  registerRateLimit?: RegisterRateLimit;
  /** Register limit for all clients together, on sign-ups that reach hashing (default 60 per minute). */
  registerGlobalRateLimit?: RegisterRateLimit;
  /** Hashes at once and waiting (default: ../users/hashQueue's defaults). */
  hashQueue?: HashQueueOptions;
  /** Wrong administrator tokens allowed per client IP (default 10 per minute). */
  adminAuthRateLimit?: RegisterRateLimit;
  /** Password hashing (default: scrypt N=2^17 from ../users/password). */
  hashPassword?: (password: string) => Promise<string>;
}

/** Messages of the transport-level errors, each once. */
export const API_MESSAGES = {
  badJson: 'The request body is not valid JSON.',
  tooLarge: 'The request body is too large.',
  notJson: 'Send the request body as JSON (Content-Type: application/json).',
  badRequest: 'The request could not be read.',
  internal: 'Something went wrong on our side. Please try again later.',
} as const;

/** A JSON syntax error of the API's body parser. */
class JsonBodyError extends Error {
  readonly statusCode = 400;
  readonly code = 'DC_INVALID_JSON';
}

/**
 * The user API of SPEC 7 under /dc_api/wa_v1, in its own encapsulated scope:
 * - bodies are JSON only (anything else is 415); an empty body, with or without a JSON content
 *   type, reaches the route as `undefined` (that is how `PATCH /user/{id}` deactivates);
 * - every error, from the framework or the routes, is an RFC 9457 problem with a `message`;
 *   bad input is never a 500;
 * - anything else under the prefix is a JSON 404, never the HTML page.
 */
export async function registerApi(app: FastifyInstance, options: ApiOptions): Promise<void> {
  const store = options.store ?? openSqliteStore(options.databasePath);
  if (!options.store) app.addHook('onClose', async () => store.close());
  if (options.adminToken === null) {
    app.log.warn('DC_ADMIN_TOKEN is not set: the administrator routes of the user API answer 401 to every request.');
  }

  await app.register(
    async (api) => {
      api.removeAllContentTypeParsers();
      const parseJson = api.getDefaultJsonParser('error', 'error');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        const text = body as string;
        if (text.trim() === '') {
          done(null, undefined);
          return;
        }
        parseJson(request, text, (error, value) => {
          // secure-json-parse refuses __proto__/constructor keys; that is bad input too.
          if (error) done(new JsonBodyError(API_MESSAGES.badJson), undefined);
          else done(null, value);
        });
      });

      await api.register(rateLimit, { global: false });

      api.addHook('onSend', async (_request, reply, payload) => {
        reply.header('Cache-Control', 'no-store');
        return payload;
      });

      api.setErrorHandler((error: FastifyError, request, reply) => {
        const status = error.statusCode ?? 500;
        switch (error.code) {
          case 'DC_INVALID_JSON':
            return sendProblem(reply, 400, 'Bad Request', API_MESSAGES.badJson);
          case 'FST_ERR_CTP_BODY_TOO_LARGE':
            return sendProblem(reply, 413, 'Content Too Large', API_MESSAGES.tooLarge);
          case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
            return sendProblem(reply, 415, 'Unsupported Media Type', API_MESSAGES.notJson);
        }
        if (status === 429) {
          return sendProblem(reply, 429, 'Too Many Requests', error.message);
        }
        if (status >= 400 && status < 500) {
          return sendProblem(reply, status, STATUS_CODES[status] ?? 'Bad Request', API_MESSAGES.badRequest);
        }
        request.log.error({ err: error }, 'user API error');
        return sendProblem(reply, 500, 'Internal Server Error', API_MESSAGES.internal);
      });

      registerUserRoutes(api, {
        store,
        adminToken: options.adminToken,
        registerRateLimit: options.registerRateLimit,
        registerGlobalRateLimit: options.registerGlobalRateLimit,
        hashQueue: options.hashQueue,
        adminAuthRateLimit: options.adminAuthRateLimit,
        hashPassword: options.hashPassword,
      });

      api.setNotFoundHandler((request, reply) =>
        sendProblem(reply, 404, 'Not Found', `No API route ${request.method} ${request.url.split('?')[0]}`),
      );
    },
    { prefix: API_BASE },
  );
}
