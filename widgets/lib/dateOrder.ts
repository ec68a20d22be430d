/**
 * Dated items in order: newest first, and the years they cover. Shared by the blog and the press
 * list, apart from the rest of their rules, so neither element loads the other's code.
 */
import { parseDate, yearOf } from './format';

/**
 * Newest first. Stable: items with the same date keep their input order.
 * Items whose date is missing or unreadable go last (in input order).
 * @returns a new array; the input is not modified
 */
export function sortNewestFirst<T extends { date: string }>(items: readonly T[]): T[] {
  // Undated items sort as -Infinity; Array.prototype.sort is stable, so ties keep their input order.
  const time = (item: T) => parseDate(item.date)?.getTime() ?? -Infinity;
  return [...items].sort((a, b) => time(b) - time(a) || 0);
}

/** The distinct years of the items' dates, newest first, as strings (for a year dropdown). Undated items are ignored. */
export function yearOptions(items: readonly { date: string }[]): string[] {
  const years = new Set<number>();
  for (const item of items) {
    const year = yearOf(item.date);
    if (year !== null) years.add(year);
  }
  return [...years].sort((a, b) => b - a).map(String);
}
