/**
 * A press item and the press form's rule (SPEC 3 "Press item", 5 "Press add form"), once: the
 * add form on /press (widgets/press), the console's Press view (widgets/staff-console) and the
 * staff API that stores the items (server/press) all check an item with validatePressForm and
 * show its messages. Pure functions, no DOM, no framework.
 */
import { httpUrl } from './httpUrl';

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

/** The type an item gets when the form leaves the outlet type empty. */
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

/** A stored press item as the staff API answers it: who added and last changed it, and when (server/press). */
export interface StoredPressItem extends PressItem {
  createdAt: string;
  /** The email of the staff member who added it. */
  createdBy: string;
  updatedAt: string;
  /** The email of the staff member who changed it last (the author until then). */
  updatedBy: string;
}

/** An item before it has an id: the outcome of the form. */
export type PressDraft = Omit<PressItem, 'id'>;

/** The form's fields, in its order. */
export const PRESS_FIELDS = ['title', 'url', 'source', 'outlet_type', 'date', 'excerpt'] as const;
export type PressField = (typeof PRESS_FIELDS)[number];

// Lengths in characters (code points): a headline, a long article address, an outlet's name, a teaser.
export const PRESS_TITLE_MAX = 200;
export const PRESS_URL_MAX = 2000;
export const PRESS_SOURCE_MAX = 120;
export const PRESS_EXCERPT_MAX = 1000;
/** Stored items at most: a company's coverage, not a news archive (the public list is sent whole). */
export const PRESS_ITEMS_MAX = 500;

// The form's messages (ours: the SPEC gives none), each once.
export const PRESS_TITLE_REQUIRED = 'Title is required';
export const PRESS_URL_REQUIRED = 'URL is required';
export const PRESS_URL_INVALID = 'Please enter a full web address starting with http:// or https://';
export const PRESS_MESSAGES = {
  titleTooLong: `The title must be at most ${PRESS_TITLE_MAX} characters`,
  urlTooLong: `The URL must be at most ${PRESS_URL_MAX} characters`,
  sourceTooLong: `The source must be at most ${PRESS_SOURCE_MAX} characters`,
  excerptTooLong: `The excerpt must be at most ${PRESS_EXCERPT_MAX} characters`,
  outletInvalid: `Choose one of the outlet types: ${OUTLET_TYPES.join(', ')}`,
  dateInvalid: 'Please enter a real date (YYYY-MM-DD) or leave the date empty',
  /** The API: a body that is not an object of the form's fields (text). */
  badBody: `Send the press item's fields as text: ${PRESS_FIELDS.join(', ')}.`,
  /** The API: the store is full. */
  tooMany: `At most ${PRESS_ITEMS_MAX} press items can be stored. Remove an old one first.`,
  /** The API: an id that names no stored item. */
  notFound: 'There is no stored press item with this id (it may have been removed).',
} as const;

/** The form's notice: what adding does. */
export const PRESS_FORM_NOTICE = 'Items you add here are saved and shown on this page to every visitor.';

/**
 * Whether a URL is an absolute http: or https: address with a host, written with '//'
 * ('https://example.com/a'). Refused: relative paths, 'http//x', 'http:example.com', other schemes
 * (javascript:, data:, ftp:, mailto:...), and anything containing whitespace or control characters.
 */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /[\s\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  return (httpUrl(value)?.hostname ?? '') !== '';
}

/** Whether a text is a day that exists, written 'YYYY-MM-DD' (what a date input gives). */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What the form holds. Every field may be missing; all are trimmed. */
export type PressFormValues = Partial<Record<PressField, string>>;

/** The form's field errors; only fields with an error are present, in the form's order. */
export type PressFormErrors = Partial<Record<PressField, string>>;

/** Outcome of validatePressForm. */
export type PressFormResult =
  | { ok: true; errors: Record<string, never>; item: PressDraft }
  | { ok: false; errors: PressFormErrors; item?: undefined };

const length = (text: string) => [...text].length;

/**
 * Checks the press form (SPEC 5): title and url are required (after trimming), and url must be an
 * absolute http: or https: URL (see isWebUrl). The other fields are optional and trimmed: an empty
 * outlet type becomes 'Other', an empty date means undated. An outlet type that is not one of
 * OUTLET_TYPES, a date that is not a real YYYY-MM-DD day and a field over its length are refused
 * with a message (the form cannot produce them; an API client can). A value that is not text
 * reads as empty. When ok is false nothing may be added.
 */
export function validatePressForm(values: PressFormValues): PressFormResult {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const draft: PressDraft = {
    title: text(values.title),
    url: text(values.url),
    source: text(values.source),
    outlet_type: DEFAULT_OUTLET_TYPE,
    date: text(values.date),
    excerpt: text(values.excerpt),
  };
  const outlet = text(values.outlet_type);
  const errors: PressFormErrors = {};
  if (draft.title === '') errors.title = PRESS_TITLE_REQUIRED;
  else if (length(draft.title) > PRESS_TITLE_MAX) errors.title = PRESS_MESSAGES.titleTooLong;
  if (draft.url === '') errors.url = PRESS_URL_REQUIRED;
  else if (length(draft.url) > PRESS_URL_MAX) errors.url = PRESS_MESSAGES.urlTooLong;
  else if (!isWebUrl(draft.url)) errors.url = PRESS_URL_INVALID;
  if (length(draft.source) > PRESS_SOURCE_MAX) errors.source = PRESS_MESSAGES.sourceTooLong;
  if (outlet !== '' && !(OUTLET_TYPES as readonly string[]).includes(outlet)) errors.outlet_type = PRESS_MESSAGES.outletInvalid;
  if (draft.date !== '' && !isIsoDay(draft.date)) errors.date = PRESS_MESSAGES.dateInvalid;
  if (length(draft.excerpt) > PRESS_EXCERPT_MAX) errors.excerpt = PRESS_MESSAGES.excerptTooLong;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, errors: {}, item: { ...draft, outlet_type: outlet === '' ? DEFAULT_OUTLET_TYPE : (outlet as OutletType) } };
}
