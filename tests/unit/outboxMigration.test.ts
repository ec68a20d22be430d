import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratePostgres } from '../../server/db/migrate';
import { PG_MIGRATIONS } from '../../server/db/pgMigrations';
import { openPgPool, type PgPool } from '../../server/db/postgres';
import { MIGRATIONS, SCHEMA_VERSION, openSqliteDatabase } from '../../server/db/sqlite';
import { createMailDelivery } from '../../server/contactRequests/delivery';
import { smtpMailer } from '../../server/contactRequests/mail';
import { createPgContactRequestStore } from '../../server/contactRequests/pgStore';
import { openSqliteContactRequestStore } from '../../server/contactRequests/sqliteStore';
import type { ContactRequestStore } from '../../server/contactRequests/store';
import { findPostgres, POSTGRES_START_MS, startPostgres, type PostgresServer } from '../support/postgres';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';

/**
 * The migration to one mail outbox (SQLite 7, PostgreSQL 'one_outbox'), from a database at the
 * schema version before it, on both databases: every waiting entry of the contact request outbox and of the
 * account mails' outbox moves over with its Message-ID, attempt count, due time, lease and last
 * error; the contact requests, their statuses and attempt logs stay; afterwards the one worker mails every
 * entry to a real SMTP server with its old Message-ID, an entry leased before the upgrade only when
 * its lease has run out. And the migration that lets the outbox take the notices of added and removed
 * passkeys (SQLite 11, PostgreSQL 'passkey_change_mail'): waiting entries stay, the new kinds go in.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const DOMAIN = 'dataclarity.de';
const ADDRESSES = { to: 'sales@dataclarity.de', from: '"DataClarity website" <website@dataclarity.de>' };

/** SQLite's last schema version with two outboxes. */
const SQLITE_TWO_OUTBOXES = 6;
const PG_TWO_OUTBOXES = PG_MIGRATIONS.findIndex((migration) => migration.name === 'one_outbox');

type Exec = (sql: string, params: unknown[]) => Promise<void>;

interface ContactRequest5 {
  id: string;
  status: 'pending' | 'sent' | 'failed' | 'spam';
  deliveredAt?: string;
  /** The attempt log: one error (or null: accepted) per attempt. */
  log: Array<string | null>;
  outbox?: { attempts: number; next: string; leaseToken?: string; leaseUntil?: string; lastError?: string };
}

const CONTACT_REQUESTS: ContactRequest5[] = [
  { id: '11111111-1111-4111-8111-111111111111', status: 'pending', log: [], outbox: { attempts: 0, next: at(0) } },
  {
    id: '22222222-2222-4222-8222-222222222222',
    status: 'pending',
    log: ['451 try later'],
    outbox: { attempts: 1, next: at(30_000), lastError: '451 try later' },
  },
  // Claimed by an instance of the old version when the upgrade ran: its lease holds until it ends.
  {
    id: '33333333-3333-4333-8333-333333333333',
    status: 'pending',
    log: [],
    outbox: { attempts: 1, next: at(0), leaseToken: 'lease-of-the-old-version', leaseUntil: at(120_000) },
  },
  { id: '44444444-4444-4444-8444-444444444444', status: 'sent', deliveredAt: at(-5_000), log: [null] },
  { id: '55555555-5555-4555-8555-555555555555', status: 'failed', log: ['550 no such user', '550 no such user'] },
  { id: '66666666-6666-4666-8666-666666666666', status: 'spam', log: [] },
];

