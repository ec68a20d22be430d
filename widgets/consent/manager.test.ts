// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://www.dataclarity.de/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_NAME } from '../lib/consentCookie';
import { parseConsentCookie, type ConsentCategories, type OptionalCategory } from '../lib/consentRecord';
import type { ConsentChangeDetail } from '../lib/consentClient';
import { startBlocker } from './blocker';
import { createConsentManager, sendConsentMode, type ConsentManager } from './manager';

const REJECT: ConsentCategories = { strictlyNecessary: true, functional: false, analytics: false, marketing: false };

function clearCookie() {
  document.cookie = `${COOKIE_NAME}=; Path=/; Max-Age=0`;
}

describe('startBlocker', () => {
  let allowed: Set<string>;
  const allows = (category: string) => allowed.has(category);

  beforeEach(() => {
    allowed = new Set();
    document.body.innerHTML = '';
  });

  it('keeps text/plain scripts until their category is allowed, then replaces each once by a real script', () => {
    document.body.innerHTML = `
      <script type="text/plain" data-consent="analytics" id="inline" class="tag">window.x = 1;</script>
      <script type="text/plain" data-consent="marketing" data-src="https://ads.example/tag.js" data-type="module" nonce="n1"></script>`;
    const blocker = startBlocker(document, allows);
    expect(document.querySelectorAll('script[type="text/plain"]')).toHaveLength(2);

    allowed.add('analytics');
    blocker.run();
    const inline = document.getElementById('inline') as HTMLScriptElement;
    expect(inline.type).toBe('');
    expect(inline.className).toBe('tag');
    expect(inline.hasAttribute('data-consent')).toBe(false);
    expect(inline.text).toBe('window.x = 1;');
    expect(document.querySelector('script[data-src]')?.getAttribute('type')).toBe('text/plain');

    allowed.add('marketing');
    blocker.run();
    const external = document.querySelector('script[src]') as HTMLScriptElement;
    expect(external.getAttribute('src')).toBe('https://ads.example/tag.js');
    expect(external.type).toBe('module');
    expect(external.getAttribute('nonce')).toBe('n1');
    expect(external.async).toBe(false);

    blocker.run();
    expect(document.querySelectorAll('script')).toHaveLength(2);
    blocker.stop();
  });

  it('handles scripts and frames added after start, held or released by the current consent', async () => {
    const blocker = startBlocker(document, allows);
    const held = document.createElement('script');
    held.type = 'text/plain';
    held.dataset.consent = 'analytics';
    document.body.append(held);
    await Promise.resolve();
    expect(held.isConnected).toBe(true);

    allowed.add('analytics');
    const late = document.createElement('div');
    late.innerHTML = '<script type="text/plain" data-consent="analytics">1</script>';
    document.body.append(late);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(late.querySelector('script')?.getAttribute('type')).toBeNull();
    blocker.stop();
  });

  it('gives held frames their src when allowed, empties them on withdrawal, and toggles placeholders', () => {
    document.body.innerHTML = `
      <iframe data-consent="functional" data-src="https://maps.example/embed" title="Map"></iframe>
      <div data-consent-placeholder="functional">Allow functional content to see the map.</div>
      <a href="/privacy" data-consent-open>Cookie settings</a>`;
    const frame = document.querySelector('iframe')!;
    const placeholder = document.querySelector<HTMLElement>('[data-consent-placeholder]')!;
    const blocker = startBlocker(document, allows);
    expect(frame.hasAttribute('src')).toBe(false);
    expect(frame.hidden).toBe(true);
    expect(placeholder.hidden).toBe(false);
    expect(document.querySelector('a')!.getAttribute('aria-haspopup')).toBe('dialog');

    allowed.add('functional');
    blocker.run();
    expect(frame.getAttribute('src')).toBe('https://maps.example/embed');
    expect(frame.hidden).toBe(false);
    expect(placeholder.hidden).toBe(true);

    allowed.clear();
    blocker.run();
    expect(frame.getAttribute('src')).toBe('about:blank');
    expect(frame.hidden).toBe(true);
    expect(placeholder.hidden).toBe(false);
    blocker.stop();
  });

  it('treats strictlyNecessary as always allowed', () => {
    document.body.innerHTML = '<script type="text/plain" data-consent="strictlyNecessary">1</script>';
    startBlocker(document, allows).stop();
    expect(document.querySelector('script')?.getAttribute('type')).toBeNull();
  });
});

describe('sendConsentMode', () => {
  it('calls the page gtag with the update', () => {
    const gtag = vi.fn();
    sendConsentMode({ gtag } as unknown as Window, { ...REJECT, analytics: true });
    expect(gtag).toHaveBeenCalledWith('consent', 'update', expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'denied' }));
  });

  it('pushes an Arguments object to a bare dataLayer, and does nothing without either', () => {
    const dataLayer: unknown[] = [];
    sendConsentMode({ dataLayer } as unknown as Window, { ...REJECT, marketing: true });
    expect(Array.isArray(dataLayer[0])).toBe(false);
    expect(Array.from(dataLayer[0] as IArguments)).toEqual(['consent', 'update', expect.objectContaining({ ad_storage: 'granted' })]);
    expect(() => sendConsentMode({} as Window, REJECT)).not.toThrow();
  });
});

