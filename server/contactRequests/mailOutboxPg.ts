import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inTransaction, type PgPool } from '../db/postgres';
import { CONTACT_REQUEST_SELECT, contactRequestFromRow, type ContactRequestRow } from './contactRequestRow';
import type { ContactRequest } from '../../shared/contactRequestSchema';
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
  next_attempt_at: Date;
}

/** Queues an account mail on `db` (the pool, or a client inside the caller's transaction); its id. */
export async function enqueuePgMail(db: PgPool | pg.PoolClient, mail: OutgoingMail, at: Date, domain: string): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO mail_outbox (id, kind, recipient, subject, body, message_id, created_at, attempts, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $7)`,
    [id, mail.kind, mail.to, mail.subject, mail.text, mailMessageId(id, mail.kind, domain), at],
  );
  return id;
}

/**
 * The site's mail outbox (./mailOutbox) on PostgreSQL (migration 'one_outbox'), shared by any
 * number of instances: a claim is one `UPDATE … FROM (SELECT … FOR UPDATE SKIP LOCKED)`, so two
 * instances claiming at once take disjoint rows; markSent/markFailed lock the row and act only
 * while the claim's lease token is still there (a sender whose lease expired cannot finish it).
 */
export function pgMailOutbox(pool: PgPool, domain = 'dataclarity.de'): MailOutbox {
  const finish = (claimed: MailClaim, at: Date, error: string | null, retryAt: Date | null): Promise<boolean> =>
    inTransaction(pool, async (client) => {
      const held = await client.query('SELECT 1 FROM mail_outbox WHERE id = $1 AND lease_token = $2 FOR UPDATE', [claimed.id, claimed.leaseToken]);
      if (held.rowCount === 0) return false;
      if (claimed.kind === 'lead') {
        await client.query(
          `INSERT INTO lead_delivery_attempts (lead_id, attempt, started_at, finished_at, error) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (lead_id, attempt) DO UPDATE SET started_at = EXCLUDED.started_at, finished_at = EXCLUDED.finished_at, error = EXCLUDED.error`,
          [claimed.contactRequest.id, claimed.attempt, new Date(claimed.startedAt), at, error],
        );
      }
      if (error !== null && retryAt !== null) {
        await client.query('UPDATE mail_outbox SET next_attempt_at = $1, lease_token = NULL, lease_until = NULL, last_error = $2 WHERE id = $3', [
          retryAt,
          error,
          claimed.id,
        ]);
        return true;
      }
      await client.query('DELETE FROM mail_outbox WHERE id = $1', [claimed.id]);
      if (claimed.kind === 'lead') {
        await client.query('UPDATE leads SET status = $1, delivered_at = $2 WHERE id = $3', [
          error === null ? 'sent' : 'failed',
          error === null ? at : null,
          claimed.contactRequest.id,
        ]);
      }
      return true;
    });

  return {
    enqueue(mail, at) {
      return enqueuePgMail(pool, mail, at, domain);
    },
    async claimDue(now, limit, leaseMs) {
      const token = randomUUID();
      const { rows } = await pool.query<ClaimedRow>(
        `UPDATE mail_outbox o SET lease_token = $1, lease_until = $2, attempts = o.attempts + 1
         FROM (
           SELECT id FROM mail_outbox
           WHERE next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
           ORDER BY next_attempt_at, id LIMIT $4
           FOR UPDATE SKIP LOCKED) due
         WHERE o.id = due.id
         RETURNING o.id, o.kind, o.lead_id, o.recipient, o.subject, o.body, o.message_id, o.attempts, o.next_attempt_at`,
        [token, new Date(now.getTime() + leaseMs), now, limit],
      );
      if (rows.length === 0) return [];
      rows.sort((a, b) => a.next_attempt_at.getTime() - b.next_attempt_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const contactRequestIds = rows.flatMap((row) => (row.lead_id === null ? [] : [row.lead_id]));
      const contactRequests = new Map<string, ContactRequest>();
      if (contactRequestIds.length > 0) {
        for (const row of (await pool.query<ContactRequestRow>(`${CONTACT_REQUEST_SELECT} WHERE l.id = ANY($1::text[])`, [contactRequestIds])).rows) contactRequests.set(row.id, contactRequestFromRow(row));
      }
      const claims: MailClaim[] = [];
      for (const row of rows) {
        const base = { id: row.id, messageId: row.message_id, attempt: row.attempts, leaseToken: token, startedAt: now.toISOString() };
        if (row.kind === 'lead') {
          const contactRequest = contactRequests.get(row.lead_id!);
          // Erased between the claim and the read: nothing left to mail (its outbox row went with it).
          if (contactRequest) claims.push({ ...base, kind: 'lead', contactRequest });
        } else {
          claims.push({ ...base, kind: row.kind, mail: { kind: row.kind, to: row.recipient!, subject: row.subject!, text: row.body! } });
        }
      }
      return claims;
    },
    markSent(claimed, at) {
      return finish(claimed, at, null, null);
    },
    markFailed(claimed, error, at, retryAt) {
      return finish(claimed, at, error, retryAt);
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
    async stats() {
      const { rows } = await pool.query<{ n: number; oldest: Date | null }>('SELECT COUNT(*)::int AS n, MIN(created_at) AS oldest FROM mail_outbox');
      return { size: rows[0]!.n, oldestQueuedAt: rows[0]!.oldest ? rows[0]!.oldest.toISOString() : null };
    },
  };
}
