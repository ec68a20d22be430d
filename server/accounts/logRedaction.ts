import type { FastifyRequest } from 'fastify';
import { TOKEN_PAGES } from './tokenPages';

/** Paths whose last segment is a mail link's token (./tokenPages). */
const TOKEN_PATH = new RegExp(`^(${Object.values(TOKEN_PAGES).map((page) => page.path.replace(/\/$/, '')).join('|')})/[^?#]*`);

/** A URL as the log may show it: a link token becomes "[token]". */
export function redactLinkToken(url: string): string {
  return url.replace(TOKEN_PATH, '$1/[token]');
}

/**
 * The logger's request serializer (server/app.ts): Fastify's fields, with the token of a mail
 * link's path taken out. Passwords and session tokens never reach the URL; bodies are not logged.
 */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactLinkToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
