/**
 * Consent manager rules (SPEC 2.18, 3 "Consent record" and "Vendor list entry", 4, 5, 8, 9).
 *
 * Pure, framework-free functions shared by the `<dc-consent>` element and its tests:
 * the consent record and its cookie, the category presets, IP masking and hashing,
 * the Google Consent Mode v2 mapping and the validation of a partner's JSON attributes.
 * Nothing here touches `document`; the element reads and writes `document.cookie`
 * with the strings built here, and logs the errors returned here.
 *
 * Texts (banner, dialog, categories, vendors) live once in site/_data/consent.json;
 * the types of that file are declared below (ConsentContent).
 */

// ---------------------------------------------------------------------------
// Constants (SPEC 9)
// ---------------------------------------------------------------------------

import { httpUrl } from '../../shared/httpUrl';
import { COOKIE_NAME, POLICY_VERSION, readCookieValue } from './consentCookie';

export { COOKIE_NAME, POLICY_VERSION, readCookieValue, cookieAllows } from './consentCookie';
/** Cookie lifetime: 180 days, in seconds (4320 hours). */
export const COOKIE_MAX_AGE_S = 4320 * 60 * 60;
/** Value of ipMasked and ipHash when no IP address is known (SPEC 8). */
export const IP_UNAVAILABLE = 'unavailable';
/** Value of ipHash when hashing failed (SPEC 8). */
export const HASH_UNAVAILABLE = 'hash-unavailable';
/** Value of every location field when the location is not known (SPEC 7, 8). */
export const LOCATION_UNKNOWN = 'Unknown';

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

/** The four consent categories, in display order. */
export const CONSENT_CATEGORIES = ['strictlyNecessary', 'functional', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** The categories a visitor can switch (strictlyNecessary is always on). */
export const OPTIONAL_CATEGORIES = ['functional', 'analytics', 'marketing'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];

/** The visitor's choice per category. strictlyNecessary is always true after normalisation. */
export interface ConsentCategories {
  strictlyNecessary: boolean;
  functional: boolean;
  analytics: boolean;
  marketing: boolean;
}

export interface ConsentLocation {
  country: string;
  region: string;
  city: string;
}

/** The record stored in the cookie and logged to the console (SPEC 3). */
export interface ConsentRecord {
  /** UUID v4, kept across updates under the same policy version. */
  consentId: string;
  /** ISO 8601 time of the first consent under this policy version. */
  timestamp: string;
  /** IANA time zone of the browser, e.g. 'Europe/Berlin'. */
  timezone: string;
  policyVersion: string;
  categories: ConsentCategories;
  /** Masked IP (see maskIp) or 'unavailable'. */
  ipMasked: string;
  /** SHA-256 hex of the IP (see hashIp), 'unavailable' or 'hash-unavailable'. */
  ipHash: string;
  location: ConsentLocation;
  /** ISO 8601 time of the latest save. */
  lastUpdated: string;
}

/** Languages of the consent texts (SPEC 2.18: English and German, default English). */
export const CONSENT_LANGUAGES = ['en', 'de'] as const;
export type ConsentLanguage = (typeof CONSENT_LANGUAGES)[number];
export const DEFAULT_CONSENT_LANGUAGE: ConsentLanguage = 'en';

/** A text in both languages. */
export type LocalizedText = Record<ConsentLanguage, string>;

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
}

// ---------------------------------------------------------------------------
// Categories and presets (SPEC 4, 5)
// ---------------------------------------------------------------------------

/** Accept All: every category on. Frozen; use normalizeCategories() for a mutable copy. */
export const ACCEPT_ALL: Readonly<ConsentCategories> = Object.freeze({
  strictlyNecessary: true,
  functional: true,
  analytics: true,
  marketing: true,
});

/** Reject All: only strictlyNecessary on. Frozen. */
export const REJECT_ALL: Readonly<ConsentCategories> = Object.freeze({
  strictlyNecessary: true,
  functional: false,
  analytics: false,
  marketing: false,
});

/**
 * A complete, fresh categories object from any partial or untrusted input:
 * each optional category is on only when its value is exactly `true`;
 * strictlyNecessary is always forced on, whatever the input says.
 */
