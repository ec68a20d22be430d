/**
 * Holds back page content until its consent category is allowed:
 * - `<script type="text/plain" data-consent="analytics" [data-src="…"] [data-type="module"]>`
 *   is replaced by a real script (same attributes, `src` from data-src, or the same
 *   inline text) once analytics is allowed; never before, and only once.
 * - `<iframe data-consent="functional" data-src="…">` gets its `src` (and loses `hidden`)
 *   once allowed; when consent is withdrawn it is emptied and hidden again.
 * - `[data-consent-placeholder="functional"]` is shown while the category is not allowed.
 * - `[data-consent-open]` triggers are marked `aria-haspopup="dialog"`.
 * Elements added later are handled too (MutationObserver).
 */
import { CONSENT_OPEN_ATTRIBUTE } from '../lib/consentClient';
import type { ConsentCategory } from '../lib/consentRecord';

export const BLOCKED_SELECTOR = 'script[type="text/plain"][data-consent],iframe[data-consent][data-src]';
export const PLACEHOLDER_ATTRIBUTE = 'data-consent-placeholder';
export const GRANT_ATTRIBUTE = 'data-consent-grant';
const SELECTOR = `${BLOCKED_SELECTOR},[${PLACEHOLDER_ATTRIBUTE}],[${CONSENT_OPEN_ATTRIBUTE}]`;
/** Attributes of a held script that are not copied to the real one. */
const OWN_ATTRIBUTES = new Set(['type', 'data-consent', 'data-src', 'data-type']);

export type Allows = (category: ConsentCategory) => boolean;

/** Replaces an allowed text/plain script by an executable copy. */
function activateScript(held: HTMLScriptElement, doc: Document): void {
  const script = doc.createElement('script');
  for (const { name, value } of Array.from(held.attributes)) if (!OWN_ATTRIBUTES.has(name)) script.setAttribute(name, value);
  const type = held.getAttribute('data-type');
  if (type) script.type = type;
  const src = held.getAttribute('data-src');
  if (src) {
    script.src = src;
    // Keep the page's order among held scripts unless the author asked for async.
    if (!held.hasAttribute('async')) script.async = false;
  } else {
    script.text = held.text;
  }
  held.replaceWith(script);
}

/** Applies the current consent to one element. */
function applyTo(el: Element, allows: Allows, doc: Document): void {
  const placeholder = el.getAttribute(PLACEHOLDER_ATTRIBUTE);
  if (placeholder !== null) (el as HTMLElement).hidden = allows(placeholder as ConsentCategory);
  if (el.hasAttribute(CONSENT_OPEN_ATTRIBUTE)) el.setAttribute('aria-haspopup', 'dialog');
  if (!el.matches(BLOCKED_SELECTOR)) return;
  const allowed = allows(el.getAttribute('data-consent') as ConsentCategory);
  if (el instanceof HTMLScriptElement) {
    if (allowed) activateScript(el, doc);
    return;
  }
  const frame = el as HTMLIFrameElement;
  const src = frame.getAttribute('data-src') ?? '';
  if (allowed) {
    frame.hidden = false;
    if (frame.getAttribute('src') !== src) frame.src = src;
  } else {
    frame.hidden = true;
    if (frame.getAttribute('src') === src) frame.src = 'about:blank';
  }
}

export interface Blocker {
  /** Re-applies consent to every held element (after a change). */
  run(): void;
  stop(): void;
}

/**
 * Starts holding content in `doc`. `allows` is asked for each element; an unknown
 * category counts as not allowed (the callback decides), strictlyNecessary as allowed.
 */
export function startBlocker(doc: Document, allows: Allows): Blocker {
  const check: Allows = (category) => category === 'strictlyNecessary' || allows(category);
  const applyWithin = (root: Element | Document) => {
    if (root instanceof Element && root.matches(SELECTOR)) applyTo(root, check, doc);
    root.querySelectorAll(SELECTOR).forEach((el) => applyTo(el, check, doc));
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach((node) => node instanceof Element && applyWithin(node));
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  applyWithin(doc);
  return { run: () => applyWithin(doc), stop: () => observer.disconnect() };
}
