/**
 * How the staff console names a contact request's delivery state (issue 32: received, delivered, failed,
 * spam) and the store's states it stands for (server/contactRequests/store: pending, sent, failed, spam), once.
 */
export const STAFF_CONTACT_REQUEST_STATUSES = {
  received: 'pending',
  delivered: 'sent',
  failed: 'failed',
  spam: 'spam',
} as const;
export type StaffContactRequestStatus = keyof typeof STAFF_CONTACT_REQUEST_STATUSES;
export type StoredContactRequestStatus = (typeof STAFF_CONTACT_REQUEST_STATUSES)[StaffContactRequestStatus];

export const STAFF_CONTACT_REQUEST_STATUS_NAMES = Object.keys(STAFF_CONTACT_REQUEST_STATUSES) as StaffContactRequestStatus[];

/** The console's name of a stored state. */
export function staffContactRequestStatus(stored: StoredContactRequestStatus): StaffContactRequestStatus {
  return STAFF_CONTACT_REQUEST_STATUS_NAMES.find((name) => STAFF_CONTACT_REQUEST_STATUSES[name] === stored)!;
}

/** Longest internal note on a contact request, and longest search text. */
export const STAFF_NOTE_MAX = 2000;
export const STAFF_SEARCH_MAX = 200;
/** Page size of the inbox: default and largest. */
export const STAFF_PAGE_SIZE = 25;
export const STAFF_PAGE_MAX = 100;
/** Most contact requests one CSV export holds. */
export const STAFF_EXPORT_MAX = 100_000;
