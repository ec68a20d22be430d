import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { findPostgres, POSTGRES_START_MS, startPostgres, type PostgresServer } from './postgres';

/**
 * The two databases a server runs on, as a table a test file loops over (as staff.test.ts does):
 * each backend's `fresh()` gives the environment of a new, empty database (a SQLite file in a
 * temporary folder, or a new database on one real PostgreSQL this file starts, ./postgres).
 * PostgreSQL is skipped with a warning naming what is missing when it is not installed.
 * Call at the top level of a test file: it registers the hooks that start and stop the server.
 */
export interface DatabaseBackend {
  name: 'SQLite' | 'PostgreSQL';
  skip: boolean;
  fresh(): Promise<{ DATABASE_PATH: string } | { DATABASE_URL: string }>;
}

export function databaseBackends(what: string): DatabaseBackend[] {
  const postgres = findPostgres();
  if (!postgres.ok) console.warn(`${what} on PostgreSQL skipped: ${postgres.reason}`);
  let server: PostgresServer | null = null;
  let root = '';
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'dc-backends-'));
    if (postgres.ok) server = await startPostgres();
  }, POSTGRES_START_MS);
  afterAll(async () => {
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });
  return [
    { name: 'SQLite', skip: false, fresh: async () => ({ DATABASE_PATH: join(mkdtempSync(join(root, 'db-')), 'dc.sqlite') }) },
    { name: 'PostgreSQL', skip: !postgres.ok, fresh: async () => ({ DATABASE_URL: await server!.createDatabase() }) },
  ];
}
