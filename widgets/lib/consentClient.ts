/**
 * The contract between <dc-consent> and everything that waits for consent
 * (the dashboard gallery's Power BI frames, the office map, text/plain scripts).
 *
 * <dc-consent> implements it: it installs `window.dcConsent` (ConsentApi) and
 * announces every change as a `dc-consent-change` CustomEvent (bubbles, composed)
 * on document. Consumers use the helpers below, which also work when the consent
 * element has not upgraded yet (they read the cookie) or is absent (a partner page
 * without <dc-consent>: nothing is managed, so nothing is held back).
 */
import type { ConsentCategories, ConsentRecord, OptionalCategory } from './consentRecord';
import { cookieAllows } from './consentCookie';

/** The name of the one global: `window.dcConsent`. */
export const CONSENT_GLOBAL = 'dcConsent';
/** Fired on document after every saved choice; detail: ConsentChangeDetail. */
export const CONSENT_CHANGE_EVENT = 'dc-consent-change';
/** Dispatch on document to ask the consent element to open its dialog. */
export const CONSENT_OPEN_EVENT = 'dc-consent-open';
/** Dispatch on document to grant categories (detail: { categories: OptionalCategory[] }), e.g. from an "Allow and load" button. */
export const CONSENT_GRANT_EVENT = 'dc-consent-grant';
/** Attribute that makes any element a reopen trigger for the dialog (click opens it). */
export const CONSENT_OPEN_ATTRIBUTE = 'data-consent-open';

export interface ConsentChangeDetail {
  record: ConsentRecord;
  categories: ConsentCategories;
}

export interface ConsentApi {
  /** The current record, or null when the visitor has not chosen (or chose under another policy version). */
  getRecord(): ConsentRecord | null;
  /** Whether an optional category may run now. */
  allows(category: OptionalCategory): boolean;
  /** Calls `listener` after every saved choice; returns the unsubscribe function. */
  onChange(listener: (detail: ConsentChangeDetail) => void): () => void;
  /** Opens the preferences dialog. */
  open(): void;
  /** Turns the given optional categories on (others unchanged), saves and announces. */
  grant(categories: readonly OptionalCategory[]): Promise<void>;
}

declare global {
  interface Window {
    dcConsent?: ConsentApi;
  }
  interface DocumentEventMap {
    'dc-consent-change': CustomEvent<ConsentChangeDetail>;
  }
}

/** Whether consent is managed on this page (a <dc-consent> element or its global exists). */
export function consentManaged(doc: Document = document): boolean {
  return Boolean(globalThis.window?.dcConsent) || doc.querySelector('dc-consent') !== null;
}

/**
 * Whether `category` may run now. Unmanaged pages allow everything (the host page
 * is responsible); managed pages ask the global, or read the cookie before it exists.
 */
export function consentAllows(category: OptionalCategory, doc: Document = document): boolean {
  if (!consentManaged(doc)) return true;
  const api = globalThis.window?.dcConsent;
  if (api) return api.allows(category);
  return cookieAllows(doc.cookie, category);
}

/** Subscribes to consent changes through the DOM event (works before the global exists). */
export function onConsentChange(listener: (detail: ConsentChangeDetail) => void, doc: Document = document): () => void {
  const handler = (event: CustomEvent<ConsentChangeDetail>) => listener(event.detail);
  doc.addEventListener(CONSENT_CHANGE_EVENT, handler);
  return () => doc.removeEventListener(CONSENT_CHANGE_EVENT, handler);
}

/** Grants categories, e.g. from an "Allow and load" button: through the global, else by event. */
export function grantConsent(categories: readonly OptionalCategory[], doc: Document = document): void {
  const api = globalThis.window?.dcConsent;
  if (api) {
    void api.grant(categories);
    return;
  }
  doc.dispatchEvent(new CustomEvent(CONSENT_GRANT_EVENT, { detail: { categories: [...categories] } }));
}

/** Asks the consent element to open its dialog. */
export function openConsentDialog(doc: Document = document): void {
  const api = globalThis.window?.dcConsent;
  if (api) api.open();
  else doc.dispatchEvent(new CustomEvent(CONSENT_OPEN_EVENT));
}
