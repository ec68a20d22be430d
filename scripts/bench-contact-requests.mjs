#!/usr/bin/env node
/**
 * Benchmark of the contact request endpoint (issue 17): not a test, it prints figures.
 *
 *   node scripts/bench-contact-requests.mjs [--db sqlite,postgres] [--seconds 10] [--clients 50] [--kills 5] [--port 8172] [--smtp off]
 *
 * Runs everything below once per database in `--db` (default: sqlite) and ends with a table of
 * both side by side. PostgreSQL: DATABASE_URL if set (a scratch database: its contact request tables are
 * emptied!), else a throwaway server (tests/support/postgres.ts) switched to production
 * durability (fsync, synchronous_commit, full_page_writes on), so it compares fairly with
 * SQLite's synchronous=FULL.
 *
 * 1. Throughput: the real server (server/main.ts on dist/, a fresh SQLite file, mails going to a
 *    local SMTP sink in this process) takes valid JSON contact requests from `--clients` concurrent clients
 *    for `--seconds`; prints accepted contact requests per second and the latency percentiles.
 * 2. Durability: `--kills` rounds of "post contact requests from 50 clients, kill -9 the server at a random
 *    moment, restart it on the same file": every contact request answered 201 before the kill must be found
 *    by the admin API after the restart (a fresh file / emptied tables per database). Prints acknowledged vs found (they must be equal), and
 *    whether the outbox then mailed each stored contact request.
 * Needs a built dist/ (npm run build).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { tsImport } from 'tsx/esm/api';
import { percentile } from './benchProbe.mjs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce(
      (pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs),
      /** @type {Array<[string, string | undefined]>} */ ([]),
    ),
);
const SECONDS = Number(args.seconds ?? 10);
const CLIENTS = Number(args.clients ?? 50);
const KILLS = Number(args.kills ?? 5);
const PORT = Number(args.port ?? 8172);
const SMTP = args.smtp !== 'off';
const DATABASES = String(args.db ?? 'sqlite').split(',').map((db) => db.trim()).filter(Boolean);
for (const db of DATABASES) {
  if (db !== 'sqlite' && db !== 'postgres') {
    console.error(`--db takes sqlite, postgres or both (sqlite,postgres), got '${db}'.`);
    process.exit(2);
  }
}
const TOKEN = 'bench-admin-token';
const ENDPOINT = '/dc_api/wa_v1/contact';

if (!existsSync('dist/index.html')) {
  console.error("No built site in dist/. Run 'npm run build' first.");
  process.exit(1);
}

// --- a local SMTP sink -------------------------------------------------------------------------
const mailed = new Set();
let duplicates = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.on('data', (chunk) => (raw += chunk));
    stream.on('end', () => {
      const id = /X-DC-Lead-Id: ([0-9a-f-]+)/i.exec(raw)?.[1];
      if (id && mailed.has(id)) duplicates++;
      if (id) mailed.add(id);
      callback();
    });
  },
});
// A killed server drops its SMTP connection mid-conversation: not an error of the sink.
smtp.on('error', () => {});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve(undefined)));
// smtp-server's types leave out the net.Server it keeps; listening on a TCP port, its address is an AddressInfo.
const smtpPort = /** @type {import('node:net').AddressInfo} */ (/** @type {{ server: import('node:net').Server }} */ (/** @type {unknown} */ (smtp)).server.address()).port;

// --- the server --------------------------------------------------------------------------------
const dir = mkdtempSync(join(tmpdir(), 'dc-bench-contact-requests-'));
/** The database of the current run: a SQLite file, or a DATABASE_URL. */
let database = { label: '', env: {} };

async function startServer() {
  try {
    await fetch(`http://127.0.0.1:${PORT}/healthz`);
    throw new Error(`port ${PORT} is already in use`);
  } catch (error) {
    if (error instanceof Error && error.message.includes('already in use')) throw error;
  }
  // node with tsx's loader, no wrapper process: SIGKILL kills the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      ...database.env,
      DC_ADMIN_TOKEN: TOKEN,
      DC_CONTACT_RATE_MAX: '100000000',
      DC_MAX_CONNECTIONS_PER_IP: '512', // every client is 127.0.0.1
      SMTP_URL: SMTP ? `smtp://127.0.0.1:${smtpPort}` : '',
      LEAD_RETRY_BASE_S: '1',
      LEAD_RETRY_MAX_S: '2',
      LEAD_POLL_S: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited };
}

