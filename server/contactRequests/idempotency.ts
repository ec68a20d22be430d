import { createHash } from 'node:crypto';
import type { ContactRequest } from '../../shared/contactRequestSchema';
import type { NewContactRequest } from './store';
import { newContactRequestColumns } from './contactRequestRow';

/**
 * Idempotency-Key of POST /contact, as the IETF draft (draft-ietf-httpapi-idempotency-key-header)
 * asks: a key belongs to the client that sent it and to the request it came with.
 *
 * - Scope: the key stored is a SHA-256 of the client address and the client's key, so another
 *   client sending the same key (guessed, or copied from a shared page) gets a contact request of its own,
 *   never the first visitor's id. The address itself is not stored (only this digest).
 * - Body: a retry must carry the same contact request; {@link sameContactRequest} compares the stored contact request with the new
 *   request's fields (as the store writes them), and a different body answers 422.
 */
export function scopedIdempotencyKey(clientKey: string, clientAddress: string): string {
  return createHash('sha256').update(`${clientAddress}\u0000${clientKey}`).digest('base64url');
}

/** True when `input` is the contact request `stored` was created from (same variant and fields, after trimming). */
export function sameContactRequest(stored: ContactRequest, input: NewContactRequest): boolean {
  const columns = newContactRequestColumns(input);
  return (
    stored.variant === columns.variant &&
    stored.name === columns.name &&
    stored.email === columns.email &&
    stored.phone === columns.phone &&
    stored.message === columns.message
  );
}
