import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { openSqliteDatabase } from '../db/sqlite';
import { USER_AGENT_MAX, type NewSession, type Session, type SessionStore, type SessionWithUser } from './store';

interface SessionRow {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  user_agent: string;
  passkey_verified: number;
  active?: number;
}

function sessionFromRow(row: SessionRow): Session {
  return {
    id: row.id,
    userId: row.user_id,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    userAgent: row.user_agent,
    passkeyVerified: row.passkey_verified === 1,
  };
}

/** The SQLite session store; `db` is its connection (the failed sign-in counters share it). */
export interface SqliteSessionStore extends SessionStore {
  readonly db: Database.Database;
}

/** SessionStore on the server's SQLite file (migration 3 of ../db/sqlite). */
export function openSqliteSessionStore(path: string, options: { now?: () => Date } = {}): SqliteSessionStore {
  const now = options.now ?? (() => new Date());
  const db = openSqliteDatabase(path);
  const insert = db.prepare(
    `INSERT INTO sessions (token_hash, id, user_id, created_at, last_seen_at, user_agent, passkey_verified)
     VALUES (@token_hash, @id, @user_id, @created_at, @created_at, @user_agent, @passkey_verified)`,
  );
  const selectOne = db.prepare(
    `SELECT s.id, s.user_id, s.created_at, s.last_seen_at, s.user_agent, s.passkey_verified, u.active
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`,
  );
  const markSignIn = db.prepare('UPDATE users SET last_sign_in_at = ? WHERE id = ?');
  // A new session is a sign-in: the user's last sign-in moves in the same transaction.
  const createTx = db.transaction((row: { token_hash: string; id: string; user_id: string; created_at: string; user_agent: string; passkey_verified: number }) => {
    insert.run(row);
    markSignIn.run(row.created_at, row.user_id);
  });
  const touchOne = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?');
  const deleteOne = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const selectForUser = db.prepare(
    'SELECT id, user_id, created_at, last_seen_at, user_agent, passkey_verified FROM sessions WHERE user_id = ? ORDER BY created_at DESC, rowid DESC',
  );
  const deleteById = db.prepare('DELETE FROM sessions WHERE user_id = ? AND id = ?');
  const deleteAll = db.prepare('DELETE FROM sessions WHERE user_id = ?');
  const deleteOthers = db.prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?');

  return {
    db,
    async create(input: NewSession) {
      const row = {
        token_hash: input.tokenHash,
        id: randomUUID(),
        user_id: input.userId,
        created_at: now().toISOString(),
        user_agent: input.userAgent.slice(0, USER_AGENT_MAX),
        passkey_verified: input.passkeyVerified === true ? 1 : 0,
      };
      createTx.immediate(row);
      return sessionFromRow({ ...row, last_seen_at: row.created_at });
    },
    async find(tokenHash: string): Promise<SessionWithUser | null> {
      const row = selectOne.get(tokenHash) as SessionRow | undefined;
      return row ? { ...sessionFromRow(row), userActive: row.active === 1 } : null;
    },
    async touch(tokenHash: string) {
      touchOne.run(now().toISOString(), tokenHash);
    },
    async delete(tokenHash: string) {
      deleteOne.run(tokenHash);
    },
    async listForUser(userId: string) {
      return (selectForUser.all(userId) as SessionRow[]).map(sessionFromRow);
    },
    async deleteById(userId: string, id: string) {
      return deleteById.run(userId, id).changes > 0;
    },
    async deleteForUser(userId: string, exceptTokenHash?: string) {
      return (exceptTokenHash === undefined ? deleteAll.run(userId) : deleteOthers.run(userId, exceptTokenHash)).changes;
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
