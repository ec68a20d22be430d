import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { CONTACT_REQUEST_SELECT, contactRequestFromRow, type ContactRequestRow } from './contactRequestRow';
import { mailMessageId, type MailClaim, type MailKind, type MailOutbox, type OutgoingMail } from './mailOutbox';

interface ClaimedRow {
  id: string;
  kind: MailKind;
  lead_id: string | null;
  recipient: string | null;
  subject: string | null;
  body: string | null;
  message_id: string;
  attempts: number;
}

export interface SqliteMailOutbox extends MailOutbox {
  /** Queues an account mail inside the caller's transaction on the same connection; its id. */
  enqueueSync(mail: OutgoingMail, at: string): string;
  /**
   * Queues a contact request's mail inside the caller's transaction (the contact request's create, or "retry now"): due
   * at `at`, its attempt count going on from the contact request's attempt log.
   */
  enqueueContactRequestSync(contactRequestId: string, at: string): void;
}

/**
 * The site's mail outbox (./mailOutbox) on the server's SQLite file (migration 6). better-sqlite3
 * runs each statement synchronously; a claim is one `UPDATE … RETURNING` in a `BEGIN IMMEDIATE`
 * transaction, exclusive against other processes on the same file too.
 */
export function sqliteMailOutbox(db: Database.Database, domain = 'dataclarity.de'): SqliteMailOutbox {
  const insertMail = db.prepare(
    `INSERT INTO mail_outbox (id, kind, recipient, subject, body, message_id, created_at, attempts, next_attempt_at)
     VALUES (@id, @kind, @recipient, @subject, @body, @message_id, @at, 0, @at)`,
  );
  const insertContactRequest = db.prepare(
    `INSERT INTO mail_outbox (id, kind, lead_id, message_id, created_at, attempts, next_attempt_at)
     VALUES (@id, 'lead', @id, @message_id, @at, (SELECT COUNT(*) FROM lead_delivery_attempts a WHERE a.lead_id = @id), @at)`,
  );
  const claim = db.prepare(
    `UPDATE mail_outbox SET lease_token = @token, lease_until = @until, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM mail_outbox
       WHERE next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
       ORDER BY next_attempt_at, id LIMIT @limit)
     RETURNING id, kind, lead_id, recipient, subject, body, message_id, attempts`,
  );
  const selectContactRequest = db.prepare(`${CONTACT_REQUEST_SELECT} WHERE l.id = ?`);
  const holdsLease = db.prepare('SELECT lead_id FROM mail_outbox WHERE id = ? AND lease_token = ?');
  const remove = db.prepare('DELETE FROM mail_outbox WHERE id = ?');
  const reschedule = db.prepare('UPDATE mail_outbox SET next_attempt_at = ?, lease_token = NULL, lease_until = NULL, last_error = ? WHERE id = ?');
  const logAttempt = db.prepare(
    'INSERT OR REPLACE INTO lead_delivery_attempts (lead_id, attempt, started_at, finished_at, error) VALUES (?, ?, ?, ?, ?)',
  );
  const setContactRequestStatus = db.prepare('UPDATE leads SET status = ?, delivered_at = ? WHERE id = ?');
  const releaseClaim = db.prepare(
    'UPDATE mail_outbox SET lease_token = NULL, lease_until = NULL, attempts = attempts - 1 WHERE id = ? AND lease_token = ?',
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM mail_outbox');
  const countKind = db.prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = ?');
  const stats = db.prepare('SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM mail_outbox');

  const claimTx = db.transaction((now: string, until: string, limit: number): MailClaim[] => {
    const token = randomUUID();
    const claims: MailClaim[] = [];
    for (const row of claim.all({ token, until, now, limit }) as ClaimedRow[]) {
      const base = { id: row.id, messageId: row.message_id, attempt: row.attempts, leaseToken: token, startedAt: now };
      if (row.kind === 'lead') {
        const contactRequest = selectContactRequest.get(row.lead_id) as ContactRequestRow | undefined;
        if (contactRequest) claims.push({ ...base, kind: 'lead', contactRequest: contactRequestFromRow(contactRequest) });
      } else {
        claims.push({ ...base, kind: row.kind, mail: { kind: row.kind, to: row.recipient!, subject: row.subject!, text: row.body! } });
      }
    }
    return claims;
  });

  const finishTx = db.transaction((claimed: MailClaim, at: string, error: string | null, retryAt: string | null): boolean => {
    if (!holdsLease.get(claimed.id, claimed.leaseToken)) return false;
    if (claimed.kind === 'lead') logAttempt.run(claimed.contactRequest.id, claimed.attempt, claimed.startedAt, at, error);
    if (error !== null && retryAt !== null) {
      reschedule.run(retryAt, error, claimed.id);
      return true;
    }
    remove.run(claimed.id);
    if (claimed.kind === 'lead') setContactRequestStatus.run(error === null ? 'sent' : 'failed', error === null ? at : null, claimed.contactRequest.id);
    return true;
  });

  const enqueueSync = (mail: OutgoingMail, at: string): string => {
    const id = randomUUID();
    insertMail.run({ id, kind: mail.kind, recipient: mail.to, subject: mail.subject, body: mail.text, message_id: mailMessageId(id, mail.kind, domain), at });
    return id;
  };

  return {
    enqueueSync,
    enqueueContactRequestSync(contactRequestId, at) {
      insertContactRequest.run({ id: contactRequestId, message_id: mailMessageId(contactRequestId, 'lead', domain), at });
    },
    async enqueue(mail, at) {
      return enqueueSync(mail, at.toISOString());
    },
    async claimDue(now, limit, leaseMs) {
      return claimTx.immediate(now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), limit);
    },
    async markSent(claimed, at) {
      return finishTx.immediate(claimed, at.toISOString(), null, null);
    },
    async markFailed(claimed, error, at, retryAt) {
      return finishTx.immediate(claimed, at.toISOString(), error, retryAt ? retryAt.toISOString() : null);
    },
    async release(claimed) {
      return releaseClaim.run(claimed.id, claimed.leaseToken).changes > 0;
    },
    async size(kind) {
      return ((kind ? countKind.get(kind) : count.get()) as { n: number }).n;
    },
    async stats() {
      const row = stats.get() as { n: number; oldest: string | null };
      return { size: row.n, oldestQueuedAt: row.oldest };
    },
  };
}
