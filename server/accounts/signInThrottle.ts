import { createHash } from 'node:crypto';
import type { RouteRateLimit } from '../api/routeRateLimit';
import { normalizeEmail } from '../users/store';
import type { FailureCounter } from './failureCounter';

/**
 * Password attempts slow down per account and per client IP (OWASP ASVS 5.0 V6.3.1): past `max`
 * attempts that failed in a window, further ones are refused without checking the password until
 * the window ends (429 with Retry-After). The counts live in the database (./failureCounter),
 * shared by every instance; the account key is the SHA-256 of the normalised address, so the
 * counter table holds no email address.
 *
 * - Counted before the hash, atomically: {@link SignInThrottle.attempt} adds one to both counts in
 *   the statement that reads them, so 30 tries at once make exactly `max` password checks, and one
 *   account never holds more than `max` places of the shared hash queue. A success clears the
 *   account's count and gives the IP's attempt back; a try that never ran (the hash queue was full)
 *   gives both back.
 * - A lock that cannot be turned against the owner (OWASP "Slow down online guessing attacks with
 *   device cookies"): a browser that signed in to the account before carries a trusted-device
 *   cookie (./trustedDevice). Its attempts count under the device's own key, not the account's,
 *   so failures from other networks lock out everyone but the devices the owner already used.
 *   The IP's count holds for every attempt.
 */
export interface PasswordAttempt {
  /** The address typed (the account's key is made from it). */
  email: string;
  ip: string;
  /** The SHA-256 of the request's trusted-device token when that device belongs to this account, else null. */
  trustedDevice: string | null;
}

export function signInThrottle(counter: FailureCounter, limits: { account: RouteRateLimit; ip: RouteRateLimit }) {
  const ownerKey = (attempt: PasswordAttempt) =>
    attempt.trustedDevice !== null
      ? `device:${attempt.trustedDevice}`
      : `account:${createHash('sha256').update(normalizeEmail(attempt.email)).digest('hex')}`;
  const ipKey = (attempt: PasswordAttempt) => `ip:${attempt.ip}`;
  const over = async (key: string, limit: RouteRateLimit) => {
    const hits = await counter.fail(key, limit.timeWindowMs);
    return hits > limit.max ? Math.max(1, await counter.blockedFor(key, limit.max)) : 0;
  };
  return {
    /**
     * Counts the attempt before its password is checked: 0 = go ahead (then report how it ended:
     * {@link succeeded}, {@link notRun}; a wrong password needs nothing more), else the seconds to
     * wait (refused, and nothing was counted).
     */
    async attempt(attempt: PasswordAttempt): Promise<number> {
      const [owner, address] = await Promise.all([over(ownerKey(attempt), limits.account), over(ipKey(attempt), limits.ip)]);
      if (owner === 0 && address === 0) return 0;
      // A refused attempt checks nothing, so it counts against neither: an honest retry while an
      // account is locked does not lock the office's address too.
      await Promise.all([counter.release(ownerKey(attempt)), counter.release(ipKey(attempt))]);
      return Math.max(owner, address);
    },
    /** The password was right: the account's (or device's) failures are forgotten, the IP's attempt given back. */
    async succeeded(attempt: PasswordAttempt): Promise<void> {
      await Promise.all([counter.clear(ownerKey(attempt)), counter.release(ipKey(attempt))]);
    },
    /** The check never ran (the hash queue was full): the attempt is given back. */
    async notRun(attempt: PasswordAttempt): Promise<void> {
      await Promise.all([counter.release(ownerKey(attempt)), counter.release(ipKey(attempt))]);
    },
    /** Forgets the account's failures (a password reset proved the owner). */
    async cleared(email: string): Promise<void> {
      await counter.clear(ownerKey({ email, ip: '', trustedDevice: null }));
    },
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
