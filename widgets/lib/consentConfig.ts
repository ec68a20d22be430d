/**
 * The configuration of <dc-consent> (SPEC 2.18, 3 "Vendor list entry"): the types of its texts and
 * vendors (site/_data/consent.json, or a partner's copy in an inline JSON child), and the checks of
 * a partner's attributes and content. Nothing here throws: bad input falls back to the defaults
 * with a warning the element logs.
 */
import { httpUrl } from '../../shared/httpUrl';
import { httpsHref, text, toLocalizedText, vendorFieldValid, type LocalizedText, type VendorField } from './consentVendor';
import { POLICY_VERSION } from './consentCookie';
import {
  CONSENT_CATEGORIES,
  isRecordObject,
  isValidCookieDomain,
  type ConsentCategory,
  type OptionalCategory,
} from './consentRecord';

export { vendorFieldValid, type VendorField } from './consentVendor';

/** Languages of the consent texts (SPEC 2.18: English and German, default English). */
export const CONSENT_LANGUAGES = ['en', 'de'] as const;
export type ConsentLanguage = (typeof CONSENT_LANGUAGES)[number];
export const DEFAULT_CONSENT_LANGUAGE: ConsentLanguage = 'en';

export type { LocalizedText };

/** One entry of the vendor list shown in the dialog (SPEC 3). */
export interface Vendor {
  /** kebab-case id, unique in the list. */
  id: string;
  name: string;
  /** The category whose consent lets this vendor run. */
  category: OptionalCategory;
  purpose: LocalizedText;
  /** Absolute https URL of the vendor's privacy policy. */
  privacyUrl: string;
  retention: LocalizedText;
  /** The cookies it sets, as a person reads them ("_ga, _gid"); optional (3.1.0). */
  cookies?: LocalizedText;
}

/** A category as shown in the dialog: its texts in both languages. */
export interface CategoryDefinition {
  id: ConsentCategory;
  name: LocalizedText;
  description: LocalizedText;
  /** True for strictlyNecessary: shown on and disabled. */
  required: boolean;
}

/** The texts of one language in site/_data/consent.json. */
export interface ConsentTexts {
  banner: {
    label: string;
    title: string;
    text: string;
    acceptAll: string;
    rejectAll: string;
    customize: string;
  };
  dialog: {
    title: string;
    intro: string;
    legalBasis: string;
    categoriesHeading: string;
    alwaysOn: string;
    save: string;
    saving: string;
    saved: string;
    close: string;
    closeLabel: string;
    privacyLink: string;
    imprintLink: string;
  };
  language: {
    label: string;
    en: string;
    de: string;
  };
  categories: Record<ConsentCategory, { name: string; description: string }>;
  vendorList: {
    heading: string;
    intro: string;
    show: string;
    hide: string;
    name: string;
    category: string;
    purpose: string;
    retention: string;
    privacy: string;
    privacyLinkText: string;
    empty: string;
    /** Label of a vendor's cookies (3.1.0; "Cookies" when absent). */
    cookies?: string;
  };
  /** Label of the footer link that reopens the dialog. */
  manage: string;
}

/** The whole of site/_data/consent.json. */
export interface ConsentContent {
  policyVersion: string;
  privacyUrl: string;
  imprintUrl: string;
  /** Decorative particles on the overlay (SPEC 2.18, 9). */
  particles: number;
  en: ConsentTexts;
  de: ConsentTexts;
  vendors: Vendor[];
  /**
   * The categories the page uses, as the `categories` attribute lists them (3.1.0, in a partner's
   * inline copy; the attribute wins). Absent: all four.
   */
  categories?: unknown[];
}

// ---------------------------------------------------------------------------
// Partner attributes of <dc-consent> (never throw; warn and fall back)
// ---------------------------------------------------------------------------

/** A parsed attribute: the value to use and the warnings to log (empty when all was fine). */
export interface ConfigResult<T> {
  value: T;
  warnings: string[];
}

