/**
 * Press rules (SPEC 2.14, 3 "Press item", 4 "Press", 5 "Press add form" / "Press filters", 8, 9).
 * Pure functions: sorting, merging the stored items in, year options, filtering, the empty-state
 * texts and reading a feed. No DOM, no framework. The item and the add form's check are
 * shared/pressItems.ts (the console and the server check items with them too).
 * The press items live in site/_data/press.json, the outlet types in site/_data/pressMeta.json.
 */
import { DEFAULT_OUTLET_TYPE, OUTLET_TYPES, isWebUrl, type OutletType, type PressItem } from '../../shared/pressItems';
import { DataShapeError, expectArray, expectRecord, expectText, expectUniqueIds, optionalString } from '../lib/dataShape';
import type { FilterFieldSpec, FilterOption } from '../lib/filterField';
import { sortNewestFirst, yearOptions as yearsOfDates } from '../lib/dateOrder';
import { formatShortDate, yearOf } from '../lib/format';

// The item, the outlet types and the form's rule are shared with the console and the server.
export {
  DEFAULT_OUTLET_TYPE,
  OUTLET_TYPES,
  PRESS_FORM_NOTICE,
  PRESS_TITLE_REQUIRED,
  PRESS_URL_INVALID,
  PRESS_URL_REQUIRED,
  isWebUrl,
  validatePressForm,
  type OutletType,
  type PressDraft,
  type PressFormErrors,
  type PressFormResult,
  type PressFormValues,
  type PressItem,
} from '../../shared/pressItems';

/** The filter bar: '' means "no filter" for each field. year is four digits, e.g. '2024'. */
export interface PressFilter {
  search: string;
  year: string;
}

/** No filter set. Frozen: spread it to start a new filter. */
export const EMPTY_PRESS_FILTER: Readonly<PressFilter> = Object.freeze({ search: '', year: '' });

/** The toolbar's fields (Press.tsx and site/press.njk render them from here). */
export const PRESS_FILTER_FIELDS: Readonly<Record<keyof PressFilter, FilterFieldSpec>> = Object.freeze({
  search: { id: 'press-search', label: 'Search', placeholder: 'Title or source' },
  year: { id: 'press-year', label: 'Year' },
});
export const PRESS_ALL_YEARS_LABEL = 'All Years';

// Messages (SPEC 2.14 and 8, exact strings), each once.
export const PRESS_EMPTY_TITLE = 'No press items found.';
export const PRESS_EMPTY_HINT_FILTERED = 'Try adjusting your filters to see more results';
export const PRESS_EMPTY_HINT_NONE = 'No press coverage available at the moment';
export const PRESS_ERROR_TITLE = 'Error Loading Press Data';
export const PRESS_ERROR_TEXT = 'Failed to load press data. Please try again.';

/**
 * Newest first. Stable: items with the same date keep their input order.
 * Items whose date is missing or unreadable go last, in input order.
 * @returns a new array; the input is not modified
 */
export function sortPress<T extends { date: string }>(items: readonly T[]): T[] {
  return sortNewestFirst(items);
}

/** The distinct years of the items' dates, newest first, as strings ('2025'). Undated items are ignored. */
export function yearOptions(items: readonly { date: string }[]): string[] {
  return yearsOfDates(items);
}

/** The year dropdown: 'All Years' (value '') then the years of yearOptions. */
export function yearFilterOptions(items: readonly { date: string }[]): FilterOption[] {
  return [{ value: '', label: PRESS_ALL_YEARS_LABEL }, ...yearOptions(items).map((year) => ({ value: year, label: year }))];
}

/**
 * The items matching every set field of the filter (AND), in input order (SPEC 5):
 * - search (trimmed): case-insensitive substring of the title or the source;
 * - year: equals the (UTC) year of the item's date; an undated item never matches a year.
 */
export function filterPress<T extends Pick<PressItem, 'title' | 'source' | 'date'>>(
  items: readonly T[],
  filter: PressFilter,
): T[] {
  const needle = filter.search.trim().toLowerCase();
  const year = filter.year.trim();
  return items.filter((item) => {
    if (needle !== '' && !item.title.toLowerCase().includes(needle) && !item.source.toLowerCase().includes(needle)) {
      return false;
    }
    if (year !== '') {
      const itemYear = yearOf(item.date);
      if (itemYear === null || String(itemYear) !== year) return false;
    }
    return true;
  });
}

/** Whether a filter narrows the list (a search of only spaces does not). */
export function hasActivePressFilter(filter: PressFilter): boolean {
  return filter.search.trim() !== '' || filter.year.trim() !== '';
}

/**
 * The empty-list texts (SPEC 2.14): the title always, and the hint to adjust the filters when a
 * filter is active, otherwise the "no coverage" text.
 */
export function pressEmptyState(filter: PressFilter): { title: string; hint: string } {
  return {
    title: PRESS_EMPTY_TITLE,
    hint: hasActivePressFilter(filter) ? PRESS_EMPTY_HINT_FILTERED : PRESS_EMPTY_HINT_NONE,
  };
}

/** The date as shown on a card: 'Jan 15, 2025', or 'Date not available'. */
export function pressDisplayDate(item: Pick<PressItem, 'date'>): string {
  return formatShortDate(item.date);
}

/**
 * The page's list once the stored items (GET /dc_api/wa_v1/press, newest stored first) join the
 * built ones (/data/press.json): one list in the page's order (SPEC 5: newest first, undated last;
 * items of the same date keep the built ones first, then the stored ones newest stored first).
 * A stored item with the id or the URL of a built one is left out: no article shows twice.
 * @returns a new array; the inputs are not modified
 */
export function mergePress(built: readonly PressItem[], stored: readonly PressItem[]): PressItem[] {
  const ids = new Set(built.map((item) => item.id));
  const urls = new Set(built.map((item) => item.url));
  return sortPress([...built, ...stored.filter((item) => !ids.has(item.id) && !urls.has(item.url))]);
}

/**
 * Checks the press feed (/data/press.json: an array of items). Missing or null source, date and
 * excerpt become ''; an unknown outlet type becomes 'Other'. Title, id and url are required and the
 * url must pass isWebUrl, so a feed cannot put a javascript: link on a card.
 * @throws DataShapeError naming the first bad field, or a repeated id
 */
export function parsePressItems(raw: unknown): PressItem[] {
  const items = expectArray(raw, 'press').map((value, index): PressItem => {
    const path = `press[${index}]`;
    const item = expectRecord(value, path);
    const url = expectText(item.url, `${path}.url`).trim();
    if (!isWebUrl(url)) throw new DataShapeError(`${path}.url must be an absolute http(s) URL`);
    const outlet = optionalString(item.outlet_type, `${path}.outlet_type`);
    return {
      id: expectText(item.id, `${path}.id`),
      title: expectText(item.title, `${path}.title`),
      source: optionalString(item.source, `${path}.source`),
      outlet_type: (OUTLET_TYPES as readonly string[]).includes(outlet) ? (outlet as OutletType) : DEFAULT_OUTLET_TYPE,
      date: optionalString(item.date, `${path}.date`),
      url,
      excerpt: optionalString(item.excerpt, `${path}.excerpt`),
    };
  });
  expectUniqueIds(items.map((item) => item.id), 'press');
  return items;
}

/** The simulated loading time before the press data is fetched (SPEC 4, 9: 1000 ms). */
export const PRESS_LOAD_DELAY_MS = 1000;
