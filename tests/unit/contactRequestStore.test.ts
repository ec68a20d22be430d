import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../server/db/migrate';
import { openPgPool, type PgPool } from '../../server/db/postgres';
import { createPgContactRequestStore } from '../../server/contactRequests/pgStore';
import type { ContactRequestStore } from '../../server/contactRequests/store';
import { skipForMissing } from '../support/missingProgram';
import { findPostgres, POSTGRES_START_MS, startPostgres, type PostgresServer } from '../support/postgres';
import { SCHEMA_VERSION } from '../../server/db/sqlite';
import { openSqliteContactRequestStore } from '../../server/contactRequests/sqliteStore';
import { openSqliteStore } from '../../server/users/sqliteStore';
import { contactRequest, contactRequestStoreContract } from './contactRequestStoreContract';

/**
 * The contact request stores: the shared contract on SQLite and on a real PostgreSQL (skipped with a message
 * when none is installed), and what is particular to each database.
 */

contactRequestStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dc-contact-requests-'));
  const file = join(dir, 'dc.sqlite');
  const store = openSqliteContactRequestStore(file);
  return {
    store,
    second: async () => openSqliteContactRequestStore(file),
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SQLite contact request store', () => {
  it('lives in the users database, created by migration 2, and survives a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dc-contact-requests-'));
    const file = join(dir, 'data', 'dc.sqlite');
    try {
      const users = openSqliteStore(file);
      const contactRequests = openSqliteContactRequestStore(file);
      expect((users.db.prepare('SELECT version FROM schema_version').get() as { version: number }).version).toBe(SCHEMA_VERSION);
      expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
      const tables = (contactRequests.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(['users', 'leads', 'mail_outbox', 'lead_delivery_attempts']));
      expect(tables).not.toContain('lead_outbox');
      // No column could hold an IP address.
      const columns = (contactRequests.db.prepare('PRAGMA table_info(leads)').all() as Array<{ name: string }>).map((c) => c.name);
      expect(columns.some((c) => /ip|addr|agent/i.test(c))).toBe(false);
      expect(contactRequests.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(contactRequests.db.pragma('synchronous', { simple: true })).toBe(2); // FULL
      const { contactRequest: stored } = await contactRequests.create(contactRequest(), new Date());
      await contactRequests.close();
      await users.close();
      const again = openSqliteContactRequestStore(file);
      expect(await again.get(stored.id)).toEqual(stored);
      expect(await again.outbox.size('lead')).toBe(1);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('migrates a version-1 database (users only) forward without touching the users', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dc-contact-requests-'));
    const file = join(dir, 'dc.sqlite');
    try {
      const users = openSqliteStore(file);
      await users.create({ firstName: 'Jana', lastName: 'Weber', email: 'jana@example.de', passwordHash: 'scrypt$x' });
      // Back to version 1: without what migrations 2 (contact requests), 3 (sessions), 4 (account mail), 5 (staff) 6 (passkeys), 7 (one outbox), 8 (client dashboards), 9 (press items) and 12 (trusted devices) made.
      users.db.exec(
        'DROP TABLE trusted_devices; DROP TABLE press_items; DROP TABLE client_dashboards; DROP TABLE webauthn_challenges; DROP TABLE passkeys; DROP TABLE audit_log; DROP TABLE staff_enrollments; DROP INDEX users_by_role; ALTER TABLE users DROP COLUMN role; ALTER TABLE users DROP COLUMN last_sign_in_at; ' +
          'DROP TABLE mail_outbox; DROP TABLE account_tokens; ALTER TABLE users DROP COLUMN email_verified_at; ' +
          'DROP TRIGGER sessions_end_on_deactivation; DROP TABLE sessions; DROP TABLE sign_in_failures; ' +
          'DROP TABLE lead_delivery_attempts; DROP TABLE leads; UPDATE schema_version SET version = 1;',
      );
      await users.close();
      const contactRequests = openSqliteContactRequestStore(file);
      expect((contactRequests.db.prepare('SELECT version FROM schema_version').get() as { version: number }).version).toBe(SCHEMA_VERSION);
      expect((contactRequests.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n).toBe(1);
      await contactRequests.create(contactRequest(), new Date());
      await contactRequests.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const postgres = findPostgres();
const skipPostgres = skipForMissing('PostgreSQL (contact request store)', postgres.ok ? null : postgres.reason);

describe.skipIf(skipPostgres)('PostgreSQL contact request store', () => {
  let server: PostgresServer;
  let url: string;
  let pool: PgPool;
  beforeAll(async () => {
    server = await startPostgres();
    url = await server.createDatabase('dc_leads_contract');
    pool = openPgPool(url);
    await migratePostgres(pool);
  }, POSTGRES_START_MS);
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  contactRequestStoreContract('PostgreSQL', async () => {
    await pool.query('TRUNCATE leads CASCADE');
    const store = createPgContactRequestStore(pool);
    return {
      store,
      // Another instance: its own pool on the same database.
      second: async () => createPgContactRequestStore(openPgPool(url), { ownsPool: true }),
      cleanup: async () => store.close(),
    };
  });

  it('keeps no column that could hold an IP address, and stores times as timestamptz', async () => {
    const { rows } = await pool.query<{ column_name: string; data_type: string }>(
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'leads'",
    );
    expect(rows.some((c) => /ip|addr|agent/i.test(c.column_name))).toBe(false);
    expect(rows.find((c) => c.column_name === 'received_at')?.data_type).toBe('timestamp with time zone');
  });

  it('stores a submission retried at two instances at once (same idempotency key) once', async () => {
    await pool.query('TRUNCATE leads CASCADE');
    const stores = [createPgContactRequestStore(pool), createPgContactRequestStore(openPgPool(url), { ownsPool: true })];
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => stores[i % 2]!.create(contactRequest({ idempotencyKey: 'retried-key-42' }), new Date())),
      );
      expect(new Set(results.map((r) => r.contactRequest.id)).size).toBe(1);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(await stores[1]!.outbox.size()).toBe(1);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('delivers each contact request once when two instances run delivery on one database at the same time', { timeout: 60_000 }, async () => {
    await pool.query('TRUNCATE leads CASCADE');
    const stores = [createPgContactRequestStore(pool), createPgContactRequestStore(openPgPool(url), { ownsPool: true })];
    try {
      const now = new Date();
      await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % 2]!.create(contactRequest({ name: `Person ${i}` }), now)));
      const mailed: string[] = [];
      // Each instance claims small batches in a loop until the outbox is empty, as delivery does.
      const run = async (store: ContactRequestStore) => {
        for (;;) {
          const claims = await store.outbox.claimDue(new Date(), 4, 60_000);
          if (claims.length === 0) return;
          for (const claim of claims) {
            mailed.push(claim.id);
            expect(await store.outbox.markSent(claim, new Date())).toBe(true);
          }
        }
      };
      await Promise.all([run(stores[0]!), run(stores[1]!), run(stores[0]!), run(stores[1]!)]);
      expect(mailed).toHaveLength(60);
      expect(new Set(mailed).size).toBe(60);
      expect(await stores[0]!.outbox.size()).toBe(0);
      expect((await stores[1]!.list({ status: 'sent' })).total).toBe(60);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});
