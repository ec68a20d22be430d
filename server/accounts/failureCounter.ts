import type Database from 'better-sqlite3';
import type { PgPool } from '../db/postgres';

/**
 * Counters of failed sign-ins in the database (table sign_in_failures), so every instance on
 * one PostgreSQL database counts the same failures. The API's other shared limits count there too,
 * under keys of their own (../api/windowLimit: `sign-ups:…`, `admin-token:…`). A counter's window starts with its first
 * failure and ends `windowMs` later, then the count starts again: a lock never outlives its
 * window, however many attempts are made while it holds.
 */
export interface FailureCounter {
  /** Seconds until `key` may try again when it has `max` failures or more in its window, else 0. */
  blockedFor(key: string, max: number): Promise<number>;
  /** Counts one failure of `key`; its count in the current window, this one included. */
  fail(key: string, windowMs: number): Promise<number>;
  /** Forgets the failures of `key` (after a successful sign-in). */
  clear(key: string): Promise<void>;
  /** Takes back one count of `key` (an attempt counted before it ran, that turned out not to count). */
  release(key: string): Promise<void>;
}

export function sqliteFailureCounter(db: Database.Database, now: () => Date = () => new Date()): FailureCounter {
  const select = db.prepare('SELECT hits, window_ends FROM sign_in_failures WHERE key = ?');
  const upsert = db.prepare(
    `INSERT INTO sign_in_failures (key, hits, window_ends) VALUES (@key, 1, @ends)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN window_ends <= @now THEN 1 ELSE hits + 1 END,
       window_ends = CASE WHEN window_ends <= @now THEN @ends ELSE window_ends END
     RETURNING hits`,
  );
  const remove = db.prepare('DELETE FROM sign_in_failures WHERE key = ?');
  const decrement = db.prepare('UPDATE sign_in_failures SET hits = hits - 1 WHERE key = ? AND hits > 0');
  const sweep = db.prepare('DELETE FROM sign_in_failures WHERE window_ends <= ?');
  // The count and the occasional sweep in one transaction: a call tried again after SQLITE_BUSY
  // (../db/busy) then never counts one failure twice.
  const count = db.transaction((key: string, at: string, ends: string, sweepToo: boolean) => {
    const { hits } = upsert.get({ key, now: at, ends }) as { hits: number };
    if (sweepToo) sweep.run(at);
    return hits;
  });
  let writes = 0;
  return {
    async blockedFor(key, max) {
      const row = select.get(key) as { hits: number; window_ends: string } | undefined;
      if (!row || row.hits < max) return 0;
      const left = Date.parse(row.window_ends) - now().getTime();
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    async fail(key, windowMs) {
      const at = now();
      return count.immediate(key, at.toISOString(), new Date(at.getTime() + windowMs).toISOString(), ++writes % 500 === 0);
    },
    async clear(key) {
      remove.run(key);
    },
    async release(key) {
      decrement.run(key);
    },
  };
}

/** The same on PostgreSQL, timed by the database's clock (instances' clocks may differ). */
export function pgFailureCounter(pool: PgPool): FailureCounter {
  let writes = 0;
  return {
    async blockedFor(key, max) {
      const { rows } = await pool.query<{ left_ms: string }>(
        `SELECT GREATEST(0, ceil(extract(epoch FROM window_ends - clock_timestamp()) * 1000))::bigint AS left_ms
         FROM sign_in_failures WHERE key = $1 AND hits >= $2`,
        [key, max],
      );
      const left = Number(rows[0]?.left_ms ?? 0);
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    async fail(key, windowMs) {
      const { rows } = await pool.query<{ hits: number }>(
        `INSERT INTO sign_in_failures AS f (key, hits, window_ends)
         VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN f.window_ends <= clock_timestamp() THEN 1 ELSE f.hits + 1 END,
           window_ends = CASE WHEN f.window_ends <= clock_timestamp()
             THEN clock_timestamp() + $2 * interval '1 millisecond' ELSE f.window_ends END
         RETURNING f.hits`,
        [key, windowMs],
      );
      if (++writes % 500 === 0) await pool.query('DELETE FROM sign_in_failures WHERE window_ends <= clock_timestamp()');
      return Number(rows[0]!.hits);
    },
    async clear(key) {
      await pool.query('DELETE FROM sign_in_failures WHERE key = $1', [key]);
    },
    async release(key) {
      await pool.query('UPDATE sign_in_failures SET hits = hits - 1 WHERE key = $1 AND hits > 0', [key]);
    },
  };
}
