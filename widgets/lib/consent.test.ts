import { describe, it, expect, vi } from 'vitest';
import consentContent from '../../site/_data/consent.json';
import {
  categoryDefinitions,
  parseCategoriesConfig,
  parseCookieDomain,
  parseLanguage,
  parseLinkUrl,
  parsePolicyVersion,
  parseVendors,
  parseVendorsConfig,
  type Vendor,
} from './consentConfig';
import { COOKIE_NAME, POLICY_VERSION } from './consentCookie';
import {
  ACCEPT_ALL,
  COOKIE_MAX_AGE_S,
  REJECT_ALL,
  allows,
  buildRecord,
  detectTimezone,
  isUuidV4,
  needsPrompt,
  normalizeCategories,
  parseConsentCookie,
  serializeCookie,
  toConsentRecord,
  unknownLocation,
  uuidV4,
  type ConsentRecord,
} from './consentRecord';

const NOW = new Date('2025-03-14T09:30:00.000Z');
const LATER = new Date('2025-04-02T16:05:12.345Z');
const FIXED_ID = '3f2b8c1e-9a4d-4e7b-b6c2-5d1e8f0a7c93';

function sampleRecord(overrides: Partial<ConsentRecord> = {}): ConsentRecord {
  return {
    consentId: FIXED_ID,
    timestamp: NOW.toISOString(),
    timezone: 'Europe/Berlin',
    policyVersion: POLICY_VERSION,
    categories: { strictlyNecessary: true, functional: true, analytics: false, marketing: false },
    ipMasked: 'unavailable',
    ipHash: 'unavailable',
    location: unknownLocation(),
    lastUpdated: NOW.toISOString(),
    ...overrides,
  };
}

function cookieOf(value: unknown): string {
  return `${COOKIE_NAME}=${encodeURIComponent(JSON.stringify(value))}`;
}

describe('constants', () => {
  it('keeps the consent cookie for 180 days', () => {
    expect(COOKIE_MAX_AGE_S / 86_400).toBe(180);
  });

  it('uses the same policy version as the content file', () => {
    expect(consentContent.policyVersion).toBe(POLICY_VERSION);
  });
});

describe('category presets and normalizeCategories', () => {
  it('Accept All turns every category on; Reject All keeps only strictly necessary', () => {
    expect(ACCEPT_ALL).toEqual({ strictlyNecessary: true, functional: true, analytics: true, marketing: true });
    expect(REJECT_ALL).toEqual({ strictlyNecessary: true, functional: false, analytics: false, marketing: false });
    expect(Object.isFrozen(ACCEPT_ALL)).toBe(true);
    expect(Object.isFrozen(REJECT_ALL)).toBe(true);
  });

  it('forces strictlyNecessary on whatever the input says', () => {
    expect(normalizeCategories({ strictlyNecessary: false }).strictlyNecessary).toBe(true);
    expect(normalizeCategories(null).strictlyNecessary).toBe(true);
    expect(normalizeCategories().strictlyNecessary).toBe(true);
  });

  it('turns an optional category on only for the value true', () => {
    expect(normalizeCategories({ functional: 'true', analytics: 1, marketing: true })).toEqual({
      strictlyNecessary: true,
      functional: false,
      analytics: false,
      marketing: true,
    });
  });

  it('returns a fresh, mutable object', () => {
    const copy = normalizeCategories(ACCEPT_ALL);
    copy.marketing = false;
    expect(ACCEPT_ALL.marketing).toBe(true);
  });
});

describe('uuidV4 and detectTimezone', () => {
  it('uses crypto.randomUUID when present', () => {
    expect(isUuidV4(uuidV4())).toBe(true);
    expect(uuidV4({ randomUUID: () => FIXED_ID, getRandomValues: (a: Uint8Array) => a } as unknown as Crypto)).toBe(FIXED_ID);
  });

  it('builds a v4 id from getRandomValues where randomUUID is missing (http pages)', () => {
    const id = uuidV4({ getRandomValues: <T extends ArrayBufferView | null>(a: T) => {
      (a as unknown as Uint8Array).fill(0xff);
      return a;
    } });
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(isUuidV4(id)).toBe(true);
  });

  it('rejects ids that are not v4', () => {
    expect(isUuidV4('3f2b8c1e-9a4d-1e7b-b6c2-5d1e8f0a7c93')).toBe(false);
    expect(isUuidV4('not-a-uuid')).toBe(false);
  });

  it('reports an IANA zone', () => {
    expect(detectTimezone()).toMatch(/^[A-Za-z_]+(?:\/[A-Za-z_+-]+)*$|^Unknown$/);
  });
});