const isConsentCategory = (value: unknown): value is ConsentCategory =>
  (CONSENT_CATEGORIES as readonly unknown[]).includes(value);




/**
 * A single-value attribute: empty/absent gives `fallback` silently; otherwise `accept`
 * returns the value to use, or undefined to fall back with `warning`.
 */
function parseAttribute<T>(
  attr: string | null | undefined,
  fallback: T,
  accept: (trimmed: string) => T | undefined,
  warning: string,
): ConfigResult<T> {
  const trimmed = text(attr);
  const value = trimmed === null ? fallback : accept(trimmed);
  return value === undefined ? { value: fallback, warnings: [`dc-consent: ${warning}`] } : { value, warnings: [] };
}

/**
 * A JSON list attribute (categories, vendors). Empty/absent: the defaults, no warning.
 * Invalid JSON, not an array, or entries given but none valid: the defaults with a
 * warning. Otherwise `parse` keeps the valid entries and warns about the others.
 */
function parseListAttribute<T>(
  json: string | readonly unknown[] | null | undefined,
  attribute: string,
  defaults: readonly T[],
  parse: (entries: unknown[]) => ConfigResult<T[]>,
): ConfigResult<T[]> {
  const fallback = (warning?: string, warnings: string[] = []) => ({
    value: defaults.map((d) => ({ ...d })),
    warnings: warning ? [...warnings, `dc-consent: "${attribute}" ${warning}; using the defaults.`] : warnings,
  });
  let entries: unknown = json;
  if (!Array.isArray(json)) {
    if (!text(json)) return fallback();
    try {
      entries = JSON.parse(json as string);
    } catch {
      return fallback('is not valid JSON');
    }
  }
  if (!Array.isArray(entries)) return fallback('must be a JSON array');
  const result = parse(entries);
  return entries.length > 0 && result.value.length === 0 ? fallback('has no valid entry', result.warnings) : result;
}

/** Runs `check` on each entry; a returned string is the reason it is skipped, with a warning. */
function parseEntries<T>(entries: unknown[], name: string, check: (entry: Record<string, unknown>, kept: T[]) => T | string): ConfigResult<T[]> {
  const value: T[] = [];
  const warnings: string[] = [];
  entries.forEach((entry, index) => {
    const result = isRecordObject(entry) ? check(entry, value) : 'not an object';
    if (typeof result === 'string') warnings.push(`dc-consent: ${name}[${index}] ignored: ${result}.`);
    else value.push(result);
  });
  return { value, warnings };
}

/** The built-in category definitions from the texts of consent.json. */
export function categoryDefinitions(content: Pick<ConsentContent, 'en' | 'de'>): CategoryDefinition[] {
  return CONSENT_CATEGORIES.map((id) => ({
    id,
    name: { en: content.en.categories[id].name, de: content.de.categories[id].name },
    description: { en: content.en.categories[id].description, de: content.de.categories[id].description },
    required: id === 'strictlyNecessary',
  }));
}

/**
 * Parses the `categories` attribute: the categories a partner's site uses, in display order,
 * with optional own texts:
 * `[{"id":"analytics","name":{"en":"Statistics","de":"Statistik"},"description":"..."}]`.
 * - id must be one of strictlyNecessary, functional, analytics, marketing; name and
 *   description are a string or {en, de} and default to the built-in texts.
 * - strictlyNecessary is always included (first) even when not listed.
 * - Categories left out are hidden and never granted.
 * Empty/absent attribute: the defaults, no warning. Invalid JSON, not an array, or no
 * valid entry: the defaults with a warning. Bad entries are skipped with a warning each.
 */
