import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type PgPool } from '../db/postgres';
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
 * UserStore on PostgreSQL (schema: server/db/pgMigrations.ts, table users). Stateless: every
 * call is one statement on the shared pool, so any number of API instances can use the same
 * database. The unique constraint on the normalised email is the guard against two instances
 * registering the same address at once; an edit is one UPDATE that bumps updated_at only when a
 * field really changes.
 */

export interface PgUserStoreOptions {
  /** Clock for created_at / updated_at (default: now). */
  now?: () => Date;
  /** Whether close() ends the pool (default false: the pool belongs to whoever opened it). */
  ownsPool?: boolean;
}

export function createPgUserStore(pool: PgPool, options: PgUserStoreOptions = {}): UserStore {
  const now = options.now ?? (() => new Date());
  let closed = false;

  const query = async <Row extends object>(sql: string, params: unknown[] = []): Promise<Row[]> => {
    if (closed) throw new Error('The user store is closed.');
    return (await pool.query<Row>(sql, params)).rows;
  };
  const one = async (sql: string, params: unknown[]): Promise<User | null> => {
    const rows = await query<UserRow>(sql, params);
    return rows[0] ? userFromRow(rows[0]) : null;
  };

  return {
    async create(input: NewUser) {
      const timestamp = now();
      const email = normalizeEmail(input.email);
      try {
        const user = await one(
          `INSERT INTO users (id, first_name, last_name, email, password_hash, active, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, TRUE, $6, $6)
           RETURNING ${PUBLIC_COLUMNS}`,
          [randomUUID(), input.firstName.trim(), input.lastName.trim(), email, input.passwordHash, timestamp],
        );
        return user!;
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_key')) throw new DuplicateEmailError(email);
        throw error;
      }
    },

    async list() {
      const rows = await query<UserRow>(`SELECT ${PUBLIC_COLUMNS} FROM users ORDER BY created_at, seq`);
      return rows.map(userFromRow);
    },

    async get(id: string) {
      return one(`SELECT ${PUBLIC_COLUMNS} FROM users WHERE id = $1`, [id]);
    },

    async update(id: string, patch: UserPatch) {
      const firstName = typeof patch.firstName === 'string' ? patch.firstName.trim() : null;
      const lastName = typeof patch.lastName === 'string' ? patch.lastName.trim() : null;
      const email = typeof patch.email === 'string' ? normalizeEmail(patch.email) : null;
      try {
        // SET expressions see the row as it was: updated_at moves only when a value changes.
        return await one(
          `UPDATE users SET
             first_name = COALESCE($2, first_name),
             last_name  = COALESCE($3, last_name),
             email      = COALESCE($4, email),
             -- A new address is not verified (issue 31): an administrator's edit proves nothing.
             email_verified_at = CASE WHEN COALESCE($4, email) = email THEN email_verified_at END,
             updated_at = CASE
               WHEN (COALESCE($2, first_name), COALESCE($3, last_name), COALESCE($4, email))
                    IS DISTINCT FROM (first_name, last_name, email)
               THEN $5 ELSE updated_at END
           WHERE id = $1
           RETURNING ${PUBLIC_COLUMNS}`,
          [id, firstName, lastName, email, now()],
        );
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_key')) throw new DuplicateEmailError(email ?? '');
        throw error;
      }
    },

    async deactivate(id: string) {
      const changed = await one(
        `UPDATE users SET active = FALSE, updated_at = $2 WHERE id = $1 AND active RETURNING ${PUBLIC_COLUMNS}`,
        [id, now()],
      );
      return changed ?? one(`SELECT ${PUBLIC_COLUMNS} FROM users WHERE id = $1`, [id]);
    },

    async credentials(email: string): Promise<UserCredentials | null> {
      const rows = await query<{ id: string; password_hash: string; active: boolean }>(
        'SELECT id, password_hash, active FROM users WHERE email = $1',
        [normalizeEmail(email)],
      );
      const row = rows[0];
      return row ? { id: row.id, passwordHash: row.password_hash, active: row.active } : null;
    },

    async passwordHashOf(id: string) {
      const rows = await query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]);
      return rows[0]?.password_hash ?? null;
    },

    async setPasswordHash(id: string, passwordHash: string) {
      const rows = await query<{ id: string }>('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1 RETURNING id', [
        id,
        passwordHash,
        now(),
      ]);
      return rows.length > 0;
    },

    async close() {
      if (closed) return;
      closed = true;
      if (options.ownsPool) await pool.end();
    },
  };
}
