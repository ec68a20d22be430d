import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { ContactRequestMailer } from '../../server/contactRequests/mail';
import { openStores } from '../../server/db/openStores';
import { openPgPool } from '../../server/db/postgres';
import { createPgContactRequestStore } from '../../server/contactRequests/pgStore';
import { openSqliteContactRequestStore } from '../../server/contactRequests/sqliteStore';
import '../../server/ops/lifecycle';
import { readiness } from '../../server/ops/readiness';
import { CONTACT_ENDPOINT } from '../../shared/contactRequest';
import { databaseBackends, type DatabaseBackend } from '../support/databaseBackends';
import { freePort } from '../support/postgres';

/** GET /readyz: ready, draining, mail not going out, database gone; /healthz unchanged. On SQLite and PostgreSQL. */

const VALID = { name: 'Jana Weber', email: 'jana.weber@example.de', phone: '+49 621 4305 8870', message: 'We would like to talk about our monthly reporting.' };
let dir: string;
let app: FastifyInstance | null = null;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-ready-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title>');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await app?.close();
  app = null;
});

const backends = databaseBackends('Readiness');

for (const backend of backends) describe.skipIf(backend.skip)(`GET /readyz on ${backend.name}`, () => readinessSuite(backend));

function readinessSuite(backend: DatabaseBackend) {
  let database: Record<string, string> = {};
  async function start(env: Record<string, string>, mailer?: ContactRequestMailer) {
    database = await backend.fresh();
    app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent', DC_CONTACT_RATE_MAX: '100', ...database, ...env }), distDir: dir }, mailer ? { contactRequestMailer: mailer } : {});
    await app.ready();
    return app;
  }

  it('200 ready, never cached; 503 once the instance drains, while /healthz still answers', async () => {
    const server = await start({});
    const ready = await server.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { shuttingDown: false, database: 'ok', outbox: 'ok' } });
    server.lifecycle.draining = true;
    const draining = await server.inject('/readyz');
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: 'not ready', checks: { shuttingDown: true } });
    expect(draining.headers.connection).toBe('close');
    expect((await server.inject('/healthz')).statusCode).toBe(200);
  });

  it('503 when the oldest contact request waiting for its mail is older than DC_READY_OUTBOX_MAX_AGE_S (mail is not going out)', async () => {
    const refusing: ContactRequestMailer = {
      async send() {
        throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      },
      close() {},
    };
    const server = await start({ DC_READY_OUTBOX_MAX_AGE_S: '1', LEAD_RETRY_BASE_S: '3600' }, refusing);
    expect((await server.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: VALID })).statusCode).toBe(201);
    expect((await server.inject('/readyz')).statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    let answer = await server.inject('/readyz');
    while (answer.statusCode === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await server.inject('/readyz');
    }
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ checks: { database: 'ok', outbox: 'stuck' } });
    expect(answer.json().checks.oldestPendingAgeS).toBeGreaterThanOrEqual(1);
  });

  it('without SMTP, contact requests waiting in the database do not make the instance unready', async () => {
    const server = await start({ DC_READY_OUTBOX_MAX_AGE_S: '1' });
    await server.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: VALID });
    const config = loadConfig(database);
    const stores = await openStores({ databasePath: config.databasePath, databaseUrl: config.databaseUrl });
    const report = await readiness(server, { outbox: stores.contactRequests.outbox, mailing: false, outboxMaxAgeMs: 1000, now: () => new Date(Date.now() + 60_000) });
    await stores.close();
    expect(report).toMatchObject({ status: 'ready', checks: { outbox: 'ok' } });
    expect(report.checks.oldestPendingAgeS).toBeGreaterThanOrEqual(59);
  });

  it('503 when the database does not answer', async () => {
    const bare = Fastify({ logger: false });
    bare.decorate('lifecycle', { draining: false });
    let store;
    if (backend.name === 'SQLite') {
      store = openSqliteContactRequestStore(join(dir, 'gone.sqlite'));
      await store.close();
    } else {
      // A PostgreSQL that is not there (nothing listens on the port).
      store = createPgContactRequestStore(openPgPool(`postgres://dc@127.0.0.1:${await freePort()}/gone`), { ownsPool: true });
    }
    const report = await readiness(bare, { outbox: store.outbox, mailing: true, outboxMaxAgeMs: 1000 });
    expect(report).toMatchObject({ status: 'not ready', checks: { database: 'unreachable', outbox: 'unknown' } });
    await bare.close();
    if (backend.name === 'PostgreSQL') await store.close();
  });
}
