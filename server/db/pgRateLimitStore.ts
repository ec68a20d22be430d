import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { PgPool } from './postgres';

/**
 * A store for @fastify/rate-limit in PostgreSQL (table rate_limits, server/db/pgMigrations.ts),
 * so a limit holds across every API instance on the database, not per process. One counter
 * row per route and client key; a hit is one atomic upsert, timed by the database's clock (the
 * instances' clocks may differ):
 *
 * - no row, or its window has ended: hits = 1, a new window of `timeWindow` ms starts;
 * - otherwise hits + 1 in the same window (with `continueExceeding`, a hit over the limit
 *   restarts the window, as the plugin's own stores do).
 *
 * Rows of ended windows are deleted now and then (every {@link SWEEP_EVERY} hits of an instance).
 */
export const SWEEP_EVERY = 500;

const INCREMENT = `
  INSERT INTO rate_limits AS r (key, hits, window_ends)
  VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_ends <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
    window_ends = CASE
      WHEN r.window_ends <= clock_timestamp() THEN clock_timestamp() + $2 * interval '1 millisecond'
      WHEN $3::boolean AND r.hits + 1 > $4::bigint THEN clock_timestamp() + $2 * interval '1 millisecond'
      ELSE r.window_ends END
  RETURNING hits, GREATEST(0, ceil(extract(epoch FROM window_ends - clock_timestamp()) * 1000))::bigint AS ttl`;

/** The store class the plugin instantiates (`store` option), bound to a pool. */
export function pgRateLimitStore(pool: PgPool): FastifyRateLimitStoreCtor {
  let hitsSinceSweep = 0;

  class PgRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    private readonly continueExceeding: boolean;

    constructor(options: FastifyRateLimitOptions & { continueExceeding?: boolean }, prefix = 'rl:') {
      this.prefix = prefix;
      this.continueExceeding = options.continueExceeding === true;
      if ((options as { exponentialBackoff?: boolean }).exponentialBackoff) {
        throw new Error('The PostgreSQL rate-limit store does not implement exponentialBackoff.');
      }
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number, max?: number): void {
      const windowMs = Math.max(1, Math.trunc(timeWindow ?? 60_000));
      pool
        .query<{ hits: number; ttl: string }>(INCREMENT, [this.prefix + key, windowMs, this.continueExceeding, max ?? Number.MAX_SAFE_INTEGER])
        .then(({ rows }) => {
          const row = rows[0]!;
          callback(null, { current: row.hits, ttl: Number(row.ttl) });
          if (++hitsSinceSweep >= SWEEP_EVERY) {
            hitsSinceSweep = 0;
            pool.query('DELETE FROM rate_limits WHERE window_ends < clock_timestamp()').catch(() => undefined);
          }
        }, (error: Error) => callback(error));
    }

    child(routeOptions: FastifyRateLimitOptions & { routeInfo?: { method?: unknown; url?: unknown }; continueExceeding?: boolean }): FastifyRateLimitStore {
      const route = routeOptions.routeInfo ?? {};
      return new PgRateLimitStore(routeOptions, `${this.prefix}${typeof route.method === 'string' ? route.method : ''}${typeof route.url === 'string' ? route.url : ''}:`);
    }
  }

  return PgRateLimitStore;
}
