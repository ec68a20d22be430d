import { setTimeout as sleep } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import { sqlState } from './postgres';

/**
 * A locked database never freezes the server.
 *
 * better-sqlite3 runs every statement on the event loop. With SQLite's own busy handler
 * (busy_timeout), a statement that finds the write lock held by another process (a second server
 * on the file, the staff CLI, a restore, a `sqlite3` shell left in a transaction) sleeps on the
 * loop until the lock is free or the timeout ends, and every page, /healthz and /readyz wait with
 * it. So the stores the server runs on ({@link retryWhenBusy}, applied once in ./openStores) use
 * busy_timeout 0: a statement that cannot get the lock fails at once with SQLITE_BUSY, and the
 * store call is tried again here, between the loop's turns, with growing pauses, for at most
 * {@link DATABASE_LOCK_WAIT_MS}. Then it fails with {@link DatabaseBusyError}, which the API
 * answers with 503 and Retry-After (../api/errors). Background work (the outbox worker, the
 * retention sweep) gets the same error, logs it and tries again on its next round.
 *
 * Trying a whole store call again is safe because every write of a SQLite store method is one
 * statement or one transaction: SQLITE_BUSY means nothing of that call was written. Keep that rule
 * when adding a method: two writes outside a transaction would repeat the first on a retry.
 *
 * PostgreSQL waits for a lock without blocking the loop; the stores' pool has a lock_timeout
 * (./openStores) so that a request does not wait forever, and that error (SQLSTATE 55P03) gets
 * the same 503 ({@link isDatabaseBusy}).
 */

/** How long a store call waits for a lock, on SQLite (retries) and PostgreSQL (lock_timeout). */
export const DATABASE_LOCK_WAIT_MS = 1000;

/** The Retry-After of the API's 503 while the database is locked. */
export const DATABASE_BUSY_RETRY_AFTER_S = 5;

/** The first pause before trying again; each further one doubles, up to the last. */
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 100;

/** A store call that did not get the database's lock within {@link DATABASE_LOCK_WAIT_MS}. */
export class DatabaseBusyError extends Error {
  /** The SQLite error it stands for, so that the metrics count it as a database error. */
  readonly code = 'SQLITE_BUSY';
  readonly statusCode = 503;
  readonly retryAfterS = DATABASE_BUSY_RETRY_AFTER_S;

  constructor(cause?: unknown) {
    super(`The database stayed locked by another connection for ${DATABASE_LOCK_WAIT_MS} ms.`, { cause });
    this.name = 'DatabaseBusyError';
  }
}

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, _RECOVERY, _TIMEOUT) from better-sqlite3. */
function isSqliteBusy(error: unknown): boolean {
  if (error instanceof DatabaseBusyError) return false;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

/** The database was locked past the wait: SQLite after the retries, PostgreSQL's lock_timeout (55P03). */
export function isDatabaseBusy(error: unknown): boolean {
  return error instanceof DatabaseBusyError || sqlState(error) === '55P03';
}

/**
 * The outcome of `first`, or, while it fails with SQLITE_BUSY, of `again()`, tried after growing
 * pauses that do not hold the event loop; DatabaseBusyError once `waitMs` have passed.
 */
async function settleWhileBusy<T>(first: Promise<T>, again: () => T | Promise<T>, waitMs: number): Promise<T> {
  const deadline = performance.now() + waitMs;
  let attempt = first;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    try {
      return await attempt;
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
      const left = deadline - performance.now();
      if (left <= 0) throw new DatabaseBusyError(error);
      await sleep(Math.min(pause, left));
      attempt = Promise.resolve().then(again);
    }
  }
}

/** `attempt` (which may be synchronous) until it does not fail with SQLITE_BUSY, at most `waitMs`; see {@link settleWhileBusy}. */
function retryWhileBusy<T>(attempt: () => T | Promise<T>, waitMs = DATABASE_LOCK_WAIT_MS): Promise<T> {
  return settleWhileBusy(Promise.resolve().then(attempt), attempt, waitMs);
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

export interface RetryOptions<T> {
  /**
   * Methods that only keep a record fresh (a session's last-seen time): when the database is
   * locked they are dropped after one try instead of making the request wait; a later call
   * writes it.
   */
  bestEffort?: ReadonlyArray<keyof T>;
}

/**
 * The store on `db` whose asynchronous methods wait for a lock as described above: `db` is set to
 * busy_timeout 0, and each call that fails with SQLITE_BUSY is tried again (so are the methods of
 * a nested store such as a store's `outbox`). Synchronous methods are left as they are: they run
 * inside their caller's transaction, and that is what is tried again.
 */
export function retryWhenBusy<T extends object>(db: Database.Database, store: T, options: RetryOptions<T> = {}): T {
  db.pragma('busy_timeout = 0');
  return retrying(store, new Set<PropertyKey>(options.bestEffort ?? []));
}

function retrying<T extends object>(store: T, bestEffort: ReadonlySet<PropertyKey>): T {
  // One wrapper per property, so that a nested store keeps its identity (setWriteCheck's key).
  const made = new Map<PropertyKey, { value: unknown; wrapper: unknown }>();
  return new Proxy(store, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' && !isPlainObject(value)) return value;
      const known = made.get(key);
      if (known?.value === value) return known.wrapper;
      const wrapper =
        typeof value === 'function'
          ? retryingMethod(target, value as (...args: unknown[]) => unknown, bestEffort.has(key))
          : retrying(value, new Set());
      made.set(key, { value, wrapper });
      return wrapper;
    },
  });
}

function retryingMethod(target: object, method: (...args: unknown[]) => unknown, bestEffort: boolean) {
  return (...args: unknown[]): unknown => {
    const first = method.apply(target, args);
    if (!(first instanceof Promise)) return first;
    if (bestEffort) {
      return first.catch((error: unknown) => {
        if (!isSqliteBusy(error)) throw error;
        return undefined;
      });
    }
    return settleWhileBusy(first, () => method.apply(target, args), DATABASE_LOCK_WAIT_MS);
  };
}

/**
 * Whether the database takes writes now: SQLite's write lock is taken and given back at once
 * (`BEGIN IMMEDIATE`, `ROLLBACK`: nothing is written, no sync to disk), waiting for it as a store
 * call does. DatabaseBusyError when another connection holds it past the wait.
 */
export function sqliteWriteCheck(db: Database.Database): () => Promise<void> {
  return () =>
    retryWhileBusy(() => {
      db.exec('BEGIN IMMEDIATE');
      db.exec('ROLLBACK');
    });
}

/** The write checks of the stores that have one (the SQLite ones), for /readyz (../ops/readiness). */
const writeChecks = new WeakMap<object, () => Promise<void>>();

/** Makes `check` the write check of `store`: what {@link checkWritable} runs for it. */
export function setWriteCheck(store: object, check: () => Promise<void>): void {
  writeChecks.set(store, check);
}

/** Runs the write check of `store` (a store of ./openStores); nothing to do for a store without one (PostgreSQL). */
export async function checkWritable(store: object): Promise<void> {
  await writeChecks.get(store)?.();
}
