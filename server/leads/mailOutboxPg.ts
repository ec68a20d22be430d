import { randomUUID } from 'node:crypto';
import type { PgPool } from '../db/postgres';
import { mailMessageId, type AccountMailKind, type MailClaim, type MailOutbox, type OutgoingMail } from './mailOutbox';

interface Row {
  id: string;
  kind: AccountMailKind;
  recipient: string;
  subject: string;
  body: string;
  message_id: string;
  attempts: number;
  next_attempt_at: Date;
}

/** The mail outbox (./mailOutbox) on PostgreSQL (migration 'account_mail'); claims with SKIP LOCKED as in ./pgStore. */
export function pgMailOutbox(pool: PgPool, domain = 'dataclarity.de'): MailOutbox {
  return {
    async enqueue(mail: OutgoingMail, at: Date) {
      const id = randomUUID();
      await pool.query(
        `INSERT INTO mail_outbox (id, kind, recipient, subject, body, message_id, created_at, attempts, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $7)`,
        [id, mail.kind, mail.to, mail.subject, mail.text, mailMessageId(id, mail.kind, domain), at],
      );
      return id;
    },
    async claimDue(now, limit, leaseMs) {
      const token = randomUUID();
      const { rows } = await pool.query<Row>(
        `UPDATE mail_outbox o SET lease_token = $1, lease_until = $2, attempts = o.attempts + 1
         FROM (
           SELECT id FROM mail_outbox
           WHERE next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
           ORDER BY next_attempt_at, id LIMIT $4
           FOR UPDATE SKIP LOCKED) due
         WHERE o.id = due.id
         RETURNING o.id, o.kind, o.recipient, o.subject, o.body, o.message_id, o.attempts, o.next_attempt_at`,
        [token, new Date(now.getTime() + leaseMs), now, limit],
      );
      rows.sort((a, b) => a.next_attempt_at.getTime() - b.next_attempt_at.getTime() || (a.id < b.id ? -1 : 1));
      return rows.map(
        (row): MailClaim => ({
          id: row.id,
          mail: { kind: row.kind, to: row.recipient, subject: row.subject, text: row.body },
          messageId: row.message_id,
          attempt: row.attempts,
          leaseToken: token,
          startedAt: now.toISOString(),
        }),
      );
    },
    async markSent(claimed) {
      return ((await pool.query('DELETE FROM mail_outbox WHERE id = $1 AND lease_token = $2', [claimed.id, claimed.leaseToken])).rowCount ?? 0) > 0;
    },
    async markFailed(claimed, error, retryAt) {
      if (retryAt === null) return this.markSent(claimed);
      const result = await pool.query(
        'UPDATE mail_outbox SET next_attempt_at = $1, lease_token = NULL, lease_until = NULL, last_error = $2 WHERE id = $3 AND lease_token = $4',
        [retryAt, error, claimed.id, claimed.leaseToken],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async release(claimed) {
      const result = await pool.query(
        'UPDATE mail_outbox SET lease_token = NULL, lease_until = NULL, attempts = attempts - 1 WHERE id = $1 AND lease_token = $2',
        [claimed.id, claimed.leaseToken],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async size(kind) {
      const { rows } = kind
        ? await pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM mail_outbox WHERE kind = $1', [kind])
        : await pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM mail_outbox');
      return rows[0]!.n;
    },
  };
}
