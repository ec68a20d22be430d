import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../server/db/sqlite';
import { openSqliteLeadStore } from '../../server/leads/sqliteStore';
import { openSqliteStore } from '../../server/users/sqliteStore';
import { lead, leadStoreContract } from './leadStoreContract';

/** The SQLite lead store: the shared contract, and what is particular to the file it shares with the users. */

leadStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dc-leads-'));
  const file = join(dir, 'dc.sqlite');
  const store = openSqliteLeadStore(file);
  return {
    store,
    second: async () => openSqliteLeadStore(file),
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SQLite lead store', () => {
  it('lives in the users database, created by migration 2, and survives a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dc-leads-'));
    const file = join(dir, 'data', 'dc.sqlite');
    try {
      const users = openSqliteStore(file);
      const leads = openSqliteLeadStore(file);
      expect((users.db.prepare('SELECT version FROM schema_version').get() as { version: number }).version).toBe(SCHEMA_VERSION);
      expect(SCHEMA_VERSION).toBe(2);
      const tables = (leads.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(['users', 'leads', 'lead_outbox', 'lead_delivery_attempts']));
      // No column could hold an IP address.
      const columns = (leads.db.prepare('PRAGMA table_info(leads)').all() as Array<{ name: string }>).map((c) => c.name);
      expect(columns.some((c) => /ip|addr|agent/i.test(c))).toBe(false);
      expect(leads.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(leads.db.pragma('synchronous', { simple: true })).toBe(2); // FULL
      const { lead: stored } = await leads.create(lead(), new Date());
      await leads.close();
      await users.close();
      const again = openSqliteLeadStore(file);
      expect(await again.get(stored.id)).toEqual(stored);
      expect(await again.outboxSize()).toBe(1);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('migrates a version-1 database (users only) forward without touching the users', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dc-leads-'));
    const file = join(dir, 'dc.sqlite');
    try {
      const users = openSqliteStore(file);
      await users.create({ firstName: 'Jana', lastName: 'Weber', email: 'jana@example.de', passwordHash: 'scrypt$x' });
      users.db.exec('DROP TABLE lead_delivery_attempts; DROP TABLE lead_outbox; DROP TABLE leads; UPDATE schema_version SET version = 1;');
      await users.close();
      const leads = openSqliteLeadStore(file);
      expect((leads.db.prepare('SELECT version FROM schema_version').get() as { version: number }).version).toBe(2);
      expect((leads.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n).toBe(1);
      await leads.create(lead(), new Date());
      await leads.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
