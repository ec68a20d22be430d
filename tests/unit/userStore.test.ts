import { describe, it, expect, beforeAll, afterAll, beforeEach, afterEach } from 'vitest';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStore, SCHEMA_VERSION, type SqliteUserStore } from '../../server/users/sqliteStore';
import { DuplicateEmailError, UserStoreError, isDuplicateEmailError, type NewUser, type UserStore } from '../../server/users/store';
import { createPgUserStore } from '../../server/users/pgStore';
import { migratePostgres } from '../../server/db/migrate';
import { openPgPool, type PgPool } from '../../server/db/postgres';
import { skipForMissing } from '../support/missingProgram';
import { findPostgres, POSTGRES_START_MS, startPostgres, type PostgresServer } from '../support/postgres';
import {
  hashPassword,
  needsRehash,
  parseHash,
  verifyPassword,
  SCRYPT_PARAMS,
  KEY_BYTES,
  SALT_BYTES,
  unmatchableHash,
  hashCostFrom,
} from '../../server/users/password';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Not a real hash: the store never looks inside it, and scrypt is slow. */
const FAKE_HASH = 'scrypt$131072$8$1$c2FsdA==$a2V5';

const jana: NewUser = {
  firstName: 'Jana',
  lastName: 'Weber',
  email: 'jana.weber@example.de',
  passwordHash: FAKE_HASH,
};

let dir: string;
let file: string;
let store: SqliteUserStore;
let clock: number;

