/**
 * Press rules (SPEC 2.14, 3 "Press item", 4 "Press", 5 "Press add form" / "Press filters", 8, 9).
 * Pure functions: sorting, year options, filtering, the empty-state texts, the add form's check
 * and the creation of an in-memory item. No DOM, no framework.
 * The press items live in site/_data/press.json, the outlet types in site/_data/pressMeta.json.
 */
import { httpUrl } from '../../shared/httpUrl';
import { DataShapeError, expectArray, expectRecord, expectText, expectUniqueIds, optionalString } from '../lib/dataShape';
import type { FilterFieldSpec, FilterOption } from '../lib/filterField';
import { sortNewestFirst, yearOptions as yearsOfDates } from '../lib/dateOrder';
import { formatShortDate, yearOf } from '../lib/format';

/** The outlet types of SPEC 3, in their order (also site/_data/pressMeta.json "outletTypes"). */
export const OUTLET_TYPES = [
  'Online newspaper',
  'Magazine',
  'Online magazine',
  'Journal',
  'Scientific journal',
  'Online newswire',
  'Event',
  'Other',
] as const;
export type OutletType = (typeof OUTLET_TYPES)[number];

/** The type an added item gets when the form leaves the outlet type empty or unknown. */
export const DEFAULT_OUTLET_TYPE: OutletType = 'Other';

/** One press item (SPEC 3). */
export interface PressItem {
  id: string;
  title: string;
  /** The outlet's name, e.g. 'Computerwoche'. '' when unknown. */
  source: string;
  outlet_type: OutletType;
  /** 'YYYY-MM-DD'; '' when undated. Undated or unreadable dates show 'Date not available' and sort last. */
  date: string;
  /** Absolute http(s) URL of the article. */
  url: string;
  /** '' when there is none. */
  excerpt: string;
}

/** An item before it has an id: the outcome of the add form. */
export type PressDraft = Omit<PressItem, 'id'>;

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

// Add-form messages (ours: the SPEC gives none).
export const PRESS_TITLE_REQUIRED = 'Title is required';
export const PRESS_URL_REQUIRED = 'URL is required';
export const PRESS_URL_INVALID = 'Please enter a full web address starting with http:// or https://';
/** The form's notice (SPEC 5: it states that nothing is saved and a backend is required). */
export const PRESS_FORM_NOTICE =
  'Items you add here are shown in this browser tab only and are not saved. Saving press items requires a backend.';

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
 * Whether a URL is an absolute http: or https: address with a host, written with '//'
 * ('https://example.com/a'). Refused: relative paths, 'http//x', 'http:example.com', other schemes
 * (javascript:, data:, ftp:, mailto:...), and anything containing whitespace or control characters.
 */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /[\s\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  return (httpUrl(value)?.hostname ?? '') !== '';
}

/** What the add form holds. Every field may be missing; all are trimmed. */
export interface PressFormValues {
  title?: string;
  url?: string;
  source?: string;
  outlet_type?: string;
  date?: string;
  excerpt?: string;
}

/** The add form's field errors; only fields with an error are present. */
export interface PressFormErrors {
  title?: string;
  url?: string;
}

/** Outcome of validatePressForm. */
export type PressFormResult =
  | { ok: true; errors: Record<string, never>; item: PressDraft }
  | { ok: false; errors: PressFormErrors; item?: undefined };

/**
 * Checks the add form (SPEC 5): title and url are required (after trimming), and url must be an
 * absolute http: or https: URL (see isWebUrl). The other fields are optional and trimmed;
 * an empty or unknown outlet type becomes 'Other', and a date that cannot be read becomes ''
 * (undated). When ok is false the submit must be ignored.
 */
export function validatePressForm(values: PressFormValues): PressFormResult {
  const text = (value: string | undefined) => (typeof value === 'string' ? value.trim() : '');
  const title = text(values.title);
  const url = text(values.url);
  const errors: PressFormErrors = {};
  if (title === '') errors.title = PRESS_TITLE_REQUIRED;
  if (url === '') errors.url = PRESS_URL_REQUIRED;
  else if (!isWebUrl(url)) errors.url = PRESS_URL_INVALID;
  if (errors.title !== undefined || errors.url !== undefined) return { ok: false, errors };

  const outlet = text(values.outlet_type);
  const date = text(values.date);
  return {
    ok: true,
    errors: {},
    item: {
      title,
      url,
      source: text(values.source),
      outlet_type: (OUTLET_TYPES as readonly string[]).includes(outlet) ? (outlet as OutletType) : DEFAULT_OUTLET_TYPE,
      date: yearOf(date) === null ? '' : date,
      excerpt: text(values.excerpt),
    },
  };
}

/** Prefix of the ids given to items added through the form. */
export const ADDED_ID_PREFIX = 'added-';

/**
 * A new item from a checked draft, with an id that no item of `existing` has:
 * 'added-1', 'added-2'... (the lowest free number).
 */
export function createPressItem(draft: PressDraft, existing: readonly Pick<PressItem, 'id'>[]): PressItem {
  const taken = new Set(existing.map((item) => String(item.id)));
  let n = 1;
  while (taken.has(`${ADDED_ID_PREFIX}${n}`)) n += 1;
  return { id: `${ADDED_ID_PREFIX}${n}`, ...draft };
}

/**
 * The list after adding a draft (SPEC 4): the new item first, then the existing items unchanged.
 * Added items live only in memory.
 * @returns a new array; the input is not modified
 */
export function addPressItem(items: readonly PressItem[], draft: PressDraft): PressItem[] {
  return [createPressItem(draft, items), ...items];
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