export function parseCategoriesConfig(
  json: string | readonly unknown[] | null | undefined,
  defaults: readonly CategoryDefinition[],
): ConfigResult<CategoryDefinition[]> {
  const necessary = defaults.find((d) => d.required);
  return parseListAttribute(json, 'categories', defaults, (entries) => {
    const result = parseEntries<CategoryDefinition>(entries, 'categories', (entry, kept) => {
      const id = entry.id;
      if (!isConsentCategory(id)) return 'unknown "id"';
      if (kept.some((c) => c.id === id)) return `"${id}" is listed twice`;
      const base = defaults.find((d) => d.id === id);
      const name = toLocalizedText(entry.name, base?.name);
      const description = toLocalizedText(entry.description, base?.description);
      return name && description ? { id, name, description, required: id === 'strictlyNecessary' } : 'bad "name" or "description"';
    });
    const chosen = result.value;
    if (chosen.length > 0 && !chosen.some((c) => c.required) && necessary) chosen.unshift({ ...necessary });
    chosen.sort((a, b) => Number(b.required) - Number(a.required));
    return result;
  });
}


const VENDOR_FIELDS: readonly VendorField[] = ['name', 'category', 'privacyUrl', 'purpose', 'retention', 'cookies'];

/**
 * Validates an untrusted vendor list (from consent.json or a partner's attribute or inline copy).
 * Each entry needs name, category (functional, analytics or marketing), an https privacyUrl,
 * purpose and retention (a string or {en, de}), and may name its cookies (3.1.0); id is optional
 * (derived from the name) and must be unique. Bad entries are dropped with a warning naming the field.
 */
export function parseVendors(value: unknown): ConfigResult<Vendor[]> {
  if (!Array.isArray(value)) return { value: [], warnings: ['dc-consent: vendors must be an array.'] };
  return parseEntries<Vendor>(value, 'vendors', (entry, kept) => {
    const bad = VENDOR_FIELDS.find((field) => !vendorFieldValid(field, entry[field]));
    if (bad) return `bad "${bad}"`;
    const name = text(entry.name) as string;
    const given = entry.id;
    const id =
      typeof given === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(given)
        ? given
        : name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    if (!id || kept.some((v) => v.id === id)) return `id "${id}" is not unique`;
    const cookies = entry.cookies === undefined || entry.cookies === '' ? null : toLocalizedText(entry.cookies);
    return {
      id,
      name,
      category: entry.category as OptionalCategory,
      purpose: toLocalizedText(entry.purpose) as LocalizedText,
      privacyUrl: httpsHref(entry.privacyUrl) as string,
      retention: toLocalizedText(entry.retention) as LocalizedText,
      ...(cookies ? { cookies } : {}),
    };
  });
}

/**
 * Parses the `vendors` attribute (a JSON array of vendors, see parseVendors).
 * Empty/absent: the defaults. `[]`: no vendors (a valid choice). Invalid JSON, not an
 * array, or entries given but none valid: the defaults with warnings. Valid entries
 * are kept and bad ones skipped with a warning each.
 */
export function parseVendorsConfig(json: string | null | undefined, defaults: readonly Vendor[]): ConfigResult<Vendor[]> {
  return parseListAttribute(json, 'vendors', defaults, parseVendors);
}

/** The `lang` attribute: 'en' or 'de' (case-insensitive, region ignored: 'de-DE' -> 'de'); else 'en' with a warning. */
export function parseLanguage(attr: string | null | undefined): ConfigResult<ConsentLanguage> {
  return parseAttribute<ConsentLanguage>(
    attr,
    DEFAULT_CONSENT_LANGUAGE,
    (value) => CONSENT_LANGUAGES.find((lang) => lang === value.toLowerCase().split(/[-_]/)[0]),
    `language "${attr}" is not supported; using en.`,
  );
}

/**
 * A link attribute (privacy-url, imprint-url): a site-relative path ('/privacy-policy')
 * or an absolute http(s) URL. Anything else (javascript:, data:, '//host', garbage):
 * the fallback with a warning.
 */
