import { randomUUID } from 'node:crypto';
import type { OutletType } from '../../shared/pressItems';
import { isoTime } from '../db/isoTime';
import type { PgPool } from '../db/postgres';
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
  created_at: Date | string;
  created_by: string;
  updated_at: Date | string;
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
  createdAt: isoTime(row.created_at),
  createdBy: row.created_by,
  updatedAt: isoTime(row.updated_at),
  updatedBy: row.updated_by,
});

/** The press store (./pressStore) on PostgreSQL (migration 'press_items'). */
export function pgPressStore(pool: PgPool): PressStore {
  return {
    async list() {
      return (await pool.query<Row>('SELECT * FROM press_items ORDER BY created_at DESC, seq DESC')).rows.map(fromRow);
    },
    async get(id) {
      const { rows } = await pool.query<Row>('SELECT * FROM press_items WHERE id = $1', [id]);
      return rows[0] ? fromRow(rows[0]) : null;
    },
    async add(draft, by, now) {
      const { rows } = await pool.query<Row>(
        `INSERT INTO press_items (id, title, url, source, outlet_type, date, excerpt, created_at, created_by, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9) RETURNING *`,
        [randomUUID(), draft.title, draft.url, draft.source, draft.outlet_type, draft.date, draft.excerpt, now.toISOString(), by],
      );
      return fromRow(rows[0]!);
    },
    async update(id, draft, by, now) {
      const { rows } = await pool.query<Row>(
        `UPDATE press_items SET title = $2, url = $3, source = $4, outlet_type = $5, date = $6, excerpt = $7,
           updated_at = $8, updated_by = $9 WHERE id = $1 RETURNING *`,
        [id, draft.title, draft.url, draft.source, draft.outlet_type, draft.date, draft.excerpt, now.toISOString(), by],
      );
      return rows[0] ? fromRow(rows[0]) : null;
    },
    async remove(id) {
      return ((await pool.query('DELETE FROM press_items WHERE id = $1', [id])).rowCount ?? 0) > 0;
    },
  };
}
