import { randomUUID } from 'node:crypto';
import { inTransaction, type PgPool } from '../db/postgres';
import { enqueuePgMail } from '../contactRequests/mailOutboxPg';
import { containsPattern } from '../contactRequests/store';
import { ACCOUNT_COLUMNS, accountFromRow, auditFromRow, invitationFromRow, staffFromRow, type AccountRow, type AuditRow, type InvitationRow, type StaffRow } from './staffRows';
import type { EnrollmentUse, Role, StaffGrant, StaffStore } from './staffStore';

/**
 * The staff store (./staffStore) on PostgreSQL (migration 'staff'): one statement per call, except
 * issuing a link and removing a staff member. `domain`: of the invitation mails' Message-IDs.
 */
export function pgStaffStore(pool: PgPool, domain = 'dataclarity.de'): StaffStore {
  return {
    async roleOf(userId) {
      const { rows } = await pool.query<{ role: Role }>('SELECT role FROM users WHERE id = $1', [userId]);
      return rows[0]?.role ?? null;
    },
    async setRole(userId, role) {
      return ((await pool.query('UPDATE users SET role = $1 WHERE id = $2', [role, userId])).rowCount ?? 0) > 0;
    },
    async listStaff() {
      const { rows } = await pool.query<StaffRow>(
        "SELECT id, email, first_name, last_name, active, created_at FROM users WHERE role = 'staff' ORDER BY created_at, seq",
      );
      return rows.map(staffFromRow);
    },
    async listInvitations(now) {
      const { rows } = await pool.query<InvitationRow>(
        `SELECT u.id, u.email, u.first_name, u.last_name, e.expires_at FROM staff_enrollments e JOIN users u ON u.id = e.user_id
         WHERE e.expires_at > $1 AND u.role <> 'staff' ORDER BY e.expires_at, u.seq`,
        [now],
      );
      return rows.map(invitationFromRow);
    },
    async listAccounts(query) {
      const params: unknown[] = [];
      let clause = '';
      if (query.search) {
        params.push(containsPattern(query.search));
        clause = ' WHERE first_name ILIKE $1 OR last_name ILIKE $1 OR email ILIKE $1';
      }
      const n = params.length;
      const [page, count] = await Promise.all([
        pool.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM users${clause} ORDER BY created_at DESC, seq DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [
          ...params,
          query.limit,
          query.offset ?? 0,
        ]),
        pool.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM users${clause}`, params),
      ]);
      return { accounts: page.rows.map(accountFromRow), total: count.rows[0]!.n };
    },
    async account(userId) {
      const { rows } = await pool.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = $1`, [userId]);
      return rows[0] ? accountFromRow(rows[0]) : null;
    },
    async setActive(userId, active) {
      return ((await pool.query('UPDATE users SET active = $1, updated_at = now() WHERE id = $2', [active, userId])).rowCount ?? 0) > 0;
    },
    async issueEnrollment(userId, tokenHash, expiresAt, now, mail) {
      await inTransaction(pool, async (client) => {
        await client.query('DELETE FROM staff_enrollments WHERE expires_at <= $1 OR user_id = $2', [now, userId]);
        await client.query('INSERT INTO staff_enrollments (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
          tokenHash,
          userId,
          now,
          expiresAt,
        ]);
        if (mail) await enqueuePgMail(client, mail, now, domain);
      });
    },
    async removeStaff(userId) {
      return inTransaction(pool, async (client) => {
        // Every staff row locked: a concurrent removal waits here, then counts without the one removed now.
        const { rows } = await client.query<{ id: string }>("SELECT id FROM users WHERE role = 'staff' ORDER BY id FOR UPDATE");
        if (!rows.some((row) => row.id === userId)) return 'not-staff' as const;
        if (rows.length <= 1) return 'last' as const;
        await client.query("UPDATE users SET role = 'client' WHERE id = $1", [userId]);
        await client.query('DELETE FROM staff_enrollments WHERE user_id = $1', [userId]);
        return 'removed' as const;
      });
    },
    async enrollmentState(tokenHash, now) {
      const { rows } = await pool.query<{ expires_at: Date }>('SELECT expires_at FROM staff_enrollments WHERE token_hash = $1', [tokenHash]);
      if (!rows[0]) return 'unknown';
      return rows[0].expires_at > now ? 'valid' : 'expired';
    },
    async enrollmentOwner(tokenHash, now) {
      const { rows } = await pool.query<{ user_id: string; expires_at: Date }>('SELECT user_id, expires_at FROM staff_enrollments WHERE token_hash = $1', [tokenHash]);
      return rows[0] && rows[0].expires_at > now ? rows[0].user_id : null;
    },
    async useEnrollment(tokenHash, now): Promise<EnrollmentUse> {
      const { rows } = await pool.query<{ user_id: string; expires_at: Date }>(
        'DELETE FROM staff_enrollments WHERE token_hash = $1 RETURNING user_id, expires_at',
        [tokenHash],
      );
      if (!rows[0]) return 'unknown';
      return rows[0].expires_at > now ? { userId: rows[0].user_id } : 'expired';
    },
    async grantStaff(userId, now) {
      return inTransaction(pool, async (client): Promise<StaffGrant | null> => {
        const { rows } = await client.query<{ role: Role }>('SELECT role FROM users WHERE id = $1 FOR UPDATE', [userId]);
        if (!rows[0]) return null;
        const promoted = rows[0].role !== 'staff';
        await client.query("UPDATE users SET role = 'staff', email_verified_at = COALESCE(email_verified_at, $2) WHERE id = $1", [userId, now]);
        const removedPasskeys = promoted ? ((await client.query('DELETE FROM passkeys WHERE user_id = $1', [userId])).rowCount ?? 0) : 0;
        await client.query('DELETE FROM trusted_devices WHERE user_id = $1', [userId]);
        const endedSessions = (await client.query('DELETE FROM sessions WHERE user_id = $1', [userId])).rowCount ?? 0;
        return { promoted, removedPasskeys, endedSessions };
      });
    },
    async dropEnrollment(userId) {
      await pool.query('DELETE FROM staff_enrollments WHERE user_id = $1', [userId]);
    },
    async audit(entry, at) {
      const { rows } = await pool.query<AuditRow>(
        `INSERT INTO audit_log (id, at, actor_id, actor_email, action, record_type, record_id, detail)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, at, actor_id, actor_email, action, record_type, record_id, detail`,
        [randomUUID(), at, entry.actorId, entry.actorEmail, entry.action, entry.recordType, entry.recordId, entry.detail ?? ''],
      );
      return auditFromRow(rows[0]!);
    },
    async auditLog(query) {
      const [page, count] = await Promise.all([
        pool.query<AuditRow>('SELECT id, at, actor_id, actor_email, action, record_type, record_id, detail FROM audit_log ORDER BY at DESC, seq DESC LIMIT $1 OFFSET $2', [
          query.limit,
          query.offset ?? 0,
        ]),
        pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM audit_log'),
      ]);
      return { entries: page.rows.map(auditFromRow), total: count.rows[0]!.n };
    },
    async deleteAuditBefore(cutoff) {
      return (await pool.query('DELETE FROM audit_log WHERE at < $1', [cutoff])).rowCount ?? 0;
    },
  };
}