export function normalizeCategories(partial?: Partial<Record<ConsentCategory, unknown>> | null): ConsentCategories {
  const source: Partial<Record<ConsentCategory, unknown>> =
    partial !== null && typeof partial === 'object' ? partial : {};
  return {
    strictlyNecessary: true,
    functional: source.functional === true,
    analytics: source.analytics === true,
    marketing: source.marketing === true,
  };
}

// ---------------------------------------------------------------------------
// Record building
// ---------------------------------------------------------------------------

/** The location of an unknown visitor (the lookup is a hard-coded placeholder, SPEC 7). */
export function unknownLocation(): ConsentLocation {
  return { country: LOCATION_UNKNOWN, region: LOCATION_UNKNOWN, city: LOCATION_UNKNOWN };
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID version 4 (RFC 9562 layout). */
export function isUuidV4(value: unknown): value is string {
  return typeof value === 'string' && UUID_V4.test(value);
}

type RandomSource = Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>>;

/**
 * A new UUID v4. Uses crypto.randomUUID where it exists (secure contexts only),
 * else builds one from crypto.getRandomValues (available on http:// too; every
 * browser with custom elements has it).
 */
export function uuidV4(random: RandomSource | undefined = globalThis.crypto): string {
  if (typeof random?.randomUUID === 'function') return random.randomUUID();
  const bytes = (random).getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return hex.replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}

/** The browser's IANA time zone, or 'Unknown' when Intl cannot tell. */
export function detectTimezone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return typeof zone === 'string' && zone !== '' ? zone : LOCATION_UNKNOWN;
  } catch {
    return LOCATION_UNKNOWN;
  }
}

export interface BuildRecordInput {
  /** The chosen categories (normalised here: strictlyNecessary forced on). */
  categories: Partial<Record<ConsentCategory, unknown>>;
  /** The record read from the cookie, if any. */
  previous?: ConsentRecord | null;
  /** The time of saving. */
  now: Date;
  /** IANA time zone (see detectTimezone). An empty value is stored as 'Unknown'. */
  timezone: string;
  /** UUID v4 generator (see uuidV4), called only when a new id is needed. */
  uuid: () => string;
  /** The visitor's IP when a server supplied one; otherwise the IP fields are 'unavailable'. */
  ip?: string | null;
  /** IP hasher; defaults to hashIp with Web Crypto. */
  hash?: (ip: string) => Promise<string>;
  /** Location; defaults to unknownLocation(). */
  location?: ConsentLocation;
  /** Policy version to record; defaults to POLICY_VERSION. */
  policyVersion?: string;
}

/** The IP fields of a record. */
export interface RecordIpFields {
  ipMasked: string;
  ipHash: string;
}

/**
 * The IP fields for a record: masked (see maskIp) and hashed (see hashIp) when an IP
 * address is known; 'unavailable' for both when it is not, or is not an IP address.
 * Never rejects: a failing hasher gives 'hash-unavailable'.
 */
export async function recordIpFields(
  ip: string | null | undefined,
  hash: (ip: string) => Promise<string> = (value) => hashIp(value),
): Promise<RecordIpFields> {
  const ipMasked = ip == null ? IP_UNAVAILABLE : maskIp(ip);
  if (ipMasked === IP_UNAVAILABLE) return { ipMasked, ipHash: IP_UNAVAILABLE };
  try {
    return { ipMasked, ipHash: await hash(ip as string) };
  } catch {
    return { ipMasked, ipHash: HASH_UNAVAILABLE };
  }
}

/**
 * Builds the record to store after Accept All, Reject All or Save Choices.
 *
 * A previous record of the same policy version keeps its consentId and its first
 * timestamp; lastUpdated is always `now`. Without one (or with one of another
 * policy version) a new id is drawn and timestamp = lastUpdated = now.
 * Never rejects: a failing hasher gives 'hash-unavailable'.
 */
export async function buildRecord(input: BuildRecordInput): Promise<ConsentRecord> {
  return assembleRecord(input, await recordIpFields(input.ip, input.hash));
}

