import { randomUUID } from 'node:crypto';
import { inTransaction, type PgPool } from '../db/postgres';
import {
  containsPattern,
  leadMessageId,
  type CreatedLead,
  type DeliveryAttempt,
  type Lead,
  type LeadQuery,
  type LeadStore,
  type NewLead,
  type OutboxClaim,
} from './store';
import { LEAD_SELECT, leadFromRow, newLeadColumns, type LeadRow } from './leadRow';

/**
 * LeadStore on PostgreSQL (schema: server/db/pgMigrations.ts, migration 'leads'), shared by any
 * number of API instances:
 * - create() is ONE statement (insert the lead, and its outbox entry unless spam, in one
 *   implicit transaction); a repeated idempotency key hits the unique constraint
 *   (`ON CONFLICT DO NOTHING`, which waits for a concurrent insert of the same key to commit)
 *   and the existing lead is returned. PostgreSQL's WAL writer groups the commits of concurrent
 *   requests into one flush, so no group commit is needed here.
 * - claimDue() is one `UPDATE … FROM (SELECT … FOR UPDATE SKIP LOCKED)`: two instances claiming
 *   at once take disjoint rows, a row is leased until `now + leaseMs`, and its attempt count goes up.
 * - markSent()/markFailed() lock the outbox row and act only while the claim's lease token is
 *   still there, so a sender whose lease expired (and was claimed again) cannot finish it.
 */

export interface PgLeadStoreOptions {
  /** Domain of the mails' Message-IDs (default dataclarity.de). */
  messageIdDomain?: string | undefined;
  /** Whether close() ends the pool (default false: the pool belongs to whoever opened it). */
  ownsPool?: boolean;
}

