/**
 * The /embed form of <dc-consent> for a partner's own site: which optional categories it uses,
 * its vendors, and the inline JSON child the snippet carries (the content the element reads,
 * widgets/lib/consentConfig.ts). The starting values are site/_data/consentPartner.json, merged
 * over the texts of site/_data/consent.json; the README example is built from the same values.
 * Pure functions, shared by <dc-embed-builder>, the page build and scripts/widget-release.mjs.
 */
import { OPTIONAL_CATEGORIES, isRecordObject, type OptionalCategory } from './consentCategories';
import type { ConsentTexts } from './consentConfig';
import { vendorFieldValid, type VendorField } from './consentVendor';

/** A vendor as the form holds it: every field one text (used in both languages). */
export type VendorDraft = Record<VendorField, string>;

/** What a partner's own consent starts from (the texts are complete in both languages). */
export interface PartnerConsent {
  privacyUrl: string;
  imprintUrl: string;
  categories: OptionalCategory[];
  vendors: VendorDraft[];
  en: ConsentTexts;
  de: ConsentTexts;
}

/** The partner file: links, categories and vendors, and the texts that replace ours. */
export interface PartnerConsentFile {
  privacyUrl: string;
  imprintUrl: string;
  categories: string[];
  vendors: Partial<VendorDraft>[];
  en: unknown;
  de: unknown;
}

/** `over` deep-merged onto `base` (objects key by key; any other value replaces). */
function merged(base: unknown, over: unknown): unknown {
  if (!isRecordObject(base) || !isRecordObject(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = merged(base[key], value);
  return out;
}

/** Each vendor field's message when its value breaks the element's rule (consentVendor.ts). */
export const VENDOR_MESSAGES: Record<VendorField, string> = {
  name: "Enter the vendor's name.",
  category: 'Choose the category it belongs to.',
  purpose: 'Say in a few words what it does on the page.',
  cookies: 'Name the cookies it sets, or leave this empty.',
  retention: 'Say how long it keeps its cookies or data, for example "13 months".',
  privacyUrl: "Enter the address of the vendor's privacy policy, starting with https://.",
};

export const VENDOR_FIELDS: readonly VendorField[] = ['name', 'category', 'purpose', 'cookies', 'retention', 'privacyUrl'];

/** A vendor with every field a string (missing ones empty). */
export function vendorDraft(source: Partial<VendorDraft> = {}): VendorDraft {
  return Object.fromEntries(VENDOR_FIELDS.map((field) => [field, typeof source[field] === 'string' ? source[field] : ''])) as VendorDraft;
}

/** The starting point of a partner's consent: our texts with the partner file's replacements. */
export function partnerConsent(site: { en: ConsentTexts; de: ConsentTexts }, file: PartnerConsentFile): PartnerConsent {
  return {
    privacyUrl: file.privacyUrl,
    imprintUrl: file.imprintUrl,
    categories: OPTIONAL_CATEGORIES.filter((id) => file.categories.includes(id)),
    vendors: file.vendors.map(vendorDraft),
    en: merged(site.en, file.en) as ConsentTexts,
    de: merged(site.de, file.de) as ConsentTexts,
  };
}

/**
 * The message of each bad field of a vendor (the element's own rules, consentConfig.ts), plus
 * its category when the page does not use that category (the vendor would never be shown).
 */
export function vendorErrors(vendor: VendorDraft, categories: readonly OptionalCategory[]): Partial<Record<VendorField, string>> {
  const errors: Partial<Record<VendorField, string>> = {};
  for (const field of VENDOR_FIELDS) {
    const value = vendor[field].trim();
    if (!vendorFieldValid(field, value)) errors[field] = VENDOR_MESSAGES[field];
  }
  if (!errors.category && !categories.includes(vendor.category as OptionalCategory)) errors.category = CATEGORY_NOT_USED;
  return errors;
}

export const CATEGORY_NOT_USED = 'Tick this category above first, or choose one the page uses.';

/**
 * The inline content of the snippet: the partner's texts, links, categories and the vendors
 * whose every field is valid (trimmed; empty cookies left out), in the order given.
 */
export function inlineConsentContent(
  base: PartnerConsent,
  choice: { categories: readonly OptionalCategory[]; vendors: readonly VendorDraft[]; privacyUrl: string; imprintUrl: string },
): Record<string, unknown> {
  const categories = OPTIONAL_CATEGORIES.filter((id) => choice.categories.includes(id));
  const vendors = choice.vendors
    .filter((vendor) => Object.keys(vendorErrors(vendor, categories)).length === 0)
    .map((vendor) => {
      const entry: Record<string, string> = {};
      for (const field of VENDOR_FIELDS) if (vendor[field].trim() !== '') entry[field] = vendor[field].trim();
      return entry;
    });
  return {
    privacyUrl: choice.privacyUrl,
    imprintUrl: choice.imprintUrl,
    categories: [{ id: 'strictlyNecessary' }, ...categories.map((id) => ({ id }))],
    vendors,
    en: base.en,
    de: base.de,
  };
}
