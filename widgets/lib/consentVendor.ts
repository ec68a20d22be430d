/**
 * The rules of a <dc-consent> vendor entry, field by field: the element drops a vendor with a bad
 * field (consentConfig.ts), the /embed form shows the field's message (widgets/lib/consentForm.ts).
 * A module of its own, small, because the builder and the element (on every page) share it.
 */
import { httpUrl } from '../../shared/httpUrl';
import { OPTIONAL_CATEGORIES, isRecordObject, type OptionalCategory } from './consentCategories';

/** A text in both languages. */
export type LocalizedText = Record<'en' | 'de', string>;

export const isOptionalCategory = (value: unknown): value is OptionalCategory =>
  (OPTIONAL_CATEGORIES as readonly unknown[]).includes(value);

/** A trimmed non-empty string, or null. */
export const text = (value: unknown): string | null => (typeof value === 'string' && value.trim()) || null;

/**
 * A localized text from partner input: a non-empty string (used for both languages)
 * or an object { en?, de? } (a missing language takes the other one's text).
 * Falls back to `fallback` when absent; null when present but unusable.
 */
export function toLocalizedText(value: unknown, fallback?: LocalizedText): LocalizedText | null {
  if (value === undefined) return fallback ?? null;
  const source = typeof value === 'string' ? { en: value, de: value } : isRecordObject(value) ? value : {};
  const en = text(source.en);
  const de = text(source.de);
  return en || de ? { en: (en || de) as string, de: (de || en) as string } : null;
}

/** The href of an https URL without credentials, or null. */
export function httpsHref(value: unknown): string | null {
  const url = httpUrl(text(value) ?? '');
  return url?.protocol === 'https:' && !url.username && !url.password ? url.href : null;
}

/** The fields of a vendor a page (or the /embed form) gives; purpose, retention and cookies are a string or {en, de}. */
export type VendorField = 'name' | 'category' | 'purpose' | 'cookies' | 'retention' | 'privacyUrl';

/**
 * The rule of one vendor field: whether the value is fine. The element drops a vendor with any bad
 * field (with a warning naming it); the /embed form shows the field's message (consentForm.ts).
 * `cookies` may be absent or empty.
 */
export function vendorFieldValid(field: VendorField, value: unknown): boolean {
  if (field === 'name') return Boolean(text(value));
  if (field === 'category') return isOptionalCategory(value);
  if (field === 'privacyUrl') return httpsHref(value) !== null;
  return (field === 'cookies' && (value === undefined || value === '')) || toLocalizedText(value) !== null;
}
