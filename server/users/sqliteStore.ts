import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  DuplicateEmailError,
  normalizeEmail,
  type NewUser,
  type User,
  type UserCredentials,
  type UserPatch,
  type UserStore,
} from './store';

/**
 * UserStore on an embedded SQLite file (better-sqlite3). The file and its folder are created on
 * first open and the schema is migrated forward (table schema_version). Connection settings:
 * WAL journal (readers never block the writer), synchronous=FULL (a committed user survives a
 * power cut), busy_timeout=5000 ms (a second process waits instead of failing), foreign keys on.
 */

export interface SqliteStoreOptions {
  /** Clock for created_at / updated_at (default: now). */
  now?: () => Date;
}

/** The SQLite store; `db` is exposed for diagnostics and tests (pragmas, backups), not for queries. */
export interface SqliteUserStore extends UserStore {
  readonly db: Database.Database;
}

/** Migrations in order; index + 1 is the schema version after applying one. Append only. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE users (
     id            TEXT PRIMARY KEY NOT NULL,
     first_name    TEXT NOT NULL,
     last_name     TEXT NOT NULL,
     email         TEXT NOT NULL UNIQUE,
     password_hash TEXT NOT NULL,
     active        INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
     created_at    TEXT NOT NULL,
     updated_at    TEXT NOT NULL
   );`,
];

/** Latest schema version this code knows. */
export const SCHEMA_VERSION = MIGRATIONS.length;

interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  active: number;
  created_at: string;
  updated_at: string;
}

/** Public columns only: the hash is read by credentials() alone. */
const PUBLIC_COLUMNS = 'id, first_name, last_name, email, active, created_at, updated_at';

function toUser(row: Omit<UserRow, 'password_hash'>): User {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    active: row.active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  db.transaction(() => {
    const row = db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
    let version = row?.version ?? 0;
    if (!row) db.prepare('INSERT INTO schema_version (version) VALUES (0)').run();
    if (version > SCHEMA_VERSION) {
      throw new Error(`Database schema version ${version} is newer than this server (${SCHEMA_VERSION}).`);
    }
    for (; version < SCHEMA_VERSION; version++) {
      db.exec(MIGRATIONS[version]!);
    }
    db.prepare('UPDATE schema_version SET version = ?').run(version);
  }).immediate();
}

/**
 * Opens (creating if needed) the SQLite user store at `path`. Pass ':memory:' for a throwaway
 * database.
 */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteUserStore {
  const now = options.now ?? (() => new Date());
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }

  const insert = db.prepare(
    `INSERT INTO users (id, first_name, last_name, email, password_hash, active, created_at, updated_at)
     VALUES (@id, @first_name, @last_name, @email, @password_hash, 1, @created_at, @updated_at)`,
  );
  const selectAll = db.prepare(`SELECT ${PUBLIC_COLUMNS} FROM users ORDER BY created_at, rowid`);
  const selectOne = db.prepare(`SELECT ${PUBLIC_COLUMNS} FROM users WHERE id = ?`);
  const selectCredentials = db.prepare('SELECT id, password_hash, active FROM users WHERE email = ?');
  const updateFields = db.prepare(
    `UPDATE users SET first_name = @first_name, last_name = @last_name, email = @email, updated_at = @updated_at
     WHERE id = @id`,
  );
  const deactivateOne = db.prepare('UPDATE users SET active = 0, updated_at = ? WHERE id = ? AND active = 1');

  const getSync = (id: string): User | null => {
    const row = selectOne.get(id) as Omit<UserRow, 'password_hash'> | undefined;
    return row ? toUser(row) : null;
  };

  const store: SqliteUserStore = {
    db,

    async create(input: NewUser) {
      const timestamp = now().toISOString();
      const row: UserRow = {
        id: randomUUID(),
        first_name: input.firstName.trim(),
        last_name: input.lastName.trim(),
        email: normalizeEmail(input.email),
        password_hash: input.passwordHash,
        active: 1,
        created_at: timestamp,
        updated_at: timestamp,
      };
      try {
        insert.run(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateEmailError(row.email);
        throw error;
      }
      return toUser(row);
    },

    async list() {
      return (selectAll.all() as Omit<UserRow, 'password_hash'>[]).map(toUser);
    },

    async get(id: string) {
      return getSync(id);
    },

    async update(id: string, patch: UserPatch) {
      const current = getSync(id);
      if (!current) return null;
      const next = {
        id,
        first_name: typeof patch.firstName === 'string' ? patch.firstName.trim() : current.firstName,
        last_name: typeof patch.lastName === 'string' ? patch.lastName.trim() : current.lastName,
        email: typeof patch.email === 'string' ? normalizeEmail(patch.email) : current.email,
        updated_at: now().toISOString(),
      };
      if (
        next.first_name === current.firstName &&
        next.last_name === current.lastName &&
        next.email === current.email
      ) {
        return current; // nothing changed: updatedAt stays
      }
      try {
        updateFields.run(next);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateEmailError(next.email);
        throw error;
      }
      return getSync(id);
    },

    async deactivate(id: string) {
      deactivateOne.run(now().toISOString(), id);
      return getSync(id);
    },

    async credentials(email: string): Promise<UserCredentials | null> {
      const row = selectCredentials.get(normalizeEmail(email)) as
        | Pick<UserRow, 'id' | 'password_hash' | 'active'>
        | undefined;
      return row ? { id: row.id, passwordHash: row.password_hash, active: row.active === 1 } : null;
    },

    async close() {
      if (db.open) db.close();
    },
  };
  return store;
}
