/**
 * Throughput of the stores on SQLite and on PostgreSQL, printed (no pass/fail):
 *   tsx scripts/bench-stores.ts [--users 2000] [--concurrency 8]
 * Users: create (one INSERT each), get by id, credentials by email, list all; rate limit: hits.
 * PostgreSQL: DATABASE_URL if set (a scratch database: tables are emptied!), else a throwaway
 * server started like the tests do (tests/support/postgres.ts). Writes of both run with the
 * durability they have in production except the throwaway server's fsync=off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migratePostgres } from '../server/db/migrate';
import { pgRateLimitStore } from '../server/db/pgRateLimitStore';
import { openPgPool } from '../server/db/postgres';
import { createPgUserStore } from '../server/users/pgStore';
import { openSqliteStore } from '../server/users/sqliteStore';
import type { UserStore } from '../server/users/store';
import { findPostgres, startPostgres, type PostgresServer } from '../tests/support/postgres';

const { values } = parseArgs({ options: { users: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '8' } } });
const total = Number(values.users);
const concurrency = Number(values.concurrency);

async function timed(label: string, count: number, work: (index: number) => Promise<unknown>): Promise<string> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
  const ms = performance.now() - started;
  return `${label.padEnd(22)} ${String(Math.round((count / ms) * 1000)).padStart(7)} /s  (${count} in ${ms.toFixed(0)} ms)`;
}

async function benchUsers(name: string, store: UserStore): Promise<void> {
  const ids: string[] = [];
  const lines = [
    await timed('create', total, async (i) => ids.push((await store.create({ firstName: 'Bench', lastName: `User${i}`, email: `bench.${i}@example.de`, passwordHash: 'scrypt$x' }))._id)),
    await timed('get by id', total, (i) => store.get(ids[i]!)),
    await timed('credentials by email', total, (i) => store.credentials(`BENCH.${i}@example.de`)),
    await timed('list all', 20, () => store.list()),
  ];
  console.log(`\n${name} (users=${total}, concurrency=${concurrency})`);
  for (const line of lines) console.log(`  ${line}`);
}

const dir = mkdtempSync(join(tmpdir(), 'dc-bench-'));
const sqlite = openSqliteStore(join(dir, 'bench.sqlite'));
await benchUsers('SQLite (WAL, synchronous=FULL)', sqlite);
await sqlite.close();
rmSync(dir, { recursive: true, force: true });

let server: PostgresServer | undefined;
let url = process.env.DATABASE_URL;
if (!url) {
  const found = findPostgres();
  if (!found.ok) {
    console.log(`\nPostgreSQL skipped: ${found.reason}`);
    process.exit(0);
  }
  server = await startPostgres();
  url = await server.createDatabase('dc_bench');
}
const pool = openPgPool(url, { max: concurrency });
try {
  await migratePostgres(pool);
  await pool.query('TRUNCATE users, rate_limits');
  await benchUsers(`PostgreSQL (${server ? 'throwaway server, fsync=off' : 'DATABASE_URL'})`, createPgUserStore(pool));
  const limiter = new (pgRateLimitStore(pool))({}).child({ routeInfo: { method: 'POST', url: '/bench' } } as never);
  const hit = (key: string) =>
    new Promise((resolve, reject) =>
      (limiter.incr as (...args: unknown[]) => void)(key, (error: Error | null, result: unknown) => (error ? reject(error) : resolve(result)), 60_000, 10),
    );
  console.log(`  ${await timed('rate-limit hit', total, (i) => hit(`198.51.100.${i % 250}`))}`);
  await pool.query('TRUNCATE users, rate_limits');
} finally {
  await pool.end();
  await server?.stop();
}
