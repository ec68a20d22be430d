/**
 * <dc-office-map>: site island around the office map's server-rendered placeholder.
 *
 * The map is an OpenStreetMap frame: third-party content that sees the visitor's IP address, so
 * it loads only once functional consent is given (DESIGN, "No third-party request without
 * consent"). Until then the static placeholder (address, "open the map in a new tab" link) stays,
 * and its "Allow and load map" button grants functional consent and loads the frame. When consent
 * is withdrawn later, the frame is removed again.
 *
 * Markup it expects (site/contact.njk):
 *   <dc-office-map src="https://www.openstreetmap.org/export/embed.html?…" frame-title="…">
 *     <div data-map-slot><div data-map-placeholder> … <button type="button" data-map-load>…</button> … </div></div>
 *   </dc-office-map>
 *
 * On our own site consent is always managed: without the consent element (not upgraded yet) the
 * choice is read from the consent cookie, so nothing loads before the visitor agreed.
 */
import { grantConsent, onConsentChange } from '../lib/consentClient';
import { IslandElement, defineIsland } from '../lib/islandElement';
import { functionalAllowed, safeMapUrl } from './mapConsent';

class OfficeMap extends IslandElement {
  #frame: HTMLIFrameElement | null = null;

  protected wire(signal: AbortSignal): boolean {
    if (!safeMapUrl(this.getAttribute('src'))) {
      console.warn('<dc-office-map>: src must be an https://www.openstreetmap.org URL; the map stays a placeholder.');
      this.setAttribute('data-invalid', ''); // hides the load button (CSS)
      return false;
    }
    // Delegated: the children may be parsed after the element connects.
    this.addEventListener(
      'click',
      (event) => {
        if (!(event.target instanceof Element) || !event.target.closest('[data-map-load]')) return;
        // An explicit "yes" for this map: store it as functional consent and load at once.
        grantConsent(['functional']);
        this.#load(true);
      },
      { signal },
    );
    const unsubscribe = onConsentChange(({ categories }) => {
      if (categories.functional) this.#load(false);
      else this.#unload();
    });
    signal.addEventListener('abort', unsubscribe);
    if (functionalAllowed()) this.#load(false);
    return true;
  }

  #load(moveFocus: boolean): void {
    const src = safeMapUrl(this.getAttribute('src'));
    if (!src) return;
    if (!this.#frame) {
      const frame = document.createElement('iframe');
      frame.className = 'office-map-frame';
      frame.title = this.getAttribute('frame-title') || 'Office map';
      frame.src = src;
      frame.referrerPolicy = 'no-referrer';
      frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox');
      this.#frame = frame;
      (this.querySelector('[data-map-slot]') ?? this).append(frame);
    }
    this.setAttribute('data-loaded', '');
    this.querySelector('[data-map-placeholder]')?.setAttribute('hidden', '');
    if (moveFocus) {
      // The button that had focus is gone: put focus on the map itself, and again once the map's
      // page has loaded if the focus was lost meanwhile: Chromium can drop it when the frame's first
      // document is swapped for the map host's, in another process, leaving it on the page's body
      // or leaving no document of the tab focused at all.
      const frame = this.#frame;
      frame.focus();
      frame.addEventListener(
        'load',
        () => {
          const active = document.activeElement;
          if (active === document.body || (active === frame && !document.hasFocus())) {
            frame.blur();
            frame.focus();
          }
        },
        { once: true },
      );
    }
  }

  #unload(): void {
    this.#frame?.remove();
    this.#frame = null;
    this.removeAttribute('data-loaded');
    this.querySelector('[data-map-placeholder]')?.removeAttribute('hidden');
  }
}

defineIsland('dc-office-map', OfficeMap);

declare global {
  interface HTMLElementTagNameMap {
    'dc-office-map': HTMLElement;
  }
}