const MAILS = [
  { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', kind: 'email-verification', attempts: 0, next: at(0), lastError: null },
  { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', kind: 'password-reset', attempts: 2, next: at(600_000), lastError: 'ECONNREFUSED: connect failed' },
] as const;

const contactRequestMessageId = (id: string) => `<lead-${id}@${DOMAIN}>`;
const mailMessageId = (mail: (typeof MAILS)[number]) => `<${mail.kind}-${mail.id}@${DOMAIN}>`;

/** Fills a database at the schema before the one outbox: contact requests in every state, both outboxes with waiting entries. */
async function seedTwoOutboxes(exec: Exec): Promise<void> {
  for (const [i, contactRequest] of CONTACT_REQUESTS.entries()) {
    await exec(
      `INSERT INTO leads (id, variant, name, email, phone, message, source, received_at, status, delivered_at)
       VALUES (?, 'contact', ?, ?, '+49 621 4305 8870', 'Our monthly reporting.', '', ?, ?, ?)`,
      [contactRequest.id, `Person ${i}`, `person.${i}@example.de`, at(-60_000 + i), contactRequest.status, contactRequest.deliveredAt ?? null],
    );
    for (const [n, error] of contactRequest.log.entries()) {
      await exec('INSERT INTO lead_delivery_attempts (lead_id, attempt, started_at, finished_at, error) VALUES (?, ?, ?, ?, ?)', [
        contactRequest.id,
        n + 1,
        at(-50_000 + n * 1000),
        at(-49_000 + n * 1000),
        error,
      ]);
    }
    if (contactRequest.outbox) {
      await exec(
        'INSERT INTO lead_outbox (lead_id, message_id, attempts, next_attempt_at, lease_token, lease_until, last_error) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [contactRequest.id, contactRequestMessageId(contactRequest.id), contactRequest.outbox.attempts, contactRequest.outbox.next, contactRequest.outbox.leaseToken ?? null, contactRequest.outbox.leaseUntil ?? null, contactRequest.outbox.lastError ?? null],
      );
    }
  }
  for (const mail of MAILS) {
    await exec(
      `INSERT INTO mail_outbox (id, kind, recipient, subject, body, message_id, created_at, attempts, next_attempt_at, last_error)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [mail.id, mail.kind, 'jana.weber@example.de', `Subject of ${mail.kind}`, `Body of ${mail.kind}`, mailMessageId(mail), at(-30_000), mail.attempts, mail.next, mail.lastError],
    );
  }
}

interface OutboxRow {
  id: string;
  kind: string;
  lead_id: string | null;
  recipient: string | null;
  message_id: string;
  created_at: string | Date;
  attempts: number;
  next_attempt_at: string | Date;
  lease_token: string | null;
  lease_until: string | Date | null;
  last_error: string | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** What the one outbox must hold after the migration. */
const EXPECTED_ROWS = [
  ...CONTACT_REQUESTS.flatMap((contactRequest, i) =>
    contactRequest.outbox
      ? [
          {
            id: contactRequest.id,
            kind: 'lead',
            lead_id: contactRequest.id,
            recipient: null,
            message_id: contactRequestMessageId(contactRequest.id),
            created_at: at(-60_000 + i),
            attempts: contactRequest.outbox.attempts,
            next_attempt_at: contactRequest.outbox.next,
            lease_token: contactRequest.outbox.leaseToken ?? null,
            lease_until: contactRequest.outbox.leaseUntil ?? null,
            last_error: contactRequest.outbox.lastError ?? null,
          },
        ]
      : [],
  ),
  ...MAILS.map((mail) => ({
    id: mail.id,
    kind: mail.kind,
    lead_id: null,
    recipient: 'jana.weber@example.de',
    message_id: mailMessageId(mail),
    created_at: at(-30_000),
    attempts: mail.attempts,
    next_attempt_at: mail.next,
    lease_token: null,
    lease_until: null,
    last_error: mail.lastError,
  })),
].sort((a, b) => (a.id < b.id ? -1 : 1));

interface Backend {
  name: string;
  skip: boolean;
  /** A database at the schema before the one outbox, seeded; then migrated by opening the current stores. */
  open(): Promise<{ store: ContactRequestStore; rows(): Promise<OutboxRow[]>; tables(): Promise<string[]>; close(): Promise<void> }>;
}

const postgres = findPostgres();
if (!postgres.ok) console.warn(`Outbox migration on PostgreSQL skipped: ${postgres.reason}`);
let pgServer: PostgresServer | null = null;
let sink: SmtpSink;
let root: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  root = mkdtempSync(join(tmpdir(), 'dc-outbox-migration-'));
  if (postgres.ok) pgServer = await startPostgres();
}, POSTGRES_START_MS);

afterAll(async () => {
  await sink.stop();
  await pgServer?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A new SQLite file at an older schema version (its migrations run by hand, as an older server left it), open. */
function sqliteAt(version: number): { file: string; old: Database.Database } {
  const file = join(mkdtempSync(join(root, 'db-')), 'dc.sqlite');
  const old = new Database(file);
  old.exec('CREATE TABLE schema_version (version INTEGER NOT NULL)');
  for (const migration of MIGRATIONS.slice(0, version)) old.exec(migration);
  old.prepare('INSERT INTO schema_version (version) VALUES (?)').run(version);
  return { file, old };
}

const ROWS_SQL =
  'SELECT id, kind, lead_id, recipient, message_id, created_at, attempts, next_attempt_at, lease_token, lease_until, last_error FROM mail_outbox ORDER BY id';

const backends: Backend[] = [
  {
    name: 'SQLite',
    skip: false,
    async open() {
      const { file, old } = sqliteAt(SQLITE_TWO_OUTBOXES);
      await seedTwoOutboxes(async (sql, params) => void old.prepare(sql).run(...params));
      old.close();
      const store = openSqliteContactRequestStore(file);
      return {
        store,
        rows: async () => store.db.prepare(ROWS_SQL).all() as OutboxRow[],
        tables: async () => (store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((t) => t.name),
        close: () => store.close(),
      };
    },
  },
  {
    name: 'PostgreSQL',
    skip: !postgres.ok,
    async open() {
      const pool: PgPool = openPgPool(await pgServer!.createDatabase());
      await migratePostgres(pool, PG_MIGRATIONS.slice(0, PG_TWO_OUTBOXES));
      await seedTwoOutboxes(async (sql, params) => {
        let n = 0;
        await pool.query(sql.replace(/\?/g, () => `$${++n}`), params);
      });
      // one_outbox, then the migrations after it (client_dashboards, …).
      expect(await migratePostgres(pool)).toEqual(PG_MIGRATIONS.slice(PG_TWO_OUTBOXES).map((_, i) => PG_TWO_OUTBOXES + 1 + i));
      const store = createPgContactRequestStore(pool, { ownsPool: true });
      return {
        store,
        rows: async () => (await pool.query<OutboxRow>(ROWS_SQL)).rows,
        tables: async () =>
          (await pool.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")).rows.map((t) => t.table_name),
        close: () => store.close(),
      };
    },
  },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`migration to one mail outbox on ${backend.name}`, () => {
    it('carries every waiting entry of both outboxes over unchanged, and keeps the contact requests and their attempt logs', async () => {
      const db = await backend.open();
      try {
        const tables = await db.tables();
        expect(tables).toContain('mail_outbox');
        expect(tables).not.toContain('lead_outbox');
        expect(tables).not.toContain('outbox');
        const rows = (await db.rows()).map((row) => ({
          ...row,
          attempts: Number(row.attempts),
          created_at: iso(row.created_at),
          next_attempt_at: iso(row.next_attempt_at),
          lease_until: iso(row.lease_until),
        }));
        expect(rows).toEqual(EXPECTED_ROWS);
        for (const contactRequest of CONTACT_REQUESTS) {
          expect(await db.store.get(contactRequest.id)).toMatchObject({
            status: contactRequest.status,
            deliveredAt: contactRequest.deliveredAt ?? null,
            attempts: contactRequest.log.length,
            lastError: contactRequest.log.at(-1) ?? null,
          });
        }
        expect(await db.store.outbox.stats()).toEqual({ size: EXPECTED_ROWS.length, oldestQueuedAt: at(-60_000) });
      } finally {
        await db.close();
      }
    });

    it('the one worker then mails every carried-over entry once, with its old Message-ID; a lease taken before the upgrade is waited out', async () => {
      const db = await backend.open();
      sink.received.length = 0;
      let now = new Date(T0 + 60_000);
      const delivery = createMailDelivery({
        outbox: db.store.outbox,
        mailer: smtpMailer(sink.url),
        addresses: ADDRESSES,
        retry: { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 12 },
        now: () => now,
      });
      try {
        // One minute on: due are the two untried entries and the contact request whose retry time has come;
        // the lease of the old version still runs, the reset mail waits for its retry time.
        await delivery.runOnce();
        const first = sink.received.map((mail) => mail.parsed.messageId).sort();
        expect(first).toEqual([contactRequestMessageId(CONTACT_REQUESTS[0]!.id), contactRequestMessageId(CONTACT_REQUESTS[1]!.id), mailMessageId(MAILS[0])].sort());
        now = new Date(T0 + 3_600_000);
        await delivery.runOnce();
        const all = sink.received.map((mail) => mail.parsed.messageId).sort();
        expect(all).toEqual(EXPECTED_ROWS.map((row) => row.message_id).sort());
        expect(await db.store.outbox.stats()).toEqual({ size: 0, oldestQueuedAt: null });
        // The attempt counts went on from where the old outboxes left them.
        expect(await db.store.get(CONTACT_REQUESTS[1]!.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
        expect((await db.store.attempts(CONTACT_REQUESTS[2]!.id)).map((a) => a.attempt)).toEqual([2]);
        const reset = sink.received.find((mail) => mail.parsed.messageId === mailMessageId(MAILS[1]))!;
        expect(reset.envelope.to).toEqual(['jana.weber@example.de']);
        expect(reset.parsed.subject).toBe('Subject of password-reset');
        for (const contactRequest of CONTACT_REQUESTS.filter((l) => l.outbox)) expect((await db.store.get(contactRequest.id))!.status).toBe('sent');
      } finally {
        await delivery.stop();
        await db.close();
      }
    });
  });
}

/** SQLite's and PostgreSQL's last schema versions before the outbox took the passkey notices. */
const SQLITE_BEFORE_NOTICES = 10;
const PG_BEFORE_NOTICES = PG_MIGRATIONS.findIndex((migration) => migration.name === 'passkey_change_mail');
const MAIL_COLUMNS = 'id, kind, recipient, subject, body, message_id, created_at, attempts, next_attempt_at';
const INSERT_MAIL = `INSERT INTO mail_outbox (${MAIL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const mailRow = (id: string, kind: string) => [id, kind, 'jana.weber@example.de', `Subject of ${kind}`, `Body of ${kind}`, `<${kind}-${id}@${DOMAIN}>`, at(0), 1, at(0)];
const WAITING = 'a0000000-0000-4000-8000-000000000001';

interface NoticeBackend {
  name: string;
  skip: boolean;
  /** A database at the schema before the notices with a waiting invitation, then migrated: insert, read back. */
  open(): Promise<{ insert(row: unknown[]): Promise<void>; kinds(): Promise<Array<{ id: string; kind: string; attempts: number }>>; indexes(): Promise<string[]>; close(): Promise<void> }>;
}

const noticeBackends: NoticeBackend[] = [
  {
    name: 'SQLite',
    skip: false,
    async open() {
      const { file, old } = sqliteAt(SQLITE_BEFORE_NOTICES);
      old.prepare(INSERT_MAIL).run(...mailRow(WAITING, 'staff-invitation'));
      old.close();
      const db = openSqliteDatabase(file);
      expect((db.prepare('SELECT version FROM schema_version').get() as { version: number }).version).toBe(SCHEMA_VERSION);
      return {
        insert: async (row) => void db.prepare(INSERT_MAIL).run(...row),
        kinds: async () => db.prepare('SELECT id, kind, attempts FROM mail_outbox ORDER BY id').all() as Array<{ id: string; kind: string; attempts: number }>,
        indexes: async () =>
          (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'mail_outbox' AND sql IS NOT NULL ORDER BY name").all() as Array<{ name: string }>).map((i) => i.name),
        close: async () => void db.close(),
      };
    },
  },
  {
    name: 'PostgreSQL',
    skip: !postgres.ok,
    async open() {
      const pool: PgPool = openPgPool(await pgServer!.createDatabase());
      await migratePostgres(pool, PG_MIGRATIONS.slice(0, PG_BEFORE_NOTICES));
      const insert = async (row: unknown[]) => {
        let n = 0;
        await pool.query(INSERT_MAIL.replace(/\?/g, () => `$${++n}`), row);
      };
      await insert(mailRow(WAITING, 'staff-invitation'));
      expect(await migratePostgres(pool)).toEqual(Array.from({ length: PG_MIGRATIONS.length - PG_BEFORE_NOTICES }, (_, i) => PG_BEFORE_NOTICES + 1 + i));
      return {
        insert,
        kinds: async () => (await pool.query<{ id: string; kind: string; attempts: number }>('SELECT id, kind, attempts FROM mail_outbox ORDER BY id')).rows,
        indexes: async () =>
          (await pool.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'mail_outbox' AND indexname LIKE 'mail_outbox_%' ORDER BY indexname")).rows.map((i) => i.indexname),
        close: () => pool.end(),
      };
    },
  },
];

describe('migrations to the passkey notices and on (SQLite 11-12, PostgreSQL passkey_change_mail, trusted_devices)', () => {
  for (const backend of noticeBackends) {
    it.skipIf(backend.skip)(`on ${backend.name}: keeps the waiting mails and the indexes, takes the new kinds, still refuses an unknown one`, async () => {
      const db = await backend.open();
      await checkNoticeKinds(db).finally(() => db.close());
    });
  }
});

async function checkNoticeKinds(db: Awaited<ReturnType<NoticeBackend['open']>>): Promise<void> {
  await db.insert(mailRow('a0000000-0000-4000-8000-000000000002', 'passkey-added'));
  await db.insert(mailRow('a0000000-0000-4000-8000-000000000003', 'passkey-removed'));
  await db.insert(mailRow('a0000000-0000-4000-8000-000000000005', 'email-verified'));
  await db.insert(mailRow('a0000000-0000-4000-8000-000000000006', 'account-deleted'));
  await expect(db.insert(mailRow('a0000000-0000-4000-8000-000000000004', 'passkey-renamed'))).rejects.toThrow(/check/i);
  expect((await db.kinds()).map((row) => ({ ...row, attempts: Number(row.attempts) }))).toEqual([
    { id: WAITING, kind: 'staff-invitation', attempts: 1 },
    { id: 'a0000000-0000-4000-8000-000000000002', kind: 'passkey-added', attempts: 1 },
    { id: 'a0000000-0000-4000-8000-000000000003', kind: 'passkey-removed', attempts: 1 },
    { id: 'a0000000-0000-4000-8000-000000000005', kind: 'email-verified', attempts: 1 },
    { id: 'a0000000-0000-4000-8000-000000000006', kind: 'account-deleted', attempts: 1 },
  ]);
  expect(await db.indexes()).toEqual(expect.arrayContaining(['mail_outbox_by_age', 'mail_outbox_due']));
}
