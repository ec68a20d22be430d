import { inTransaction, type PgPool } from '../db/postgres';
import { isoTime } from '../db/isoTime';
import { transportsList, transportsText, type Passkey, type PasskeyStore } from './passkeyStore';

interface PasskeyRow {
  id: string;
  user_id: string;
  public_key: string;
  counter: string | number;
  transports: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, user_id, public_key, counter, transports, name, created_at, last_used_at';

function passkeyFromRow(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: transportsList(row.transports),
    name: row.name,
    createdAt: isoTime(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : isoTime(row.last_used_at),
  };
}

/** The passkey store (./passkeyStore) on PostgreSQL (migration 'passkeys'). */
export function pgPasskeyStore(pool: PgPool): PasskeyStore {
  return {
    async add(passkey, now) {
      const result = await pool.query(
        `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [passkey.id, passkey.userId, passkey.publicKey, passkey.counter, transportsText(passkey.transports), passkey.name, now],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async get(id) {
      const { rows } = await pool.query<PasskeyRow>(`SELECT ${COLUMNS} FROM passkeys WHERE id = $1`, [id]);
      return rows[0] ? passkeyFromRow(rows[0]) : null;
    },
    async listForUser(userId) {
      const { rows } = await pool.query<PasskeyRow>(`SELECT ${COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY created_at, seq`, [userId]);
      return rows.map(passkeyFromRow);
    },
    async recordUse(id, counter, now) {
      await pool.query('UPDATE passkeys SET counter = $1, last_used_at = $2 WHERE id = $3', [counter, now, id]);
    },
    async rename(userId, id, name) {
      return ((await pool.query('UPDATE passkeys SET name = $1 WHERE user_id = $2 AND id = $3', [name, userId, id])).rowCount ?? 0) > 0;
    },
    async removeUnlessLast(userId, id) {
      return inTransaction(pool, async (client) => {
        // The user's passkeys locked: two removals at once see each other's result.
        const { rows } = await client.query<{ id: string }>('SELECT id FROM passkeys WHERE user_id = $1 FOR UPDATE', [userId]);
        if (!rows.some((row) => row.id === id)) return 'unknown';
        if (rows.length <= 1) return 'last';
        await client.query('DELETE FROM passkeys WHERE user_id = $1 AND id = $2', [userId, id]);
        return 'deleted';
      });
    },
    async remove(userId, id) {
      return ((await pool.query('DELETE FROM passkeys WHERE user_id = $1 AND id = $2', [userId, id])).rowCount ?? 0) > 0;
    },
    async putChallenge(challenge, stored, expiresAt, now) {
      await inTransaction(pool, async (client) => {
        await client.query('DELETE FROM webauthn_challenges WHERE expires_at <= $1', [now]);
        await client.query('INSERT INTO webauthn_challenges (challenge, purpose, user_id, expires_at) VALUES ($1, $2, $3, $4)', [
          challenge,
          stored.purpose,
          stored.userId,
          expiresAt,
        ]);
      });
    },
    async takeChallenge(challenge, purpose, now) {
      const { rows } = await pool.query<{ user_id: string | null; expires_at: Date }>(
        'DELETE FROM webauthn_challenges WHERE challenge = $1 AND purpose = $2 RETURNING user_id, expires_at',
        [challenge, purpose],
      );
      const row = rows[0];
      if (!row || row.expires_at <= now) return null;
      return { purpose, userId: row.user_id };
    },
  };
}