let counter = 0;
function contactRequest() {
  counter++;
  return JSON.stringify({
    name: `Bench Visitor ${counter}`,
    email: `visitor${counter}@example.de`,
    phone: '+49 621 4305 8870',
    message: `Benchmark contact request number ${counter}: we would like to improve our monthly reporting.`,
    variant: counter % 2 ? 'contact' : 'consultation',
  });
}

async function post() {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}${ENDPOINT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: contactRequest(),
  });
  const body = await response.json();
  return { status: response.status, id: body.id, ms: performance.now() - started };
}

async function allContactRequestIds() {
  const response = await fetch(`http://127.0.0.1:${PORT}${ENDPOINT}?format=json&limit=200&offset=0`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const first = await response.json();
  /** @typedef {{ leads: Array<{ id: string }>, total: number }} ContactRequestPage */
  const ids = new Set(/** @type {ContactRequestPage} */ (first).leads.map((request) => request.id));
  for (let offset = 200; offset < first.total; offset += 200) {
    const page = await (await fetch(`http://127.0.0.1:${PORT}${ENDPOINT}?limit=200&offset=${offset}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json();
    for (const request of /** @type {ContactRequestPage} */ (page).leads) ids.add(request.id);
  }
  return ids;
}

// --- PostgreSQL: DATABASE_URL (emptied) or a throwaway server with production durability ---------
async function openPostgres() {
  const given = process.env.DATABASE_URL;
  if (given) {
    // The server migrates at start; empty what an earlier run left (a scratch database only!).
    const client = new pg.Client({ connectionString: given });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT to_regclass('leads') IS NOT NULL AS present");
      if (rows[0].present) await client.query('TRUNCATE leads CASCADE');
      await client.query("DELETE FROM rate_limits WHERE to_regclass('rate_limits') IS NOT NULL").catch(() => undefined);
    } finally {
      await client.end();
    }
    return { url: given, label: 'PostgreSQL (DATABASE_URL)', stop: async () => undefined };
  }
  const { findPostgres, startPostgres } = await tsImport('../tests/support/postgres.ts', import.meta.url);
  const found = findPostgres();
  if (!found.ok) throw new Error(`No PostgreSQL for --db postgres: ${found.reason} (or set DATABASE_URL).`);
  const server = await startPostgres({ durable: true });
  // The tests' server runs with fsync=off; a benchmark compares production settings: check them.
  const admin = new pg.Client({ connectionString: server.adminUrl });
  let version;
  await admin.connect();
  try {
    const { rows } = await admin.query(
      "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes') ORDER BY name",
    );
    const off = rows.filter((row) => row.setting !== 'on');
    if (off.length > 0) throw new Error(`PostgreSQL kept ${off.map((row) => row.name).join(', ')} off`);
    version = (await admin.query('SHOW server_version')).rows[0].server_version.split(' ')[0];
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await admin.end();
  }
  const url = await server.createDatabase('dc_bench_leads');
  return { url, label: `PostgreSQL ${version} (local, fsync on, synchronous_commit on)`, stop: () => server.stop() };
}

// --- one run on one database ------------------------------------------------------------------
async function runBench() {
  mailed.clear();
  duplicates = 0;
  // --- 1. throughput -----------------------------------------------------------------------------
  let server = await startServer();
  // Warm-up (JIT, first SQLite pages).
  await Promise.all(Array.from({ length: CLIENTS }, () => post()));
  /** @type {number[]} */
  const latencies = [];
  let accepted = 0;
  let refused = 0;
  const until = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const result = await post();
        latencies.push(result.ms);
        if (result.status === 201) accepted++;
        else refused++;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(`Contact request endpoint, ${CLIENTS} concurrent clients, ${SECONDS} s, ${database.label}, SMTP delivery ${SMTP ? 'on' : 'off'}:`);
  console.log(`  accepted contact requests: ${accepted} (${(accepted / elapsed).toFixed(0)} contact requests/s), refused: ${refused}`);
  console.log(
    `  latency ms: p50 ${percentile(latencies, 50).toFixed(1)}, p90 ${percentile(latencies, 90).toFixed(1)}, p99 ${percentile(latencies, 99).toFixed(1)}, max ${(latencies.at(-1) ?? NaN).toFixed(1)}`,
  );

  // --- 2. kill -9 loop ---------------------------------------------------------------------------
  const acknowledged = new Set();
  let lost = 0;
  for (let round = 1; round <= KILLS; round++) {
    let stop = false;
    const load = Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (!stop) {
          try {
            const result = await post();
            if (result.status === 201) acknowledged.add(result.id);
          } catch {
            return; // the server is gone
          }
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 700));
    server.child.kill('SIGKILL');
    await server.exited;
    stop = true;
    await load;
    server = await startServer();
    const found = await allContactRequestIds();
    const missing = [...acknowledged].filter((id) => !found.has(id));
    lost += missing.length;
    console.log(`kill -9 round ${round}: acknowledged so far ${acknowledged.size}, of them found after restart ${acknowledged.size - missing.length}, stored in all ${found.size}`);
  }
  const found = await allContactRequestIds();
  const acknowledgedFound = [...acknowledged].filter((id) => found.has(id)).length;
  console.log(`kill -9 loop (${KILLS} rounds): contact requests acknowledged ${acknowledged.size}, acknowledged contact requests found after restarts ${acknowledgedFound}: ${acknowledgedFound === acknowledged.size ? 'equal' : 'NOT EQUAL'}`);

  // Delivery catches up after the crashes: every stored contact request is mailed.
  const deadline = SMTP ? Date.now() + 120_000 : 0;
  while (Date.now() < deadline && [...found].some((id) => !mailed.has(id))) await new Promise((resolve) => setTimeout(resolve, 500));
  const unmailed = [...found].filter((id) => !mailed.has(id)).length;
  if (SMTP) console.log(
    `delivery after the crashes: ${found.size - unmailed} of ${found.size} stored contact requests mailed${unmailed ? ` (${unmailed} still pending)` : ''}, ${duplicates} sent twice (a kill between the SMTP server's OK and the mark; same Message-ID)`,
  );

  server.child.kill('SIGTERM');
  await server.exited;
  return {
    database: database.label,
    contactRequestsPerSecond: accepted / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    acknowledged: acknowledged.size,
    acknowledgedFound,
    lost,
    mailed: found.size - unmailed,
    stored: found.size,
    duplicates,
  };
}

const results = [];
for (const db of DATABASES) {
  if (db === 'sqlite') {
    database = { label: 'SQLite (WAL, synchronous=FULL)', env: { DATABASE_PATH: join(dir, 'dc.sqlite') } };
    results.push(await runBench());
  } else {
    const pgDatabase = await openPostgres();
    database = { label: pgDatabase.label, env: { DATABASE_URL: pgDatabase.url } };
    try {
      results.push(await runBench());
    } finally {
      await pgDatabase.stop();
    }
  }
}

console.log(`\nSide by side (${CLIENTS} clients, ${SECONDS} s; kill -9 loop of ${KILLS} rounds):`);
console.log('| Database | Accepted contact requests/s | p50 | p99 | kill -9: acknowledged → found | Mailed afterwards |');
console.log('|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.database} | ${r.contactRequestsPerSecond.toFixed(0)} | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${r.acknowledged} → ${r.acknowledgedFound} | ${SMTP ? `${r.mailed} of ${r.stored}; ${r.duplicates} sent twice` : 'SMTP off'} |`,
  );
}

await new Promise((resolve) => smtp.close(() => resolve(undefined)));
rmSync(dir, { recursive: true, force: true });
process.exit(results.every((r) => r.lost === 0 && r.acknowledgedFound === r.acknowledged) ? 0 : 1);
