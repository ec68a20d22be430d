import { isoTime } from '../db/isoTime';
import type { StaffInvitation, StaffMember } from '../../shared/staffMember';
import type { AccountSummary, AuditEntry, Role } from './staffStore';

/** The audit entry and staff member as both stores read them (times: ISO text from SQLite, `Date` from PostgreSQL). */
export interface AuditRow {
  id: string;
  at: string | Date;
  actor_id: string | null;
  actor_email: string;
  action: string;
  record_type: string;
  record_id: string;
  detail: string;
}

export function auditFromRow(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: isoTime(row.at),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    recordType: row.record_type,
    recordId: row.record_id,
    detail: row.detail,
  };
}

export interface StaffRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  active: number | boolean;
  created_at: string | Date;
}

export function staffFromRow(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    active: row.active === 1 || row.active === true,
    createdAt: isoTime(row.created_at),
  };
}

/** The columns of an {@link AccountSummary}, standard SQL both databases run. */
export const ACCOUNT_COLUMNS = 'id, first_name, last_name, email, role, email_verified_at, active, created_at, last_sign_in_at';

export interface AccountRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  email_verified_at: string | Date | null;
  active: number | boolean;
  created_at: string | Date;
  last_sign_in_at: string | Date | null;
}

export function accountFromRow(row: AccountRow): AccountSummary {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
    active: row.active === 1 || row.active === true,
    createdAt: isoTime(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : isoTime(row.last_sign_in_at),
  };
}

/** An open invitation as both stores read it. */
export interface InvitationRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  expires_at: string | Date;
}

export function invitationFromRow(row: InvitationRow): StaffInvitation {
  return { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, expiresAt: isoTime(row.expires_at) };
}
