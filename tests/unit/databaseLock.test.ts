import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DatabaseBusyError, retryWhenBusy } from '../../server/db/busy';
import { openSqliteDatabase } from '../../server/db/sqlite';
import { FORM_ERROR_PAGE, FORM_MARKER } from '../../server/contactRequests/formPage';
import { CONTACT_ENDPOINT, HONEYPOT_FIELD } from '../../shared/contactRequest';
import { databaseBackends } from '../support/databaseBackends';
import { freePort } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';
import { holdWriteLock, type WriteLock } from '../support/sqliteWriteLock';
import { makeTestSite } from '../support/testSite';

/**
 * A lock held by someone else never freezes the site: while a second process holds SQLite's write
 * lock (or another connection a PostgreSQL table lock), pages and /healthz answer at once, an API
 * write answers 503 with Retry-After within 2 s, /readyz within 2 s; once the lock is given back
 * the same write succeeds. The bounds are generous (a page under 1 s where a blocked event loop
 * took 5 s and more), so a busy machine does not fail them.
 */

const VALID = { name: 'Jana Weber', email: 'jana.weber@example.de', phone: '+49 621 4305 8870', message: 'We would like to talk about our monthly reporting.', variant: 'contact' };
const FORM = { ...VALID, [HONEYPOT_FIELD]: '' };

let site: { root: string; dist: string };
beforeAll(() => {
  site = makeTestSite('dc-lock-');
  mkdirSync(join(site.dist, 'about'));
  writeFileSync(join(site.dist, 'about', 'index.html'), '<!doctype html><title>About</title><h1>About us</h1>');
  mkdirSync(join(site.dist, 'contact', 'form_error'), { recursive: true });
  writeFileSync(join(site.dist, FORM_ERROR_PAGE), `<!doctype html><html lang="en"><title>Please check</title><main>${FORM_MARKER}</main></html>`);
});
afterAll(() => rmSync(site.root, { recursive: true, force: true }));

interface Timed {
  status: number;
  headers: Headers;
  body: string;
  ms: number;
}

async function timedFetch(url: string, init?: RequestInit): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, ms: performance.now() - started };
}

async function timedInject(request: Promise<LightMyRequestResponse>): Promise<{ answer: LightMyRequestResponse; ms: number }> {
  const started = performance.now();
  const answer = await request;
  return { answer, ms: performance.now() - started };
}

/**
 * The slowest answer of `urls` (on `base`, or through inject on an app), asked one after the
 * other until `settled` says the write in flight is answered, or 15 s have passed (a write that
 * waits for ever).
 */
