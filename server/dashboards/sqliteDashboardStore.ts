import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { reordered, type ClientDashboard, type DashboardStore } from './dashboardStore';

interface Row {
  id: string;
  user_id: string;
  title: string;
  category: string;
  src: string;
  position: number;
  created_at: string;
}

const fromRow = (row: Row): ClientDashboard => ({
  id: row.id,
  userId: row.user_id,
  title: row.title,
  category: row.category,
  src: row.src,
  position: row.position,
  createdAt: row.created_at,
});

/** The dashboard store (./dashboardStore) on the server's SQLite file (migration 8). */
export function sqliteDashboardStore(db: Database.Database): DashboardStore {
  const selectList = db.prepare('SELECT * FROM client_dashboards WHERE user_id = ? ORDER BY position, created_at');
  const insert = db.prepare(
    `INSERT INTO client_dashboards (id, user_id, title, category, src, position, created_at)
     VALUES (@id, @user_id, @title, @category, @src, (SELECT COUNT(*) FROM client_dashboards WHERE user_id = @user_id), @created_at)
     RETURNING *`,
  );
  const deleteOne = db.prepare('DELETE FROM client_dashboards WHERE user_id = ? AND id = ?');
  const setPosition = db.prepare('UPDATE client_dashboards SET position = ? WHERE id = ?');

  const renumber = (ids: readonly string[]) => ids.forEach((id, position) => setPosition.run(position, id));
  const remove = db.transaction((userId: string, id: string) => {
    if (deleteOne.run(userId, id).changes === 0) return false;
    renumber((selectList.all(userId) as Row[]).map((row) => row.id));
    return true;
  });
  const move = db.transaction((userId: string, id: string, position: number) => {
    const ids = (selectList.all(userId) as Row[]).map((row) => row.id);
    if (!ids.includes(id)) return null;
    renumber(reordered(ids, id, position));
    return (selectList.all(userId) as Row[]).map(fromRow);
  });

  return {
    async list(userId) {
      return (selectList.all(userId) as Row[]).map(fromRow);
    },
    async add(userId, dashboard, now) {
      const row = insert.get({ id: randomUUID(), user_id: userId, ...dashboard, created_at: now.toISOString() }) as Row;
      return fromRow(row);
    },
    async remove(userId, id) {
      return remove.immediate(userId, id);
    },
    async move(userId, id, position) {
      return move.immediate(userId, id, position);
    },
  };
}
