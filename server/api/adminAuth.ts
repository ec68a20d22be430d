import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './problem';
import type { RouteRateLimit } from './routeRateLimit';
import type { WindowLimit } from './windowLimit';

/** The message of every 401: the same whether the token is missing, wrong or not configured. */
export const UNAUTHORIZED_MESSAGE = 'Administrator access requires a valid bearer token.';

/** The message of a 429 after too many wrong tokens from one address. */
export const TOO_MANY_FAILED_LOGINS = 'Too many failed administrator logins from your network. Please wait and try again.';

/** Wrong tokens allowed per client IP and window. */
export const DEFAULT_ADMIN_AUTH_RATE_LIMIT: RouteRateLimit = { max: 10, timeWindowMs: 60_000 };

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = BEARER.exec(header);
  return match ? match[1]! : null;
}

/**
 * True when `presented` equals `expected`. Both are hashed to 32 bytes first, so the comparison
 * takes the same time whatever the lengths and wherever the first difference is. A server
 * without a configured token (`expected` null) accepts nothing.
 */
export function tokenMatches(presented: string | null, expected: string | null): boolean {
  if (expected === null || expected === '' || presented === null) return false;
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * An onRequest hook for the administrator's routes: 401 with `WWW-Authenticate: Bearer` unless
 * the request carries `Authorization: Bearer <DC_ADMIN_TOKEN>`. It runs before the body is read,
 * so an unauthenticated request learns nothing about validation.
 *
 * Guessing is limited per client IP (`failures`, default 10 wrong tokens a minute; counted in the
 * database with PostgreSQL, so across instances, see ./windowLimit): each wrong
 * token presented is counted and logged (the address, never the token); once over the limit the
 * address gets 429 with Retry-After for the rest of the window, before its token is even
 * compared, so a right guess inside a blocked window teaches nothing either. A request without
 * any bearer token is a plain 401 and does not count.
 */
/** The pre-handler of every administrator route; one per API, so wrong tokens count across all of them. */
export type AdminGuard = ReturnType<typeof requireAdmin>;

export function requireAdmin(adminToken: string | null, failures: WindowLimit) {
  return async function adminOnly(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    const blocked = await failures.blockedFor(request.ip);
    if (blocked > 0) {
      reply.header('Retry-After', String(blocked));
      return sendProblem(reply, 429, 'Too Many Requests', TOO_MANY_FAILED_LOGINS);
    }
    const presented = bearerToken(request.headers.authorization);
    if (tokenMatches(presented, adminToken)) return;
    if (presented !== null) {
      const { count } = await failures.hit(request.ip);
      request.log.warn(
        { ip: request.ip, failures: count, limit: failures.max },
        'administrator authentication failed: wrong bearer token',
      );
    }
    reply.header('WWW-Authenticate', 'Bearer realm="dc_api"');
    return sendProblem(reply, 401, 'Unauthorized', UNAUTHORIZED_MESSAGE);
  };
}