/**
 * The synchronous core of buildRecord, for a browser that cannot know its IP address:
 * the IP fields are given (default: 'unavailable' for both, SPEC 8), nothing is hashed.
 */
export function assembleRecord(
  input: Omit<BuildRecordInput, 'ip' | 'hash'>,
  ip: RecordIpFields = { ipMasked: IP_UNAVAILABLE, ipHash: IP_UNAVAILABLE },
): ConsentRecord {
  const policyVersion = input.policyVersion ?? POLICY_VERSION;
  const nowIso = input.now.toISOString();
  const previous = input.previous && input.previous.policyVersion === policyVersion ? input.previous : null;
  const location = input.location ?? unknownLocation();
  return {
    consentId: previous ? previous.consentId : input.uuid(),
    timestamp: previous ? previous.timestamp : nowIso,
    timezone: input.timezone.trim() === '' ? LOCATION_UNKNOWN : input.timezone,
    policyVersion,
    categories: normalizeCategories(input.categories),
    ipMasked: ip.ipMasked,
    ipHash: ip.ipHash,
    location: { country: location.country, region: location.region, city: location.city },
    lastUpdated: nowIso,
  };
}

// ---------------------------------------------------------------------------
// Cookie
// ---------------------------------------------------------------------------

const COOKIE_DOMAIN = /^\.?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Whether a value is safe to use as a cookie Domain attribute (a plain host name). */
export function isValidCookieDomain(domain: unknown): domain is string {
  return typeof domain === 'string' && domain.length <= 253 && COOKIE_DOMAIN.test(domain);
}

export interface SerializeCookieOptions {
  /** Domain attribute, e.g. 'dataclarity.de' to share the choice across subdomains. Ignored when not a plain host name. */
  domain?: string | null;
  /** Add the Secure attribute (default true). */
  secure?: boolean;
}

/**
 * The full string to assign to document.cookie:
 * `cmp_consent_v1=<encodeURIComponent(JSON)>; Path=/; Max-Age=15552000; SameSite=Lax; Secure[; Domain=<domain>]`.
 */
export function serializeCookie(record: ConsentRecord, options: SerializeCookieOptions = {}): string {
  const { domain = null, secure = true } = options;
  const parts = [
    `${COOKIE_NAME}=${encodeURIComponent(JSON.stringify(record))}`,
    'Path=/',
    `Max-Age=${COOKIE_MAX_AGE_S}`,
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  if (domain && isValidCookieDomain(domain)) parts.push(`Domain=${domain}`);
  return parts.join('; ');
}

/**
 * Result of reading the cookie header. Either a record (null when there is no cookie)
 * with whether the banner must be shown, or an error to log; an error counts as
 * "no cookie" (SPEC 5), so needsPrompt is true.
 */
export type ConsentCookieResult =
  | { record: ConsentRecord | null; needsPrompt: boolean; error?: undefined }
  | { record: null; needsPrompt: true; error: string };

/**
 * Reads the consent record from a cookie header (document.cookie).
 * - no consent cookie: `{ record: null, needsPrompt: true }`;
 * - undecodable, not JSON, or not shaped like a ConsentRecord: `{ error }` (the caller logs it);
 * - a valid record: `{ record, needsPrompt }`, needsPrompt true when its policyVersion
 *   differs from `policyVersion`. The record is rebuilt from known fields only, and
 *   strictlyNecessary is forced on.
 */
export function parseConsentCookie(
  cookieHeader: string | null | undefined,
  policyVersion: string = POLICY_VERSION,
): ConsentCookieResult {
  const raw = readCookieValue(cookieHeader);
  if (raw === null || raw === '') return { record: null, needsPrompt: true };
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { record: null, needsPrompt: true, error: `Consent cookie ${COOKIE_NAME} is not URI-encoded.` };
  }
  let value: unknown;
  try {
    value = JSON.parse(decoded);
  } catch {
    return { record: null, needsPrompt: true, error: `Consent cookie ${COOKIE_NAME} does not contain valid JSON.` };
  }
  const checked = toConsentRecord(value);
  if (typeof checked === 'string') {
    return { record: null, needsPrompt: true, error: `Consent cookie ${COOKIE_NAME} is invalid: ${checked}` };
  }
  return { record: checked, needsPrompt: needsPrompt(checked, policyVersion) };
}

function isRecordObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && !Number.isNaN(Date.parse(value));
}

/**
 * Checks an untrusted value against the ConsentRecord shape.
 * @returns a clean copy of the record, or a message naming the first bad field
 */
export function toConsentRecord(value: unknown): ConsentRecord | string {
  if (!isRecordObject(value)) return 'not an object';
  const { consentId, timestamp, timezone, policyVersion, categories, ipMasked, ipHash, location, lastUpdated } = value;
  if (typeof consentId !== 'string' || consentId === '' || consentId.length > 64) return 'consentId';
  if (!isIsoDate(timestamp)) return 'timestamp';
  if (typeof timezone !== 'string') return 'timezone';
  if (typeof policyVersion !== 'string' || policyVersion === '') return 'policyVersion';
  if (!isRecordObject(categories)) return 'categories';
  for (const key of CONSENT_CATEGORIES) {
    if (typeof categories[key] !== 'boolean') return `categories.${key}`;
  }
  if (typeof ipMasked !== 'string') return 'ipMasked';
  if (typeof ipHash !== 'string') return 'ipHash';
  if (!isRecordObject(location)) return 'location';
  for (const key of ['country', 'region', 'city'] as const) {
    if (typeof location[key] !== 'string') return `location.${key}`;
  }
  if (!isIsoDate(lastUpdated)) return 'lastUpdated';
  return {
    consentId,
    timestamp,
    timezone,
    policyVersion,
    categories: normalizeCategories(categories),
    ipMasked,
    ipHash,
    location: { country: location.country as string, region: location.region as string, city: location.city as string },
    lastUpdated,
  };
}

/** Whether the banner must be shown: no record, or a record given under another policy version. */
export function needsPrompt(record: ConsentRecord | null | undefined, policyVersion: string = POLICY_VERSION): boolean {
  return !record || record.policyVersion !== policyVersion;
}

/**
 * Whether a category may run. False without a record, and false for a record of an
 * outdated policy version (the visitor is asked again; nothing optional runs meanwhile).
 */
export function allows(
  record: ConsentRecord | null | undefined,
  category: OptionalCategory,
  policyVersion: string = POLICY_VERSION,
): boolean {
  if (!record || record.policyVersion !== policyVersion) return false;
  return record.categories[category] === true;
}

// ---------------------------------------------------------------------------
// IP addresses (SPEC 8, 9)
// ---------------------------------------------------------------------------

type ParsedIp = { kind: 'v4'; octets: number[] } | { kind: 'v6'; groups: number[] };

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    // Decimal only, no leading zeros (they read as octal in some parsers).
    if (!/^(?:0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    octets.push(n);
  }
  return octets;
}

function parseIpv6(text: string): number[] | null {
  let rest = text;
  let v4Tail: number[] = [];
  const lastColon = rest.lastIndexOf(':');
  if (lastColon === -1) return null;
  const last = rest.slice(lastColon + 1);
  if (last.includes('.')) {
    const octets = parseIpv4(last);
    if (!octets) return null;
    v4Tail = [((octets[0] ?? 0) << 8) | (octets[1] ?? 0), ((octets[2] ?? 0) << 8) | (octets[3] ?? 0)];
    rest = rest.slice(0, lastColon + 1);
    if (!rest.endsWith('::')) rest = rest.slice(0, -1);
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
      groups.push(parseInt(group, 16));
    }
    return groups;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  const explicit = head.length + tail.length + v4Tail.length;
  if (halves.length === 1) return explicit === 8 ? [...head, ...v4Tail] : null;
  if (explicit > 7) return null;
  return [...head, ...new Array<number>(8 - explicit).fill(0), ...tail, ...v4Tail];
}

/**
 * Parses an IP address. Accepts dotted IPv4, and IPv6 in full, '::'-compressed or
 * embedded-IPv4 form, optionally in brackets and with a zone id ('fe80::1%eth0').
 * An IPv4-mapped IPv6 address (::ffff:a.b.c.d, or ::ffff:xxxx:xxxx) is returned as IPv4,
 * since it is an IPv4 client seen by a dual-stack server.
 */
