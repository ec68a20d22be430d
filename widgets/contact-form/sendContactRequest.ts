import { API_BASE } from '../../shared/constants';
import { SEND_TIMEOUT_MS, type ContactRequestErrors, type ContactRequestReceipt, type ContactRequestBody, type SendFailure } from '../../shared/contactRequest';

/**
 * The request <dc-contact-form> makes (to `action`, or by default to `defaultEndpoint(script URL)`), and how it reads the answer. Framework-free, so
 * a unit test gives it a fake `fetch`.
 *
 *   POST {action}   Content-Type: application/json   Idempotency-Key: <per submission>
 *   body: { name, email, phone, message, variant, company_website: '', page }
 *
 *   201 {id, receivedAt}                → sent
 *   400 {errors: {field: message}}      → the messages shown on their fields
 *   413 / 429 / other 4xx / 5xx         → a failure message (values kept)
 *   no answer in 15 s / network error   → timeout / network
 * Nothing else counts as sent: a 200 or a redirect is not the server saying it stored the contact request.
 */

export type SendOutcome =
  | { kind: 'sent'; receipt: ContactRequestReceipt | null }
  | { kind: 'invalid'; errors: ContactRequestErrors }
  | { kind: 'failed'; reason: SendFailure };

/**
 * Where a form without `action` sends: the contact endpoint of the site its script came from
 * (`{API_BASE}/contact` on the script URL's origin), so a snippet pasted on any page reaches the
 * server that serves it. `scriptUrl` is the module's `import.meta.url`.
 */
export function defaultEndpoint(scriptUrl: string): string {
  return new URL(`${API_BASE}/contact`, scriptUrl).href;
}

export interface SendOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  idempotencyKey?: string;
}

const FIELDS = ['name', 'email', 'phone', 'message', 'variant'] as const;

function fieldErrors(data: unknown): ContactRequestErrors {
  const errors: ContactRequestErrors = {};
  const source = typeof data === 'object' && data !== null ? (data as { errors?: unknown }).errors : undefined;
  if (typeof source !== 'object' || source === null) return errors;
  for (const field of FIELDS) {
    const message = (source as Record<string, unknown>)[field];
    if (typeof message === 'string' && message.trim() !== '') errors[field] = message;
  }
  return errors;
}

function failureFor(status: number): SendFailure {
  if (status === 429) return 'rateLimited';
  if (status === 413) return 'tooLarge';
  if (status >= 400 && status < 500) return 'rejected';
  return 'server';
}

export async function sendContactRequest(action: string, body: ContactRequestBody, options: SendOptions = {}): Promise<SendOutcome> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? SEND_TIMEOUT_MS);
  try {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    let response: Response;
    try {
      response = await doFetch(action, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        credentials: 'omit',
        mode: 'cors',
        redirect: 'error',
        signal: controller.signal,
      });
    } catch {
      return { kind: 'failed', reason: timedOut ? 'timeout' : 'network' };
    }
    let data: unknown = null;
    try {
      data = await response.json();
    } catch {
      if (timedOut) return { kind: 'failed', reason: 'timeout' };
      data = null;
    }
    if (response.status === 201) {
      const receipt = data as Partial<ContactRequestReceipt> | null;
      return { kind: 'sent', receipt: receipt && typeof receipt.id === 'string' ? { id: receipt.id, receivedAt: String(receipt.receivedAt ?? '') } : null };
    }
    if (response.status === 400) {
      const errors = fieldErrors(data);
      if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
    }
    return { kind: 'failed', reason: failureFor(response.status) };
  } finally {
    clearTimeout(timer);
  }
}

/** A random key for one submission (retries of the same values reuse it). */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
