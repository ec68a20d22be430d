/**
 * A client's dashboards (issue 32): the Power BI reports staff give a client, in the client's
 * order, on SQLite (./sqliteDashboardStore, migration 8) and PostgreSQL (./pgDashboardStore,
 * migration 'client_dashboards'). Only the checked embed address is kept (never the pasted
 * HTML); deleting the user deletes their dashboards (ON DELETE CASCADE).
 */
export interface ClientDashboard {
  id: string;
  userId: string;
  title: string;
  category: string;
  /** The report's https address on a Power BI host, as shared/embed.ts parseEmbed normalised it. */
  src: string;
  /** 0 for the first; the list has no gaps. */
  position: number;
  createdAt: string;
}

export interface NewDashboard {
  title: string;
  category: string;
  src: string;
}

export interface DashboardStore {
  /** The user's dashboards in their order. */
  list(userId: string): Promise<ClientDashboard[]>;
  /** Adds one at the end of the user's list. */
  add(userId: string, dashboard: NewDashboard, now: Date): Promise<ClientDashboard>;
  /** Removes one of the user's; false when the user has none with this id. The rest close the gap. */
  remove(userId: string, id: string): Promise<boolean>;
  /** Moves one of the user's to `position` (clamped to the list); the new list, or null when there is no such dashboard. */
  move(userId: string, id: string, position: number): Promise<ClientDashboard[] | null>;
}

/** The ids in their new order after moving `id` to `position` (clamped). */
export function reordered(ids: readonly string[], id: string, position: number): string[] {
  const rest = ids.filter((other) => other !== id);
  const to = Math.max(0, Math.min(position, rest.length));
  return [...rest.slice(0, to), id, ...rest.slice(to)];
}