function parseIp(ip: unknown): ParsedIp | null {
  if (typeof ip !== 'string') return null;
  let text = ip.trim();
  if (text === '' || text.length > 64) return null;
  if (!text.includes(':')) {
    const octets = parseIpv4(text);
    return octets ? { kind: 'v4', octets } : null;
  }
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  const groups = parseIpv6(text);
  if (!groups) return null;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const hi = groups[6] ?? 0;
    const lo = groups[7] ?? 0;
    return { kind: 'v4', octets: [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff] };
  }
  return { kind: 'v6', groups };
}

/** RFC 5952 text of eight groups: lower-case, no leading zeros, the longest run (2+) of zero groups as '::'. */
function formatIpv6(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestLength < 2) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/**
 * The canonical text of an IP address (IPv4 dotted; IPv6 per RFC 5952; IPv4-mapped as IPv4),
 * or null when the input is not an IP address.
 */
export function canonicalIp(ip: unknown): string | null {
  const parsed = parseIp(ip);
  if (!parsed) return null;
  return parsed.kind === 'v4' ? parsed.octets.join('.') : formatIpv6(parsed.groups);
}

/**
 * Masks an IP address for the consent record (SPEC 9).
 * - IPv4: the last octet is zeroed: '203.0.113.77' -> '203.0.113.0'.
 * - IPv6: the first four groups (the /64 network) are kept and the rest zeroed; the
 *   result is written in RFC 5952 form (lower case, no leading zeros, the longest run
 *   of zero groups compressed to '::'):
 *   '2001:db8:85a3:8d3:1319:8a2e:370:7348' -> '2001:db8:85a3:8d3::',
 *   '2001:0db8::1' -> '2001:db8::', '::1' -> '::'.
 * - IPv4-mapped IPv6 ('::ffff:203.0.113.77') is masked as IPv4: '203.0.113.0'.
 * - Anything else (empty, garbage, a port or a host name): 'unavailable'.
 */
export function maskIp(ip: unknown): string {
  const parsed = parseIp(ip);
  if (!parsed) return IP_UNAVAILABLE;
  if (parsed.kind === 'v4') return `${parsed.octets.slice(0, 3).join('.')}.0`;
  return formatIpv6([...parsed.groups.slice(0, 4), 0, 0, 0, 0]);
}

/**
 * SHA-256 (hex, lower case) of the canonical form of an IP address (see canonicalIp),
 * via Web Crypto, so '2001:0DB8::1' and '2001:db8::1' hash alike.
 * - not an IP address: 'unavailable';
 * - no Web Crypto, or digest failed: 'hash-unavailable' (onError receives the cause for logging).
 * Never rejects. Note: an unsalted hash of an IPv4 address is pseudonymous, not anonymous.
 */
export async function hashIp(
  ip: unknown,
  subtle: Pick<SubtleCrypto, 'digest'> | undefined = globalThis.crypto?.subtle,
  onError?: (error: unknown) => void,
): Promise<string> {
  const canonical = canonicalIp(ip);
  if (canonical === null) return IP_UNAVAILABLE;
  try {
    if (!subtle || typeof subtle.digest !== 'function') throw new Error('Web Crypto is not available');
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(canonical));
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  } catch (error) {
    onError?.(error);
    return HASH_UNAVAILABLE;
  }
}

// ---------------------------------------------------------------------------
// Google Consent Mode v2
// ---------------------------------------------------------------------------

export type ConsentModeValue = 'granted' | 'denied';

/** The consent types of Google Consent Mode v2. */
export interface ConsentModeState {
  ad_storage: ConsentModeValue;
  ad_user_data: ConsentModeValue;
  ad_personalization: ConsentModeValue;
  analytics_storage: ConsentModeValue;
  functionality_storage: ConsentModeValue;
  personalization_storage: ConsentModeValue;
  security_storage: ConsentModeValue;
}

