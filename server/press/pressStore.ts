import type { PressDraft, PressItem, StoredPressItem } from '../../shared/pressItems';

/**
 * Press items staff store (issue 32): the press form's fields (shared/pressItems.ts), who added
 * and last changed each one and when, on SQLite (./sqlitePressStore, migration 9) and PostgreSQL
 * (./pgPressStore, migration 'press_items'). /press shows them with the built ones
 * (GET /dc_api/wa_v1/press, ./publicRoutes, without the staff's emails).
 */
export interface PressStore {
  /** Every stored item, the newest added first. */
  list(): Promise<StoredPressItem[]>;
  get(id: string): Promise<StoredPressItem | null>;
  add(draft: PressDraft, by: string, now: Date): Promise<StoredPressItem>;
  /** Replaces an item's fields; null when there is no item with this id. */
  update(id: string, draft: PressDraft, by: string, now: Date): Promise<StoredPressItem | null>;
  /** false when there is no item with this id. */
  remove(id: string): Promise<boolean>;
}

/** A stored item as everyone may see it: the press form's fields only. */
export function publicPressItem({ id, title, source, outlet_type, date, url, excerpt }: PressItem): PressItem {
  return { id, title, source, outlet_type, date, url, excerpt };
}
