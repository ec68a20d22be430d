import type { OutgoingMail } from '../contactRequests/mailOutbox';
import type { StaffInvitation, StaffMember } from '../../shared/staffMember';

/**
 * What the staff features store (issue 32), on SQLite (./sqliteStaffStore) and PostgreSQL
 * (./pgStaffStore), tables of migration 5 / 'staff':
 * - a user's role (`users.role`): `client` for everyone who signs up, `staff` only when an
 *   enrollment link is used (grantStaff; the CLI's remove and the console's take it back); no
 *   public route writes it;
 * - single-use staff enrollment links: the database keeps the SHA-256 of a token, never the
 *   token; one per user, so a new link replaces the old one; using one deletes it in the same
 *   statement that reads it (it works once even when two requests race);
 * - the audit log of staff actions (who, what, which record, when), newest first.
 */
export const ROLES = ['client', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** An account as the console's client list shows it. */
export interface AccountSummary {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  active: boolean;
  createdAt: string;
  /** When a session was last started (a sign-in); null: never. */
  lastSignInAt: string | null;
}

export interface AccountQuery {
  /** Text that first name, last name or email contain (case-insensitive for ASCII letters). */
  search?: string;
  limit: number;
  offset?: number;
}

export interface NewAuditEntry {
  /** The staff member's user id; null for the command line (an operator on the server). */
  actorId: string | null;
  /** Kept as text, so the entry still says who after the actor's account is deleted. */
  actorEmail: string;
  /** What was done, e.g. `lead.handled` (./audit: AUDIT_ACTIONS). */
  action: string;
  /** The kind of record (`lead`, `user`, …) and its id. */
  recordType: string;
  recordId: string;
  /** A short, non-personal detail (a status, a count); '' when none. */
  detail?: string;
}

export interface AuditEntry extends Required<NewAuditEntry> {
  id: string;
  at: string;
}

export interface AuditQuery {
  /** Page size. */
  limit: number;
  offset?: number;
}

export type EnrollmentUse = { userId: string } | 'expired' | 'unknown';

/** What using an enrollment link changed (StaffStore.grantStaff). */
export interface StaffGrant {
  /** The account became staff now (false: it was staff already, a new link for a new device). */
  promoted: boolean;
  /** Passkeys removed: every one the account had before it became staff. */
  removedPasskeys: number;
  endedSessions: number;
}

export interface StaffStore {
  /** The user's role, or null when there is no such user. */
  roleOf(userId: string): Promise<Role | null>;
  /** Sets the role; false when there is no such user. */
  setRole(userId: string, role: Role): Promise<boolean>;
  /** Every staff member, oldest first. */
  listStaff(): Promise<StaffMember[]>;
  /** Accounts with a working enrollment link that are not staff yet, the link expiring first first. */
  listInvitations(now: Date): Promise<StaffInvitation[]>;
  /** Accounts, newest first, searched and paged, with the total. */
  listAccounts(query: AccountQuery): Promise<{ accounts: AccountSummary[]; total: number }>;
  /** One account, or null. */
  account(userId: string): Promise<AccountSummary | null>;
  /** Deactivates (every session ends: the users.active trigger) or reactivates; false when there is no such user. */
  setActive(userId: string, active: boolean): Promise<boolean>;
  /**
   * Replaces the user's enrollment link by the one with this token hash; with `mail` (an
   * invitation carrying the link), queues it in the site's outbox in the same transaction, so a
   * link is never issued without its mail nor mailed without being stored.
   */
  issueEnrollment(userId: string, tokenHash: string, expiresAt: Date, now: Date, mail?: OutgoingMail): Promise<void>;
  /**
   * Makes a staff member a client again and drops their enrollment link, unless they are the
   * last staff member: checked and changed atomically (two staff removing each other at once
   * cannot leave nobody). 'not-staff' when the user is no staff member (or does not exist).
   */
  removeStaff(userId: string): Promise<'removed' | 'last' | 'not-staff'>;
  /** Whether an enrollment link is usable now, without using it (the link's page). */
  enrollmentState(tokenHash: string, now: Date): Promise<'valid' | 'expired' | 'unknown'>;
  /** Whose a usable link is (without using it), or null when it is unknown or expired. */
  enrollmentOwner(tokenHash: string, now: Date): Promise<string | null>;
  /** Uses a link (deletes it): whose it was, or why not. An expired link is deleted too. */
  useEnrollment(tokenHash: string, now: Date): Promise<EnrollmentUse>;
  /**
   * What an enrollment link grants once used, in one transaction: the staff role (the only way to
   * it), the address verified (the link was mailed to it), every session and trusted device of the
   * account ended, and, when the account becomes staff now, every passkey it had removed (made
   * before anyone proved the address, perhaps by someone else). Null when there is no such user.
   */
  grantStaff(userId: string, now: Date): Promise<StaffGrant | null>;
  /** Deletes the user's enrollment link, if any. */
  dropEnrollment(userId: string): Promise<void>;
  /** Writes one audit entry. */
  audit(entry: NewAuditEntry, at: Date): Promise<AuditEntry>;
  /** The audit log, newest first, paged, with the total. */
  auditLog(query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }>;
  /** Erases entries older than `cutoff` (kept with the contact requests' retention); how many. */
  deleteAuditBefore(cutoff: Date): Promise<number>;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
