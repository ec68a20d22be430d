import { type ContactRequestVariant } from '../../shared/contactRequest';
import type { ContactRequest, ContactRequestStatus, DeliveryAttempt } from '../../shared/contactRequestSchema';
import type { MailOutbox } from './mailOutbox';

/** What a visitor sent: a {@link ContactRequest}'s own fields, before the store gives it an id, a time and a status. */
export type SentFields = Pick<ContactRequest, 'variant' | 'name' | 'email' | 'phone' | 'message' | 'source'>;

export interface NewContactRequest extends SentFields {
  /** Honeypot filled: kept as 'spam', not queued. */
  spam: boolean;
  /**
   * The client's key for this submission (Idempotency-Key). A second create with the same key
   * returns the first contact request instead of storing a copy (a retry after a timeout counts once).
   */
  idempotencyKey?: string | null;
}

export interface CreatedContactRequest {
  contactRequest: ContactRequest;
  /** False when the idempotency key was already known and the existing contact request was returned. */
  created: boolean;
}

export interface ContactRequestQuery {
  status?: ContactRequestStatus;
  variant?: ContactRequestVariant;
  /** Text that name, email or message contain (case-insensitive for ASCII letters; the staff inbox's search). */
  search?: string;
  /** true: only handled contact requests; false: only open ones; absent: both. */
  handled?: boolean;
  /** Page size (the API bounds it). Absent: every matching contact request. */
  limit?: number;
  offset?: number;
}

export interface ContactRequestPage {
  /** Newest first. */
  contactRequests: ContactRequest[];
  /** Matching contact requests in all pages. */
  total: number;
}

/**
 * Persistence of contact requests (contact and consultation requests), independent of the database; their
 * mails wait in the site's one mail outbox (./mailOutbox, kind 'lead'), which the store exposes
 * on the same database as {@link ContactRequestStore.outbox}. The SQLite implementation is ./sqliteStore (the same file as the
 * users); a PostgreSQL one implements the same interface, and tests/unit/contactRequestStoreContract.ts is
 * the suite every implementation must pass.
 *
 * The code says "contact request"; the database keeps its old word: the tables and columns (`leads`,
 * `lead_delivery_attempts`, `mail_outbox.lead_id`, …) and the outbox kind 'lead' are not renamed, and no
 * migration will rename them. Migrations are append-only, and during a rolling restart on PostgreSQL
 * the old instance runs beside the new one on the same database: a renamed table would break it.
 *
 * Invariants every implementation keeps:
 * - a contact request and its outbox entry are written in ONE transaction: when {@link ContactRequestStore.create}
 *   resolves, the contact request is committed and, unless it is spam, queued for delivery (the outbox's
 *   claims, leases and attempts: ./mailOutbox);
 * - ids are UUID v4 strings; times are ISO 8601 UTC strings (`toISOString()`), which sort as text;
 * - no IP address is stored.
 * Input is validated before it reaches the store (shared/contactRequest); the store trims.
 */
export interface ContactRequestStore {
  /** Stores a contact request (and, unless spam, its outbox entry) in one transaction. */
  create(input: NewContactRequest, receivedAt: Date): Promise<CreatedContactRequest>;
  get(id: string): Promise<ContactRequest | null>;
  /** Newest first, filtered and paged. */
  list(query?: ContactRequestQuery): Promise<ContactRequestPage>;
  /** Sets (or clears) handledAt; returns the contact request or null when there is none with this id. */
  setHandled(id: string, handled: boolean, at: Date): Promise<ContactRequest | null>;
  /** The internal note staff keep on a contact request ('' when none), or null when there is no such contact request. */
  noteOf(id: string): Promise<string | null>;
  /** Replaces the internal note; false when there is no such contact request. */
  setNote(id: string, note: string): Promise<boolean>;
  /**
   * Puts a 'failed' contact request back in the outbox, due at `now`, for one more attempt (the staff
   * console's "retry now"): the attempt count goes on from the log, so the delivery tries once
   * and, failing again, gives up again. False when the contact request is not 'failed'.
   */
  retryNow(id: string, now: Date): Promise<boolean>;
  /** Erases a contact request with its outbox entry and attempt log; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** Erases every contact request received before `cutoff` (retention); returns how many. */
  deleteReceivedBefore(cutoff: Date): Promise<number>;

  /** The attempt log of a contact request's mail, oldest first. */
  attempts(id: string): Promise<DeliveryAttempt[]>;
  /** The site's mail outbox on the same database (the contact request mails' entries and every other kind). */
  readonly outbox: MailOutbox;
  /** Releases the database (when the store opened it). Safe to call twice. */
  close(): Promise<void>;
}

/** A LIKE pattern that matches `text` anywhere (`\\` escapes the wildcards; used with ESCAPE '\\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