export function parseLinkUrl(attr: string | null | undefined, fallback: string, attribute = 'url'): ConfigResult<string> {
  return parseAttribute(
    attr,
    fallback,
    (value) => {
      if (/^\/(?![/\\])/.test(value) && !/[\s<>"']/.test(value)) return value;
      return httpUrl(value)?.href;
    },
    `"${attribute}" must be a path or an http(s) URL; using ${fallback}.`,
  );
}

/** The `cookie-domain` attribute: a plain host name, else none (host-only cookie) with a warning. */
export function parseCookieDomain(attr: string | null | undefined): ConfigResult<string | null> {
  return parseAttribute<string | null>(
    attr,
    null,
    (value) => (isValidCookieDomain(value) ? value.toLowerCase() : undefined),
    `cookie-domain "${attr}" is not a host name; using this host only.`,
  );
}

/** The `policy-version` attribute: 1-32 characters of letters, digits, '.', '_' or '-'; else the fallback with a warning. */
export function parsePolicyVersion(attr: string | null | undefined, fallback: string = POLICY_VERSION): ConfigResult<string> {
  return parseAttribute(
    attr,
    fallback,
    (value) => (/^[\w.-]{1,32}$/.test(value) ? value : undefined),
    `policy-version "${attr}" is not a version label; using ${fallback}.`,
  );
}

// ---------------------------------------------------------------------------
// Content (the texts and vendors of site/_data/consent.json, or a partner's copy)
// ---------------------------------------------------------------------------

/** The texts every language of ConsentContent must have, as dotted paths ('banner.label', ...). */
const TEXT_PATHS = [
  'banner label title text acceptAll rejectAll customize',
  'dialog title intro legalBasis categoriesHeading alwaysOn save saving saved close closeLabel privacyLink imprintLink',
  'language label en de',
  'vendorList heading intro show hide name category purpose retention privacy privacyLinkText empty',
  ...CONSENT_CATEGORIES.map((id) => `categories.${id} name description`),
  ' manage',
].flatMap((group) => {
  const [head, ...keys] = group.split(' ');
  return keys.map((key) => (head ? `${head}.${key}` : key));
});

/** The first missing or empty text of one language, as a dotted path, or undefined when complete. */
function missingText(texts: unknown): string | undefined {
  return TEXT_PATHS.find((path) => {
    const value = path.split('.').reduce<unknown>((node, key) => (isRecordObject(node) ? node[key] : undefined), texts);
    return typeof value !== 'string' || value.trim() === '';
  });
}

/**
 * Checks consent content (the shape of site/_data/consent.json) from an untrusted source,
 * such as the inline `<script type="application/json">` child of `<dc-consent>`.
 * - null with a warning when a language misses a text (the caller then uses its defaults);
 * - otherwise a clean copy: bad vendors are dropped (see parseVendors), a bad policy version
 *   or link falls back to the built-in one, particles is an integer from 0 to 60 (default 15).
 */
export function parseConsentContent(value: unknown): ConfigResult<ConsentContent | null> {
  if (!isRecordObject(value)) return { value: null, warnings: ['dc-consent: the consent content is not a JSON object; using the defaults.'] };
  for (const lang of CONSENT_LANGUAGES) {
    const missing = missingText(value[lang]);
    if (missing) return { value: null, warnings: [`dc-consent: the consent content lacks the text "${lang}.${missing}"; using the defaults.`] };
  }
  const vendors = value.vendors === undefined ? { value: [], warnings: [] } : parseVendors(value.vendors);
  const policy = parsePolicyVersion(typeof value.policyVersion === 'string' ? value.policyVersion : null);
  const privacy = parseLinkUrl(value.privacyUrl as string, '/privacy-policy', 'privacyUrl');
  const imprint = parseLinkUrl(value.imprintUrl as string, '/imprint', 'imprintUrl');
  const categories = Array.isArray(value.categories) ? value.categories : undefined;
  const n = value.particles;
  const particles = typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 60 ? n : 15;
  return {
    value: {
      policyVersion: policy.value,
      privacyUrl: privacy.value,
      imprintUrl: imprint.value,
      particles,
      en: value.en as ConsentTexts,
      de: value.de as ConsentTexts,
      vendors: vendors.value,
      ...(categories ? { categories } : {}),
    },
    warnings: [...vendors.warnings, ...policy.warnings, ...privacy.warnings, ...imprint.warnings],
  };
}
