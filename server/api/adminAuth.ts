import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './problem';

/** The message of every 401: the same whether the token is missing, wrong or not configured. */
export const UNAUTHORIZED_MESSAGE = 'Administrator access requires a valid bearer token.';

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
 */
export function requireAdmin(adminToken: string | null) {
  return async function adminOnly(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
    if (tokenMatches(bearerToken(request.headers.authorization), adminToken)) return;
    reply.header('WWW-Authenticate', 'Bearer realm="dc_api"');
    return sendProblem(reply, 401, 'Unauthorized', UNAUTHORIZED_MESSAGE);
  };
}
