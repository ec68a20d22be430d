import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { OutletType, PressDraft } from '../../shared/pressItems';
import type { StoredPressItem } from '../../shared/pressItems';
import type { PressStore } from './pressStore';

interface Row {
  id: string;
  title: string;
  url: string;
  source: string;
  outlet_type: string;
  date: string;
  excerpt: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

const fromRow = (row: Row): StoredPressItem => ({
  id: row.id,
  title: row.title,
  url: row.url,
  source: row.source,
  outlet_type: row.outlet_type as OutletType,
  date: row.date,
  excerpt: row.excerpt,
  createdAt: row.created_at,
  createdBy: row.created_by,
  updatedAt: row.updated_at,
  updatedBy: row.updated_by,
});

const fields = (draft: PressDraft) => ({
  title: draft.title,
  url: draft.url,
  source: draft.source,
  outlet_type: draft.outlet_type,
  date: draft.date,
  excerpt: draft.excerpt,
});

/** The press store (./pressStore) on the server's SQLite file (migration 9). */
export function sqlitePressStore(db: Database.Database): PressStore {
  const selectAll = db.prepare('SELECT * FROM press_items ORDER BY created_at DESC, rowid DESC');
  const selectOne = db.prepare('SELECT * FROM press_items WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO press_items (id, title, url, source, outlet_type, date, excerpt, created_at, created_by, updated_at, updated_by)
     VALUES (@id, @title, @url, @source, @outlet_type, @date, @excerpt, @at, @by, @at, @by) RETURNING *`,
  );
  const update = db.prepare(
    `UPDATE press_items SET title = @title, url = @url, source = @source, outlet_type = @outlet_type, date = @date,
       excerpt = @excerpt, updated_at = @at, updated_by = @by WHERE id = @id RETURNING *`,
  );
  const remove = db.prepare('DELETE FROM press_items WHERE id = ?');
  return {
    async list() {
      return (selectAll.all() as Row[]).map(fromRow);
    },
    async get(id) {
      const row = selectOne.get(id) as Row | undefined;
      return row ? fromRow(row) : null;
    },
    async add(draft, by, now) {
      return fromRow(insert.get({ id: randomUUID(), ...fields(draft), at: now.toISOString(), by }) as Row);
    },
    async update(id, draft, by, now) {
      const row = update.get({ id, ...fields(draft), at: now.toISOString(), by }) as Row | undefined;
      return row ? fromRow(row) : null;
    },
    async remove(id) {
      return remove.run(id).changes > 0;
    },
  };
}
