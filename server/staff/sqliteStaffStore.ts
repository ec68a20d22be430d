import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { sqliteMailOutbox } from '../contactRequests/mailOutboxSqlite';
import type { OutgoingMail } from '../contactRequests/mailOutbox';
import { containsPattern } from '../contactRequests/store';
import { ACCOUNT_COLUMNS, accountFromRow, auditFromRow, invitationFromRow, staffFromRow, type AccountRow, type AuditRow, type InvitationRow, type StaffRow } from './staffRows';
import type { EnrollmentUse, Role, StaffGrant, StaffStore } from './staffStore';

/** The staff store (./staffStore) on the server's SQLite file (migration 5); `domain`: of the invitation mails' Message-IDs. */
export function sqliteStaffStore(db: Database.Database, domain = 'dataclarity.de'): StaffStore {
  const mails = sqliteMailOutbox(db, domain);
  const selectRole = db.prepare('SELECT role FROM users WHERE id = ?');
  const updateRole = db.prepare('UPDATE users SET role = ? WHERE id = ?');
  const selectStaff = db.prepare(
    "SELECT id, email, first_name, last_name, active, created_at FROM users WHERE role = 'staff' ORDER BY created_at, rowid",
  );
  const selectInvitations = db.prepare(
    `SELECT u.id, u.email, u.first_name, u.last_name, e.expires_at FROM staff_enrollments e JOIN users u ON u.id = e.user_id
     WHERE e.expires_at > ? AND u.role <> 'staff' ORDER BY e.expires_at, u.rowid`,
  );
  const selectAccount = db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = ?`);
  const updateActive = db.prepare('UPDATE users SET active = ?, updated_at = ? WHERE id = ?');
  const dropForUser = db.prepare('DELETE FROM staff_enrollments WHERE user_id = ?');
  const sweep = db.prepare('DELETE FROM staff_enrollments WHERE expires_at <= ?');
  const insertEnrollment = db.prepare('INSERT INTO staff_enrollments (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const selectEnrollment = db.prepare('SELECT user_id, expires_at FROM staff_enrollments WHERE token_hash = ?');
  const takeEnrollment = db.prepare('DELETE FROM staff_enrollments WHERE token_hash = ? RETURNING user_id, expires_at');
  const insertAudit = db.prepare(
    `INSERT INTO audit_log (id, at, actor_id, actor_email, action, record_type, record_id, detail)
     VALUES (@id, @at, @actor_id, @actor_email, @action, @record_type, @record_id, @detail)`,
  );
  const selectAudit = db.prepare('SELECT * FROM audit_log ORDER BY at DESC, rowid DESC LIMIT ? OFFSET ?');
  const countAudit = db.prepare('SELECT COUNT(*) AS n FROM audit_log');
  const deleteAudit = db.prepare('DELETE FROM audit_log WHERE at < ?');

  const issue = db.transaction((userId: string, tokenHash: string, expiresAt: string, now: string, mail?: OutgoingMail) => {
    sweep.run(now);
    dropForUser.run(userId);
    insertEnrollment.run(tokenHash, userId, now, expiresAt);
    if (mail) mails.enqueueSync(mail, now);
  });
  const countStaff = db.prepare("SELECT COUNT(*) AS n FROM users WHERE role = 'staff'");
  // One immediate transaction: SQLite has one writer, so the count cannot change before the update.
  const demote = db.transaction((userId: string): 'removed' | 'last' | 'not-staff' => {
    if ((selectRole.get(userId) as { role: Role } | undefined)?.role !== 'staff') return 'not-staff';
    if ((countStaff.get() as { n: number }).n <= 1) return 'last';
    updateRole.run('client', userId);
    dropForUser.run(userId);
    return 'removed';
  });

  const verify = db.prepare('UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?');
  const dropPasskeys = db.prepare('DELETE FROM passkeys WHERE user_id = ?');
  const dropSessions = db.prepare('DELETE FROM sessions WHERE user_id = ?');
  const dropDevices = db.prepare('DELETE FROM trusted_devices WHERE user_id = ?');
  const grant = db.transaction((userId: string, now: string): StaffGrant | null => {
    const role = (selectRole.get(userId) as { role: Role } | undefined)?.role;
    if (role === undefined) return null;
    const promoted = role !== 'staff';
    if (promoted) updateRole.run('staff', userId);
    verify.run(now, userId);
    const removedPasskeys = promoted ? dropPasskeys.run(userId).changes : 0;
    dropDevices.run(userId);
    return { promoted, removedPasskeys, endedSessions: dropSessions.run(userId).changes };
  });

  return {
    async roleOf(userId) {
      const row = selectRole.get(userId) as { role: Role } | undefined;
      return row?.role ?? null;
    },
    async setRole(userId, role) {
      return updateRole.run(role, userId).changes > 0;
    },
    async listStaff() {
      return (selectStaff.all() as StaffRow[]).map(staffFromRow);
    },
    async listInvitations(now) {
      return (selectInvitations.all(now.toISOString()) as InvitationRow[]).map(invitationFromRow);
    },
    async listAccounts(query) {
      const search = query.search ? containsPattern(query.search) : null;
      const clause = search ? " WHERE first_name LIKE @search ESCAPE '\\' OR last_name LIKE @search ESCAPE '\\' OR email LIKE @search ESCAPE '\\'" : '';
      const params = { ...(search ? { search } : {}), limit: query.limit, offset: query.offset ?? 0 };
      const rows = db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM users${clause} ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`).all(params) as AccountRow[];
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM users${clause}`).get(search ? { search } : {}) as { n: number }).n;
      return { accounts: rows.map(accountFromRow), total };
    },
    async account(userId) {
      const row = selectAccount.get(userId) as AccountRow | undefined;
      return row ? accountFromRow(row) : null;
    },
    async setActive(userId, active) {
      return updateActive.run(active ? 1 : 0, new Date().toISOString(), userId).changes > 0;
    },
    async issueEnrollment(userId, tokenHash, expiresAt, now, mail) {
      issue.immediate(userId, tokenHash, expiresAt.toISOString(), now.toISOString(), mail);
    },
    async removeStaff(userId) {
      return demote.immediate(userId);
    },
    async enrollmentState(tokenHash, now) {
      const row = selectEnrollment.get(tokenHash) as { expires_at: string } | undefined;
      if (!row) return 'unknown';
      return row.expires_at > now.toISOString() ? 'valid' : 'expired';
    },
    async enrollmentOwner(tokenHash, now) {
      const row = selectEnrollment.get(tokenHash) as { user_id: string; expires_at: string } | undefined;
      return row && row.expires_at > now.toISOString() ? row.user_id : null;
    },
    async useEnrollment(tokenHash, now): Promise<EnrollmentUse> {
      const row = takeEnrollment.get(tokenHash) as { user_id: string; expires_at: string } | undefined;
      if (!row) return 'unknown';
      return row.expires_at > now.toISOString() ? { userId: row.user_id } : 'expired';
    },
    async grantStaff(userId, now) {
      return grant.immediate(userId, now.toISOString());
    },
    async dropEnrollment(userId) {
      dropForUser.run(userId);
    },
    async audit(entry, at) {
      const row = {
        id: randomUUID(),
        at: at.toISOString(),
        actor_id: entry.actorId,
        actor_email: entry.actorEmail,
        action: entry.action,
        record_type: entry.recordType,
        record_id: entry.recordId,
        detail: entry.detail ?? '',
      };
      insertAudit.run(row);
      return auditFromRow(row);
    },
    async auditLog(query) {
      const rows = selectAudit.all(query.limit, query.offset ?? 0) as AuditRow[];
      return { entries: rows.map(auditFromRow), total: (countAudit.get() as { n: number }).n };
    },
    async deleteAuditBefore(cutoff) {
      return deleteAudit.run(cutoff.toISOString()).changes;
    },
  };
}
