/**
 * The consent record (SPEC 3 "Consent record", 4, 5, 8, 9): the four categories and their presets,
 * building the record a choice saves, writing it as the cookie and checking it when read back.
 * Pure functions, no `document`: <dc-consent> (widgets/consent/manager.ts) reads and writes
 * `document.cookie` with them and logs the errors they return.
 *
 * No IP address is stored: a browser cannot know its own, and the product keeps none, so
 * ipMasked and ipHash are always 'unavailable' (SPEC 8). Should a server ever fill them in,
 * the hash must be an HMAC with a server-side secret: a plain SHA-256 of an IPv4 address is
 * reversed by hashing all 2^32 addresses.
 */
import { COOKIE_NAME, POLICY_VERSION, readCookieValue } from './consentCookie';

/** Cookie lifetime: 180 days, in seconds (4320 hours). */
export const COOKIE_MAX_AGE_S = 4320 * 60 * 60;
/** Value of ipMasked and ipHash: no IP address is known or stored (SPEC 8). */
export const IP_UNAVAILABLE = 'unavailable';
/** Value of every location field when the location is not known (SPEC 7, 8). */
export const LOCATION_UNKNOWN = 'Unknown';

import { CONSENT_CATEGORIES, OPTIONAL_CATEGORIES, isRecordObject, type ConsentCategory, type OptionalCategory } from './consentCategories';

export { CONSENT_CATEGORIES, OPTIONAL_CATEGORIES, isRecordObject, type ConsentCategory, type OptionalCategory };

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
  /** Always 'unavailable' (IP_UNAVAILABLE): no IP address is stored. */
  ipMasked: string;
  /** Always 'unavailable' (IP_UNAVAILABLE): no IP address is stored. */
  ipHash: string;
  location: ConsentLocation;
  /** ISO 8601 time of the latest save. */
  lastUpdated: string;
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
  /** Location; defaults to unknownLocation(). */
  location?: ConsentLocation;
  /** Policy version to record; defaults to POLICY_VERSION. */
  policyVersion?: string;
}

/**
 * Builds the record to store after Accept All, Reject All or Save Choices.
 *
 * A previous record of the same policy version keeps its consentId and its first
 * timestamp; lastUpdated is always `now`. Without one (or with one of another
 * policy version) a new id is drawn and timestamp = lastUpdated = now.
 * Both IP fields are 'unavailable' (no IP address is stored).
 */
export function buildRecord(input: BuildRecordInput): ConsentRecord {
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
    ipMasked: IP_UNAVAILABLE,
    ipHash: IP_UNAVAILABLE,
    location: { country: location.country, region: location.region, city: location.city },
    lastUpdated: nowIso,
  };
}

// ---------------------------------------------------------------------------
// The record in its cookie (SPEC 9)
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
