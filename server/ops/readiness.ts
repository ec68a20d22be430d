import type { FastifyInstance } from 'fastify';
import type { LeadStore } from '../leads/store';

/**
 * GET /readyz: should this instance get traffic? 200 `{"status":"ready"}` or 503 with the
 * failing checks, never cached. /healthz stays "the process answers".
 *
 * - not shutting down (../ops/lifecycle: draining);
 * - the database answers and is migrated: the outbox query reads the lead tables of the newest
 *   migrations, on SQLite or PostgreSQL, bounded by `timeoutMs`;
 * - the outbox is not stuck: the oldest lead waiting for its mail was received less than
 *   `outboxMaxAgeMs` ago (DC_READY_OUTBOX_MAX_AGE_S, 3600 s). Only when leads are mailed (SMTP_URL
 *   set): without SMTP they wait in the database by design.
 *
 * Cheap: one indexed query per call.
 */
export interface ReadinessOptions {
  leads: LeadStore;
  /** Leads are mailed (SMTP configured): the outbox age counts. */
  mailing: boolean;
  outboxMaxAgeMs: number;
  timeoutMs?: number;
  now?: () => Date;
}

export interface ReadinessReport {
  status: 'ready' | 'not ready';
  checks: { shuttingDown: boolean; database: 'ok' | 'unreachable'; outbox: 'ok' | 'stuck' | 'unknown'; oldestPendingAgeS: number | null };
}

export async function readiness(app: FastifyInstance, options: ReadinessOptions): Promise<ReadinessReport> {
  const now = options.now ?? (() => new Date());
  const checks: ReadinessReport['checks'] = { shuttingDown: app.lifecycle.draining, database: 'ok', outbox: 'ok', oldestPendingAgeS: null };
  try {
    let timer: NodeJS.Timeout | undefined;
    const stats = await Promise.race([
      options.leads.outboxStats(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('database check timed out')), options.timeoutMs ?? 2000);
      }),
    ]).finally(() => clearTimeout(timer));
    if (stats.oldestReceivedAt !== null) {
      const ageMs = now().getTime() - Date.parse(stats.oldestReceivedAt);
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
