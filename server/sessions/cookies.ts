import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '../../shared/accountMessages';

/**
 * The session cookie and its hint.
 *
 * `__Host-dc_session` holds the token: HttpOnly (no script reads it), Secure and Path=/ with no
 * Domain (the `__Host-` prefix makes browsers refuse it otherwise, so no subdomain can set or
 * shadow it), SameSite=Lax (not sent on cross-site subrequests and posts). Browsers treat
 * http://localhost as secure, so it works in local tests over plain HTTP.
 *
 * `dc_signed_in=1` carries no secret: the pre-paint script of every page reads it to draw the
 * signed-in header before the first paint, with no request (site/_includes/session-hint.js). It is
 * set and cleared with the session; when it outlives the session (expiry), the next API answer
 * without a session clears it.
 */
export const SESSION_COOKIE = '__Host-dc_session';
export { SESSION_HINT_COOKIE };

function baseOptions(maxAgeMs: number): CookieSerializeOptions {
  return { path: '/', secure: true, sameSite: 'lax', maxAge: Math.floor(maxAgeMs / 1000) };
}

export function setSessionCookies(reply: FastifyReply, token: string, maxAgeMs: number): void {
  reply.setCookie(SESSION_COOKIE, token, { ...baseOptions(maxAgeMs), httpOnly: true });
  reply.setCookie(SESSION_HINT_COOKIE, '1', baseOptions(maxAgeMs));
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', secure: true, sameSite: 'lax', httpOnly: true });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', secure: true, sameSite: 'lax' });
}

/** Clears the cookies only when the browser sent one (an answer to a stranger sets nothing). */
export function clearSessionCookiesIfSent(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[SESSION_COOKIE] !== undefined || request.cookies[SESSION_HINT_COOKIE] !== undefined) clearSessionCookies(reply);
}
