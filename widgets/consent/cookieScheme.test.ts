// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:8080/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_NAME } from '../lib/consentCookie';
import { createConsentManager, type ConsentManager } from './manager';

/** document.cookie's own accessor, from the prototype that defines it. */
function cookieAccessor(): PropertyDescriptor {
  for (let proto: object | null = document; proto; proto = Object.getPrototypeOf(proto) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
    if (descriptor) return descriptor;
  }
  throw new Error('document.cookie has no accessor');
}

/**
 * The consent cookie is Secure on an https page only. http://localhost is a secure context, but
 * WebKit does not store a Secure cookie from it, so Safari on `npm start` would show the banner
 * on every page.
 */
describe("the consent cookie by the page's scheme", () => {
  let manager: ConsentManager | undefined;
  let written: string[];

  beforeEach(() => {
    written = [];
    const jar = cookieAccessor();
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      if (value.startsWith(`${COOKIE_NAME}=`)) written.push(value);
      jar.set!.call(document, value);
    });
    // As a browser says of http://localhost (happy-dom leaves it undefined).
    Object.defineProperty(document.defaultView!, 'isSecureContext', { value: true, configurable: true });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    document.body.innerHTML = '<dc-consent></dc-consent>';
  });

  afterEach(() => {
    manager?.stop();
    Reflect.deleteProperty(document.defaultView!, 'isSecureContext');
    document.cookie = `${COOKIE_NAME}=; Path=/; Max-Age=0`;
  });

  async function saveOn(url: string): Promise<string> {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
    manager = createConsentManager({
      host: document.querySelector('dc-consent')!,
      policyVersion: '2025.1',
      cookieDomain: null,
      enabled: () => ['functional'],
      open: () => undefined,
    });
    await manager.save({ functional: true });
    expect(written).toHaveLength(1);
    return written[0]!;
  }

  it('leaves Secure out on plain http, localhost too', async () => {
    expect(await saveOn('http://localhost:8080/about')).not.toMatch(/;\s*Secure/i);
  });

  it('sets Secure on https', async () => {
    expect(await saveOn('https://www.dataclarity.de/about')).toMatch(/; Secure(;|$)/);
  });
});
