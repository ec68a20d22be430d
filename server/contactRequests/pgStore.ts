import { randomUUID } from 'node:crypto';
import type { PgPool } from '../db/postgres';
import { type DeliveryAttempt, type ContactRequest } from '../../shared/contactRequestSchema';
import { containsPattern, type CreatedContactRequest, type ContactRequestQuery, type ContactRequestStore, type NewContactRequest } from './store';
import { CONTACT_REQUEST_SELECT, contactRequestFromRow, newContactRequestColumns, type ContactRequestRow } from './contactRequestRow';
import { mailMessageId } from './mailOutbox';
import { pgMailOutbox } from './mailOutboxPg';

/**
 * ContactRequestStore on PostgreSQL (schema: server/db/pgMigrations.ts, migration 'leads'), shared by any
 * number of API instances:
 * - create() is ONE statement (insert the contact request, and its outbox entry unless spam, in one
 *   implicit transaction); a repeated idempotency key hits the unique constraint
 *   (`ON CONFLICT DO NOTHING`, which waits for a concurrent insert of the same key to commit)
 *   and the existing contact request is returned. PostgreSQL's WAL writer groups the commits of concurrent
 *   requests into one flush, so no group commit is needed here.
 * - the outbox entries are claimed, leased and finished by the site's mail outbox on the same
 *   pool (./mailOutboxPg).
 */

export interface PgContactRequestStoreOptions {
  /** Domain of the mails' Message-IDs (default dataclarity.de). */
  messageIdDomain?: string | undefined;
  /** Whether close() ends the pool (default false: the pool belongs to whoever opened it). */
  ownsPool?: boolean;
}

export function createPgContactRequestStore(pool: PgPool, options: PgContactRequestStoreOptions = {}): ContactRequestStore {
  const domain = options.messageIdDomain ?? 'dataclarity.de';
  let closed = false;

  const query = async <Row extends object>(sql: string, params: unknown[] = []) => {
    if (closed) throw new Error('The contact request store is closed.');
    return pool.query<Row>(sql, params);
  };
  const getOne = async (id: string): Promise<ContactRequest | null> => {
    const { rows } = await query<ContactRequestRow>(`${CONTACT_REQUEST_SELECT} WHERE l.id = $1`, [id]);
    return rows[0] ? contactRequestFromRow(rows[0]) : null;
  };

  /** One create: the contact request and its outbox entry in one statement, or the contact request that already has `key`. */
  const insert = async (input: NewContactRequest, receivedAt: Date, key: string | null): Promise<CreatedContactRequest> => {
    const { status, ...fields } = newContactRequestColumns(input);
    // A key can be taken by a contact request that is then erased before we read it: try again (bounded).
    for (let round = 0; round < 3; round++) {
      const id = randomUUID();
      const { rows } = await query<{ id: string }>(
        `WITH inserted AS (
           INSERT INTO leads (id, variant, name, email, phone, message, source, received_at, status, idempotency_key)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (idempotency_key) DO NOTHING
           RETURNING id, received_at),
         queued AS (
           INSERT INTO mail_outbox (id, kind, lead_id, message_id, created_at, attempts, next_attempt_at)
           SELECT id, 'lead', id, $11, received_at, 0, received_at FROM inserted WHERE NOT $12::boolean
           RETURNING id)
         SELECT id FROM inserted`,
        [id, fields.variant, fields.name, fields.email, fields.phone, fields.message, fields.source, receivedAt, status, key,
          mailMessageId(id, 'lead', domain), input.spam],
      );
      if (rows.length > 0) {
        return {
          created: true,
          contactRequest: { id, ...fields, receivedAt: receivedAt.toISOString(), status, deliveredAt: null, handledAt: null, attempts: 0, lastError: null },
        };
      }
      const existing = await query<ContactRequestRow>(`${CONTACT_REQUEST_SELECT} WHERE l.idempotency_key = $1`, [key]);
      if (existing.rows[0]) return { contactRequest: contactRequestFromRow(existing.rows[0]), created: false };
    }
    throw new Error(`The contact request with idempotency key '${key}' could not be stored or found.`);
  };
  const inFlight = new Map<string, Promise<unknown>>();

  return {
    outbox: pgMailOutbox(pool, domain),

    create(input: NewContactRequest, receivedAt: Date): Promise<CreatedContactRequest> {
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

    async list(options: ContactRequestQuery = {}) {
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
      let sql = `${CONTACT_REQUEST_SELECT}${clause}${order}`;
      const pageParams = [...params];
      if (options.limit !== undefined) {
        pageParams.push(options.limit, options.offset ?? 0);
        // The page's ids first, then the attempt columns for those rows only (not for the skipped ones).
        sql = `${CONTACT_REQUEST_SELECT} WHERE l.id IN (SELECT l.id FROM leads l${clause}${order} LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length})${order}`;
      }
      const { rows } = await query<ContactRequestRow>(sql, pageParams);
      return { contactRequests: rows.map(contactRequestFromRow), total };
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
      if (closed) throw new Error('The contact request store is closed.');
      // One statement: the contact request goes back to 'pending' only while it is 'failed', and gets its outbox entry.
      const { rowCount } = await pool.query(
        `WITH back AS (UPDATE leads SET status = 'pending' WHERE id = $1 AND status = 'failed' RETURNING id)
         INSERT INTO mail_outbox (id, kind, lead_id, message_id, created_at, attempts, next_attempt_at)
         SELECT back.id, 'lead', back.id, $2, $3, (SELECT COUNT(*)::int FROM lead_delivery_attempts a WHERE a.lead_id = back.id), $3 FROM back`,
        [id, mailMessageId(id, 'lead', domain), now],
      );
      return (rowCount ?? 0) > 0;
    },

    async delete(id) {
      return ((await query('DELETE FROM leads WHERE id = $1', [id])).rowCount ?? 0) > 0;
    },

    async deleteReceivedBefore(cutoff) {
      return (await query('DELETE FROM leads WHERE received_at < $1', [cutoff])).rowCount ?? 0;
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

    async close() {
      if (closed) return;
      closed = true;
      if (options.ownsPool) await pool.end();
    },
  };
}