describe('buildRecord', () => {
  it('creates a new record with a v4 id, ISO timestamps and unknown IP and location', () => {
    const record = buildRecord({
      categories: { analytics: true },
      now: NOW,
      timezone: 'Europe/Berlin',
      uuid: () => uuidV4(),
    });
    expect(isUuidV4(record.consentId)).toBe(true);
    expect(record.timestamp).toBe('2025-03-14T09:30:00.000Z');
    expect(record.lastUpdated).toBe(record.timestamp);
    expect(record.timezone).toBe('Europe/Berlin');
    expect(record.policyVersion).toBe('2025.1');
    expect(record.categories).toEqual({ strictlyNecessary: true, functional: false, analytics: true, marketing: false });
    expect(record.ipMasked).toBe('unavailable');
    expect(record.ipHash).toBe('unavailable');
    expect(record.location).toEqual({ country: 'Unknown', region: 'Unknown', city: 'Unknown' });
  });

  it('keeps the id and first timestamp of a previous record of the same policy version', () => {
    const uuid = vi.fn(() => uuidV4());
    const previous = sampleRecord();
    const record = buildRecord({ categories: ACCEPT_ALL, previous, now: LATER, timezone: 'Europe/Berlin', uuid });
    expect(uuid).not.toHaveBeenCalled();
    expect(record.consentId).toBe(FIXED_ID);
    expect(record.timestamp).toBe(NOW.toISOString());
    expect(record.lastUpdated).toBe(LATER.toISOString());
    expect(record.categories).toEqual(ACCEPT_ALL);
  });

  it('starts a new consent when the previous record is of another policy version', () => {
    const previous = sampleRecord({ policyVersion: '2024.2' });
    const record = buildRecord({ categories: REJECT_ALL, previous, now: LATER, timezone: 'UTC', uuid: () => 'c0ffee00-0000-4000-8000-000000000001' });
    expect(record.consentId).toBe('c0ffee00-0000-4000-8000-000000000001');
    expect(record.timestamp).toBe(LATER.toISOString());
    expect(record.policyVersion).toBe(POLICY_VERSION);
  });

  it('forces strictlyNecessary on', () => {
    const record = buildRecord({ categories: { strictlyNecessary: false }, now: NOW, timezone: 'UTC', uuid: uuidV4 });
    expect(record.categories.strictlyNecessary).toBe(true);
  });


  it('stores an empty time zone as Unknown and copies a given location', () => {
    const location = { country: 'DE', region: 'BW', city: 'Mannheim' };
    const record = buildRecord({ categories: {}, now: NOW, timezone: ' ', uuid: uuidV4, location });
    expect(record.timezone).toBe('Unknown');
    expect(record.location).toEqual(location);
    expect(record.location).not.toBe(location);
  });

  it('builds the whole record: no IP address is stored', () => {
    const now = new Date('2025-05-01T08:00:00.000Z');
    const record = buildRecord({ categories: { analytics: true }, now, timezone: 'Europe/Berlin', uuid: () => 'id-1' });
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
});

describe('serializeCookie', () => {
  const record = sampleRecord();
  const value = encodeURIComponent(JSON.stringify(record));

  it('writes name, encoded JSON, Path, Max-Age, SameSite and Secure', () => {
    expect(serializeCookie(record)).toBe(`cmp_consent_v1=${value}; Path=/; Max-Age=15552000; SameSite=Lax; Secure`);
  });

  it('adds a Domain and can leave out Secure', () => {
    expect(serializeCookie(record, { domain: 'dataclarity.de' })).toBe(
      `cmp_consent_v1=${value}; Path=/; Max-Age=15552000; SameSite=Lax; Secure; Domain=dataclarity.de`,
    );
    expect(serializeCookie(record, { secure: false })).toBe(`cmp_consent_v1=${value}; Path=/; Max-Age=15552000; SameSite=Lax`);
  });

  it('ignores a domain that would inject attributes', () => {
    const cookie = serializeCookie(record, { domain: 'evil.com; Path=/admin' });
    expect(cookie).not.toContain('Domain');
    expect(cookie).not.toContain('admin');
  });

  it('keeps the value free of separators', () => {
    const name = sampleRecord({ timezone: 'America/Argentina/Buenos_Aires; x=y, "z"' });
    const [pair] = serializeCookie(name).split('; ');
    expect(pair).not.toMatch(/[;,\s"]/);
  });
});

describe('parseConsentCookie', () => {
  it('round-trips a serialised record among other cookies', () => {
    const record = sampleRecord();
    const pair = serializeCookie(record).split('; ')[0];
    const result = parseConsentCookie(`dc_theme=dark; ${pair}; _other=1`);
    expect(result.error).toBeUndefined();
    expect(result.record).toEqual(record);
    expect(result.needsPrompt).toBe(false);
  });

  it('reports a missing cookie as no record, without error', () => {
    for (const header of [undefined, null, '', 'dc_theme=dark; cmp_consent_v10=x', `${COOKIE_NAME}=`]) {
      const result = parseConsentCookie(header);
      expect(result).toEqual({ record: null, needsPrompt: true });
    }
  });

  it('reports broken JSON as an error', () => {
    const result = parseConsentCookie(`${COOKIE_NAME}=${encodeURIComponent('{"consentId":')}`);
    expect(result.record).toBeNull();
    expect(result.needsPrompt).toBe(true);
    expect(result.error).toMatch(/valid JSON/);
  });

  it('reports a broken percent-encoding as an error', () => {
    expect(parseConsentCookie(`${COOKIE_NAME}=%E0%A4%A`).error).toMatch(/URI-encoded/);
  });

  it('reports a wrong shape as an error naming the field', () => {
    const badCategory = sampleRecord();
    (badCategory.categories as unknown as Record<string, unknown>).analytics = 'yes';
    expect(parseConsentCookie(cookieOf(badCategory)).error).toMatch(/categories\.analytics/);
    expect(parseConsentCookie(cookieOf([1, 2])).error).toMatch(/not an object/);
    const { location: _location, ...noLocation } = sampleRecord();
    expect(parseConsentCookie(cookieOf(noLocation)).error).toMatch(/location/);
    expect(parseConsentCookie(cookieOf(sampleRecord({ timestamp: 'yesterday' }))).error).toMatch(/timestamp/);
    expect(parseConsentCookie(cookieOf('just a string')).error).toBeDefined();
  });

  it('asks again for a record of an old policy version', () => {
    const result = parseConsentCookie(cookieOf(sampleRecord({ policyVersion: '2024.2' })));
    expect(result.error).toBeUndefined();
    expect(result.record?.policyVersion).toBe('2024.2');
    expect(result.needsPrompt).toBe(true);
  });

  it('forces strictlyNecessary on and drops unknown fields', () => {
    const stored = { ...sampleRecord(), extra: '<script>' };
    stored.categories.strictlyNecessary = false;
    const result = parseConsentCookie(cookieOf(stored));
    expect(result.record?.categories.strictlyNecessary).toBe(true);
    expect(result.record).not.toHaveProperty('extra');
  });

  it('toConsentRecord accepts a valid record', () => {
    expect(toConsentRecord(sampleRecord())).toEqual(sampleRecord());
  });
});

describe('needsPrompt and allows', () => {
  it('prompts without a record or with another policy version', () => {
    expect(needsPrompt(null)).toBe(true);
    expect(needsPrompt(sampleRecord())).toBe(false);
    expect(needsPrompt(sampleRecord({ policyVersion: '2024.2' }))).toBe(true);
    expect(needsPrompt(sampleRecord({ policyVersion: '2026.1' }), '2026.1')).toBe(false);
  });

  it('allows only consented categories of a current record', () => {
    const record = sampleRecord();
    expect(allows(record, 'functional')).toBe(true);
    expect(allows(record, 'analytics')).toBe(false);
    expect(allows(record, 'marketing')).toBe(false);
    expect(allows(null, 'functional')).toBe(false);
    expect(allows(sampleRecord({ policyVersion: '2024.2', categories: { ...ACCEPT_ALL } }), 'analytics')).toBe(false);
  });
});

describe('consent.json', () => {
  const languages = ['en', 'de'] as const;

  function keyPaths(value: unknown, prefix = ''): string[] {
    if (value === null || typeof value !== 'object') return [prefix];
    return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
  }

  it('has the same texts, all non-empty, in English and German', () => {
    expect(keyPaths(consentContent.de).sort()).toEqual(keyPaths(consentContent.en).sort());
    for (const lang of languages) {
      const walk = (value: unknown): void => {
        if (typeof value === 'string') expect(value.trim()).not.toBe('');
        else if (value && typeof value === 'object') Object.values(value).forEach(walk);
      };
      walk(consentContent[lang]);
    }
  });

  it('has the button labels of the spec', () => {
    expect(consentContent.en.banner).toMatchObject({ acceptAll: 'Accept All', rejectAll: 'Reject All', customize: 'Customize' });
    expect(consentContent.de.banner).toMatchObject({ acceptAll: 'Alle akzeptieren', rejectAll: 'Alle ablehnen', customize: 'Anpassen' });
    expect(consentContent.en.dialog.save).toBe('Save Choices');
    expect(consentContent.privacyUrl).toBe('/privacy-policy');
    expect(consentContent.imprintUrl).toBe('/imprint');
    expect(consentContent.particles).toBe(15);
  });

  it('has a valid vendor list with the retention periods of the spec', () => {
    const { value, warnings } = parseVendors(consentContent.vendors);
    expect(warnings).toEqual([]);
    expect(value).toHaveLength(consentContent.vendors.length);
    const byId = new Map(value.map((v) => [v.id, v]));
    expect(byId.get('google-analytics')).toMatchObject({ category: 'analytics', retention: { en: '26 months' } });
    expect(byId.get('microsoft-clarity')).toMatchObject({ category: 'analytics', retention: { en: '12 months' } });
    expect(byId.get('google-ads')).toMatchObject({ category: 'marketing', retention: { en: '24 months' } });
    expect(byId.get('microsoft-power-bi')?.category).toBe('functional');
    expect(byId.get('openstreetmap')?.category).toBe('functional');
    for (const vendor of value) expect(vendor.privacyUrl).toMatch(/^https:\/\//);
  });

  it('gives the dialog four categories, only strictly necessary required', () => {
    const defs = categoryDefinitions(consentContent);
    expect(defs.map((d) => d.id)).toEqual(['strictlyNecessary', 'functional', 'analytics', 'marketing']);
    expect(defs.filter((d) => d.required).map((d) => d.id)).toEqual(['strictlyNecessary']);
    expect(defs[2]?.name).toEqual({ en: 'Analytics', de: 'Statistik' });
  });
});

describe('partner attributes', () => {
  const defaults = categoryDefinitions(consentContent);
  const defaultVendors = parseVendors(consentContent.vendors).value;

  describe('parseCategoriesConfig', () => {
    it('uses the defaults silently without an attribute', () => {
      for (const attr of [null, undefined, '', '  ']) {
        expect(parseCategoriesConfig(attr, defaults)).toEqual({ value: defaults, warnings: [] });
      }
    });

    it('falls back to the defaults with a warning for bad JSON or a non-array', () => {
      const bad = parseCategoriesConfig('{analytics: true', defaults);
      expect(bad.value).toEqual(defaults);
      expect(bad.warnings).toEqual(['dc-consent: "categories" is not valid JSON; using the defaults.']);
      const notArray = parseCategoriesConfig('{"analytics":true}', defaults);
      expect(notArray.value).toEqual(defaults);
      expect(notArray.warnings[0]).toMatch(/must be a JSON array/);
    });

    it('keeps the listed categories, adds strictly necessary first and applies own texts', () => {
      const result = parseCategoriesConfig(
        '[{"id":"analytics","name":"Statistics"},{"id":"functional","description":{"de":"Karten und Videos"}}]',
        defaults,
      );
      expect(result.warnings).toEqual([]);
      expect(result.value.map((c) => c.id)).toEqual(['strictlyNecessary', 'analytics', 'functional']);
      expect(result.value[1]?.name).toEqual({ en: 'Statistics', de: 'Statistics' });
      expect(result.value[1]?.description).toEqual(defaults[2]?.description);
      expect(result.value[2]?.description).toEqual({ en: 'Karten und Videos', de: 'Karten und Videos' });
    });

    it('skips unknown, duplicate and malformed entries with a warning each', () => {
      const result = parseCategoriesConfig(
        '[{"id":"tracking"},{"id":"marketing"},{"id":"marketing"},"analytics",{"id":"functional","name":""}]',
        defaults,
      );
      expect(result.value.map((c) => c.id)).toEqual(['strictlyNecessary', 'marketing']);
      expect(result.warnings).toHaveLength(4);
      expect(result.warnings[0]).toMatch(/categories\[0\] ignored/);
      expect(result.warnings[1]).toMatch(/listed twice/);
    });

    it('falls back when no entry is usable', () => {
      const result = parseCategoriesConfig('[{"id":"tracking"}]', defaults);
      expect(result.value).toEqual(defaults);
      expect(result.warnings.at(-1)).toMatch(/no valid entry/);
    });

    it('moves a listed strictly necessary category first and keeps it required', () => {
      const result = parseCategoriesConfig('[{"id":"marketing"},{"id":"strictlyNecessary","name":"Essential"}]', defaults);
      expect(result.value.map((c) => [c.id, c.required])).toEqual([
        ['strictlyNecessary', true],
        ['marketing', false],
      ]);
      expect(result.value[0]?.name.en).toBe('Essential');
    });
  });

  describe('parseVendorsConfig', () => {
    const partnerVendor = {
      name: 'Matomo',
      category: 'analytics',
      purpose: { en: 'Self-hosted web analytics', de: 'Selbst gehostete Webanalyse' },
      privacyUrl: 'https://matomo.org/privacy-policy/',
      retention: '13 months',
    };

    it('uses the defaults without an attribute and none for an empty list', () => {
      expect(parseVendorsConfig(null, defaultVendors)).toEqual({ value: defaultVendors, warnings: [] });
      expect(parseVendorsConfig('[]', defaultVendors)).toEqual({ value: [], warnings: [] });
    });

    it('falls back to the defaults with a warning for bad JSON', () => {
      const result = parseVendorsConfig('[{"name": "Matomo",]', defaultVendors);
      expect(result.value).toEqual(defaultVendors);
      expect(result.warnings).toEqual(['dc-consent: "vendors" is not valid JSON; using the defaults.']);
      expect(parseVendorsConfig('{"name":"x"}', defaultVendors).warnings[0]).toMatch(/must be a JSON array/);
    });

    it('keeps valid vendors, derives ids and skips bad ones', () => {
      const result = parseVendorsConfig(
        JSON.stringify([
          partnerVendor,
          { ...partnerVendor, name: 'Evil', privacyUrl: 'javascript:alert(1)' },
          { ...partnerVendor, name: 'Tracker', category: 'tracking' },
          { ...partnerVendor, name: 'No purpose', purpose: '' },
          { ...partnerVendor, id: 'matomo' },
        ]),
        defaultVendors,
      );
      expect(result.value).toEqual<Vendor[]>([
        {
          id: 'matomo',
          name: 'Matomo',
          category: 'analytics',
          purpose: { en: 'Self-hosted web analytics', de: 'Selbst gehostete Webanalyse' },
          privacyUrl: 'https://matomo.org/privacy-policy/',
          retention: { en: '13 months', de: '13 months' },
        },
      ]);
      expect(result.warnings).toHaveLength(4);
      expect(result.warnings[0]).toMatch(/vendors\[1\].*privacyUrl/);
      expect(result.warnings[1]).toMatch(/vendors\[2\].*category/);
      expect(result.warnings[2]).toMatch(/vendors\[3\].*purpose/);
      expect(result.warnings[3]).toMatch(/vendors\[4\].*not unique/);
    });

    it('falls back to the defaults when entries are given but none is valid', () => {
      const result = parseVendorsConfig('[{"name":"x"}]', defaultVendors);
      expect(result.value).toEqual(defaultVendors);
      expect(result.warnings.at(-1)).toMatch(/no valid entry/);
    });
  });

  it('parseLanguage accepts en and de, including regional tags', () => {
    expect(parseLanguage(null)).toEqual({ value: 'en', warnings: [] });
    expect(parseLanguage('DE-de')).toEqual({ value: 'de', warnings: [] });
    expect(parseLanguage('fr')).toEqual({ value: 'en', warnings: ['dc-consent: language "fr" is not supported; using en.'] });
  });

  it('parseLinkUrl accepts paths and http(s) URLs only', () => {
    expect(parseLinkUrl('/datenschutz', '/privacy-policy').value).toBe('/datenschutz');
    expect(parseLinkUrl('https://partner.example/privacy', '/privacy-policy').value).toBe('https://partner.example/privacy');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', 'privacy']) {
      const result = parseLinkUrl(bad, '/privacy-policy', 'privacy-url');
      expect(result.value).toBe('/privacy-policy');
      expect(result.warnings[0]).toMatch(/"privacy-url"/);
    }
  });

  it('parseCookieDomain accepts host names only', () => {
    expect(parseCookieDomain('.DataClarity.de')).toEqual({ value: '.dataclarity.de', warnings: [] });
    expect(parseCookieDomain('')).toEqual({ value: null, warnings: [] });
    const bad = parseCookieDomain('example.com; Secure');
    expect(bad.value).toBeNull();
    expect(bad.warnings).toHaveLength(1);
  });

  it('parsePolicyVersion accepts version labels only', () => {
    expect(parsePolicyVersion('2025.2').value).toBe('2025.2');
    expect(parsePolicyVersion(undefined)).toEqual({ value: '2025.1', warnings: [] });
    const bad = parsePolicyVersion('<b>1</b>');
    expect(bad.value).toBe('2025.1');
    expect(bad.warnings).toHaveLength(1);
  });
});