async function slowestWhile(base: string | FastifyInstance, urls: string[], settled: () => boolean): Promise<{ ms: number; statuses: Set<number> }> {
  const end = performance.now() + 15_000;
  let slowest = 0;
  const statuses = new Set<number>();
  do {
    for (const url of urls) {
      const { status, ms } =
        typeof base === 'string' ? await timedFetch(`${base}${url}`) : await timedInject(base.inject(url)).then(({ answer, ms }) => ({ status: answer.statusCode, ms }));
      statuses.add(status);
      slowest = Math.max(slowest, ms);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  } while (!settled() && performance.now() < end);
  return { ms: slowest, statuses };
}

function settles<T>(promise: Promise<T>): { promise: Promise<T>; done: () => boolean } {
  let done = false;
  const tracked = promise.finally(() => {
    done = true;
  });
  return { promise: tracked, done: () => done };
}

/** `promise`, or a failure naming `what` once `ms` have passed (a request that would wait for the lock for ever). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe('a second process holding the SQLite write lock', () => {
  let server: ServerProcess | null = null;
  let lock: WriteLock | null = null;
  afterEach(async () => {
    await lock?.release();
    await server?.stop();
    lock = server = null;
  });

  it('pages and /healthz stay fast, the API answers 503 with Retry-After within 2 s, /readyz 503 within 2 s; after release the write succeeds', { timeout: 90_000 }, async () => {
    // The real server in its own process, asked over HTTP from this one: a request that arrives
    // while its event loop is held waits, as a visitor's would.
    const databasePath = join(site.root, 'lock.sqlite');
    server = await startServerProcess(await freePort(), { DIST_DIR: site.dist, DATABASE_PATH: databasePath, DC_CONTACT_RATE_MAX: '100', SMTP_URL: '' });
    const base = server.baseURL;
    const contactPost = (key: string) =>
      timedFetch(`${base}${CONTACT_ENDPOINT}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(VALID) });
    expect((await timedFetch(`${base}/about`)).status).toBe(200);
    expect((await contactPost('before-the-lock-0001')).status).toBe(201);

    lock = await holdWriteLock(databasePath);

    // A write in flight, and the page and /healthz asked again and again while it waits for the lock.
    const write = settles(contactPost('locked-then-sent-0001'));
    const pages = await slowestWhile(base, ['/about', '/healthz'], write.done);
    const refused = await write.promise;
    expect(pages.statuses).toEqual(new Set([200]));
    expect(pages.ms).toBeLessThan(1000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(refused.body)).toMatchObject({ status: 503, title: 'Service Unavailable' });
    expect(refused.ms).toBeLessThan(2000);

    // The no-JavaScript form gets the form's notice, with the same status and Retry-After.
    const form = await timedFetch(`${base}${CONTACT_ENDPOINT}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(FORM).toString() });
    expect(form.status).toBe(503);
    expect(form.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(form.headers.get('content-type')).toMatch(/^text\/html/);
    expect(form.ms).toBeLessThan(2000);

    const ready = await timedFetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'not ready', checks: { database: 'unreachable' } });
    expect(ready.ms).toBeLessThan(2000);

    await lock.release();

    const sent = await contactPost('locked-then-sent-0001');
    expect(sent.status).toBe(201);
    const again = await contactPost('locked-then-sent-0001');
    expect(JSON.parse(again.body).id).toBe(JSON.parse(sent.body).id);
    expect((await timedFetch(`${base}/readyz`)).status).toBe(200);
    // What was refused left nothing behind; what was accepted is stored with its outbox entry.
    const db = new Database(databasePath, { readonly: true });
    try {
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      expect(count('SELECT COUNT(*) AS n FROM leads')).toBe(2);
      expect(count("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'lead'")).toBe(2);
    } finally {
      db.close();
    }
  });
});

describe('a store on SQLite', () => {
  let lock: WriteLock | null = null;
  afterEach(async () => {
    await lock?.release();
    lock = null;
  });

  it('a store call waits for the lock between the event loop\'s turns: it succeeds once the lock is given back, else fails with DatabaseBusyError; a best-effort call is dropped at once', { timeout: 30_000 }, async () => {
    const databasePath = join(site.root, 'store.sqlite');
    const db = openSqliteDatabase(databasePath);
    try {
      const insert = db.prepare("INSERT INTO sign_in_failures (key, hits, window_ends) VALUES (?, 1, '2100-01-01')");
      const write = async (key: string) => {
        insert.run(key);
      };
      const store = retryWhenBusy(db, { add: write, touch: write }, { bestEffort: ['touch'] });
      lock = await holdWriteLock(databasePath);

      const touching = performance.now();
      await store.touch('dropped');
      expect(performance.now() - touching).toBeLessThan(500);

      // The loop keeps turning while the call waits: no gap between ticks near the wait's length.
      let lastTick = performance.now();
      let longestGap = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - lastTick);
        lastTick = now;
      }, 10);
      const started = performance.now();
      const failure = await store.add('while-locked').catch((error: unknown) => error);
      const waited = performance.now() - started;
      clearInterval(ticker);
      expect(failure).toBeInstanceOf(DatabaseBusyError);
      expect(waited).toBeLessThan(2000);
      expect(longestGap).toBeLessThan(500);

      const pending = store.add('after-release');
      await lock.release();
      await pending;
      expect(db.prepare('SELECT key FROM sign_in_failures ORDER BY key').all()).toEqual([{ key: 'after-release' }]);
    } finally {
      db.close();
    }
  });
});

const backends = databaseBackends('A locked table');
const postgres = backends.find((backend) => backend.name === 'PostgreSQL')!;

describe.skipIf(postgres.skip)('another connection holding a PostgreSQL table lock', () => {
  let app: FastifyInstance | null = null;
  let holder: pg.Client | null = null;
  afterEach(async () => {
    await holder?.query('ROLLBACK').catch(() => undefined);
    await holder?.end();
    await app?.close();
    holder = app = null;
  });

  it('the API answers 503 with Retry-After within 2 s instead of waiting for the lock; pages, /healthz and /readyz stay fast; after release the write succeeds', { timeout: 60_000 }, async () => {
    const database = (await postgres.fresh()) as { DATABASE_URL: string };
    app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent', DC_CONTACT_RATE_MAX: '100', ...database }), distDir: site.dist });
    await app.ready();
    const post = (options: Partial<InjectOptions> = {}) => app!.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: VALID, ...options });
    expect((await post()).statusCode).toBe(201);

    holder = new pg.Client({ connectionString: database.DATABASE_URL });
    await holder.connect();
    await holder.query('BEGIN');
    // Writes to the contact requests wait for this lock; reads do not.
    await holder.query('LOCK TABLE leads IN EXCLUSIVE MODE');

    const write = settles(timedInject(post()));
    const pages = await slowestWhile(app, ['/about', '/healthz'], write.done);
    const { answer: refused, ms: refusedMs } = await within(write.promise, 5000, 'POST contact while the table is locked');
    expect(pages.statuses).toEqual(new Set([200]));
    expect(pages.ms).toBeLessThan(1000);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refusedMs).toBeLessThan(2000);
    const ready = await timedInject(app.inject('/readyz'));
    expect(ready.ms).toBeLessThan(2000);

    await holder.query('ROLLBACK');
    expect((await post()).statusCode).toBe(201);
  });
});
