import type Database from 'better-sqlite3';
import { CONTACT_REQUEST_SELECT, contactRequestFromRow, type ContactRequestRow } from '../contactRequests/contactRequestRow';
import { sqliteMailOutbox } from '../contactRequests/mailOutboxSqlite';
import type { OutgoingMail } from '../contactRequests/mailOutbox';
import { normalizeEmail } from '../users/store';
import type { AccountStore, NewToken, TokenPurpose } from './accountStore';

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
  const verify = db.prepare('UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ? AND email = ?');
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
    async markVerified(userId, email, at) {
      return verify.run(at.toISOString(), userId, normalizeEmail(email)).changes > 0;
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
