/**
 * The outbox of the site's mails other than leads (issue 31): the lead outbox of ./store keeps
 * the lead mails (kind 'lead', written in the lead's own transaction), this one the account
 * mails, each with its kind. Both are sent by the one worker of ./delivery with the same
 * guarantees: written to the database before the request answers, claimed with a lease (two
 * instances never send one mail at once; after a crash it is due again when the lease ends),
 * retried with growing delays, a stable Message-ID on every attempt.
 *
 * A row holds the rendered mail. A mail with a link holds the link's token in its body until the
 * SMTP server accepted it: the row is deleted then (and when it is given up), so the token lives
 * at rest in the clear only while the mail waits; the token table keeps only its SHA-256.
 */

/** Every kind of mail the site sends; 'lead' mails live in the lead outbox (./store). */
export const MAIL_KINDS = ['lead', 'email-verification', 'password-reset', 'password-changed', 'email-change', 'email-change-notice'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export type AccountMailKind = Exclude<MailKind, 'lead'>;

/** A rendered account mail: one recipient, a fixed subject, a plain-text body. */
export interface OutgoingMail {
  kind: AccountMailKind;
  to: string;
  subject: string;
  text: string;
}

export interface MailClaim {
  id: string;
  mail: OutgoingMail;
  messageId: string;
  attempt: number;
  leaseToken: string;
  startedAt: string;
}

export interface MailOutbox {
  /** Queues a mail (also used inside a store's own transaction, see ../accounts/accountStore). */
  enqueue(mail: OutgoingMail, at: Date): Promise<string>;
  /** Claims up to `limit` due mails with a lease until `now + leaseMs`; each claim counts an attempt. */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<MailClaim[]>;
  /** Accepted by the SMTP server: the row (with any token in its body) is deleted. False when the lease was lost. */
  markSent(claim: MailClaim): Promise<boolean>;
  /** Failed: due again at `retryAt`, or deleted when it is null (attempts exhausted). False when the lease was lost. */
  markFailed(claim: MailClaim, error: string, retryAt: Date | null): Promise<boolean>;
  /** Hands a claim back unsent at shutdown (the attempt is taken back, due at once). */
  release(claim: MailClaim): Promise<boolean>;
  /** Mails waiting, by kind (tests, metrics). */
  size(kind?: AccountMailKind): Promise<number>;
}

/** The stable Message-ID of an account mail. */
export function mailMessageId(id: string, kind: AccountMailKind, domain: string): string {
  return `<${kind}-${id}@${domain}>`;
}
