import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieSecurity } from '../sessions/cookies';
import { hashToken, isTokenShaped, newSessionToken } from '../sessions/token';
import { TRUSTED_DEVICE_TTL_MS, type AccountStore } from './accountStore';

/**
 * The trusted-device cookie (OWASP "Slow down online guessing attacks with device cookies"): a
 * browser that signed in to an account with its password gets a random token (32 bytes, only its
 * SHA-256 stored, like a session's), so its later password attempts count under the device's own
 * key (./signInThrottle) and failures from other networks do not lock it out. It grants nothing
 * else: no session, no role, no skipped check. It ends when the account is deleted, when a first
 * proof of the address removes what came before (AccountStore.proveAddress), and after
 * TRUSTED_DEVICE_TTL_MS without a sign-in. HttpOnly, SameSite=Lax, Path=/; `__Host-` and Secure
 * wherever cookies are (../sessions/cookies cookieSecurity).
 */
const DEVICE_COOKIE = 'dc_device';

function cookieName(request: FastifyRequest): string {
  return `${cookieSecurity(request).prefix}${DEVICE_COOKIE}`;
}

/** The SHA-256 of the request's device token when that device is trusted for `userId`, else null. */
export async function trustedDeviceOf(request: FastifyRequest, accounts: Pick<AccountStore, 'deviceOwner'>, userId: string | undefined): Promise<string | null> {
  const token = request.cookies[cookieName(request)];
  if (userId === undefined || !isTokenShaped(token)) return null;
  const tokenHash = hashToken(token);
  return (await accounts.deviceOwner(tokenHash, new Date())) === userId ? tokenHash : null;
}

/** After a password sign-in: the device is trusted for the account (its token kept, or a new one), for TRUSTED_DEVICE_TTL_MS more. */
export async function trustDevice(request: FastifyRequest, reply: FastifyReply, accounts: Pick<AccountStore, 'trustDevice'>, userId: string, known: string | null): Promise<void> {
  const now = new Date();
  const token = known === null ? newSessionToken() : null;
  await accounts.trustDevice(userId, token === null ? known! : hashToken(token), new Date(now.getTime() + TRUSTED_DEVICE_TTL_MS), now);
  const { secure } = cookieSecurity(request);
  const options = { path: '/', secure, httpOnly: true, sameSite: 'lax' as const, maxAge: Math.floor(TRUSTED_DEVICE_TTL_MS / 1000) };
  if (token !== null) reply.setCookie(cookieName(request), token, options);
  else reply.setCookie(cookieName(request), request.cookies[cookieName(request)]!, options);
}