function open(): SqliteUserStore {
  return openSqliteStore(file, { now: () => new Date(clock) });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-users-'));
  file = join(dir, 'nested', 'data', 'users.sqlite');
  clock = Date.UTC(2025, 2, 1, 9, 0, 0);
  store = open();
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('openSqliteStore', () => {
  it('creates the folder and the file, and migrates to the latest schema', () => {
    expect(existsSync(file)).toBe(true);
    const version = store.db.prepare('SELECT version FROM schema_version').get() as { version: number };
    expect(version.version).toBe(SCHEMA_VERSION);
    const columns = (store.db.prepare('PRAGMA table_info(users)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).toEqual([
      'id',
      'first_name',
      'last_name',
      'email',
      'password_hash',
      'active',
      'created_at',
      'updated_at',
      'email_verified_at',
      'role',
      'last_sign_in_at',
    ]);
  });

  it('sets the pragmas', () => {
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('refuses a database written by a newer schema', async () => {
    store.db.prepare('UPDATE schema_version SET version = ?').run(SCHEMA_VERSION + 1);
    await store.close();
    expect(() => open()).toThrow(/newer/);
  });
});

/**
 * One database behind the UserStore interface: the same contract runs against each. `rawEmails`
 * reads the table with the database's own client, bypassing the store.
 */
interface Backend {
  name: string;
  /** Why this backend cannot run here, or null. */
  skipReason: () => string | null;
  setup(): Promise<void>;
  open(now: () => Date): Promise<UserStore>;
  /** Empties the database between tests. */
  reset(): Promise<void>;
  rawEmails(): Promise<string[]>;
  teardown(): Promise<void>;
}

function userStoreContract(backend: Backend) {
describe.skipIf(skipForMissing(`UserStore on ${backend.name}`, backend.skipReason()))(`UserStore on ${backend.name}`, () => {
  let store: UserStore;
  const open = () => backend.open(() => new Date(clock));

  beforeAll(() => backend.setup(), POSTGRES_START_MS);
  afterAll(() => backend.teardown());
  beforeEach(async () => {
    await backend.reset();
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  it('creates an active user with a uuid v4, normalised fields and ISO timestamps', async () => {
    const user = await store.create({ ...jana, firstName: ' Jana ', email: '  Jana.Weber@Example.DE ' });
    expect(user).toEqual({
      _id: expect.stringMatching(UUID_V4),
      firstName: 'Jana',
      lastName: 'Weber',
      email: 'jana.weber@example.de',
      active: true,
      createdAt: '2025-03-01T09:00:00.000Z',
      updatedAt: '2025-03-01T09:00:00.000Z',
    });
  });

  it('never returns the password hash', async () => {
    const created = await store.create(jana);
    const all = [created, ...(await store.list()), await store.get(created._id)];
    clock += 1000;
    all.push(await store.update(created._id, { lastName: 'Schmidt' }), await store.deactivate(created._id));
    for (const user of all) {
      expect(user).not.toBeNull();
      expect(Object.keys(user!).sort()).toEqual(['_id', 'active', 'createdAt', 'email', 'firstName', 'lastName', 'updatedAt']);
      expect(JSON.stringify(user)).not.toContain(FAKE_HASH);
    }
  });

  it('refuses the same email in another case with a typed error', async () => {
    await store.create(jana);
    const attempt = store.create({ ...jana, firstName: 'Johanna', email: ' JANA.WEBER@example.de' });
    await expect(attempt).rejects.toBeInstanceOf(DuplicateEmailError);
    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserStoreError);
    expect(isDuplicateEmailError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'DUPLICATE_EMAIL', field: 'email', email: 'jana.weber@example.de' });
    expect(await store.list()).toHaveLength(1);
  });

  it('lists users oldest first and gets one by id', async () => {
    const first = await store.create(jana);
    clock += 1000;
    const second = await store.create({ ...jana, firstName: 'Lukas', email: 'lukas.brandt@example.de' });
    expect((await store.list()).map((u) => u._id)).toEqual([first._id, second._id]);
    expect(await store.get(second._id)).toEqual(second);
    expect(await store.get('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('updates only firstName, lastName and email, and bumps updatedAt', async () => {
    const created = await store.create(jana);
    clock += 60_000;
    const patch = {
      lastName: ' Schmidt ',
      email: 'J.Schmidt@Example.de',
      active: false,
      _id: 'other',
      createdAt: '1999-01-01T00:00:00.000Z',
      passwordHash: 'x',
    } as unknown as { lastName: string; email: string };
    const updated = await store.update(created._id, patch);
    expect(updated).toEqual({
      ...created,
      lastName: 'Schmidt',
      email: 'j.schmidt@example.de',
      updatedAt: '2025-03-01T09:01:00.000Z',
    });
    expect((await store.credentials('j.schmidt@example.de'))?.passwordHash).toBe(FAKE_HASH);
    expect(await store.update('00000000-0000-4000-8000-000000000000', { firstName: 'Nobody' })).toBeNull();
  });

  it('leaves updatedAt alone when nothing changes', async () => {
    const created = await store.create(jana);
    clock += 60_000;
    expect(await store.update(created._id, { firstName: 'Jana ' })).toEqual(created);
    expect(await store.update(created._id, {})).toEqual(created);
  });

  it("refuses to move a user onto another user's email", async () => {
    await store.create(jana);
    const lukas = await store.create({ ...jana, firstName: 'Lukas', email: 'lukas.brandt@example.de' });
    await expect(store.update(lukas._id, { email: 'Jana.Weber@example.de' })).rejects.toBeInstanceOf(DuplicateEmailError);
    expect((await store.get(lukas._id))?.email).toBe('lukas.brandt@example.de');
  });

  it('deactivates a user (idempotent)', async () => {
    const created = await store.create(jana);
    clock += 5_000;
    const deactivated = await store.deactivate(created._id);
    expect(deactivated).toMatchObject({ active: false, updatedAt: '2025-03-01T09:00:05.000Z' });
    clock += 5_000;
    expect(await store.deactivate(created._id)).toEqual(deactivated);
    expect(await store.deactivate('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect((await store.credentials(jana.email))?.active).toBe(false);
  });

  it('keeps users across closing and reopening the store', async () => {
    const created = await store.create(jana);
    await store.close();
    await store.close(); // twice is harmless
    store = await open();
    expect(await store.get(created._id)).toEqual(created);
    // The table is readable by the database's own client.
    expect(await backend.rawEmails()).toEqual(['jana.weber@example.de']);
  });

  it('finds credentials by email in any case', async () => {
    const created = await store.create(jana);
    expect(await store.credentials(' JANA.weber@example.de ')).toEqual({
      id: created._id,
      passwordHash: FAKE_HASH,
      active: true,
    });
    expect(await store.credentials('nobody@example.de')).toBeNull();
  });
});
}

let sqliteDir: string;
const sqliteFile = () => join(sqliteDir, 'contract.sqlite');
userStoreContract({
  name: 'SQLite',
  skipReason: () => null,
  async setup() {
    sqliteDir = mkdtempSync(join(tmpdir(), 'dc-users-contract-'));
  },
  async open(now) {
    return openSqliteStore(sqliteFile(), { now });
  },
  async reset() {
    rmSync(sqliteFile(), { force: true });
    rmSync(`${sqliteFile()}-wal`, { force: true });
    rmSync(`${sqliteFile()}-shm`, { force: true });
  },
  async rawEmails() {
    const raw = new Database(sqliteFile(), { readonly: true });
    try {
      return raw.prepare('SELECT email FROM users').pluck().all() as string[];
    } finally {
      raw.close();
    }
  },
  async teardown() {
    rmSync(sqliteDir, { recursive: true, force: true });
  },
});

const postgres = findPostgres();
let pgServer: PostgresServer | undefined;
let pgPool: PgPool | undefined;
userStoreContract({
  name: 'PostgreSQL',
  skipReason: () => (postgres.ok ? null : postgres.reason),
  async setup() {
    pgServer = await startPostgres();
    pgPool = openPgPool(await pgServer.createDatabase('dc_users_contract'));
    await migratePostgres(pgPool);
  },
  async open(now) {
    return createPgUserStore(pgPool!, { now });
  },
  async reset() {
    await pgPool!.query('TRUNCATE users CASCADE'); // sessions refer to users
  },
  async rawEmails() {
    return (await pgPool!.query<{ email: string }>('SELECT email FROM users')).rows.map((row) => row.email);
  },
  async teardown() {
    await pgPool?.end();
    await pgServer?.stop();
  },
});


/** Each scrypt hash costs ~0.3 s of CPU and 128 MiB: generous timeouts for a busy 2-core CI. */
const SCRYPT_TIMEOUT_MS = 30_000;

describe('passwords (scrypt)', { timeout: SCRYPT_TIMEOUT_MS }, () => {
  it('stores a self-describing hash that verifies the password and rejects others', async () => {
    const hash = await hashPassword('Mannheim#2025');
    const parts = hash.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', String(2 ** 17), '8', '1']);
    const parsed = parseHash(hash)!;
    expect(parsed).toMatchObject(SCRYPT_PARAMS);
    expect(parsed.salt).toHaveLength(SALT_BYTES);
    expect(parsed.key).toHaveLength(KEY_BYTES);
    expect(hash).not.toContain('Mannheim');
    expect(needsRehash(hash)).toBe(false);

    await store.create({ ...jana, passwordHash: hash });
    const stored = (await store.credentials(jana.email))!.passwordHash;
    expect(await verifyPassword('Mannheim#2025', stored)).toBe(true);
    expect(await verifyPassword('Mannheim#2026', stored)).toBe(false);
    expect(await verifyPassword('mannheim#2025', stored)).toBe(false);
  });

  it('salts every hash and normalises to NFC', async () => {
    const composed = 'Grüße#2025A'; // ü as one code point
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const hash = await hashPassword(decomposed);
    expect(await verifyPassword(composed, hash)).toBe(true);
    expect(await hashPassword(decomposed)).not.toBe(hash);
  });

  it('hashes at N = 2^17 unless a test server (NODE_ENV=test) asks for less; elsewhere the setting stops the start', () => {
    expect(hashCostFrom({})).toEqual(SCRYPT_PARAMS);
    expect(hashCostFrom({ NODE_ENV: 'production' })).toEqual(SCRYPT_PARAMS);
    expect(hashCostFrom({ NODE_ENV: 'test', DC_TEST_SCRYPT_N: '' })).toEqual(SCRYPT_PARAMS);
    expect(hashCostFrom({ NODE_ENV: 'test', DC_TEST_SCRYPT_N: '1024' })).toEqual({ N: 1024, r: 8, p: 1 });
    expect(hashCostFrom({ NODE_ENV: 'test', DC_TEST_SCRYPT_N: '16' })).toEqual({ N: 16, r: 8, p: 1 });
    expect(hashCostFrom({ NODE_ENV: 'test', DC_TEST_SCRYPT_N: String(2 ** 17) })).toEqual(SCRYPT_PARAMS);
    for (const env of [{ DC_TEST_SCRYPT_N: '1024' }, { NODE_ENV: 'production', DC_TEST_SCRYPT_N: '1024' }, { NODE_ENV: 'development', DC_TEST_SCRYPT_N: '1024' }]) {
      expect(() => hashCostFrom(env), JSON.stringify(env)).toThrow(/DC_TEST_SCRYPT_N is for the test suites only \(NODE_ENV=test\)/);
    }
    for (const bad of ['8', '1000', String(2 ** 18), '1024.0', 'abc', '-1024']) {
      expect(() => hashCostFrom({ NODE_ENV: 'test', DC_TEST_SCRYPT_N: bad }), bad).toThrow(/must be a power of two from 16 to 131072/);
    }
  });

  it('makes a hash no password matches without hashing: well-formed at the current cost, random each time', async () => {
    const started = process.cpuUsage();
    const hash = unmatchableHash();
    const spent = process.cpuUsage(started);
    expect((spent.user + spent.system) / 1000).toBeLessThan(50); // a real hash is ~300-500 ms of CPU
    const parsed = parseHash(hash)!;
    expect(parsed).toMatchObject(SCRYPT_PARAMS);
    expect(parsed.salt).toHaveLength(SALT_BYTES);
    expect(parsed.key).toHaveLength(KEY_BYTES);
    expect(needsRehash(hash)).toBe(false);
    expect(unmatchableHash()).not.toBe(hash);
    expect(await verifyPassword('', hash)).toBe(false);
    expect(await verifyPassword('Mannheim#2025', hash)).toBe(false);
  });

  it('never matches a malformed or out-of-bounds stored value (without hashing)', async () => {
    for (const bad of [
      '',
      'plain-text-password',
      'bcrypt$10$abc',
      'scrypt$131072$8$1$$a2V5',
      'scrypt$100000$8$1$c2FsdA==$a2V5', // N not a power of two
      'scrypt$2147483648$8$1$c2FsdA==$a2V5', // N too large
      'scrypt$131072$0$1$c2FsdA==$a2V5',
      'scrypt$131072$8$1$c2FsdA==',
    ]) {
      expect(parseHash(bad), bad).toBeNull();
      expect(await verifyPassword('anything', bad), bad).toBe(false);
      expect(needsRehash(bad)).toBe(true);
    }
    expect(needsRehash('scrypt$16384$8$1$c2FsdA==$a2V5')).toBe(true);
  });
});
