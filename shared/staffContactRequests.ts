/**
 * How the staff console names a lead's delivery state (issue 32: received, delivered, failed,
 * spam) and the store's states it stands for (server/contactRequests/store: pending, sent, failed, spam), once.
 */
export const STAFF_LEAD_STATUSES = {
  received: 'pending',
  delivered: 'sent',
  failed: 'failed',
  spam: 'spam',
} as const;
export type StaffLeadStatus = keyof typeof STAFF_LEAD_STATUSES;
export type StoredLeadStatus = (typeof STAFF_LEAD_STATUSES)[StaffLeadStatus];

export const STAFF_LEAD_STATUS_NAMES = Object.keys(STAFF_LEAD_STATUSES) as StaffLeadStatus[];

/** The console's name of a stored state. */
export function staffLeadStatus(stored: StoredLeadStatus): StaffLeadStatus {
  return STAFF_LEAD_STATUS_NAMES.find((name) => STAFF_LEAD_STATUSES[name] === stored)!;
}

/** Longest internal note on a lead, and longest search text. */
export const STAFF_NOTE_MAX = 2000;
export const STAFF_SEARCH_MAX = 200;
/** Page size of the inbox: default and largest. */
export const STAFF_PAGE_SIZE = 25;
export const STAFF_PAGE_MAX = 100;
/** Most leads one CSV export holds. */
export const STAFF_EXPORT_MAX = 100_000;
