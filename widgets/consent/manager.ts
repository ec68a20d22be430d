/**
 * The consent state of one page, without any UI: reads and writes the record
 * cookie, answers `allows`, sends the Google Consent Mode update, releases held
 * scripts and frames (blocker.ts), and implements the ConsentApi contract of
 * widgets/lib/consentClient.ts (window.dcConsent and the DOM events).
 */
import { consentModeUpdate } from './consentMode';
import {
  OPTIONAL_CATEGORIES,
  allows as recordAllows,
  buildRecord,
  detectTimezone,
  normalizeCategories,
  parseConsentCookie,
  serializeCookie,
  uuidV4,
  type ConsentCategories,
  type ConsentRecord,
  type OptionalCategory,
} from '../lib/consentRecord';
import {
  CONSENT_CHANGE_EVENT,
  CONSENT_GRANT_EVENT,
  CONSENT_OPEN_ATTRIBUTE,
  CONSENT_OPEN_EVENT,
  type ConsentApi,
  type ConsentChangeDetail,
} from '../lib/consentClient';
import { emit } from '../lib/defineElement';
import { GRANT_ATTRIBUTE, startBlocker, type Blocker } from './blocker';

export interface ManagerOptions {
  /** The element: events are dispatched from it (they bubble to document). */
  host: HTMLElement;
  policyVersion: string;
  cookieDomain: string | null;
  /** The optional categories this site uses; the others are never granted. */
  enabled: () => readonly OptionalCategory[];
  /** Opens the preferences dialog (the UI's part). */
  open: () => void;
}

export interface ConsentManager extends ConsentApi {
  /** Whether the visitor must be asked (no usable record). */
  needsPrompt(): boolean;
  /** Builds, stores and announces a record for these categories. */
  save(categories: Partial<ConsentCategories>): Promise<ConsentRecord>;
  /** Starts listening (triggers, events, held content) and installs window.dcConsent. */
  start(): void;
  stop(): void;
}

type Gtag = (...args: unknown[]) => void;

/** Sends a Consent Mode update through the page's gtag, or its dataLayer if that is all it has. */
export function sendConsentMode(win: Window, categories: ConsentCategories): void {
  const w = win as unknown as { gtag?: Gtag; dataLayer?: unknown[] };
  const update = consentModeUpdate(categories);
  if (typeof w.gtag === 'function') w.gtag('consent', 'update', update);
  else if (Array.isArray(w.dataLayer)) {
    // gtag.js reads Arguments objects, not arrays.
    const dataLayer = w.dataLayer;
    (function push(..._args: unknown[]) {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    })('consent', 'update', update);
  }
}

const isOptional = (value: unknown): value is OptionalCategory =>
  (OPTIONAL_CATEGORIES as readonly unknown[]).includes(value);

/** The element that an event's path passes through and that carries `attribute`. */
function triggerOf(event: Event, attribute: string): Element | undefined {
  return event.composedPath().find((node): node is Element => node instanceof Element && node.hasAttribute(attribute));
}

export function createConsentManager(options: ManagerOptions): ConsentManager {
  const { host, policyVersion } = options;
  const doc = host.ownerDocument;
  const win = doc.defaultView as Window;
  const listeners = new Set<(detail: ConsentChangeDetail) => void>();
  let record: ConsentRecord | null = null;
  let blocker: Blocker | null = null;
  let abort: AbortController | null = null;

  /** Reads the cookie; a broken one is logged and counts as absent (SPEC 5, 8). */
  const read = (): ConsentRecord | null => {
    const result = parseConsentCookie(doc.cookie, policyVersion);
    if (result.error) console.error(`dc-consent: ${result.error}`);
    return result.needsPrompt ? null : result.record;
  };
  const allows = (category: OptionalCategory) =>
    options.enabled().includes(category) && recordAllows(record, category, policyVersion);

  const announce = () => {
    if (!record) return;
    sendConsentMode(win, record.categories);
    blocker?.run();
    const detail: ConsentChangeDetail = { record: { ...record }, categories: { ...record.categories } };
    for (const listener of listeners) {
      try {
        listener(detail);
      } catch (error) {
        console.error('dc-consent: a change listener failed', error);
      }
    }
    emit(host, CONSENT_CHANGE_EVENT, detail);
  };

  const save = async (categories: Partial<ConsentCategories>) => {
    const chosen = normalizeCategories(categories);
    for (const category of OPTIONAL_CATEGORIES) if (!options.enabled().includes(category)) chosen[category] = false;
    const next = buildRecord({
      categories: chosen,
      previous: record,
      now: new Date(),
      timezone: detectTimezone(),
      uuid: uuidV4,
      policyVersion,
    });
    // Secure on https only: WebKit drops a Secure cookie from http://localhost, though it is a secure context.
    doc.cookie = serializeCookie(next, { domain: options.cookieDomain, secure: win.location.protocol === 'https:' });
    if (parseConsentCookie(doc.cookie, policyVersion).record?.lastUpdated !== next.lastUpdated) {
      console.warn('dc-consent: the browser did not store the consent cookie; the choice applies to this page only.');
    }
    console.log('dc-consent: consent saved', next);
    record = next;
    announce();
    return next;
  };

  const grant = async (categories: readonly OptionalCategory[]) => {
    const wanted = (Array.isArray(categories) ? categories : []).filter(isOptional);
    if (wanted.length === 0 || wanted.every(allows)) return;
    const next: ConsentCategories = { ...normalizeCategories(record?.categories) };
    for (const category of wanted) next[category] = true;
    await save(next);
  };

  const api: ConsentApi = {
    getRecord: () => (record ? (JSON.parse(JSON.stringify(record)) as ConsentRecord) : null),
    allows,
    onChange(listener: (detail: ConsentChangeDetail) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    open: () => options.open(),
    grant,
  };

  record = read();

  return {
    ...api,
    needsPrompt: () => record === null,
    save,
    start() {
      abort = new AbortController();
      const signal = abort.signal;
      doc.addEventListener(
        'click',
        (event) => {
          const mouse = event as MouseEvent;
          if (event.defaultPrevented || mouse.button !== 0) return;
          // A modified click on a reopen link keeps its browser meaning (new tab, window).
          if (triggerOf(event, CONSENT_OPEN_ATTRIBUTE) && !(mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.altKey)) {
            event.preventDefault();
            options.open();
          }
          const granter = triggerOf(event, GRANT_ATTRIBUTE);
          if (granter) void grant((granter.getAttribute(GRANT_ATTRIBUTE) ?? '').split(/[\s,]+/) as OptionalCategory[]);
        },
        { signal },
      );
      doc.addEventListener(CONSENT_OPEN_EVENT, () => options.open(), { signal });
      doc.addEventListener(
        CONSENT_GRANT_EVENT,
        (event) => void grant((event as CustomEvent<{ categories?: OptionalCategory[] } | null>).detail?.categories ?? []),
        { signal },
      );
      if (record) sendConsentMode(win, record.categories);
      blocker = startBlocker(doc, (category) => isOptional(category) && allows(category));
      const w = win as unknown as { dcConsent?: ConsentApi };
      if (!w.dcConsent) w.dcConsent = api;
    },
    stop() {
      abort?.abort();
      blocker?.stop();
      const w = win as unknown as { dcConsent?: ConsentApi };
      if (w.dcConsent === api) delete w.dcConsent;
    },
  };
}
