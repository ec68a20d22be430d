import { isoTime } from '../db/isoTime';
import type { User } from './store';

/**
 * A user as both stores read it (./sqliteStore, ./pgStore: the same table and columns), once:
 * the public columns, the row they return and its mapping to a {@link User}. SQLite gives
 * `active` as 0/1 and times as ISO text; PostgreSQL a boolean and `Date`s.
 */
export interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean | number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Public columns only: the hash is read by credentials() alone. */
export const PUBLIC_COLUMNS = 'id, first_name, last_name, email, active, created_at, updated_at';

export function userFromRow(row: UserRow): User {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    active: row.active === true || row.active === 1,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}
