import type { ContactRequest } from '../../shared/contactRequestSchema';

/**
 * The site's one mail outbox (issue 31): every mail the site sends waits in the table
 * `mail_outbox` (SQLite migration 6, PostgreSQL 'one_outbox'), with a kind per message, and is
 * sent by the one worker of ./delivery. Implementations: ./mailOutboxSqlite, ./mailOutboxPg.
 *
 * Guarantees, the same for every kind:
 * - a mail is in the database before the request that caused it answers, written in that
 *   request's own transaction (a contact request with its entry, a link token with its mail);
 * - an entry is claimed atomically with a lease: while the lease runs no other claim (this
 *   process or another instance on the same database) returns it; when it expires (the sender
 *   crashed) the entry is due again;
 * - each claim counts one attempt; failures are retried with growing delays up to a bound;
 * - the Message-ID is fixed when the entry is queued and the same on every attempt.
 *
 * Kind 'lead': the row points at its contact request (lead_id; erased with it) and the mail is rendered from
 * the contact request when it is sent (../contactRequests/mail: to the company's inbox). Its attempts are logged in
 * lead_delivery_attempts and its outcome is the contact request's status (sent, failed), which the staff
 * console shows. The row's id is the contact request's id.
 *
 * Other kinds (account mails): the row holds the rendered mail. A mail with a link holds the
 * link's token in its body until the SMTP server accepted it: the row is deleted then (and when it
 * is given up), so the token lives at rest in the clear only while the mail waits; the token table
 * keeps only its SHA-256.
 */

/** Every kind of mail the site sends. */
export const MAIL_KINDS = [
  'lead',
  'email-verification',
  'password-reset',
  'password-changed',
  'email-change',
  'email-change-notice',
  'staff-invitation',
  'passkey-added',
  'passkey-removed',
  'email-verified',
  'account-deleted',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export type AccountMailKind = Exclude<MailKind, 'lead'>;

/** A rendered account mail: one recipient, a fixed subject, a plain-text body. */
export interface OutgoingMail {
  kind: AccountMailKind;
  to: string;
  subject: string;
  text: string;
}

interface ClaimBase {
  /** The entry's id (for a contact request: the contact request's id). */
  id: string;
  /** Stable Message-ID of this mail (the same on every attempt). */
  messageId: string;
  /** This attempt's number, from 1. */
  attempt: number;
  /** Proof of the claim: markSent / markFailed / release only act while it holds. */
  leaseToken: string;
  /** When the attempt started (the claim's `now`). */
  startedAt: string;
}

/** A claimed entry: what the sender needs to mail it, and the lease proving the claim. */
export type MailClaim = ClaimBase & ({ kind: 'lead'; contactRequest: ContactRequest } | { kind: AccountMailKind; mail: OutgoingMail });

export interface OutboxStats {
  /** Entries waiting, every kind. */
  size: number;
  /** When the oldest waiting entry was queued (a contact request's: when it was received); null: none waiting. */
  oldestQueuedAt: string | null;
}

export interface MailOutbox {
  /** Queues an account mail; its id. (A contact request's entry is queued by the contact request store, in the contact request's transaction.) */
  enqueue(mail: OutgoingMail, at: Date): Promise<string>;
  /**
   * Atomically claims up to `limit` entries due at `now` (next attempt reached, no running
   * lease), oldest due first: each gets a lease until `now + leaseMs` and its attempt count goes up by one.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<MailClaim[]>;
  /** Accepted by the SMTP server: the entry leaves the outbox (a contact request becomes 'sent'). False when the lease was lost. */
  markSent(claim: MailClaim, at: Date): Promise<boolean>;
  /**
   * The attempt failed: with `retryAt` the entry waits until then; without (attempts exhausted)
   * it leaves the outbox (a contact request becomes 'failed'). False when the lease was lost.
   */
  markFailed(claim: MailClaim, error: string, at: Date, retryAt: Date | null): Promise<boolean>;
  /**
   * Hands a claim back unsent (graceful shutdown between claim and send): the lease ends, the
   * attempt it counted is taken back, and the entry is due again at once for any instance.
   * False when the lease was lost meanwhile.
   */
  release(claim: MailClaim): Promise<boolean>;
  /** Entries waiting, of one kind or all. */
  size(kind?: MailKind): Promise<number>;
  /** Entries waiting and when the oldest was queued, for /readyz and metrics (one indexed query). */
  stats(): Promise<OutboxStats>;
}

/** The stable Message-ID of a mail: the same on every attempt, so a mailbox can drop a duplicate. */
export function mailMessageId(id: string, kind: MailKind, domain: string): string {
  return `<${kind}-${id}@${domain}>`;
}
