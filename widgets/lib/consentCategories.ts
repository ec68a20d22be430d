/**
 * The consent categories (SPEC 3) and the plain-object check, in a module of their own: the
 * consent element and the /embed form's vendor rules (consentVendor.ts) share them without the
 * rest of the consent record.
 */

/** The four consent categories, in display order. */
export const CONSENT_CATEGORIES = ['strictlyNecessary', 'functional', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** The categories a visitor can switch (strictlyNecessary is always on). */
export const OPTIONAL_CATEGORIES = ['functional', 'analytics', 'marketing'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];

/**
 * Whether a value is a plain object. (dataShape.ts has the same check; it is not imported here
 * because that would add the feeds' shared chunk to every page that loads the consent element.)
 */
export function isRecordObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
