import { describe, expect, it } from 'vitest';
import builtInBanner from 'virtual:dc-consent-banner';
import { pickBannerTexts } from '../../build/consentBannerTexts.mjs';
import consentContent from '../../site/_data/consent.json';
import { parseConsentContent } from '../../widgets/lib/consentConfig';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('parseConsentContent', () => {
  it('accepts the site content unchanged and without warnings', () => {
    const { value, warnings } = parseConsentContent(clone(consentContent));
    expect(warnings).toEqual([]);
    expect(value?.en).toEqual(consentContent.en);
    expect(value?.de).toEqual(consentContent.de);
    expect(value?.vendors).toHaveLength(consentContent.vendors.length);
    expect(value?.particles).toBe(15);
    expect(value?.policyVersion).toBe('2025.1');
  });

  it('rejects content that is not an object or lacks a text in either language, naming it', () => {
    expect(parseConsentContent(null).value).toBeNull();
    expect(parseConsentContent([]).value).toBeNull();
    const noSave = clone(consentContent) as Record<string, unknown> & typeof consentContent;
    (noSave.de.dialog as Record<string, unknown>).save = '  ';
    expect(parseConsentContent(noSave)).toEqual({
      value: null,
      warnings: ['dc-consent: the consent content lacks the text "de.dialog.save"; using the defaults.'],
    });
    const noCategory = clone(consentContent);
    delete (noCategory.en.categories as Record<string, unknown>).marketing;
    expect(parseConsentContent(noCategory).warnings[0]).toContain('"en.categories.marketing.name"');
    const noLanguage = clone(consentContent) as Record<string, unknown>;
    delete noLanguage.en;
    expect(parseConsentContent(noLanguage).warnings[0]).toContain('"en.banner.label"');
  });

  it('drops bad vendors and falls back for bad links, versions and particle counts', () => {
    const content = clone(consentContent) as unknown as Record<string, unknown>;
    content.vendors = [...consentContent.vendors, { name: 'Tracker', category: 'spying', privacyUrl: 'https://x.example', purpose: 'p', retention: 'r' }];
    content.privacyUrl = 'javascript:alert(1)';
    content.policyVersion = '<script>';
    content.particles = 1000;
    const { value, warnings } = parseConsentContent(content);
    expect(value?.vendors).toHaveLength(consentContent.vendors.length);
    expect(value?.privacyUrl).toBe('/privacy-policy');
    expect(value?.policyVersion).toBe('2025.1');
    expect(value?.particles).toBe(15);
    expect(warnings).toHaveLength(3);
    expect(parseConsentContent({ ...content, vendors: undefined, particles: 0 }).value).toMatchObject({ vendors: [], particles: 0 });
  });
});

describe('the banner texts built into <dc-consent>', () => {
  it('are the English banner and saved message of consent.json, as the element imports them', () => {
    expect(builtInBanner).toEqual({ lang: 'en', banner: consentContent.en.banner, saved: consentContent.en.dialog.saved });
    expect(pickBannerTexts(consentContent)).toEqual(builtInBanner);
  });
});
