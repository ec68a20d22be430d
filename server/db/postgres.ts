import pg from 'pg';

/**
 * The PostgreSQL connection pool of one API instance (the `pg` driver), from DATABASE_URL
 * (`postgres://user:password@host:5432/database`, `?sslmode=require` etc. as libpq reads them).
 * Every store of the instance shares this pool; instances share nothing but the database.
 */
export type PgPool = pg.Pool;

export interface PgPoolOptions {
  /** Connections per instance (default 10). */
  max?: number;
  /** application_name shown in pg_stat_activity (default 'dataclarity-api'). */
  applicationName?: string;
  /**
   * lock_timeout of every connection: a statement waiting longer for a lock (a row or table
   * another transaction holds) fails with SQLSTATE 55P03 instead of waiting for ever. Default:
   * none (the server's stores set one: ./openStores).
   */
  lockTimeoutMs?: number;
}

export function isPostgresUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^postgres(?:ql)?:\/\//i.test(url);
}

export function openPgPool(url: string, options: PgPoolOptions = {}): PgPool {
  if (!isPostgresUrl(url)) throw new Error(`DATABASE_URL must start with postgres:// or postgresql://, got '${redactUrl(url)}'`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'dataclarity-api',
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    ...(options.lockTimeoutMs ? { lock_timeout: options.lockTimeoutMs } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool drops it and the next query opens a new one.
  pool.on('error', (error) => {
    console.error(`PostgreSQL pool: idle connection lost (${error.message})`);
  });
  return pool;
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]+):[^@]*@/i, '$1:***@');
}

/** Runs `work` in one transaction on one connection: COMMIT when it resolves, ROLLBACK when it throws. */
export async function inTransaction<T>(pool: PgPool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** PostgreSQL's SQLSTATE of a driver error, or undefined. */
export function sqlState(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** 23505: a UNIQUE constraint refused the row. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (sqlState(error) !== '23505') return false;
  return constraint === undefined || (error as { constraint?: unknown }).constraint === constraint;
}
