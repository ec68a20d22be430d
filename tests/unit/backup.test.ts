import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { ContactRequestMail, ContactRequestMailer } from '../../server/contactRequests/mail';
import { openSqliteContactRequestStore } from '../../server/contactRequests/sqliteStore';
import { openStores } from '../../server/db/openStores';
import { backupPostgres, backupSqlite, restorePostgres, restoreSqlite, verifySqliteBackup } from '../../server/ops/backup';
import { findPostgres, POSTGRES_START_MS, startPostgres, type PostgresServer } from '../support/postgres';
import { openSqliteStore } from '../../server/users/sqliteStore';
import { contactRequest } from './contactRequestStoreContract';

/** Pages better-sqlite3's backup copies per step unless told otherwise. */
const DEFAULT_BACKUP_STEP_PAGES = 100;

/**
 * npm run backup / restore on SQLite: a backup taken while 10 writers add contact requests and users holds
 * every row acknowledged before it began, also when the database is more pages than one backup
 * step of the library's default copies (a write between two steps restarted the copy, forever); restored into a new file, a fresh server serves it and
 * mails its pending contact requests. Restore refuses to overwrite data without --force.
 */

vi.setConfig({ testTimeout: 120_000 });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-backup-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title>');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('backup and restore (SQLite)', () => {
  it('a backup under 10 writers holds every acknowledged row; the restored server serves and delivers', async () => {
    const live = join(dir, 'live.sqlite');
    const contactRequests = openSqliteContactRequestStore(live);
    const users = openSqliteStore(live);
    const acknowledged: Array<{ kind: 'lead' | 'user'; id: string; at: number }> = [];
    let writing = true;
    let n = 0;
    const writer = async (w: number) => {
      while (writing) {
        const i = n++;
        if (i % 2 === 0) {
          const { contactRequest: stored } = await contactRequests.create(contactRequest({ message: `Contact request ${i} from writer ${w}, written during the backup. ${'Filler to grow the database. '.repeat(60)}` }), new Date());
          acknowledged.push({ kind: 'lead', id: stored.id, at: performance.now() });
        } else {
          const user = await users.create({ firstName: 'Jana', lastName: `Writer${w}`, email: `w${w}-${i}@example.de`, passwordHash: 'scrypt$test' });
          acknowledged.push({ kind: 'user', id: user._id, at: performance.now() });
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const writers = Array.from({ length: 10 }, (_, w) => writer(w));
    while (acknowledged.length < 1000) await new Promise((resolve) => setTimeout(resolve, 5));
    const pages = new Database(live, { readonly: true });
    expect(pages.pragma('page_count', { simple: true })).toBeGreaterThan(DEFAULT_BACKUP_STEP_PAGES);
    pages.close();
    const backupStarted = performance.now();
    const before = acknowledged.filter((row) => row.at <= backupStarted);
    const file = join(dir, 'backup.sqlite');
    const summary = await backupSqlite(live, file);
    writing = false;
    await Promise.all(writers);
    await contactRequests.close();
    await users.close();
    expect(summary.rows!.leads + summary.rows!.users).toBeGreaterThanOrEqual(before.length);
    await expect(backupSqlite(live, file)).rejects.toThrow(/exists already/);

    // Restore into a new file and start a fresh server on it.
    const restored = join(dir, 'restored.sqlite');
    expect(restoreSqlite(file, restored, false)).toEqual(verifySqliteBackup(file));
    const check = openSqliteContactRequestStore(restored);
    const checkUsers = openSqliteStore(restored);
    for (const row of before) {
      if (row.kind === 'lead') expect(await check.get(row.id), row.id).not.toBeNull();
      else expect(await checkUsers.get(row.id), row.id).not.toBeNull();
    }
    const pending = (await check.outbox.stats()).size;
    await check.close();
    await checkUsers.close();

    const mails: ContactRequestMail[] = [];
    const mailer: ContactRequestMailer = { async send(mail) { mails.push(mail); }, close() {} };
    const app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent' }), distDir: dir, databasePath: restored }, { contactRequestMailer: mailer });
    await app.ready();
    try {
      expect((await app.inject('/')).statusCode).toBe(200);
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      const deadline = Date.now() + 60_000;
      while (mails.length < pending && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(mails.length).toBe(pending);
    } finally {
      await app.close();
    }
  });

  it('restore refuses to overwrite a database holding data without --force', async () => {
    const live = join(dir, 'refuse.sqlite');
    const store = openSqliteContactRequestStore(live);
    await store.create(contactRequest(), new Date());
    await store.close();
    const file = join(dir, 'refuse-backup.sqlite');
    await backupSqlite(live, file);
    expect(() => restoreSqlite(file, live, false)).toThrow(/--force/);
    expect(restoreSqlite(file, live, true)).toEqual({ users: 0, leads: 1 });
    expect(existsSync(`${live}.restoring`)).toBe(false);
  });
});

const postgres = findPostgres();
if (!postgres.ok) console.warn(`PostgreSQL backup test skipped: ${postgres.reason}`);

describe.skipIf(!postgres.ok)('backup and restore (PostgreSQL, pg_dump / pg_restore)', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    if (postgres.ok) process.env.PG_BIN = postgres.bin;
    server = await startPostgres();
  }, POSTGRES_START_MS);
  afterAll(async () => server?.stop());

  it('a backup under 10 writers holds every acknowledged contact request; restore refuses a database with data, fills an empty one', async () => {
    const liveUrl = await server.createDatabase('live');
    const stores = await openStores({ databasePath: '', databaseUrl: liveUrl });
    const acknowledged: Array<{ id: string; at: number }> = [];
    let writing = true;
    const writer = async (w: number) => {
      for (let i = 0; writing; i++) {
        const { contactRequest: stored } = await stores.contactRequests.create(contactRequest({ message: `Contact request ${i} from writer ${w}, during the dump.` }), new Date());
        acknowledged.push({ id: stored.id, at: performance.now() });
      }
    };
    const writers = Array.from({ length: 10 }, (_, w) => writer(w));
    while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    const before = acknowledged.filter((row) => row.at <= started);
    const file = join(dir, 'pg.dump');
    const atStart = acknowledged.length;
    await backupPostgres(liveUrl, file);
    const duringDump = acknowledged.length - atStart;
    writing = false;
    await Promise.all(writers);
    await stores.close();
    expect(duringDump, 'the writers went on while pg_dump ran').toBeGreaterThan(0);

    expect(() => restorePostgres(file, liveUrl, false)).toThrow(/--force/);
    const restoredUrl = await server.createDatabase('restored');
    restorePostgres(file, restoredUrl, false);
    const restored = await openStores({ databasePath: '', databaseUrl: restoredUrl });
    try {
      for (const row of before) expect(await restored.contactRequests.get(row.id), row.id).not.toBeNull();
    } finally {
      await restored.close();
    }
  });
});
