import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { openSqliteDatabase } from '../db/sqlite';
import { type DeliveryAttempt, type ContactRequest } from '../../shared/contactRequestSchema';
import { containsPattern, type CreatedContactRequest, type ContactRequestQuery, type ContactRequestStore, type NewContactRequest } from './store';
import { CONTACT_REQUEST_SELECT, contactRequestFromRow, newContactRequestColumns, type ContactRequestRow } from './contactRequestRow';
import { sqliteMailOutbox } from './mailOutboxSqlite';

/**
 * ContactRequestStore on the server's SQLite file (../db/sqlite: the users' database, migration 2).
 * better-sqlite3 runs each statement synchronously, so a transaction here is never interleaved
 * with another request of this process; `BEGIN IMMEDIATE` makes it exclusive against other
 * processes on the same file too. The contact request's outbox entry is written in its transaction by the
 * site's mail outbox on the same connection (./mailOutboxSqlite).
 *
 * Group commit: with synchronous=FULL every commit is an fsync (≈5 ms here), run on the event
 * loop. Contact requests that arrive while the loop is busy are written together: create() queues the contact request,
 * and one transaction on the next turn of the loop inserts every queued contact request and commits once; each
 * create() resolves only after that commit (a 201 still means "on disk").
 */

export interface SqliteContactRequestStoreOptions {
  /** Domain of the mails' Message-IDs (default dataclarity.de). */
  messageIdDomain?: string;
}

export interface SqliteContactRequestStore extends ContactRequestStore {
  readonly db: Database.Database;
}

