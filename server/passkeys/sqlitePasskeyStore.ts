import type Database from 'better-sqlite3';
import { transportsList, transportsText, type ChallengePurpose, type Passkey, type PasskeyStore } from './passkeyStore';

interface PasskeyRow {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

function passkeyFromRow(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: row.public_key,
    counter: row.counter,
    transports: transportsList(row.transports),
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** The passkey store (./passkeyStore) on the server's SQLite file (migration 6). */
export function sqlitePasskeyStore(db: Database.Database): PasskeyStore {
  const insert = db.prepare(
    `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at)
     VALUES (@id, @user_id, @public_key, @counter, @transports, @name, @created_at) ON CONFLICT (id) DO NOTHING`,
  );
  const selectOne = db.prepare('SELECT * FROM passkeys WHERE id = ?');
  const selectForUser = db.prepare('SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at, rowid');
  const updateUse = db.prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?');
  const updateName = db.prepare('UPDATE passkeys SET name = ? WHERE user_id = ? AND id = ?');
  const countForUser = db.prepare('SELECT COUNT(*) AS n FROM passkeys WHERE user_id = ?');
  const existsForUser = db.prepare('SELECT 1 FROM passkeys WHERE user_id = ? AND id = ?');
  const deleteOne = db.prepare('DELETE FROM passkeys WHERE user_id = ? AND id = ?');
  const sweep = db.prepare('DELETE FROM webauthn_challenges WHERE expires_at <= ?');
  const insertChallenge = db.prepare('INSERT INTO webauthn_challenges (challenge, purpose, user_id, expires_at) VALUES (?, ?, ?, ?)');
  const takeChallenge = db.prepare('DELETE FROM webauthn_challenges WHERE challenge = ? AND purpose = ? RETURNING user_id, expires_at');

  const remove = db.transaction((userId: string, id: string): 'deleted' | 'last' | 'unknown' => {
    if (!existsForUser.get(userId, id)) return 'unknown';
    if ((countForUser.get(userId) as { n: number }).n <= 1) return 'last';
    deleteOne.run(userId, id);
    return 'deleted';
  });
  const put = db.transaction((challenge: string, purpose: ChallengePurpose, userId: string | null, expiresAt: string, now: string) => {
    sweep.run(now);
    insertChallenge.run(challenge, purpose, userId, expiresAt);
  });

  return {
    async add(passkey, now) {
      const row = {
        id: passkey.id,
        user_id: passkey.userId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: transportsText(passkey.transports),
        name: passkey.name,
        created_at: now.toISOString(),
      };
      return insert.run(row).changes > 0;
    },
    async get(id) {
      const row = selectOne.get(id) as PasskeyRow | undefined;
      return row ? passkeyFromRow(row) : null;
    },
    async listForUser(userId) {
      return (selectForUser.all(userId) as PasskeyRow[]).map(passkeyFromRow);
    },
    async recordUse(id, counter, now) {
      updateUse.run(counter, now.toISOString(), id);
    },
    async rename(userId, id, name) {
      return updateName.run(name, userId, id).changes > 0;
    },
    async removeUnlessLast(userId, id) {
      return remove.immediate(userId, id);
    },
    async remove(userId, id) {
      return deleteOne.run(userId, id).changes > 0;
    },
    async putChallenge(challenge, stored, expiresAt, now) {
      put.immediate(challenge, stored.purpose, stored.userId, expiresAt.toISOString(), now.toISOString());
    },
    async takeChallenge(challenge, purpose, now) {
      const row = takeChallenge.get(challenge, purpose) as { user_id: string | null; expires_at: string } | undefined;
      if (!row || row.expires_at <= now.toISOString()) return null;
      return { purpose, userId: row.user_id };
    },
  };
}
