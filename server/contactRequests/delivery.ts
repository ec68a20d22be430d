import type { FastifyBaseLogger } from 'fastify';
import { accountMail, contactRequestMail, type ContactRequestMailer, type MailAddresses } from './mail';
import type { MailClaim, MailOutbox } from './mailOutbox';

/**
 * The one outbox worker of the site (./mailOutbox): sends every kind of mail (contact requests to the
 * company's inbox, account mails to their users), retries failures with growing delays, gives up
 * after a bounded number of attempts, and resumes whatever is pending after a restart (the outbox
 * is in the database, written in the transaction of whatever queued the mail).
 *
 * Exactly once, as far as SMTP allows: an entry is claimed with a lease before sending and
 * marked sent right after the SMTP server accepted the mail. If the process dies between the two
 * (kill -9 in that millisecond window), the lease expires and the mail is sent again, with the
 * SAME Message-ID, so a mailbox or a rule can drop the duplicate. This is the one case of a
 * double send; losing a contact request instead is never an option.
 */

export interface RetrySettings {
  /** Delay before the 2nd attempt; each further attempt waits twice as long. */
  baseDelayMs: number;
  /** Upper bound of one delay. */
  maxDelayMs: number;
  /** Attempts in all; after the last failure the mail is given up (a contact request is 'failed': still stored, listed by the staff API). */
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetrySettings = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 12 };

/** The wait after failed attempt number `attempt` (1-based): base · 2^(attempt-1), at most max. */
export function retryDelayMs(attempt: number, retry: RetrySettings): number {
  return Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

export interface DeliveryOptions {
  outbox: MailOutbox;
  mailer: ContactRequestMailer;
  addresses: MailAddresses;
  retry?: RetrySettings;
  /** How often to look for due entries (default 5 s); a new mail is sent at once through kick(). */
  pollMs?: number;
  /** How long a claim holds (default 2 min, above the SMTP timeouts). */
  leaseMs?: number;
  /** Entries per claim (default 10). */
  batchSize?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}

export interface MailDelivery {
  /** Starts polling (and runs at once). */
  start(): void;
  /** Runs a pass soon (after a mail was queued). */
  kick(): void;
  /** One pass: claims due entries and sends them; resolves with how many were claimed. */
  runOnce(): Promise<number>;
  /**
   * Stops polling and waits for the running pass (graceful shutdown: no mail cut in half): the
   * mails being sent finish and are marked, no further batch is claimed, and a claim that
   * arrives after the stop is handed back (MailOutbox.release), due at once for another instance.
   */
  stop(): Promise<void>;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${(error as { code?: string }).code ? `${(error as { code?: string }).code}: ` : ''}${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 500);
}

export function createMailDelivery(options: DeliveryOptions): MailDelivery {
  const { outbox, mailer, addresses } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const batchSize = options.batchSize ?? 10;
  const now = options.now ?? (() => new Date());
  const log = options.log;

  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  /** Set by stop(): no further claim; claims that arrive after it are handed back unsent. */
  let stopping = false;

  const render = (claim: MailClaim) =>
    claim.kind === 'lead' ? contactRequestMail(claim.contactRequest, claim.messageId, addresses) : accountMail(claim.mail, claim.messageId, addresses.from, now());

  const deliver = async (claim: MailClaim): Promise<void> => {
    // Neither an account mail's recipient nor its body (a link's token) is logged: the id and kind say which mail.
    const context = claim.kind === 'lead' ? { leadId: claim.id, kind: claim.kind, attempt: claim.attempt } : { mailId: claim.id, kind: claim.kind, attempt: claim.attempt };
    try {
      await mailer.send(render(claim));
    } catch (error) {
      const message = errorText(error);
      const last = claim.attempt >= retry.maxAttempts;
      const at = now();
      const retryAt = last ? null : new Date(at.getTime() + retryDelayMs(claim.attempt, retry));
      await outbox.markFailed(claim, message, at, retryAt);
      if (last) log?.error({ ...context, error: message }, claim.kind === 'lead' ? 'lead mail failed for the last time; the lead stays stored with status failed' : 'mail failed for the last time; given up');
      else log?.warn({ ...context, error: message, retryAt: retryAt!.toISOString() }, 'mail failed; will retry');
      return;
    }
    if (await outbox.markSent(claim, now())) log?.info(context, 'mail sent');
  };

  const pass = async (): Promise<number> => {
    let claimedTotal = 0;
    for (;;) {
      if (stopping) return claimedTotal;
      const claims = await outbox.claimDue(now(), batchSize, leaseMs);
      if (stopping) {
        // The stop came while the claim ran: hand the entries back, due at once for another instance.
        await Promise.all(claims.map((claim) => outbox.release(claim)));
        if (claims.length > 0) log?.info({ mails: claims.length }, 'outbox claims handed back at shutdown');
        return claimedTotal;
      }
      claimedTotal += claims.length;
      await Promise.all(claims.map(deliver));
      if (claims.length < batchSize) return claimedTotal;
    }
  };

  const runOnce = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => {
        log?.error({ err: error }, 'mail delivery pass failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, pollMs);
    timer.unref?.();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      void runOnce();
      schedule();
    },
    kick() {
      if (!stopped) void runOnce();
    },
    runOnce,
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
}
