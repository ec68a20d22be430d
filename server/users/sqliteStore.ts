import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { openSqliteDatabase, SCHEMA_VERSION } from '../db/sqlite';
import {
  DuplicateEmailError,
  normalizeEmail,
  type NewUser,
  type User,
  type UserCredentials,
  type UserPatch,
  type UserStore,
} from './store';
import { PUBLIC_COLUMNS, userFromRow, type UserRow } from './userRow';

/**
 * UserStore on an embedded SQLite file (better-sqlite3), opened and migrated by ../db/sqlite
 * (WAL, synchronous=FULL, busy_timeout 5 s, foreign keys; the contact request store shares the file).
 */

export interface SqliteStoreOptions {
  /** Clock for created_at / updated_at (default: now). */
  now?: () => Date;
}

/** The SQLite store; `db` is exposed for diagnostics and tests (pragmas, backups), not for queries. */
export interface SqliteUserStore extends UserStore {
  readonly db: Database.Database;
}

/** Latest schema version this code knows (the schema is shared with the contact request store: ../db/sqlite). */
export { SCHEMA_VERSION };

/** The stored row: the public columns and the hash. */
interface StoredUserRow extends UserRow {
  password_hash: string;
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/**
 * Opens (creating if needed) the SQLite user store at `path`. Pass ':memory:' for a throwaway
 * database.
 */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteUserStore {
  const now = options.now ?? (() => new Date());
  const db = openSqliteDatabase(path);

  const insert = db.prepare(
    `INSERT INTO users (id, first_name, last_name, email, password_hash, active, created_at, updated_at)
     VALUES (@id, @first_name, @last_name, @email, @password_hash, 1, @created_at, @updated_at)`,
  );
  const selectAll = db.prepare(`SELECT ${PUBLIC_COLUMNS} FROM users ORDER BY created_at, rowid`);
  const selectOne = db.prepare(`SELECT ${PUBLIC_COLUMNS} FROM users WHERE id = ?`);
  const selectCredentials = db.prepare('SELECT id, password_hash, active FROM users WHERE email = ?');
  const updateFields = db.prepare(
    `UPDATE users SET first_name = @first_name, last_name = @last_name, email = @email, updated_at = @updated_at,
       email_verified_at = CASE WHEN email = @email THEN email_verified_at END
     WHERE id = @id`,
  );
  const selectHash = db.prepare('SELECT password_hash FROM users WHERE id = ?');
  const updateHash = db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?');
  const deactivateOne = db.prepare('UPDATE users SET active = 0, updated_at = ? WHERE id = ? AND active = 1');

  const getSync = (id: string): User | null => {
    const row = selectOne.get(id) as UserRow | undefined;
    return row ? userFromRow(row) : null;
  };

  const store: SqliteUserStore = {
    db,

    async create(input: NewUser) {
      const timestamp = now().toISOString();
      const row: StoredUserRow = {
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
      return userFromRow(row);
    },

    async list() {
      return (selectAll.all() as UserRow[]).map(userFromRow);
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
        | Pick<StoredUserRow, 'id' | 'password_hash' | 'active'>
        | undefined;
      return row ? { id: row.id, passwordHash: row.password_hash, active: row.active === 1 } : null;
    },

    async passwordHashOf(id: string) {
      const row = selectHash.get(id) as { password_hash: string } | undefined;
      return row?.password_hash ?? null;
    },

    async setPasswordHash(id: string, passwordHash: string) {
      return updateHash.run(passwordHash, now().toISOString(), id).changes > 0;
    },

    async close() {
      if (db.open) db.close();
    },
  };
  return store;
}
