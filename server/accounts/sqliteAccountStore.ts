import type Database from 'better-sqlite3';
import { CONTACT_REQUEST_SELECT, contactRequestFromRow, type ContactRequestRow } from '../contactRequests/contactRequestRow';
import { sqliteMailOutbox } from '../contactRequests/mailOutboxSqlite';
import type { OutgoingMail } from '../contactRequests/mailOutbox';
import { normalizeEmail } from '../users/store';
import { TRUSTED_DEVICES_PER_ACCOUNT, type AccountStore, type AddressProof, type NewToken, type TokenPurpose } from './accountStore';

/** The account store (./accountStore) on the server's SQLite file. */
export function sqliteAccountStore(db: Database.Database, domain = 'dataclarity.de'): AccountStore {
  const mails = sqliteMailOutbox(db, domain);
  const dropPurpose = db.prepare('DELETE FROM account_tokens WHERE user_id = ? AND purpose = ?');
  const dropAll = db.prepare('DELETE FROM account_tokens WHERE user_id = ?');
  const sweep = db.prepare('DELETE FROM account_tokens WHERE expires_at <= ?');
  const insertToken = db.prepare(
    `INSERT INTO account_tokens (token_hash, user_id, purpose, email, created_at, expires_at)
     VALUES (@tokenHash, @userId, @purpose, @email, @now, @expiresAt)`,
  );
  const selectToken = db.prepare('SELECT expires_at FROM account_tokens WHERE token_hash = ? AND purpose = ?');
  const takeToken = db.prepare('DELETE FROM account_tokens WHERE token_hash = ? AND purpose = ? RETURNING user_id, email, expires_at');
  const selectVerified = db.prepare('SELECT email FROM users WHERE id = ? AND email_verified_at IS NOT NULL');
  const selectProof = db.prepare('SELECT email_verified_at FROM users WHERE id = ? AND email = ?');
  const verify = db.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?');
  const dropPasskeys = db.prepare('DELETE FROM passkeys WHERE user_id = ? RETURNING name');
  const dropSessions = db.prepare('DELETE FROM sessions WHERE user_id = ?');
  const dropDevices = db.prepare('DELETE FROM trusted_devices WHERE user_id = ?');
  const insertDevice = db.prepare(
    `INSERT INTO trusted_devices (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (token_hash) DO UPDATE SET expires_at = excluded.expires_at WHERE trusted_devices.user_id = excluded.user_id`,
  );
  const trimDevices = db.prepare(
    `DELETE FROM trusted_devices WHERE user_id = @userId AND token_hash NOT IN
       (SELECT token_hash FROM trusted_devices WHERE user_id = @userId ORDER BY created_at DESC, rowid DESC LIMIT @keep)`,
  );
  const sweepDevices = db.prepare('DELETE FROM trusted_devices WHERE expires_at <= ?');
  const selectDevice = db.prepare('SELECT user_id FROM trusted_devices WHERE token_hash = ? AND expires_at > ?');
  const setEmail = db.prepare('UPDATE users SET email = ?, email_verified_at = ?, updated_at = ? WHERE id = ?');
  const deleteUser = db.prepare('DELETE FROM users WHERE id = ?');
  const selectContactRequests = db.prepare(`${CONTACT_REQUEST_SELECT} WHERE lower(l.email) = ? AND l.status <> 'spam' ORDER BY l.received_at DESC, l.rowid DESC`);
  const deleteContactRequests = db.prepare('DELETE FROM leads WHERE lower(email) = ?');

  const issue = db.transaction((token: NewToken, mail: OutgoingMail, now: string) => {
    sweep.run(now);
    dropPurpose.run(token.userId, token.purpose);
    insertToken.run({ ...token, now, expiresAt: token.expiresAt.toISOString() });
    mails.enqueueSync(mail, now);
  });

  const prove = db.transaction((userId: string, email: string, at: string): AddressProof => {
    const row = selectProof.get(userId, normalizeEmail(email)) as { email_verified_at: string | null } | undefined;
    if (!row) return { outcome: 'gone', removedPasskeys: [], endedSessions: 0 };
    if (row.email_verified_at !== null) return { outcome: 'again', removedPasskeys: [], endedSessions: 0 };
    verify.run(at, userId);
    const removedPasskeys = (dropPasskeys.all(userId) as Array<{ name: string }>).map((passkey) => passkey.name);
    const endedSessions = dropSessions.run(userId).changes;
    dropDevices.run(userId);
    return { outcome: 'first', removedPasskeys, endedSessions };
  });
  const trust = db.transaction((userId: string, tokenHash: string, expiresAt: string, now: string) => {
    sweepDevices.run(now);
    insertDevice.run(tokenHash, userId, now, expiresAt);
    trimDevices.run({ userId, keep: TRUSTED_DEVICES_PER_ACCOUNT });
  });

  return {
    mails,
    async issueToken(token, mail, now) {
      issue.immediate(token, mail, now.toISOString());
    },
    async tokenState(tokenHash, purpose, now) {
      const row = selectToken.get(tokenHash, purpose) as { expires_at: string } | undefined;
      if (!row) return 'unknown';
      return row.expires_at > now.toISOString() ? 'valid' : 'expired';
    },
    async useToken(tokenHash, purpose: TokenPurpose, now) {
      const row = takeToken.get(tokenHash, purpose) as { user_id: string; email: string; expires_at: string } | undefined;
      if (!row) return 'unknown';
      if (row.expires_at <= now.toISOString()) return 'expired';
      return { userId: row.user_id, email: row.email };
    },
    async dropTokens(userId, purpose) {
      if (purpose) dropPurpose.run(userId, purpose);
      else dropAll.run(userId);
    },
    async verifiedEmail(userId) {
      return (selectVerified.get(userId) as { email: string } | undefined)?.email ?? null;
    },
    async proveAddress(userId, email, at) {
      return prove.immediate(userId, email, at.toISOString());
    },
    async trustDevice(userId, tokenHash, expiresAt, now) {
      trust.immediate(userId, tokenHash, expiresAt.toISOString(), now.toISOString());
    },
    async deviceOwner(tokenHash, now) {
      return (selectDevice.get(tokenHash, now.toISOString()) as { user_id: string } | undefined)?.user_id ?? null;
    },
    async changeEmail(userId, email, at) {
      try {
        return setEmail.run(normalizeEmail(email), at.toISOString(), at.toISOString(), userId).changes > 0 ? 'changed' : 'gone';
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return 'taken';
        throw error;
      }
    },
    async deleteUser(userId) {
      return deleteUser.run(userId).changes > 0;
    },
    async requestsFrom(email) {
      return (selectContactRequests.all(normalizeEmail(email)) as ContactRequestRow[]).map(contactRequestFromRow);
    },
    async deleteRequestsFrom(email) {
      return deleteContactRequests.run(normalizeEmail(email)).changes;
    },
  };
}