/** `gtag('consent', 'default', CONSENT_MODE_DEFAULT)` before any tag loads: everything denied but security. */
export const CONSENT_MODE_DEFAULT: Readonly<ConsentModeState & { wait_for_update: number }> = Object.freeze({
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'granted',
  wait_for_update: 500,
});

/**
 * `gtag('consent', 'update', consentModeUpdate(categories))` after a choice:
 * marketing -> ad_storage, ad_user_data, ad_personalization; analytics -> analytics_storage;
 * functional -> functionality_storage, personalization_storage; security_storage always granted.
 */
export function consentModeUpdate(categories: Partial<Record<ConsentCategory, unknown>>): ConsentModeState {
  const c = normalizeCategories(categories);
  const v = (on: boolean): ConsentModeValue => (on ? 'granted' : 'denied');
  return {
    ad_storage: v(c.marketing),
    ad_user_data: v(c.marketing),
    ad_personalization: v(c.marketing),
    analytics_storage: v(c.analytics),
    functionality_storage: v(c.functional),
    personalization_storage: v(c.functional),
    security_storage: 'granted',
  };
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

const isOptionalCategory = (value: unknown): value is OptionalCategory =>
  (OPTIONAL_CATEGORIES as readonly unknown[]).includes(value);

/** A trimmed non-empty string, or null. */
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim()) || null;

/**
 * A localized text from partner input: a non-empty string (used for both languages)
 * or an object { en?, de? } (a missing language takes the other one's text).
 * Falls back to `fallback` when absent; null when present but unusable.
 */
function toLocalizedText(value: unknown, fallback?: LocalizedText): LocalizedText | null {
  if (value === undefined) return fallback ?? null;
  const source = typeof value === 'string' ? { en: value, de: value } : isRecordObject(value) ? value : {};
  const en = text(source.en);
  const de = text(source.de);
  return en || de ? { en: (en || de) as string, de: (de || en) as string } : null;
}

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
  json: string | null | undefined,
  attribute: string,
  defaults: readonly T[],
  parse: (entries: unknown[]) => ConfigResult<T[]>,
): ConfigResult<T[]> {
  const fallback = (warning?: string, warnings: string[] = []) => ({
    value: defaults.map((d) => ({ ...d })),
    warnings: warning ? [...warnings, `dc-consent: "${attribute}" ${warning}; using the defaults.`] : warnings,
  });
  if (!text(json)) return fallback();
  let entries: unknown;
  try {
    entries = JSON.parse(json as string);
  } catch {
    return fallback('is not valid JSON');
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
  json: string | null | undefined,
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

/** The href of an https URL without credentials, or null. */
function httpsHref(value: unknown): string | null {
  try {
    const url = new URL(text(value) as string);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Validates an untrusted vendor list (from consent.json or a partner's attribute).
 * Each entry needs name, category (functional, analytics or marketing), an https privacyUrl,
 * purpose and retention (a string or {en, de}); id is optional (derived from the name)
 * and must be unique. Bad entries are dropped with a warning naming the field.
 */
export function parseVendors(value: unknown): ConfigResult<Vendor[]> {
  if (!Array.isArray(value)) return { value: [], warnings: ['dc-consent: vendors must be an array.'] };
  return parseEntries<Vendor>(value, 'vendors', (entry, kept) => {
    const name = text(entry.name);
    if (!name) return '"name" is required';
    const category = entry.category;
    if (!isOptionalCategory(category)) return `"category" must be one of ${OPTIONAL_CATEGORIES.join(', ')}`;
    const privacyUrl = httpsHref(entry.privacyUrl);
    if (!privacyUrl) return '"privacyUrl" must be an https URL';
    const purpose = toLocalizedText(entry.purpose);
    if (!purpose) return 'bad "purpose"';
    const retention = toLocalizedText(entry.retention);
    if (!retention) return 'bad "retention"';
    const given = entry.id;
    const id =
      typeof given === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(given)
        ? given
        : name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    if (!id || kept.some((v) => v.id === id)) return `id "${id}" is not unique`;
    return { id, name, category, purpose, privacyUrl, retention };
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
    },
    warnings: [...vendors.warnings, ...policy.warnings, ...privacy.warnings, ...imprint.warnings],
  };
}