describe('createConsentManager', () => {
  let host: HTMLElement;
  let manager: ConsentManager;
  let enabled: OptionalCategory[];
  const open = vi.fn();

  function create(policyVersion = '2025.1') {
    manager = createConsentManager({ host, policyVersion, cookieDomain: null, enabled: () => enabled, open });
    manager.start();
    return manager;
  }

  beforeEach(() => {
    clearCookie();
    document.body.innerHTML = '<dc-consent></dc-consent><button data-consent-open>Settings</button><button data-consent-grant="functional">Load map</button>';
    host = document.querySelector('dc-consent')!;
    enabled = ['functional', 'analytics', 'marketing'];
    open.mockClear();
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });

  afterEach(() => {
    manager?.stop();
    delete (window as { gtag?: unknown }).gtag;
  });

  it('starts without a record, installs the global and removes it on stop', () => {
    create();
    expect(manager.needsPrompt()).toBe(true);
    expect(window.dcConsent?.getRecord()).toBeNull();
    expect(window.dcConsent?.allows('analytics')).toBe(false);
    manager.stop();
    expect(window.dcConsent).toBeUndefined();
  });

  it('saves a record to the cookie, logs it, updates Consent Mode and announces it once to listeners and the DOM', async () => {
    const gtag = vi.fn();
    (window as { gtag?: unknown }).gtag = gtag;
    create();
    const heard: ConsentChangeDetail[] = [];
    const events: ConsentChangeDetail[] = [];
    const off = window.dcConsent!.onChange((detail) => heard.push(detail));
    document.addEventListener('dc-consent-change', (event) => events.push((event).detail));
    const record = await manager.save({ analytics: true });
    expect(parseConsentCookie(document.cookie).record).toEqual(record);
    expect(console.log).toHaveBeenCalledWith('dc-consent: consent saved', record);
    expect(gtag).toHaveBeenCalledWith('consent', 'update', expect.objectContaining({ analytics_storage: 'granted' }));
    expect(heard.map((d) => d.categories)).toEqual([{ ...REJECT, analytics: true }]);
    expect(events).toHaveLength(1);
    expect(manager.needsPrompt()).toBe(false);
    off();
    await manager.save({});
    expect(heard).toHaveLength(1);
    expect(events).toHaveLength(2);
  });

  it('never grants a category the site does not use', async () => {
    enabled = ['analytics'];
    create();
    const record = await manager.save({ functional: true, analytics: true, marketing: true });
    expect(record.categories).toEqual({ ...REJECT, analytics: true });
    await window.dcConsent!.grant(['marketing']);
    expect(window.dcConsent!.allows('marketing')).toBe(false);
  });

  it('grant turns categories on, keeps the others, and ignores junk', async () => {
    create();
    await manager.save({ analytics: true });
    await window.dcConsent!.grant(['functional', 'bogus' as OptionalCategory]);
    expect(window.dcConsent!.getRecord()?.categories).toEqual({ ...REJECT, functional: true, analytics: true });
    const before = window.dcConsent!.getRecord()?.lastUpdated;
    await window.dcConsent!.grant(['functional']);
    expect(window.dcConsent!.getRecord()?.lastUpdated).toBe(before);
  });

  it('reads a stored record, and asks again for a broken one or one of another policy version', async () => {
    create();
    await manager.save({ marketing: true });
    manager.stop();
    create();
    expect(manager.needsPrompt()).toBe(false);
    expect(window.dcConsent!.allows('marketing')).toBe(true);
    manager.stop();

    create('2026.1');
    expect(manager.needsPrompt()).toBe(true);
    expect(window.dcConsent!.allows('marketing')).toBe(false);
    manager.stop();

    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.cookie = `${COOKIE_NAME}=%7Bbroken; Path=/`;
    create();
    expect(manager.needsPrompt()).toBe(true);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('does not contain valid JSON'));
  });

  it('isolates a failing listener from the others', async () => {
    create();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = vi.fn();
    window.dcConsent!.onChange(() => {
      throw new Error('boom');
    });
    window.dcConsent!.onChange(good);
    await manager.save({});
    expect(good).toHaveBeenCalledTimes(1);
  });

  it('opens on [data-consent-open] clicks and the open event; grants from [data-consent-grant] and the grant event', async () => {
    create();
    document.querySelector<HTMLButtonElement>('[data-consent-open]')!.click();
    document.dispatchEvent(new CustomEvent('dc-consent-open'));
    expect(open).toHaveBeenCalledTimes(2);
    document.querySelector<HTMLButtonElement>('[data-consent-grant]')!.click();
    await vi.waitFor(() => expect(window.dcConsent!.allows('functional')).toBe(true));
    document.dispatchEvent(new CustomEvent('dc-consent-grant', { detail: { categories: ['analytics'] } }));
    await vi.waitFor(() => expect(window.dcConsent!.allows('analytics')).toBe(true));
    expect(window.dcConsent!.allows('marketing')).toBe(false);
  });
});
