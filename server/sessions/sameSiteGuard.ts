import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { sendProblem } from '../api/problem';

/**
 * Cross-site request refusal for the state-changing account routes (OWASP ASVS 5 V3.5, The
 * Copenhagen Book "Cross-site request forgery"), on top of SameSite=Lax:
 *
 * - `Sec-Fetch-Site`, when sent (every current browser), must be `same-origin`;
 * - `Origin`, when sent, must name this host (or be `null` with `Sec-Fetch-Site: same-origin`: a
 *   form of one of our no-referrer pages) (compared to the request's Host, which behind a
 *   proxy is the forwarded host when TRUST_PROXY is set);
 * - a request with neither is refused too: browsers send at least one on every POST, PATCH and
 *   DELETE, so only a non-browser client lacks both, and it can send `Origin` itself.
 *
 * Answer: 403 problem JSON. Only the host is compared, not the scheme: behind a TLS-terminating
 * proxy the server sees http while the browser says https (HSTS keeps browsers on https).
 */
export function isSameSiteRequest(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin') return false;
  const origin = request.headers.origin;
  // `Origin: null` is what a browser sends for a form posted from a page with Referrer-Policy:
  // no-referrer (the mails' link pages, ../accounts/tokenPages): then Sec-Fetch-Site decides, and
  // must be there (a page cannot set or forge it).
  if (origin === 'null') return fetchSite === 'same-origin';
  if (typeof origin === 'string') {
    try {
      const from = new URL(origin);
      // The Host header read with the Origin's scheme, so a default port written out compares equal.
      const own = new URL(`${from.protocol}//${request.host}`);
      return from.host !== '' && from.host === own.host;
    } catch {
      return false;
    }
  }
  return typeof fetchSite === 'string';
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** onRequest hook of the account routes. */
export async function refuseCrossSite(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!STATE_CHANGING.has(request.method)) return;
  if (isSameSiteRequest(request)) return;
  request.log.warn({ origin: request.headers.origin, fetchSite: request.headers['sec-fetch-site'] }, 'cross-site account request refused');
  await sendProblem(reply, 403, 'Forbidden', ACCOUNT_MESSAGES.crossSite);
}
