import { randomUUID } from 'node:crypto';
import type { PgPool } from '../db/postgres';
import { USER_AGENT_MAX, type NewSession, type Session, type SessionStore, type SessionWithUser } from './store';

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  last_seen_at: Date;
  user_agent: string;
  passkey_verified: boolean;
  active?: boolean;
}

function sessionFromRow(row: SessionRow): Session {
  return { id: row.id, userId: row.user_id, createdAt: row.created_at, lastSeenAt: row.last_seen_at, userAgent: row.user_agent, passkeyVerified: row.passkey_verified };
}

const COLUMNS = 's.id, s.user_id, s.created_at, s.last_seen_at, s.user_agent, s.passkey_verified';

/**
 * SessionStore on PostgreSQL (migration `sessions` of ../db/pgMigrations): one statement per
 * call on the shared pool, so every instance sees every session. Times come from the
 * database's clock, so instances with different clocks agree on expiry.
 */
export function createPgSessionStore(pool: PgPool): SessionStore {
  const query = async <Row extends object>(sql: string, params: unknown[]) => pool.query<Row>(sql, params);
  return {
    async create(input: NewSession) {
      // A new session is a sign-in: the user's last sign-in moves in the same statement.
      const { rows } = await query<SessionRow>(
        `WITH signed_in AS (UPDATE users SET last_sign_in_at = clock_timestamp() WHERE id = $3)
         INSERT INTO sessions AS s (token_hash, id, user_id, created_at, last_seen_at, user_agent, passkey_verified)
         VALUES ($1, $2, $3, clock_timestamp(), clock_timestamp(), $4, $5) RETURNING ${COLUMNS}`,
        [input.tokenHash, randomUUID(), input.userId, input.userAgent.slice(0, USER_AGENT_MAX), input.passkeyVerified === true],
      );
      return sessionFromRow(rows[0]!);
    },
    async find(tokenHash: string): Promise<SessionWithUser | null> {
      const { rows } = await query<SessionRow>(
        `SELECT ${COLUMNS}, u.active FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`,
        [tokenHash],
      );
      const row = rows[0];
      return row ? { ...sessionFromRow(row), userActive: row.active === true } : null;
    },
    async touch(tokenHash: string) {
      await query('UPDATE sessions SET last_seen_at = clock_timestamp() WHERE token_hash = $1', [tokenHash]);
    },
    async delete(tokenHash: string) {
      await query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    },
    async listForUser(userId: string) {
      const { rows } = await query<SessionRow>(
        `SELECT ${COLUMNS} FROM sessions s WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id`,
        [userId],
      );
      return rows.map(sessionFromRow);
    },
    async deleteById(userId: string, id: string) {
      const result = await query('DELETE FROM sessions WHERE user_id = $1 AND id = $2', [userId, id]);
      return (result.rowCount ?? 0) > 0;
    },
    async deleteForUser(userId: string, exceptTokenHash?: string) {
      const result =
        exceptTokenHash === undefined
          ? await query('DELETE FROM sessions WHERE user_id = $1', [userId])
          : await query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, exceptTokenHash]);
      return result.rowCount ?? 0;
    },
    async close() {
      // The pool belongs to ../db/openStores.
    },
  };
}
