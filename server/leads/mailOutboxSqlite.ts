import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { mailMessageId, type AccountMailKind, type MailClaim, type MailOutbox, type OutgoingMail } from './mailOutbox';

interface Row {
  id: string;
  kind: AccountMailKind;
  recipient: string;
  subject: string;
  body: string;
  message_id: string;
  attempts: number;
}

/** The mail outbox (./mailOutbox) on the server's SQLite file (migration 4); claims as in ./sqliteStore. */
export function sqliteMailOutbox(db: Database.Database, domain = 'dataclarity.de'): MailOutbox {
  const insert = db.prepare(
    `INSERT INTO mail_outbox (id, kind, recipient, subject, body, message_id, created_at, attempts, next_attempt_at)
     VALUES (@id, @kind, @recipient, @subject, @body, @message_id, @at, 0, @at)`,
  );
  const claim = db.prepare(
    `UPDATE mail_outbox SET lease_token = @token, lease_until = @until, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM mail_outbox
       WHERE next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
       ORDER BY next_attempt_at, id LIMIT @limit)
     RETURNING id, kind, recipient, subject, body, message_id, attempts`,
  );
  const remove = db.prepare('DELETE FROM mail_outbox WHERE id = ? AND lease_token = ?');
  const reschedule = db.prepare(
    'UPDATE mail_outbox SET next_attempt_at = ?, lease_token = NULL, lease_until = NULL, last_error = ? WHERE id = ? AND lease_token = ?',
  );
  const release = db.prepare(
    'UPDATE mail_outbox SET lease_token = NULL, lease_until = NULL, attempts = attempts - 1 WHERE id = ? AND lease_token = ?',
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM mail_outbox');
  const countKind = db.prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = ?');
  const claimTx = db.transaction((now: string, until: string, limit: number) => {
    const token = randomUUID();
    return (claim.all({ token, until, now, limit }) as Row[]).map(
      (row): MailClaim => ({
        id: row.id,
        mail: { kind: row.kind, to: row.recipient, subject: row.subject, text: row.body },
        messageId: row.message_id,
        attempt: row.attempts,
        leaseToken: token,
        startedAt: now,
      }),
    );
  });
  return {
    async enqueue(mail: OutgoingMail, at: Date) {
      const id = randomUUID();
      insert.run({ id, kind: mail.kind, recipient: mail.to, subject: mail.subject, body: mail.text, message_id: mailMessageId(id, mail.kind, domain), at: at.toISOString() });
      return id;
    },
    async claimDue(now, limit, leaseMs) {
      return claimTx.immediate(now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), limit);
    },
    async markSent(claimed) {
      return remove.run(claimed.id, claimed.leaseToken).changes > 0;
    },
    async markFailed(claimed, error, retryAt) {
      if (retryAt === null) return remove.run(claimed.id, claimed.leaseToken).changes > 0;
      return reschedule.run(retryAt.toISOString(), error, claimed.id, claimed.leaseToken).changes > 0;
    },
    async release(claimed) {
      return release.run(claimed.id, claimed.leaseToken).changes > 0;
    },
    async size(kind) {
      return ((kind ? countKind.get(kind) : count.get()) as { n: number }).n;
    },
  };
}
