import { describe, expect, it } from 'vitest';
import consentContent from '../../site/_data/consent.json';
import consentPartner from '../../site/_data/consentPartner.json';
import { categoryDefinitions, parseCategoriesConfig, parseConsentContent, parseVendors, type ConsentTexts } from './consentConfig';
import { vendorFieldValid } from './consentVendor';
import { inlineJson } from './widgetSnippet';
import {
  CATEGORY_NOT_USED,
  VENDOR_MESSAGES,
  inlineConsentContent,
  partnerConsent,
  vendorDraft,
  vendorErrors,
} from './consentForm';

/** Issue 33: <dc-consent> describing a partner's own site, from the /embed form to the element. */
const site = consentContent as unknown as { en: ConsentTexts; de: ConsentTexts };
const partner = partnerConsent(site, consentPartner);
const good = vendorDraft({ name: 'Plausible', category: 'analytics', purpose: 'Counts visits.', cookies: '', retention: '24 hours', privacyUrl: 'https://plausible.io/privacy' });

describe('the vendor rules the element and the /embed form share', () => {
  it('name: any non-blank text', () => {
    expect(vendorFieldValid('name', 'A')).toBe(true);
    expect(vendorFieldValid('name', '   ')).toBe(false);
    expect(vendorFieldValid('name', undefined)).toBe(false);
  });
  it('category: one of the three optional categories, never strictlyNecessary', () => {
    for (const id of ['functional', 'analytics', 'marketing']) expect(vendorFieldValid('category', id)).toBe(true);
    expect(vendorFieldValid('category', 'strictlyNecessary')).toBe(false);
    expect(vendorFieldValid('category', 'Analytics')).toBe(false);
  });
  it('privacyUrl: https only, without credentials', () => {
    expect(vendorFieldValid('privacyUrl', 'https://x.example/p')).toBe(true);
    expect(vendorFieldValid('privacyUrl', 'http://x.example/p')).toBe(false);
    expect(vendorFieldValid('privacyUrl', 'https://u:p@x.example/')).toBe(false);
    expect(vendorFieldValid('privacyUrl', 'javascript:alert(1)')).toBe(false);
    expect(vendorFieldValid('privacyUrl', '/privacy')).toBe(false);
  });
  it('purpose and retention: a text or {en, de}; cookies may also be absent or empty', () => {
    expect(vendorFieldValid('purpose', 'x')).toBe(true);
    expect(vendorFieldValid('purpose', { de: 'x' })).toBe(true);
    expect(vendorFieldValid('purpose', '')).toBe(false);
    expect(vendorFieldValid('retention', undefined)).toBe(false);
    expect(vendorFieldValid('cookies', undefined)).toBe(true);
    expect(vendorFieldValid('cookies', '')).toBe(true);
    expect(vendorFieldValid('cookies', ' ')).toBe(false);
    expect(vendorFieldValid('cookies', '_ga')).toBe(true);
  });
  it('the element keeps a vendor\'s cookies and drops a vendor with a bad field, naming it', () => {
    const { value, warnings } = parseVendors([{ ...good, cookies: '_pk_id' }, { ...good, name: 'Other', privacyUrl: 'http://x.example' }]);
    expect(value).toEqual([expect.objectContaining({ id: 'plausible', cookies: { en: '_pk_id', de: '_pk_id' } })]);
    expect(warnings).toEqual(['dc-consent: vendors[1] ignored: bad "privacyUrl".']);
    expect(parseVendors([good]).value[0]).not.toHaveProperty('cookies');
  });
});

describe('vendorErrors (the /embed form)', () => {
  it('gives each bad field its message, and none for a good vendor', () => {
    expect(vendorErrors(good, ['analytics'])).toEqual({});
    expect(vendorErrors(vendorDraft(), ['analytics'])).toEqual({
      name: VENDOR_MESSAGES.name,
      category: VENDOR_MESSAGES.category,
      purpose: VENDOR_MESSAGES.purpose,
      retention: VENDOR_MESSAGES.retention,
      privacyUrl: VENDOR_MESSAGES.privacyUrl,
    });
  });
  it('says so when the vendor\'s category is not one the page uses', () => {
    expect(vendorErrors(good, ['marketing'])).toEqual({ category: CATEGORY_NOT_USED });
  });
});

describe('the inline content /embed writes and the README shows', () => {
  it('starts from the partner file: our texts with neutral replacements, which name none of our things', () => {
    expect(partner.categories).toEqual(['analytics']);
    expect(partner.vendors.map((v) => v.name)).toEqual(['Matomo']);
    expect(partner.en.dialog).toEqual(consentContent.en.dialog);
    for (const lang of ['en', 'de'] as const) {
      const texts = JSON.stringify([partner[lang].banner, partner[lang].categories]);
      expect(texts).not.toMatch(/Power.?BI|Dashboard|portfolio|Portfolio|Büro|office/);
    }
  });
  it('is content the element accepts without a warning, with the chosen categories and the valid vendors only', () => {
    const content = inlineConsentContent(partner, {
      categories: ['marketing', 'functional'],
      vendors: [vendorDraft({ ...good, category: 'marketing' }), vendorDraft({ ...good, name: 'Broken', privacyUrl: 'nope' })],
      privacyUrl: '/datenschutz',
      imprintUrl: 'https://partner.example/impressum',
    });
    const parsed = parseConsentContent(JSON.parse(inlineJson(content)));
    expect(parsed.warnings).toEqual([]);
    expect(parsed.value?.vendors.map((v) => v.name)).toEqual(['Plausible']);
    expect(parsed.value).toMatchObject({ privacyUrl: '/datenschutz', imprintUrl: 'https://partner.example/impressum' });
    const categories = parseCategoriesConfig(parsed.value!.categories, categoryDefinitions(parsed.value!));
    expect(categories.value.map((c) => c.id)).toEqual(['strictlyNecessary', 'functional', 'marketing']);
  });
  it('cannot end its script element early', () => {
    const json = inlineJson({ text: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</');
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script>' });
  });
});
