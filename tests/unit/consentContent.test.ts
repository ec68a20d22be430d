import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import consentContent from '../../site/_data/consent.json';
import {
  CONSENT_MODE_DEFAULT,
  assembleRecord,
  parseConsentContent,
  recordIpFields,
  unknownLocation,
} from '../../widgets/lib/consent';

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

describe('assembleRecord and recordIpFields', () => {
  const now = new Date('2025-05-01T08:00:00.000Z');

  it('builds a record without an IP synchronously, with unavailable IP fields', () => {
    const record = assembleRecord({ categories: { analytics: true }, now, timezone: 'Europe/Berlin', uuid: () => 'id-1' });
    expect(record).toEqual({
      consentId: 'id-1',
      timestamp: now.toISOString(),
      timezone: 'Europe/Berlin',
      policyVersion: '2025.1',
      categories: { strictlyNecessary: true, functional: false, analytics: true, marketing: false },
      ipMasked: 'unavailable',
      ipHash: 'unavailable',
      location: unknownLocation(),
      lastUpdated: now.toISOString(),
    });
  });

  it('gives masked and hashed fields for a known IP, unavailable for garbage, hash-unavailable on failure', async () => {
    expect(await recordIpFields('2001:db8:85a3:8d3:1319:8a2e:370:7348', async () => 'h')).toEqual({ ipMasked: '2001:db8:85a3:8d3::', ipHash: 'h' });
    expect(await recordIpFields('not an ip', async () => 'h')).toEqual({ ipMasked: 'unavailable', ipHash: 'unavailable' });
    expect(await recordIpFields(null)).toEqual({ ipMasked: 'unavailable', ipHash: 'unavailable' });
    expect(await recordIpFields('203.0.113.9', () => Promise.reject(new Error('no crypto')))).toEqual({
      ipMasked: '203.0.113.0',
      ipHash: 'hash-unavailable',
    });
  });
});

describe('the Consent Mode snippet in <head>', () => {
  it('sets exactly CONSENT_MODE_DEFAULT before any tag', () => {
    const partial = readFileSync(new URL('../../site/_includes/partials/consent-mode.njk', import.meta.url), 'utf8');
    const match = /gtag\('consent','default',(\{[^}]*\})\)/.exec(partial);
    expect(match).not.toBeNull();
    const json = match![1]!.replace(/([a-z_]+):/g, '"$1":').replace(/'/g, '"');
    expect(JSON.parse(json)).toEqual({ ...CONSENT_MODE_DEFAULT });
    expect(partial.indexOf("gtag('consent','default'")).toBeLessThan(partial.indexOf('</script>'));
  });
});
