import type { FastifyRequest } from 'fastify';
import type { StaffStore } from './staffStore';

/** Every action the audit log records, once (the console shows them by these names). */
export const AUDIT_ACTIONS = {
  contactRequestHandled: 'lead.handled',
  contactRequestReopened: 'lead.reopened',
  contactRequestNoted: 'lead.noted',
  contactRequestRetried: 'lead.retried',
  contactRequestDeleted: 'lead.deleted',
  contactRequestsExported: 'leads.exported',
  accountDeactivated: 'account.deactivated',
  accountReactivated: 'account.reactivated',
  accountRenamed: 'account.renamed',
  accountDeleted: 'account.deleted',
  staffAdded: 'staff.added',
  /** A staff member used a new enrollment link (a new device): sessions ended, passkeys kept. */
  staffEnrolled: 'staff.enrolled',
  staffRemoved: 'staff.removed',
  staffEnrollmentIssued: 'staff.enrollment-issued',
  staffInvited: 'staff.invited',
  passkeyAdded: 'passkey.added',
  passkeyRenamed: 'passkey.renamed',
  passkeyRemoved: 'passkey.removed',
  dashboardAdded: 'dashboard.added',
  dashboardMoved: 'dashboard.moved',
  dashboardRemoved: 'dashboard.removed',
  pressAdded: 'press.added',
  pressEdited: 'press.edited',
  pressRemoved: 'press.removed',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

/** Who the command line acts as in the audit log (an operator on the server, no account). */
export const CLI_ACTOR = 'command line';

/** Writes the audit entry of a staff request (its actor was set by ./guard). */
export function auditor(staff: StaffStore, now: () => Date = () => new Date()) {
  return (request: FastifyRequest, action: AuditAction, recordType: string, recordId: string, detail = '') =>
    staff.audit({ actorId: request.staffActor!.id, actorEmail: request.staffActor!.email, action, recordType, recordId, detail }, now());
}
export type Auditor = ReturnType<typeof auditor>;
