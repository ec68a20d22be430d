import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSENT_MODE_DEFAULT, consentModeUpdate } from './consentMode';
import { ACCEPT_ALL, REJECT_ALL } from '../lib/consentRecord';

describe('Google Consent Mode v2', () => {
  it('denies everything but security by default and waits 500 ms', () => {
    const types = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage', 'functionality_storage', 'personalization_storage', 'security_storage'] as const;
    expect(Object.keys(CONSENT_MODE_DEFAULT)).toEqual([...types, 'wait_for_update']);
    expect(types.filter((type) => CONSENT_MODE_DEFAULT[type] !== 'denied')).toEqual(['security_storage']);
  });

  it('maps marketing to ad_*, analytics to analytics_storage, functional to functionality and personalization', () => {
    expect(consentModeUpdate({ marketing: true })).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
    expect(consentModeUpdate({ analytics: true })).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied', functionality_storage: 'denied' });
    expect(consentModeUpdate({ functional: true })).toMatchObject({
      functionality_storage: 'granted',
      personalization_storage: 'granted',
      analytics_storage: 'denied',
      ad_user_data: 'denied',
    });
    expect(Object.values(consentModeUpdate(ACCEPT_ALL)).every((v) => v === 'granted')).toBe(true);
    const rejected = consentModeUpdate(REJECT_ALL);
    expect(Object.entries(rejected).filter(([, v]) => v === 'granted').map(([k]) => k)).toEqual(['security_storage']);
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
