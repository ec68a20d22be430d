import { inTransaction, isUniqueViolation, type PgPool } from '../db/postgres';
import { CONTACT_REQUEST_SELECT, contactRequestFromRow, type ContactRequestRow } from '../contactRequests/contactRequestRow';
import { enqueuePgMail, pgMailOutbox } from '../contactRequests/mailOutboxPg';
import { normalizeEmail } from '../users/store';
import { TRUSTED_DEVICES_PER_ACCOUNT, type AccountStore, type AddressProof } from './accountStore';

/** The account store (./accountStore) on PostgreSQL, shared by every instance. */
export function pgAccountStore(pool: PgPool, domain = 'dataclarity.de'): AccountStore {
  return {
    mails: pgMailOutbox(pool, domain),
    async issueToken(token, mail, now) {
      await inTransaction(pool, async (client) => {
        await client.query('DELETE FROM account_tokens WHERE expires_at <= $1 OR (user_id = $2 AND purpose = $3)', [now, token.userId, token.purpose]);
        await client.query(
          `INSERT INTO account_tokens (token_hash, user_id, purpose, email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
          [token.tokenHash, token.userId, token.purpose, token.email, now, token.expiresAt],
        );
        await enqueuePgMail(client, mail, now, domain);
      });
    },
    async tokenState(tokenHash, purpose, now) {
      const { rows } = await pool.query<{ expires_at: Date }>('SELECT expires_at FROM account_tokens WHERE token_hash = $1 AND purpose = $2', [tokenHash, purpose]);
      if (!rows[0]) return 'unknown';
      return rows[0].expires_at.getTime() > now.getTime() ? 'valid' : 'expired';
    },
    async useToken(tokenHash, purpose, now) {
      const { rows } = await pool.query<{ user_id: string; email: string; expires_at: Date }>(
        'DELETE FROM account_tokens WHERE token_hash = $1 AND purpose = $2 RETURNING user_id, email, expires_at',
        [tokenHash, purpose],
      );
      const row = rows[0];
      if (!row) return 'unknown';
      if (row.expires_at.getTime() <= now.getTime()) return 'expired';
      return { userId: row.user_id, email: row.email };
    },
    async dropTokens(userId, purpose) {
      if (purpose) await pool.query('DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
      else await pool.query('DELETE FROM account_tokens WHERE user_id = $1', [userId]);
    },
    async verifiedEmail(userId) {
      const { rows } = await pool.query<{ email: string }>('SELECT email FROM users WHERE id = $1 AND email_verified_at IS NOT NULL', [userId]);
      return rows[0]?.email ?? null;
    },
    async proveAddress(userId, email, at) {
      return inTransaction(pool, async (client): Promise<AddressProof> => {
        // The row is locked: two links used at once cannot both be the first proof.
        const { rows } = await client.query<{ email_verified_at: Date | null }>('SELECT email_verified_at FROM users WHERE id = $1 AND email = $2 FOR UPDATE', [
          userId,
          normalizeEmail(email),
        ]);
        if (!rows[0]) return { outcome: 'gone', removedPasskeys: [], endedSessions: 0 };
        if (rows[0].email_verified_at !== null) return { outcome: 'again', removedPasskeys: [], endedSessions: 0 };
        await client.query('UPDATE users SET email_verified_at = $1 WHERE id = $2', [at, userId]);
        const passkeys = await client.query<{ name: string }>('DELETE FROM passkeys WHERE user_id = $1 RETURNING name', [userId]);
        const sessions = await client.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
        await client.query('DELETE FROM trusted_devices WHERE user_id = $1', [userId]);
        return { outcome: 'first', removedPasskeys: passkeys.rows.map((passkey) => passkey.name), endedSessions: sessions.rowCount ?? 0 };
      });
    },
    async trustDevice(userId, tokenHash, expiresAt, now) {
      await inTransaction(pool, async (client) => {
        await client.query('DELETE FROM trusted_devices WHERE expires_at <= $1', [now]);
        await client.query(
          `INSERT INTO trusted_devices (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (token_hash) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE trusted_devices.user_id = EXCLUDED.user_id`,
          [tokenHash, userId, now, expiresAt],
        );
        await client.query(
          `DELETE FROM trusted_devices WHERE user_id = $1 AND token_hash NOT IN
             (SELECT token_hash FROM trusted_devices WHERE user_id = $1 ORDER BY created_at DESC, token_hash LIMIT $2)`,
          [userId, TRUSTED_DEVICES_PER_ACCOUNT],
        );
      });
    },
    async deviceOwner(tokenHash, now) {
      const { rows } = await pool.query<{ user_id: string }>('SELECT user_id FROM trusted_devices WHERE token_hash = $1 AND expires_at > $2', [tokenHash, now]);
      return rows[0]?.user_id ?? null;
    },
    async changeEmail(userId, email, at) {
      try {
        const result = await pool.query('UPDATE users SET email = $1, email_verified_at = $2, updated_at = $2 WHERE id = $3', [normalizeEmail(email), at, userId]);
        return (result.rowCount ?? 0) > 0 ? 'changed' : 'gone';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    async deleteUser(userId) {
      return ((await pool.query('DELETE FROM users WHERE id = $1', [userId])).rowCount ?? 0) > 0;
    },
    async requestsFrom(email) {
      const { rows } = await pool.query<ContactRequestRow>(`${CONTACT_REQUEST_SELECT} WHERE lower(l.email) = $1 AND l.status <> 'spam' ORDER BY l.received_at DESC, l.seq DESC`, [
        normalizeEmail(email),
      ]);
      return rows.map(contactRequestFromRow);
    },
    async deleteRequestsFrom(email) {
      return (await pool.query('DELETE FROM leads WHERE lower(email) = $1', [normalizeEmail(email)])).rowCount ?? 0;
    },
  };
}
