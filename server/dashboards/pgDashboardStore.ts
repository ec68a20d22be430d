import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { isoTime } from '../db/isoTime';
import { inTransaction, type PgPool } from '../db/postgres';
import { reordered, type ClientDashboard, type DashboardStore } from './dashboardStore';

interface Row {
  id: string;
  user_id: string;
  title: string;
  category: string;
  src: string;
  position: number;
  created_at: Date | string;
}

const fromRow = (row: Row): ClientDashboard => ({
  id: row.id,
  userId: row.user_id,
  title: row.title,
  category: row.category,
  src: row.src,
  position: row.position,
  createdAt: isoTime(row.created_at),
});

const LIST = 'SELECT * FROM client_dashboards WHERE user_id = $1 ORDER BY position, created_at, seq';

/**
 * The dashboard store (./dashboardStore) on PostgreSQL (migration 'client_dashboards'). A change
 * of one user's list first locks that user's row, so two staff members changing the same list at
 * once are serialised and positions stay without gaps.
 */
export function pgDashboardStore(pool: PgPool): DashboardStore {
  const lockUser = (client: pg.PoolClient, userId: string) => client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const renumber = async (client: pg.PoolClient, ids: readonly string[]) => {
    if (ids.length === 0) return;
    await client.query(
      'UPDATE client_dashboards d SET position = o.position - 1 FROM unnest($1::text[]) WITH ORDINALITY AS o(id, position) WHERE d.id = o.id',
      [ids],
    );
  };
  return {
    async list(userId) {
      return (await pool.query<Row>(LIST, [userId])).rows.map(fromRow);
    },
    async add(userId, dashboard, now) {
      return inTransaction(pool, async (client) => {
        await lockUser(client, userId);
        const { rows } = await client.query<Row>(
          `INSERT INTO client_dashboards (id, user_id, title, category, src, position, created_at)
           VALUES ($1, $2, $3, $4, $5, (SELECT COUNT(*) FROM client_dashboards WHERE user_id = $2), $6) RETURNING *`,
          [randomUUID(), userId, dashboard.title, dashboard.category, dashboard.src, now.toISOString()],
        );
        return fromRow(rows[0]!);
      });
    },
    async remove(userId, id) {
      return inTransaction(pool, async (client) => {
        await lockUser(client, userId);
        const deleted = await client.query('DELETE FROM client_dashboards WHERE user_id = $1 AND id = $2', [userId, id]);
        if ((deleted.rowCount ?? 0) === 0) return false;
        await renumber(
          client,
          (await client.query<Row>(LIST, [userId])).rows.map((row) => row.id),
        );
        return true;
      });
    },
    async move(userId, id, position) {
      return inTransaction(pool, async (client) => {
        await lockUser(client, userId);
        const ids = (await client.query<Row>(LIST, [userId])).rows.map((row) => row.id);
        if (!ids.includes(id)) return null;
        await renumber(client, reordered(ids, id, position));
        return (await client.query<Row>(LIST, [userId])).rows.map(fromRow);
      });
    },
  };
}
