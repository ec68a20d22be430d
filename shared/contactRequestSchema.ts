import { Type, type Static } from 'typebox';
import { CONTACT_REQUEST_VARIANTS } from './contactRequest';
import { STAFF_CONTACT_REQUEST_STATUS_NAMES } from './staffContactRequests';

/**
 * What the API answers about a stored contact request, once for both sides of the wire: the routes
 * serialise through these JSON schemas (TypeBox), and the staff console reads their types with
 * `import type` (no TypeBox in a widget's bundle: tests/unit/layout.test.ts).
 */

/** Delivery state of a contact request: queued for mail, mailed, given up after the last retry, or spam (never mailed). */
export const CONTACT_REQUEST_STATUSES = ['pending', 'sent', 'failed', 'spam'] as const;
export type ContactRequestStatus = (typeof CONTACT_REQUEST_STATUSES)[number];

export function isContactRequestStatus(value: unknown): value is ContactRequestStatus {
  return typeof value === 'string' && (CONTACT_REQUEST_STATUSES as readonly string[]).includes(value);
}

/**
 * A stored contact request, as the administrator's API returns it: the shape once, as a JSON schema
 * (TypeBox; the routes serialise through it) with its type.
 */
export const ContactRequestSchema = Type.Object({
  id: Type.String(),
  variant: Type.Enum(CONTACT_REQUEST_VARIANTS),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  message: Type.String(),
  /** The page (origin + path) or the partner origin the request came from; '' when unknown. */
  source: Type.String(),
  receivedAt: Type.String(),
  status: Type.Enum(CONTACT_REQUEST_STATUSES),
  /** When the mail was accepted by the SMTP server. */
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
  /** When an administrator marked the contact request handled. */
  handledAt: Type.Union([Type.String(), Type.Null()]),
  /** Delivery attempts so far. */
  attempts: Type.Integer(),
  /** The error of the last failed attempt, if any. */
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type ContactRequest = Static<typeof ContactRequestSchema>;

export const DeliveryAttemptSchema = Type.Object({
  attempt: Type.Integer(),
  startedAt: Type.String(),
  finishedAt: Type.String(),
  /** null: accepted by the SMTP server. */
  error: Type.Union([Type.String(), Type.Null()]),
});
export type DeliveryAttempt = Static<typeof DeliveryAttemptSchema>;

/** A contact request as the staff API answers it: the status in the console's words (shared/staffContactRequests). */
export const StaffContactRequestSchema = Type.Object({ ...ContactRequestSchema.properties, status: Type.Enum(STAFF_CONTACT_REQUEST_STATUS_NAMES) });
export type StaffContactRequest = Static<typeof StaffContactRequestSchema>;
