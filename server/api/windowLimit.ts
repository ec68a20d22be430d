import type { FailureCounter } from '../accounts/failureCounter';
import type { RouteRateLimit } from './routeRateLimit';
import { WindowCounter } from './windowCounter';

/**
 * "At most `max` events per window and key", for the limits the route-level rate limiter cannot
 * express: the global sign-up limit (one key for every client) and wrong administrator tokens per
 * IP. In one process the counts live in memory (./windowCounter); with PostgreSQL (DATABASE_URL)
 * they live in the database's counter table (../accounts/failureCounter), so every instance on
 * that database counts the same events, as the per-IP limits of @fastify/rate-limit do there.
 */
export interface WindowLimit {
  readonly max: number;
  /** Seconds until `key` may go on (its window ends), or 0 when it is under the limit. */
  blockedFor(key: string): Promise<number>;
  /** Counts one event for `key`: its count in the window, and the seconds to wait when that is past `max` (else 0). */
  hit(key: string): Promise<{ count: number; wait: number }>;
}

export function memoryWindowLimit(limit: RouteRateLimit, now?: () => number): WindowLimit {
  const counter = new WindowCounter(limit.max, limit.timeWindowMs, now);
  return {
    max: limit.max,
    blockedFor: async (key) => counter.blockedFor(key),
    hit: async (key) => {
      const wait = counter.hit(key);
      return { count: counter.count(key), wait };
    },
  };
}

/** The same in the database; `name` keeps its keys apart from the other counters' in the table. */
export function databaseWindowLimit(counter: FailureCounter, name: string, limit: RouteRateLimit): WindowLimit {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    max: limit.max,
    blockedFor: (key) => counter.blockedFor(keyOf(key), limit.max),
    hit: async (key) => {
      const count = await counter.fail(keyOf(key), limit.timeWindowMs);
      // Refused from the event past `max`, like the in-memory counter; the wait is the window's rest.
      const wait = count > limit.max ? Math.max(1, await counter.blockedFor(keyOf(key), limit.max)) : 0;
      return { count, wait };
    },
  };
}