/** Opens the contact request store on `path` (or on an open database, which it then does not close). */
export function openSqliteContactRequestStore(pathOrDb: string | Database.Database, options: SqliteContactRequestStoreOptions = {}): SqliteContactRequestStore {
  const ownsDb = typeof pathOrDb === 'string';
  const db = typeof pathOrDb === 'string' ? openSqliteDatabase(pathOrDb) : pathOrDb;
  const domain = options.messageIdDomain ?? 'dataclarity.de';

  const insertContactRequest = db.prepare(
    `INSERT INTO leads (id, variant, name, email, phone, message, source, received_at, status, idempotency_key)
     VALUES (@id, @variant, @name, @email, @phone, @message, @source, @received_at, @status, @idempotency_key)`,
  );
  const outbox = sqliteMailOutbox(db, domain);
  const selectOne = db.prepare(`${CONTACT_REQUEST_SELECT} WHERE l.id = ?`);
  const selectByKey = db.prepare('SELECT id FROM leads WHERE idempotency_key = ?');
  const updateHandled = db.prepare('UPDATE leads SET handled_at = ? WHERE id = ?');
  const deleteOne = db.prepare('DELETE FROM leads WHERE id = ?');
  const selectNote = db.prepare('SELECT staff_note FROM leads WHERE id = ?');
  const updateNote = db.prepare('UPDATE leads SET staff_note = ? WHERE id = ?');
  const setPending = db.prepare("UPDATE leads SET status = 'pending' WHERE id = ? AND status = 'failed'");
  const deleteOld = db.prepare('DELETE FROM leads WHERE received_at < ?');
  const selectAttempts = db.prepare(
    'SELECT attempt, started_at, finished_at, error FROM lead_delivery_attempts WHERE lead_id = ? ORDER BY attempt',
  );

  const getSync = (id: string): ContactRequest | null => {
    const row = selectOne.get(id) as ContactRequestRow | undefined;
    return row ? contactRequestFromRow(row) : null;
  };

  const createTx = db.transaction((input: NewContactRequest, receivedAt: string): CreatedContactRequest => {
    const key = input.idempotencyKey ?? null;
    if (key !== null) {
      const existing = selectByKey.get(key) as { id: string } | undefined;
      if (existing) return { contactRequest: getSync(existing.id)!, created: false };
    }
    const id = randomUUID();
    insertContactRequest.run({ id, ...newContactRequestColumns(input), received_at: receivedAt, idempotency_key: key });
    if (!input.spam) outbox.enqueueContactRequestSync(id, receivedAt);
    return { contactRequest: getSync(id)!, created: true };
  });

  const retryTx = db.transaction((id: string, now: string): boolean => {
    if (setPending.run(id).changes === 0) return false;
    outbox.enqueueContactRequestSync(id, now);
    return true;
  });

  type Queued = { input: NewContactRequest; receivedAt: string; resolve: (value: CreatedContactRequest) => void; reject: (error: unknown) => void };
  let queue: Queued[] = [];
  const commitQueue = db.transaction((batch: Queued[]) => batch.map((item) => createTx(item.input, item.receivedAt)));
  const flush = () => {
    const batch = queue;
    queue = [];
    let results: CreatedContactRequest[];
    try {
      results = commitQueue.immediate(batch);
    } catch (error) {
      // One bad contact request must not fail the others: write them one by one.
      for (const item of batch) {
        try {
          item.resolve(createTx.immediate(item.input, item.receivedAt));
        } catch (itemError) {
          item.reject(itemError);
        }
      }
      return error;
    }
    batch.forEach((item, i) => item.resolve(results[i]!));
    return null;
  };

  const store: SqliteContactRequestStore = {
    db,
    outbox,

    create(input, receivedAt) {
      return new Promise<CreatedContactRequest>((resolve, reject) => {
        queue.push({ input, receivedAt: receivedAt.toISOString(), resolve, reject });
        if (queue.length === 1) setImmediate(flush);
      });
    },

    async get(id) {
      return getSync(id);
    },

    async list(query: ContactRequestQuery = {}) {
      const where: string[] = [];
      const params: Record<string, unknown> = {};
      if (query.status) {
        where.push('l.status = @status');
        params.status = query.status;
      }
      if (query.variant) {
        where.push('l.variant = @variant');
        params.variant = query.variant;
      }
      if (query.handled === true) where.push('l.handled_at IS NOT NULL');
      if (query.handled === false) where.push('l.handled_at IS NULL');
      if (query.search) {
        where.push("(l.name LIKE @search ESCAPE '\\' OR l.email LIKE @search ESCAPE '\\' OR l.message LIKE @search ESCAPE '\\')");
        params.search = containsPattern(query.search);
      }
      const clause = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM leads l${clause}`).get(params) as { n: number }).n;
      const order = ' ORDER BY l.received_at DESC, l.rowid DESC';
      let sql = `${CONTACT_REQUEST_SELECT}${clause}${order}`;
      if (query.limit !== undefined) {
        // The page's ids first, then the attempt columns for those rows only (not for the skipped ones).
        sql = `${CONTACT_REQUEST_SELECT} WHERE l.id IN (SELECT l.id FROM leads l${clause}${order} LIMIT @limit OFFSET @offset)${order}`;
        params.limit = query.limit;
        params.offset = query.offset ?? 0;
      }
      const rows = db.prepare(sql).all(params) as ContactRequestRow[];
      return { contactRequests: rows.map(contactRequestFromRow), total };
    },

    async setHandled(id, handled, at) {
      updateHandled.run(handled ? at.toISOString() : null, id);
      return getSync(id);
    },

    async noteOf(id) {
      const row = selectNote.get(id) as { staff_note: string } | undefined;
      return row ? row.staff_note : null;
    },

    async setNote(id, note) {
      return updateNote.run(note, id).changes > 0;
    },

    async retryNow(id, now) {
      return retryTx.immediate(id, now.toISOString());
    },

    async delete(id) {
      return deleteOne.run(id).changes > 0;
    },

    async deleteReceivedBefore(cutoff) {
      return deleteOld.run(cutoff.toISOString()).changes;
    },

    async attempts(id) {
      const rows = selectAttempts.all(id) as Array<{ attempt: number; started_at: string; finished_at: string; error: string | null }>;
      return rows.map((row): DeliveryAttempt => ({
        attempt: row.attempt,
        startedAt: row.started_at,
        finishedAt: row.finished_at,
        error: row.error,
      }));
    },

    async close() {
      if (ownsDb && db.open) db.close();
    },
  };
  return store;
}
