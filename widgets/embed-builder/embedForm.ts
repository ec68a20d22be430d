/**
 * The /embed page's model: which attributes of a public element a marketer can set in the form,
 * how each is checked, and the preview page built from the same snippet a partner copies.
 * Pure functions, shared by <dc-embed-builder> and the page build.
 */
import { httpUrl } from '../../shared/httpUrl';
import type { PartnerConsent } from '../lib/consentForm';
import type GalleryWordsData from '../../site/_data/embedGallery.json';
import { feedEntries } from '../lib/feedPosts';
import { parseImageHosts } from '../lib/imageHosts';
import { widgetSnippet, type SnippetAttribute, type WidgetFile } from '../lib/widgetSnippet';

export type EmbedFieldKind = 'text' | 'url' | 'hosts' | 'select' | 'checkbox';

export interface EmbedField {
  /** The attribute name. */
  name: string;
  /** The plain label a marketer reads (api.json `label`; the attribute name when it has none). */
  label: string;
  kind: EmbedFieldKind;
  /** For kind 'select': the values (the first is the default when `defaultValue` is absent). */
  options?: string[];
  /** For kind 'select': what a person reads for each value (the value itself when absent). */
  optionLabels?: Record<string, string>;
  defaultValue?: string;
  description: string;
  /** For kind 'select' (api.json `"format": "feed-category"`): the options are narrowed to the categories of the feed the snippet reads. */
  fromFeed?: boolean;
  /** What the form knows about the feed the options come from (reading it, or why it could not). */
  note?: string;
}

/** The words of the gallery's form for a partner's own reports, as the page hands them over (without `$comment`). */
export type GalleryWords = Omit<typeof GalleryWordsData, '$comment'>;

export interface EmbedElement {
  tag: string;
  summary: string;
  /** URL of the element's documentation page (/embed/<tag>). */
  readme: string;
  file: WidgetFile;
  fields: EmbedField[];
  /** Attributes of the README example, shown as the form's starting values (`{origin}`: where the widgets come from). */
  example: SnippetAttribute[];
  /** <dc-consent> only: the starting point of a partner's own categories, vendors and texts. */
  consent?: PartnerConsent;
  /** <dc-dashboard-gallery>: the words of the form for a partner's own reports (site/_data/embedGallery.json). */
  gallery?: GalleryWords;
}

export interface EmbedConfig {
  version: string;
  /** The origin the snippets name when the page itself has none (the canonical site URL). */
  origin: string;
  elements: EmbedElement[];
}

/** An attribute as described in api.json (only what the form needs). */
export interface ApiAttributeLike {
  name: string;
  label?: string;
  type: string;
  default?: string;
  description: string;
  form?: boolean;
  format?: string;
}

/**
 * A help text of api.json (README Markdown) as plain words: a link `[text](target)` becomes its
 * text, code spans and emphasis lose their marks. The form shows it as text, never as markup.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\s*\(see \[[^\]]*\]\(#[^)]*\)\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

const ENUM = /^'[^']*'(?:\s*\|\s*'[^']*')+$/;
const HEADING_LEVELS = ['1', '2', '3', '4', '5', '6'];

/** The form field of an attribute, or null when it is not offered in the form (`"form": false`). */
export function fieldOf(attribute: ApiAttributeLike): EmbedField | null {
  if (attribute.form === false) return null;
  const base = { name: attribute.name, label: attribute.label ?? attribute.name, description: plainText(attribute.description), ...(attribute.default !== undefined ? { defaultValue: attribute.default } : {}) };
  if (attribute.type === 'boolean') return { ...base, kind: 'checkbox' };
  if (ENUM.test(attribute.type)) {
    return { ...base, kind: 'select', options: attribute.type.split('|').map((part) => part.trim().slice(1, -1)), ...(attribute.format === 'feed-category' ? { fromFeed: true } : {}) };
  }
  if (attribute.name === 'heading-level') return { ...base, kind: 'select', options: HEADING_LEVELS };
  if (attribute.format === 'url') return { ...base, kind: 'url' };
  if (attribute.format === 'hosts') return { ...base, kind: 'hosts' };
  return { ...base, kind: 'text' };
}

export const URL_MESSAGE = 'Enter a web address that starts with https://, http:// or /.';
export const HOSTS_MESSAGE = 'Enter hosts or origins (cdn.example.com, https://cdn.example.com) separated by spaces or commas, or none.';
export const TEXT_MESSAGE = 'Keep it to one line of at most 200 characters.';

