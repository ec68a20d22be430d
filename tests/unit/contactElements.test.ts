// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COOKIE_NAME, POLICY_VERSION } from '../../widgets/lib/consentCookie';

/**
 * <dc-office-map>'s consent gate in a DOM. (<dc-contact-form> is tested in a real browser in
 * tests/e2e/contact.spec.ts: under vitest, r2wc resolves the real react-dom instead of preact.)
 */

function consentCookie(functional: boolean): string {
  const now = new Date().toISOString();
  const record = {
    consentId: 'c0ffee00-0000-4000-8000-000000000000',
    timestamp: now,
    timezone: 'Europe/Berlin',
    policyVersion: POLICY_VERSION,
    categories: { strictlyNecessary: true, functional, analytics: false, marketing: false },
    ipMasked: 'unavailable',
    ipHash: 'unavailable',
    location: { country: 'Unknown', region: 'Unknown', city: 'Unknown' },
    lastUpdated: now,
  };
  return `${COOKIE_NAME}=${encodeURIComponent(JSON.stringify(record))}; path=/`;
}

describe('<dc-office-map>', () => {
  beforeAll(async () => {
    // Frames stay empty: a unit test makes no request to the map host.
    const settings = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } }).happyDOM?.settings;
    if (settings) settings.disableIframePageLoading = true;
    await import('../../widgets/office-map/define');
  });
  afterEach(() => {
    document.body.innerHTML = '';
    document.cookie = `${COOKIE_NAME}=; max-age=0; path=/`;
  });

  const mount = (src = 'https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4&marker=2,1') => {
    document.body.innerHTML = `<dc-office-map src="${src}" frame-title="Office map">
      <div data-map-slot><div data-map-placeholder><button type="button" data-map-load>Allow and load map</button></div></div>
    </dc-office-map>`;
    return document.querySelector('dc-office-map')!;
  };

  it('stays a placeholder without consent and loads on the button', () => {
    document.cookie = consentCookie(false);
    const map = mount();
    expect(map.querySelector('iframe')).toBeNull();
    const grants: unknown[] = [];
    document.addEventListener('dc-consent-grant', (event) => grants.push((event as CustomEvent).detail), { once: true });
    map.querySelector<HTMLButtonElement>('[data-map-load]')!.click();
    const frame = map.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toContain('https://www.openstreetmap.org/export/embed.html');
    expect(frame.title).toBe('Office map');
    expect(map.querySelector('[data-map-placeholder]')!.hasAttribute('hidden')).toBe(true);
    expect(grants).toEqual([{ categories: ['functional'] }]);
  });

  it('treats a missing or unreadable consent cookie as "no"', () => {
    expect(mount().querySelector('iframe')).toBeNull();
    document.body.innerHTML = '';
    document.cookie = `${COOKIE_NAME}=%7Bnot-json; path=/`;
    expect(mount().querySelector('iframe')).toBeNull();
  });

  it('loads at once with functional consent, and unloads when it is withdrawn', () => {
    document.cookie = consentCookie(true);
    const map = mount();
    expect(map.querySelector('iframe')).not.toBeNull();
    document.dispatchEvent(
      new CustomEvent('dc-consent-change', {
        detail: { record: null, categories: { strictlyNecessary: true, functional: false, analytics: false, marketing: false } },
      }),
    );
    expect(map.querySelector('iframe')).toBeNull();
    expect(map.querySelector('[data-map-placeholder]')!.hasAttribute('hidden')).toBe(false);
  });

  it('refuses a frame from any other host', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.cookie = consentCookie(true);
    const map = mount('https://evil.example/embed.html');
    expect(map.querySelector('iframe')).toBeNull();
    expect(map.hasAttribute('data-invalid')).toBe(true);
    map.querySelector<HTMLButtonElement>('[data-map-load]')!.click();
    expect(map.querySelector('iframe')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });
});
