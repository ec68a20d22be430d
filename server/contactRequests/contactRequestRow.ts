import { isoTime } from '../db/isoTime';
import type { ContactRequest, ContactRequestStatus } from '../../shared/contactRequestSchema';
import type { NewContactRequest, SentFields } from './store';

/**
 * The contact request as both stores read it (./sqliteStore, ./pgStore: the same tables and columns), once:
 * the SELECT with the attempt count and last error from the attempt log, the row it returns and
 * the row's mapping to a {@link ContactRequest}. Times come back as ISO text from SQLite and as `Date`
 * from PostgreSQL (timestamptz); a ContactRequest always carries ISO text.
 */
export interface ContactRequestRow extends SentFields {
  id: string;
  received_at: Date | string;
  status: ContactRequestStatus;
  delivered_at: Date | string | null;
  handled_at: Date | string | null;
  attempts: number;
  last_error: string | null;
}

/** Contact request columns (alias `l`) with the attempt count and last error; standard SQL both databases run. */
export const CONTACT_REQUEST_SELECT = `SELECT l.id, l.variant, l.name, l.email, l.phone, l.message, l.source, l.received_at, l.status,
    l.delivered_at, l.handled_at,
    (SELECT CAST(COUNT(*) AS integer) FROM lead_delivery_attempts a WHERE a.lead_id = l.id) AS attempts,
    (SELECT a.error FROM lead_delivery_attempts a WHERE a.lead_id = l.id ORDER BY a.attempt DESC LIMIT 1) AS last_error
  FROM leads l`;

export function contactRequestFromRow(row: ContactRequestRow): ContactRequest {
  return {
    id: row.id,
    variant: row.variant,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    source: row.source,
    receivedAt: isoTime(row.received_at),
    status: row.status,
    deliveredAt: row.delivered_at === null ? null : isoTime(row.delivered_at),
    handledAt: row.handled_at === null ? null : isoTime(row.handled_at),
    attempts: row.attempts,
    lastError: row.last_error,
  };
}

/** What both stores write for a new contact request: its fields trimmed (the store's rule, see ./store) and its first status. */
export function newContactRequestColumns(input: NewContactRequest) {
  const status: ContactRequestStatus = input.spam ? 'spam' : 'pending';
  return {
    variant: input.variant,
    name: input.name.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    message: input.message.trim(),
    source: input.source,
    status,
  };
}
