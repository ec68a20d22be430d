/** Pure helpers of <dc-office-map> (see define.ts). */
import { cookieAllows } from '../lib/consentCookie';

/** The only host the frame may load from (server/config.ts allows it in frame-src). */
export const MAP_ORIGIN = 'https://www.openstreetmap.org';

/** Functional consent, from the consent element when present, else from its cookie. */
export function functionalAllowed(doc: Document = document): boolean {
  const api = globalThis.window?.dcConsent;
  if (api) return api.allows('functional');
  return cookieAllows(doc.cookie, 'functional');
}

/** The frame URL, only when it is an https URL on the map host (anything else is refused). */
export function safeMapUrl(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.origin === MAP_ORIGIN ? url.href : null;
  } catch {
    return null;
  }
}
