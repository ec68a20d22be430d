import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '../../shared/accountMessages';

/**
 * The session cookie and its hint, and how every cookie of the server is secured.
 *
 * The session token is in `__Host-dc_session`: HttpOnly (no script reads it), Secure and Path=/
 * with no Domain (the `__Host-` prefix makes browsers refuse it otherwise, so no subdomain and no
 * plain-HTTP page can set or shadow it), SameSite=Lax (not sent on cross-site subrequests and
 * posts).
 *
 * Only on plain HTTP from a loopback address to a loopback host (`npm start` on a laptop, the test
 * servers) do the cookies drop Secure and the prefix, which needs Secure: WebKit does not store a
 * Secure cookie from http://localhost (Chromium and Firefox do), so Safari would lose the session.
 * Each request reads the cookie under the name its own scheme sets: an HTTPS request never takes a
 * plain `dc_session`, which a page on plain HTTP or a sibling domain could have planted.
 *
 * `dc_signed_in=1` carries no secret: the pre-paint script of every page reads it to draw the
 * signed-in header before the first paint, with no request (site/_includes/session-hint.js). It is
 * set and cleared with the session; when it outlives the session (expiry), the next API answer
 * without a session clears it.
 */
export const SESSION_COOKIE = 'dc_session';
export { SESSION_HINT_COOKIE };

export interface CookieSecurity {
  /** The Secure attribute. */
  secure: boolean;
  /** The prefix of a host-only cookie's name: `__Host-` with Secure, none without. */
  prefix: '__Host-' | '';
}

const SECURE: CookieSecurity = { secure: true, prefix: '__Host-' };
const LOOPBACK_PLAIN_HTTP: CookieSecurity = { secure: false, prefix: '' };

/** The names a browser uses for this machine, with an optional port. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * How a cookie set in answer to `request` is secured: Secure with the `__Host-` prefix, except on
 * plain HTTP between this machine and itself. All of these must hold for that exception:
 * - the scheme is http (behind a trusted proxy, TRUST_PROXY, its X-Forwarded-Proto: https there
 *   keeps Secure);
 * - the connection and the client (the same without TRUST_PROXY) are loopback addresses;
 * - the Host the browser asked for is localhost, 127.0.0.1 or [::1], so the browser's cookie jar is
 *   that of a loopback origin: a site reached through a proxy on the same machine keeps Secure.
 */
export function cookieSecurity(request: FastifyRequest): CookieSecurity {
  const loopback =
    request.protocol === 'http' &&
    isLoopbackAddress(request.socket.remoteAddress) &&
    isLoopbackAddress(request.ip) &&
    LOOPBACK_HOST.test(request.host);
  return loopback ? LOOPBACK_PLAIN_HTTP : SECURE;
}

/** The session cookie's name for this request's scheme: `__Host-dc_session` or, see above, `dc_session`. */
export function sessionCookieName(request: FastifyRequest): string {
  return `${cookieSecurity(request).prefix}${SESSION_COOKIE}`;
}

/** The session token the browser sent under this request's name, if any. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request)];
}

function baseOptions(request: FastifyRequest): CookieSerializeOptions {
  return { path: '/', secure: cookieSecurity(request).secure, sameSite: 'lax' };
}

/** Sets both cookies, named and secured for the request `reply` answers. */
export function setSessionCookies(reply: FastifyReply, token: string, maxAgeMs: number): void {
  const options = { ...baseOptions(reply.request), maxAge: Math.floor(maxAgeMs / 1000) };
  reply.setCookie(sessionCookieName(reply.request), token, { ...options, httpOnly: true });
  reply.setCookie(SESSION_HINT_COOKIE, '1', options);
}

export function clearSessionCookies(reply: FastifyReply): void {
  const options = baseOptions(reply.request);
  reply.clearCookie(sessionCookieName(reply.request), { ...options, httpOnly: true });
  reply.clearCookie(SESSION_HINT_COOKIE, options);
}

/** Clears the cookies only when the browser sent one (an answer to a stranger sets nothing). */
export function clearSessionCookiesIfSent(request: FastifyRequest, reply: FastifyReply): void {
  if (sessionTokenOf(request) !== undefined || request.cookies[SESSION_HINT_COOKIE] !== undefined) clearSessionCookies(reply);
}
