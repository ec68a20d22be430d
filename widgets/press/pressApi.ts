import { API_BASE } from '../../shared/constants';
import type { PressDraft, PressFormErrors } from '../../shared/pressItems';

/** The public list of stored items (server/press/publicRoutes.ts). */
export const STORED_PRESS_URL = `${API_BASE}/press`;
/** The staff's list and add (server/press/staffRoutes.ts): 200 only for a staff session proven with a passkey. */
export const STAFF_PRESS_URL = `${API_BASE}/staff/press`;

/** The root element's mark of a signed-in browser (site/_includes/session-hint.js): no secret, no request. */
export const mayBeSignedIn = (): boolean => document.documentElement.hasAttribute('data-signed-in');

/** A refusal of the staff API: its message and the fields it names (problem+json `errors`). */
export class PressApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: PressFormErrors = {},
  ) {
    super(message);
  }
}

export const PRESS_SAVE_FAILED = 'The press item could not be saved. Please try again.';

async function json(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  return fetch(url, { ...init, signal, credentials: 'same-origin', headers: { accept: 'application/json', ...(init.headers ?? {}) } });
}

/**
 * The stored items and whether the visitor is staff. Only a browser with the signed-in mark asks
 * the staff API (a 200 there is the staff's own, uncached list); everyone else, and anyone the staff
 * API refuses, reads the public list.
 * @returns the raw list (checked by the caller with parsePressItems)
 */
export async function loadStored(publicUrl: string, signal: AbortSignal): Promise<{ raw: unknown; staff: boolean }> {
  if (mayBeSignedIn()) {
    const response = await json(STAFF_PRESS_URL, {}, signal);
    if (response.ok) return { raw: ((await response.json()) as { items?: unknown }).items, staff: true };
  }
  const response = await json(publicUrl, {}, signal);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return { raw: await response.json(), staff: false };
}

/** Stores a checked draft; rejects with a {@link PressApiError}. */
export async function savePressItem(draft: PressDraft): Promise<unknown> {
  let response: Response;
  try {
    response = await json(STAFF_PRESS_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(draft) });
  } catch {
    throw new PressApiError(PRESS_SAVE_FAILED, 0);
  }
  const body = (await response.json().catch(() => null)) as { message?: unknown; errors?: unknown } | null;
  if (response.ok) return body;
  const message = typeof body?.message === 'string' && body.message !== '' ? body.message : PRESS_SAVE_FAILED;
  const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as PressFormErrors) : {};
  throw new PressApiError(message, response.status, errors);
}
