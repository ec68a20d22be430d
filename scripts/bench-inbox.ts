/**
 * npx tsx scripts/bench-inbox.ts [--leads 100000] [--runs 30] [--db sqlite,postgres]: latency of the
 * staff console's inbox queries (server/staff/contactRequestRoutes.ts → ContactRequestStore.list) on a database holding
 * that many contact requests, on SQLite and on PostgreSQL. A bench, not a test: it prints figures (median and
 * 95th percentile in ms over `--runs` calls after one warm-up) for the first page (newest 25), each
 * filter, a search and a deep page. SQLite in a temporary folder; PostgreSQL: a throwaway server
 * (tests/support/postgres.ts) with production durability.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStores, type Stores } from '../server/db/openStores';
import type { ContactRequestQuery } from '../server/contactRequests/store';
import { inboxQuery } from '../server/staff/contactRequestRoutes';
import { STAFF_PAGE_SIZE } from '../shared/staffContactRequests';
import { startPostgres } from '../tests/support/postgres';
import { percentile } from './benchProbe.mjs';

const { values } = parseArgs({
  options: { leads: { type: 'string', default: '100000' }, runs: { type: 'string', default: '30' }, db: { type: 'string', default: 'sqlite,postgres' } },
});
const TOTAL = Number(values.leads);
const RUNS = Number(values.runs);
const DATABASES = values.db.split(',').map((db) => db.trim());

/** What the console asks for, as its query string would (../server/staff/contactRequestRoutes: inboxQuery). */
const QUERIES: Array<[string, ContactRequestQuery]> = [
  ['newest 25', {}],
  ['status=failed', inboxQuery({ status: 'failed' })],
  ['variant=consultation&handled=false', inboxQuery({ variant: 'consultation', handled: 'false' })],
  ['q=fabric (1 % of contact requests match)', inboxQuery({ q: 'fabric' })],
  ['q=firma42 (an address part)', inboxQuery({ q: 'firma42.example' })],
  ['q=nothing-matches', inboxQuery({ q: 'nothing-matches' })],
  ['status=delivered, page 200', { ...inboxQuery({ status: 'delivered' }), offset: 199 * STAFF_PAGE_SIZE }],
];

// Contact requests spread over a year, newest last; every 20th failed, every 50th spam, a third consultations,
// half handled, 1 % mention "Fabric".
const SQLITE_FILL = `
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @total)
  INSERT INTO leads (id, variant, name, email, phone, message, source, received_at, status, delivered_at, handled_at)
  SELECT printf('00000000-0000-4000-8000-%012d', i),
    CASE WHEN i % 3 = 0 THEN 'consultation' ELSE 'contact' END,
    'Person ' || i, 'person' || i || '@firma' || (i % 500) || '.example', '+49 621 4305 8870',
    'We would like to talk about our reporting. ' || CASE WHEN i % 100 = 0 THEN 'Microsoft Fabric migration.' ELSE 'Power BI dashboards for sales.' END,
    'https://www.dataclarity.de/contact',
    strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i * 5) || ' minutes'),
    CASE WHEN i % 50 = 0 THEN 'spam' WHEN i % 20 = 0 THEN 'failed' ELSE 'sent' END,
    NULL,
    CASE WHEN i % 2 = 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-02', '+' || (i * 5) || ' minutes') END
  FROM n`;
const PG_FILL = `
  INSERT INTO leads (id, variant, name, email, phone, message, source, received_at, status, delivered_at, handled_at)
  SELECT '00000000-0000-4000-8000-' || lpad(i::text, 12, '0'),
    CASE WHEN i % 3 = 0 THEN 'consultation' ELSE 'contact' END,
    'Person ' || i, 'person' || i || '@firma' || (i % 500) || '.example', '+49 621 4305 8870',
    'We would like to talk about our reporting. ' || CASE WHEN i % 100 = 0 THEN 'Microsoft Fabric migration.' ELSE 'Power BI dashboards for sales.' END,
    'https://www.dataclarity.de/contact',
    timestamptz '2026-01-01' + i * interval '5 minutes',
    CASE WHEN i % 50 = 0 THEN 'spam' WHEN i % 20 = 0 THEN 'failed' ELSE 'sent' END,
    NULL,
    CASE WHEN i % 2 = 0 THEN timestamptz '2026-01-02' + i * interval '5 minutes' END
  FROM generate_series(1, $1) AS i`;

async function measure(stores: Stores): Promise<Array<[string, number, number, number]>> {
  const rows: Array<[string, number, number, number]> = [];
  for (const [name, filters] of QUERIES) {
    const query = { limit: STAFF_PAGE_SIZE, offset: 0, ...filters };
    const first = await stores.contactRequests.list(query);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await stores.contactRequests.list(query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push([name, first.total, percentile(times, 50), percentile(times, 95)]);
  }
  return rows;
}

const results = new Map<string, Array<[string, number, number, number]>>();
for (const db of DATABASES) {
  const started = performance.now();
  if (db === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'dc-bench-inbox-'));
    const stores = await openStores({ databasePath: join(dir, 'dc.sqlite'), databaseUrl: null });
    try {
      const sqlite = (stores.sessions as unknown as { db: import('better-sqlite3').Database }).db;
      sqlite.prepare(SQLITE_FILL).run({ total: TOTAL });
      sqlite.exec('ANALYZE');
      console.log(`sqlite: ${TOTAL} contact requests in ${Math.round(performance.now() - started)} ms`);
      results.set(db, await measure(stores));
    } finally {
      await stores.close();
      rmSync(dir, { recursive: true, force: true });
    }
  } else if (db === 'postgres') {
    const server = await startPostgres({ durable: true });
    try {
      const url = await server.createDatabase('bench_inbox');
      const stores = await openStores({ databasePath: '', databaseUrl: url });
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: url });
      await client.connect();
      await client.query(PG_FILL, [TOTAL]);
      await client.query('VACUUM ANALYZE leads');
      await client.end();
      console.log(`postgres: ${TOTAL} contact requests in ${Math.round(performance.now() - started)} ms`);
      try {
        results.set(db, await measure(stores));
      } finally {
        await stores.close();
      }
    } finally {
      await server.stop();
    }
  } else {
    throw new Error(`--db: sqlite or postgres, got '${db}'`);
  }
}

console.log(`\nInbox queries on ${TOTAL} contact requests, page of ${STAFF_PAGE_SIZE}, ms (median / p95 of ${RUNS}):\n`);
console.log(`| query | matches | ${DATABASES.map((db) => `${db} median | ${db} p95`).join(' | ')} |`);
console.log(`| --- | ---: | ${DATABASES.map(() => '---: | ---:').join(' | ')} |`);
QUERIES.forEach(([name], i) => {
  const cells = DATABASES.map((db) => {
    const row = results.get(db)![i]!;
    return `${row[2].toFixed(1)} | ${row[3].toFixed(1)}`;
  });
  console.log(`| ${name} | ${results.get(DATABASES[0]!)![i]![1]} | ${cells.join(' | ')} |`);
});
