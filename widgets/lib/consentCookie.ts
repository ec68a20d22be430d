/**
 * The smallest part of the consent rules: the cookie's name, the policy version and a
 * quick "may this category run?" check of the cookie. It is all that pages without the
 * consent element's code need (consentClient.ts, the office map), so it is kept apart
 * from consentRecord.ts, whose writing and full checking of the cookie only <dc-consent> loads
 * (a module shared with the map's chunk would put all of it on the map's pages).
 */
/** Name of the consent cookie. */
export const COOKIE_NAME = 'cmp_consent_v1';
/** Current version of the privacy policy; a record of another version is asked again. */
export const POLICY_VERSION = '2025.1';

/** The raw value of one cookie in a `document.cookie` / Cookie header string (first match), or null. */
export function readCookieValue(cookieHeader: string | null | undefined, name: string = COOKIE_NAME): string | null {
  if (typeof cookieHeader !== 'string' || cookieHeader === '') return null;
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    if (pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return null;
}

/**
 * Whether the consent cookie allows an optional category: true only when it decodes to
 * an object of `policyVersion` whose `categories[category]` is exactly true. Anything
 * else (no cookie, broken cookie, other policy version) is false. The full record check
 * is consentRecord.ts's parseConsentCookie; this is the quick read for consumers.
 */
export function cookieAllows(
  cookieHeader: string | null | undefined,
  category: string,
  policyVersion: string = POLICY_VERSION,
): boolean {
  try {
    const record = JSON.parse(decodeURIComponent(readCookieValue(cookieHeader) ?? '')) as {
      policyVersion?: unknown;
      categories?: Record<string, unknown>;
    } | null;
    return record?.policyVersion === policyVersion && record.categories?.[category] === true;
  } catch {
    return false;
  }
}
