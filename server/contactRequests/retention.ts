import type { FastifyBaseLogger } from 'fastify';
import type { ContactRequestStore } from './store';

/**
 * Retention of contact requests (privacy policy, section 6): every contact request received more than `days` days ago
 * is deleted, with its outbox entry and attempt log, at start and then every `intervalMs`
 * (default 6 hours). The staff audit log (server/staff) is kept as long as the contact requests: its entries
 * older than the same cutoff go in the same sweep.
 */
export interface Retention {
  /** One sweep; resolves with how many contact requests were deleted. */
  sweep(): Promise<number>;
  start(): void;
  stop(): void;
}

const DAY_MS = 86_400_000;

export function contactRequestRetention(options: {
  store: ContactRequestStore;
  /** The audit log kept with the contact requests' retention (server/staff/staffStore). */
  audit?: { deleteAuditBefore(cutoff: Date): Promise<number> } | undefined;
  days: number;
  intervalMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now?: () => Date;
}): Retention {
  const now = options.now ?? (() => new Date());
  let timer: ReturnType<typeof setInterval> | null = null;
  const sweep = async () => {
    const cutoff = new Date(now().getTime() - options.days * DAY_MS);
    const deleted = await options.store.deleteReceivedBefore(cutoff);
    if (deleted > 0) options.log?.info({ deleted, cutoff: cutoff.toISOString() }, 'leads past their retention period deleted');
    const auditDeleted = (await options.audit?.deleteAuditBefore(cutoff)) ?? 0;
    if (auditDeleted > 0) options.log?.info({ deleted: auditDeleted, cutoff: cutoff.toISOString() }, 'audit entries past the retention period deleted');
    return deleted;
  };
  const safeSweep = () => {
    sweep().catch((error: unknown) => options.log?.error({ err: error }, 'lead retention sweep failed'));
  };
  return {
    sweep,
    start() {
      if (timer) return;
      safeSweep();
      timer = setInterval(safeSweep, options.intervalMs ?? 6 * 3_600_000);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