export function createPgLeadStore(pool: PgPool, options: PgLeadStoreOptions = {}): LeadStore {
  const domain = options.messageIdDomain ?? 'dataclarity.de';
  let closed = false;

  const query = async <Row extends object>(sql: string, params: unknown[] = []) => {
    if (closed) throw new Error('The lead store is closed.');
    return pool.query<Row>(sql, params);
  };
  const getOne = async (id: string): Promise<Lead | null> => {
    const { rows } = await query<LeadRow>(`${LEAD_SELECT} WHERE l.id = $1`, [id]);
    return rows[0] ? leadFromRow(rows[0]) : null;
  };

  const finish = async (claimed: OutboxClaim, at: Date, error: string | null, retryAt: Date | null): Promise<boolean> => {
    if (closed) throw new Error('The lead store is closed.');
    const leadId = claimed.lead.id;
    return inTransaction(pool, async (client) => {
      const held = await client.query('SELECT 1 FROM lead_outbox WHERE lead_id = $1 AND lease_token = $2 FOR UPDATE', [
        leadId,
        claimed.leaseToken,
      ]);
      if (held.rowCount === 0) return false;
      await client.query(
        `INSERT INTO lead_delivery_attempts (lead_id, attempt, started_at, finished_at, error) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (lead_id, attempt) DO UPDATE SET started_at = EXCLUDED.started_at, finished_at = EXCLUDED.finished_at, error = EXCLUDED.error`,
        [leadId, claimed.attempt, new Date(claimed.startedAt), at, error],
      );
      if (error === null || retryAt === null) {
        await client.query('DELETE FROM lead_outbox WHERE lead_id = $1', [leadId]);
        await client.query('UPDATE leads SET status = $1, delivered_at = $2 WHERE id = $3', [
          error === null ? 'sent' : 'failed',
          error === null ? at : null,
          leadId,
        ]);
      } else {
        await client.query(
          'UPDATE lead_outbox SET next_attempt_at = $1, lease_token = NULL, lease_until = NULL, last_error = $2 WHERE lead_id = $3',
          [retryAt, error, leadId],
        );
      }
      return true;
    });
  };

  /** One create: the lead and its outbox entry in one statement, or the lead that already has `key`. */
  const insert = async (input: NewLead, receivedAt: Date, key: string | null): Promise<CreatedLead> => {
    const { status, ...fields } = newLeadColumns(input);
    // A key can be taken by a lead that is then erased before we read it: try again (bounded).
    for (let round = 0; round < 3; round++) {
      const id = randomUUID();
      const { rows } = await query<{ id: string }>(
        `WITH inserted AS (
           INSERT INTO leads (id, variant, name, email, phone, message, source, received_at, status, idempotency_key)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (idempotency_key) DO NOTHING
           RETURNING id, received_at),
         queued AS (
           INSERT INTO lead_outbox (lead_id, message_id, attempts, next_attempt_at)
           SELECT id, $11, 0, received_at FROM inserted WHERE NOT $12::boolean
           RETURNING lead_id)
         SELECT id FROM inserted`,
        [id, fields.variant, fields.name, fields.email, fields.phone, fields.message, fields.source, receivedAt, status, key,
          leadMessageId(id, domain), input.spam],
      );
      if (rows.length > 0) {
        return {
          created: true,
          lead: { id, ...fields, receivedAt: receivedAt.toISOString(), status, deliveredAt: null, handledAt: null, attempts: 0, lastError: null },
        };
      }
      const existing = await query<LeadRow>(`${LEAD_SELECT} WHERE l.idempotency_key = $1`, [key]);
      if (existing.rows[0]) return { lead: leadFromRow(existing.rows[0]), created: false };
    }
    throw new Error(`The lead with idempotency key '${key}' could not be stored or found.`);
  };
  const inFlight = new Map<string, Promise<unknown>>();

  return {
    create(input: NewLead, receivedAt: Date): Promise<CreatedLead> {
      const key = input.idempotencyKey ?? null;
      if (key === null) return insert(input, receivedAt, null);
      // Creates with the same key in this process run one after the other, so the first one
      // asked for is the one created (other instances are held off by the unique constraint).
      const before = inFlight.get(key) ?? Promise.resolve();
      const mine = before.catch(() => undefined).then(() => insert(input, receivedAt, key));
      const settled = mine.catch(() => undefined);
      inFlight.set(key, settled);
      void settled.then(() => {
        if (inFlight.get(key) === settled) inFlight.delete(key);
      });
      return mine;
    },

    get: getOne,

    async list(options: LeadQuery = {}) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (options.status) {
        params.push(options.status);
        where.push(`l.status = $${params.length}`);
      }
      if (options.variant) {
        params.push(options.variant);
        where.push(`l.variant = $${params.length}`);
      }
      if (options.handled === true) where.push('l.handled_at IS NOT NULL');
      if (options.handled === false) where.push('l.handled_at IS NULL');
      if (options.search) {
        params.push(containsPattern(options.search));
        const n = params.length;
        // The expression of the trigram index leads_search (../db/pgMigrations).
        where.push(`(l.name || ' ' || l.email || ' ' || l.message) ILIKE $${n}`);
      }
      const clause = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
      const total = (await query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM leads l${clause}`, params)).rows[0]!.n;
      const order = ' ORDER BY l.received_at DESC, l.seq DESC';
      let sql = `${LEAD_SELECT}${clause}${order}`;
      const pageParams = [...params];
      if (options.limit !== undefined) {
        pageParams.push(options.limit, options.offset ?? 0);
        // The page's ids first, then the attempt columns for those rows only (not for the skipped ones).
        sql = `${LEAD_SELECT} WHERE l.id IN (SELECT l.id FROM leads l${clause}${order} LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length})${order}`;
      }
      const { rows } = await query<LeadRow>(sql, pageParams);
      return { leads: rows.map(leadFromRow), total };
    },

    async setHandled(id, handled, at) {
      await query('UPDATE leads SET handled_at = $1 WHERE id = $2', [handled ? at : null, id]);
      return getOne(id);
    },

    async noteOf(id) {
      const { rows } = await query<{ staff_note: string }>('SELECT staff_note FROM leads WHERE id = $1', [id]);
      return rows[0] ? rows[0].staff_note : null;
    },

    async setNote(id, note) {
      return ((await query('UPDATE leads SET staff_note = $1 WHERE id = $2', [note, id])).rowCount ?? 0) > 0;
    },

    async retryNow(id, now) {
      if (closed) throw new Error('The lead store is closed.');
      // One statement: the lead goes back to 'pending' only while it is 'failed', and gets its outbox entry.
      const { rowCount } = await pool.query(
        `WITH back AS (UPDATE leads SET status = 'pending' WHERE id = $1 AND status = 'failed' RETURNING id)
         INSERT INTO lead_outbox (lead_id, message_id, attempts, next_attempt_at)
         SELECT back.id, $2, (SELECT COUNT(*)::int FROM lead_delivery_attempts a WHERE a.lead_id = back.id), $3 FROM back`,
        [id, leadMessageId(id, domain), now],
      );
      return (rowCount ?? 0) > 0;
    },

    async delete(id) {
      return ((await query('DELETE FROM leads WHERE id = $1', [id])).rowCount ?? 0) > 0;
    },

    async deleteReceivedBefore(cutoff) {
      return (await query('DELETE FROM leads WHERE received_at < $1', [cutoff])).rowCount ?? 0;
    },

    async claimDue(now, limit, leaseMs) {
      const token = randomUUID();
      const until = new Date(now.getTime() + leaseMs);
      const { rows } = await query<{ lead_id: string; message_id: string; attempts: number; next_attempt_at: Date }>(
        `UPDATE lead_outbox o SET lease_token = $1, lease_until = $2, attempts = o.attempts + 1
         FROM (
           SELECT lead_id FROM lead_outbox
           WHERE next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
           ORDER BY next_attempt_at, lead_id
           LIMIT $4
           FOR UPDATE SKIP LOCKED) due
         WHERE o.lead_id = due.lead_id
         RETURNING o.lead_id, o.message_id, o.attempts, o.next_attempt_at`,
        [token, until, now, limit],
      );
      if (rows.length === 0) return [];
      rows.sort((a, b) => a.next_attempt_at.getTime() - b.next_attempt_at.getTime() || (a.lead_id < b.lead_id ? -1 : a.lead_id > b.lead_id ? 1 : 0));
      const leads = await query<LeadRow>(`${LEAD_SELECT} WHERE l.id = ANY($1::text[])`, [rows.map((row) => row.lead_id)]);
      const byId = new Map(leads.rows.map((row) => [row.id, leadFromRow(row)]));
      const claims: OutboxClaim[] = [];
      for (const row of rows) {
        const lead = byId.get(row.lead_id);
        // Erased between the claim and the read: nothing left to mail (its outbox row went with it).
        if (!lead) continue;
        claims.push({ lead, messageId: row.message_id, attempt: row.attempts, leaseToken: token, startedAt: now.toISOString() });
      }
      return claims;
    },

    markSent(claimed, at) {
      return finish(claimed, at, null, null);
    },

    markFailed(claimed, error, at, retryAt) {
      return finish(claimed, at, error, retryAt);
    },

    async attempts(id) {
      const { rows } = await query<{ attempt: number; started_at: Date; finished_at: Date; error: string | null }>(
        'SELECT attempt, started_at, finished_at, error FROM lead_delivery_attempts WHERE lead_id = $1 ORDER BY attempt',
        [id],
      );
      return rows.map((row): DeliveryAttempt => ({
        attempt: row.attempt,
        startedAt: row.started_at.toISOString(),
        finishedAt: row.finished_at.toISOString(),
        error: row.error,
      }));
    },

    async release(claimed) {
      const result = await query(
        'UPDATE lead_outbox SET lease_token = NULL, lease_until = NULL, attempts = attempts - 1 WHERE lead_id = $1 AND lease_token = $2',
        [claimed.lead.id, claimed.leaseToken],
      );
      return (result.rowCount ?? 0) > 0;
    },

    async outboxSize() {
      return (await query<{ n: number }>('SELECT COUNT(*)::int AS n FROM lead_outbox')).rows[0]!.n;
    },

    async outboxStats() {
      const { rows } = await query<{ n: number; oldest: Date | null }>(
        'SELECT COUNT(*)::int AS n, MIN(l.received_at) AS oldest FROM lead_outbox o JOIN leads l ON l.id = o.lead_id',
      );
      return { size: rows[0]!.n, oldestReceivedAt: rows[0]!.oldest ? rows[0]!.oldest.toISOString() : null };
    },

    async close() {
      if (closed) return;
      closed = true;
      if (options.ownsPool) await pool.end();
    },
  };
}
