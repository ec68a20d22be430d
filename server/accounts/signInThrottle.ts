import { createHash } from 'node:crypto';
import type { RouteRateLimit } from '../api/routeRateLimit';
import { normalizeEmail } from '../users/store';
import type { FailureCounter } from './failureCounter';

/**
 * Failed sign-ins slow down per account and per client IP (OWASP ASVS 5 V6.3.1): past `max`
 * failures in a window, further attempts are refused without checking the password until the
 * window ends (429 with Retry-After). Nobody can lock an account for longer than one window, and
 * the counts live in the database (./failureCounter), shared by every instance. The account key
 * is the SHA-256 of the normalised address, so the counter table holds no email address.
 */
export function signInThrottle(counter: FailureCounter, limits: { account: RouteRateLimit; ip: RouteRateLimit }) {
  const accountKey = (email: string) => `account:${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;
  const ipKey = (ip: string) => `ip:${ip}`;
  return {
    /** Seconds to wait before this email may be tried from this IP; 0 = go ahead. */
    async blockedFor(email: string, ip: string): Promise<number> {
      const [account, address] = await Promise.all([
        counter.blockedFor(accountKey(email), limits.account.max),
        counter.blockedFor(ipKey(ip), limits.ip.max),
      ]);
      return Math.max(account, address);
    },
    async failed(email: string, ip: string): Promise<void> {
      await counter.fail(accountKey(email), limits.account.timeWindowMs);
      await counter.fail(ipKey(ip), limits.ip.timeWindowMs);
    },
    async succeeded(email: string): Promise<void> {
      await counter.clear(accountKey(email));
    },
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
