import { describe, expect, it, vi } from 'vitest';
import { defaultEndpoint, newIdempotencyKey, sendContactRequest } from './sendContactRequest';
import { COMPANY_EMAIL, SEND_FAILURES, sendFailureMessage, type ContactRequestBody } from '../../shared/contactRequest';

/** What <dc-contact-form action> sends and how it reads each answer (fake fetch). */

const BODY: ContactRequestBody = { name: 'Jana Weber', email: 'jana@example.de', phone: '+49 621 1', message: 'Hello there, we need help.', variant: 'contact', company_website: '', page: 'https://x.example/contact' };

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('defaultEndpoint (where a form without action sends)', () => {
  it('is the contact endpoint on the origin of the script URL, whatever its path, port or query', () => {
    expect(defaultEndpoint('https://www.dataclarity.de/widgets/v3/dc-contact-form.0123456789abcdef.js')).toBe('https://www.dataclarity.de/dc_api/wa_v1/contact');
    expect(defaultEndpoint('http://localhost:4173/widgets/dc-contact-form.js?x=1#y')).toBe('http://localhost:4173/dc_api/wa_v1/contact');
    expect(defaultEndpoint('https://staging.example:8443/assets/islands/chunk-abc.js')).toBe('https://staging.example:8443/dc_api/wa_v1/contact');
  });
});

describe('sendContactRequest', () => {
  it('POSTs JSON with the idempotency key, without credentials; 201 is sent', async () => {
    const fetch = answer(201, { id: 'abc', receivedAt: '2026-03-02T08:00:00.000Z' });
    const outcome = await sendContactRequest('/dc_api/wa_v1/contact', BODY, { fetch, idempotencyKey: 'key-1234567890' });
    expect(outcome).toEqual({ kind: 'sent', receipt: { id: 'abc', receivedAt: '2026-03-02T08:00:00.000Z' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/dc_api/wa_v1/contact');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'key-1234567890' });
    expect(JSON.parse(init.body as string)).toEqual(BODY);
  });

  it('only a 201 counts as sent', async () => {
    expect((await sendContactRequest('/x', BODY, { fetch: answer(200, { ok: true }) })).kind).toBe('failed');
    expect((await sendContactRequest('/x', BODY, { fetch: answer(204, undefined) })).kind).toBe('failed');
  });

  it('400 with field errors → invalid; the rest → the right failure', async () => {
    expect(await sendContactRequest('/x', BODY, { fetch: answer(400, { errors: { email: 'Please enter a valid email address', other: 'x' } }) })).toEqual({
      kind: 'invalid',
      errors: { email: 'Please enter a valid email address' },
    });
    const cases: Array<[number, string]> = [[400, 'rejected'], [413, 'tooLarge'], [429, 'rateLimited'], [404, 'rejected'], [500, 'server'], [503, 'server']];
    for (const [status, reason] of cases) {
      expect(await sendContactRequest('/x', BODY, { fetch: answer(status, { message: 'no' }) }), String(status)).toEqual({ kind: 'failed', reason });
    }
    expect(await sendContactRequest('/x', BODY, { fetch: vi.fn(async () => new Response('<html>oops</html>', { status: 502 })) })).toEqual({ kind: 'failed', reason: 'server' });
  });

  it('network error and timeout', async () => {
    expect(await sendContactRequest('/x', BODY, { fetch: vi.fn(async () => { throw new TypeError('Failed to fetch'); }) })).toEqual({ kind: 'failed', reason: 'network' });
    const hang = vi.fn((_url: string, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    expect(await sendContactRequest('/x', BODY, { fetch: hang as unknown as typeof fetch, timeoutMs: 20 })).toEqual({ kind: 'failed', reason: 'timeout' });
  });

  it('every failure message names an address to write to', () => {
    for (const kind of SEND_FAILURES) {
      expect(sendFailureMessage(kind)).toContain(COMPANY_EMAIL);
      expect(sendFailureMessage(kind, 'sales@partner.example')).toContain('sales@partner.example');
    }
    expect(newIdempotencyKey()).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });
});