/** The message for a field's value, or null when it can go into the snippet. Empty is always fine (the default). */
export function fieldError(field: EmbedField, value: string): string | null {
  if (value === '' || field.kind === 'checkbox') return null;
  if (field.kind === 'select') return field.options?.includes(value) ? null : `Choose one of: ${field.options?.join(', ')}.`;
  if (field.kind === 'url') {
    if (/^\/(?!\/)/.test(value)) return /\s/.test(value) ? URL_MESSAGE : null;
    return httpUrl(value) ? null : URL_MESSAGE;
  }
  if (field.kind === 'hosts') return value.length > 200 || parseImageHosts(value, null).warnings.length > 0 ? HOSTS_MESSAGE : null;
  return value.length > 200 || /[\r\n]/.test(value) ? TEXT_MESSAGE : null;
}

export const FEED_LOADING = 'Reading the feed…';
export const FEED_ERROR = 'This feed cannot be read here: every category is offered.';
export const FEED_EMPTY = 'The feed has no post in these categories.';

/**
 * The categories of a feed (as <dc-blog> reads it) among `offered` (the element's, from api.json),
 * in that order; null when `raw` is not a feed.
 */
export function feedCategories(raw: unknown, offered: readonly string[]): string[] | null {
  const entries = feedEntries(raw);
  if (!entries) return null;
  const used = new Set(entries.map((entry) => String((entry as { category?: unknown } | null)?.category).trim()));
  return offered.filter((category) => used.has(category));
}

/**
 * A `fromFeed` select as the feed allows: its options narrowed to the feed's categories once read
 * (`feed`: the categories; null while reading; false when it could not be read, which keeps every
 * option), with a note saying which.
 */
export function withFeed(field: EmbedField, feed: string[] | null | false): EmbedField {
  if (!Array.isArray(feed)) return { ...field, note: feed === null ? FEED_LOADING : FEED_ERROR };
  return { ...field, options: field.options?.filter((option) => feed.includes(option)), ...(feed.length === 0 ? { note: FEED_EMPTY } : {}) };
}

/** The feed a <dc-blog> snippet reads: its `src` when valid (relative to `base`), else /data/blog.json where the script comes from. */
export function blogFeedUrl(fields: readonly EmbedField[], values: Readonly<Record<string, string>>, origin: string, base: string): string {
  const field = fields.find((candidate) => candidate.name === 'src');
  const src = (values.src ?? '').trim();
  return field && src !== '' && fieldError(field, src) === null ? new URL(src, base).href : new URL('/data/blog.json', origin).href;
}

/**
 * The snippet attributes from the form's values: valid, non-empty values that differ from the
 * default (a checkbox: present when ticked), in the order of the fields.
 */
export function snippetAttributes(fields: readonly EmbedField[], values: Readonly<Record<string, string>>): SnippetAttribute[] {
  const out: SnippetAttribute[] = [];
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.kind === 'checkbox') {
      if (value === 'true') out.push([field.name, true]);
      continue;
    }
    if (value === '' || value === field.defaultValue || fieldError(field, value) !== null) continue;
    out.push([field.name, value]);
  }
  return out;
}

export type PreviewTheme = 'light' | 'dark';

/** The preview page's own stylesheet (page background and text colour from the tokens). */
export const PREVIEW_STYLESHEET = '/assets/embed/preview.css';

/**
 * The preview page: a blank document holding exactly the partner's snippet, in the chosen theme.
 * `consentMarker` adds an inert <dc-consent> (no script) so third-party frames in the preview
 * follow the visitor's consent choice on this site, as they do on our pages.
 */
export function previewDocument(options: {
  origin: string;
  tag: string;
  file: WidgetFile;
  attributes: readonly SnippetAttribute[];
  tokens: boolean;
  theme: PreviewTheme;
  consentMarker: boolean;
  inline?: string;
}): string {
  const snippet = widgetSnippet({ origin: options.origin, tag: options.tag, file: options.file, attributes: options.attributes, tokens: options.tokens, inline: options.inline });
  return (
    `<!doctype html><html lang="en" data-theme="${options.theme}"><head><meta charset="utf-8">` +
    `<title>Preview of ${options.tag}</title><link rel="stylesheet" href="${new URL(PREVIEW_STYLESHEET, options.origin).href}">` +
    `</head><body><section aria-label="Widget preview">\n${snippet}\n</section>` +
    (options.consentMarker ? '<dc-consent hidden></dc-consent>' : '') +
    '</body></html>'
  );
}
