import type { FastifyInstance } from 'fastify';
import type { MailOutbox } from '../contactRequests/mailOutbox';
import { checkWritable } from '../db/busy';

/**
 * GET /readyz: should this instance get traffic? 200 `{"status":"ready"}` or 503 with the
 * failing checks, never cached. /healthz stays "the process answers".
 *
 * - not shutting down (../ops/lifecycle: draining);
 * - the database answers, is migrated and takes writes, within `timeoutMs` (1.5 s, so that the
 *   answer keeps its 2 s promise): the outbox query reads the one mail outbox of the newest
 *   migrations, on SQLite or PostgreSQL; on SQLite the write lock is taken and given back (a
 *   write check, ../db/busy: another process holding it past its wait makes this 'unreachable');
 * - the outbox is not stuck: the oldest mail waiting (any kind: a contact request, an account mail) was
 *   queued less than `outboxMaxAgeMs` ago (DC_READY_OUTBOX_MAX_AGE_S, 3600 s). Only when mail is
 *   sent (SMTP_URL set): without SMTP it waits in the database by design.
 *
 * Cheap: one indexed query per call (and on SQLite a lock taken and given back, nothing written).
 */
export interface ReadinessOptions {
  /** The site's mail outbox (../contactRequests/mailOutbox). */
  outbox: MailOutbox;
  /** Mail is sent (SMTP configured): the outbox age counts. */
  mailing: boolean;
  outboxMaxAgeMs: number;
  /** The database checks' bound (default {@link DATABASE_CHECK_TIMEOUT_MS}). */
  timeoutMs?: number;
  now?: () => Date;
}

export interface ReadinessReport {
  status: 'ready' | 'not ready';
  checks: { shuttingDown: boolean; database: 'ok' | 'unreachable'; outbox: 'ok' | 'stuck' | 'unknown'; oldestPendingAgeS: number | null };
}

/** The database checks' bound: below the 2 s an answer of /readyz may take. */
const DATABASE_CHECK_TIMEOUT_MS = 1500;

export async function readiness(app: FastifyInstance, options: ReadinessOptions): Promise<ReadinessReport> {
  const now = options.now ?? (() => new Date());
  const checks: ReadinessReport['checks'] = { shuttingDown: app.lifecycle.draining, database: 'ok', outbox: 'ok', oldestPendingAgeS: null };
  try {
    let timer: NodeJS.Timeout | undefined;
    const [stats] = await Promise.race([
      Promise.all([options.outbox.stats(), checkWritable(options.outbox)]),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('database check timed out')), options.timeoutMs ?? DATABASE_CHECK_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    if (stats.oldestQueuedAt !== null) {
      const ageMs = now().getTime() - Date.parse(stats.oldestQueuedAt);
      checks.oldestPendingAgeS = Math.max(0, Math.round(ageMs / 1000));
      if (options.mailing && ageMs > options.outboxMaxAgeMs) checks.outbox = 'stuck';
    }
  } catch (error) {
    app.log.warn({ err: error }, 'readiness: the database did not answer');
    checks.database = 'unreachable';
    checks.outbox = 'unknown';
  }
  const ready = !checks.shuttingDown && checks.database === 'ok' && checks.outbox === 'ok';
  return { status: ready ? 'ready' : 'not ready', checks };
}

export function registerReadiness(app: FastifyInstance, options: ReadinessOptions): void {
  app.get('/readyz', async (_request, reply) => {
    const report = await readiness(app, options);
    return reply
      .code(report.status === 'ready' ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(report);
  });
}
