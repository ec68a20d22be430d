import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES } from '../../server/contactRequests/routes';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { FORM_ERROR_PAGE, FORM_MARKER } from '../../server/contactRequests/formPage';
import type { ContactRequestMail, ContactRequestMailer } from '../../server/contactRequests/mail';
import { openStores } from '../../server/db/openStores';
import { openSqliteContactRequestStore } from '../../server/contactRequests/sqliteStore';
import { CONTACT_ENDPOINT, HONEYPOT_FIELD, SEND_FAILURE } from '../../shared/contactRequest';
import {
  EMAIL_INVALID,
  MESSAGE_REQUIRED,
  NAME_REQUIRED,
  NAME_TOO_SHORT,
  NAME_ENCODED_TEXT,
  PHONE_INVALID,
  PHONE_REQUIRED,
  EMAIL_REQUIRED,
  MESSAGE_TOO_SHORT,
} from '../../shared/validation';
import { databaseBackends } from '../support/databaseBackends';
import { contactRequest } from './contactRequestStoreContract';

/** POST/GET/PATCH/DELETE /dc_api/wa_v1/contact through inject, on the whole server and a real SQLite file. */

const TOKEN = 'test-admin-token-contact-request';
const ADMIN = { authorization: `Bearer ${TOKEN}` };
const VALID = { name: 'Jana Weber', email: 'jana.weber@example.de', phone: '+49 621 4305 8870', message: 'We would like to talk about our monthly reporting.', variant: 'contact' };

let root: string;
let dist: string;
let dbFile: string;
let app: FastifyInstance;
let mails: ContactRequestMail[];

const recordingMailer = (): ContactRequestMailer => ({
  async send(mail) {
    mails.push(mail);
  },
  close() {},
});

function config(env: Record<string, string> = {}): ServerConfig {
  return { ...loadConfig({ LOG_LEVEL: 'silent', DC_ADMIN_TOKEN: TOKEN, ...env }), distDir: dist, databasePath: dbFile };
}

async function start(env: Record<string, string> = {}) {
  const server = await buildApp(config(env), { contactRequestMailer: recordingMailer() });
  await server.ready();
  return server;
}

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: payload as InjectOptions['payload'], headers: { 'content-type': 'application/json', ...headers } });

const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

const admin = (url: string, options: Partial<InjectOptions> = {}) =>
  app.inject({ method: 'GET', ...options, url: CONTACT_ENDPOINT + url, headers: { ...ADMIN, ...(options.headers as Record<string, string> | undefined) } });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dc-contact-'));
  dist = join(root, 'dist');
  mkdirSync(join(dist, 'contact', 'form_error'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(dist, FORM_ERROR_PAGE), `<!doctype html><html lang="en"><title>Please check</title><main>${FORM_MARKER}</main></html>`);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(async () => {
  mails = [];
  databaseUrl = null;
  dbFile = join(mkdtempSync(join(root, 'db-')), 'dc.sqlite');
  app = await start();
});
afterEach(async () => app.close());

/**
 * Drains the outbox from a second connection to the database, at a time far enough ahead that
 * every entry is due: how many it claimed. Zero means no mail can still be sent, whatever the
 * server's own delivery is doing (this claims what it would have).
 */
async function drainOutbox(): Promise<number> {
  const other = await openStores({ databasePath: dbFile, databaseUrl: databaseUrl });
  try {
    return (await other.contactRequests.outbox.claimDue(new Date(Date.now() + 365 * 86_400_000), 100, 60_000)).length;
  } finally {
    await other.close();
  }
}

/** The database of the running app: the SQLite file dbFile, or this PostgreSQL database (the idempotency tests run on both). */
let databaseUrl: string | null = null;
const backends = databaseBackends('Idempotency keys');

async function waitForMails(count: number) {
  await vi.waitFor(() => expect(mails.length).toBeGreaterThanOrEqual(count), { timeout: 5_000, interval: 10 });
  return mails;
}

describe('POST /contact (JSON)', () => {
  it('201 {id, receivedAt} after the contact request is committed; the contact request is mailed', async () => {
    const response = await post(VALID, { origin: 'https://www.dataclarity.de' });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; receivedAt: string }>();
    expect(Object.keys(body).sort()).toEqual(['id', 'receivedAt']);
    expect(response.headers.location).toBe(`${CONTACT_ENDPOINT}/${body.id}`);
    // Committed: another connection to the file sees it.
    const other = openSqliteContactRequestStore(dbFile);
    const stored = await other.get(body.id);
    await other.close();
    expect(stored).toMatchObject({ ...VALID, receivedAt: body.receivedAt, source: 'https://www.dataclarity.de' });
    const [mail] = await waitForMails(1);
    expect(mail!.replyTo).toEqual({ name: 'Jana Weber', address: 'jana.weber@example.de' });
    expect(mail!.to).toBe('hello@dataclarity.de');
  });

  it('400 names each field with the SPEC 8 messages of the element', async () => {
    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    expect(empty.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(empty.json()).toMatchObject({
      status: 400,
      message: NAME_REQUIRED,
      errors: { name: NAME_REQUIRED, email: EMAIL_REQUIRED, phone: PHONE_REQUIRED, message: MESSAGE_REQUIRED },
    });
    const bad = await post({ name: ' J ', email: 'jana weber@example.de', phone: '0123', message: 'too short', variant: 'newsletter' });
    expect(bad.json().errors).toEqual({
      name: NAME_TOO_SHORT,
      email: EMAIL_INVALID,
      phone: PHONE_INVALID,
      message: MESSAGE_TOO_SHORT,
      variant: 'Choose the kind of request: contact or consultation.',
    });
    expect((await post([VALID])).json()).toMatchObject({ status: 400, message: CONTACT_MESSAGES.bodyNotObject });
    expect((await post('{"name":')).statusCode).toBe(400);
    expect((await post({ ...VALID, name: 42 })).json().errors).toEqual({ name: NAME_REQUIRED });
    expect((await admin('', {})).json().total).toBe(0);
  });

  it('413 over 16 KB, 415 for other body types', async () => {
    const big = await post({ ...VALID, message: 'x'.repeat(17 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toMatch(/problem\+json/);
    const text = await app.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(CONTACT_MESSAGES.notFormOrJson);
  });

  it('429 past 5 requests per IP in 10 minutes, with Retry-After and the message naming our address', async () => {
    for (let i = 0; i < 5; i++) expect((await post(VALID)).statusCode).toBe(201);
    const limited = await post(VALID);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toBe(SEND_FAILURE.rateLimited);
    expect(limited.json().message).toContain('hello@dataclarity.de');
    const form = await formPost(VALID);
    expect(form.statusCode).toBe(429);
    expect(form.headers['content-type']).toMatch(/^text\/html/);
    expect(form.body).toContain('wait a few minutes');
    // Without TRUST_PROXY a made-up X-Forwarded-For does not dodge the limit.
    expect((await post(VALID, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(429);
  });

  it('the limit is configurable (DC_CONTACT_RATE_MAX)', async () => {
    await app.close();
    app = await start({ DC_CONTACT_RATE_MAX: '2' });
    expect((await post(VALID)).statusCode).toBe(201);
    expect((await post(VALID)).statusCode).toBe(201);
    expect((await post(VALID)).statusCode).toBe(429);
  });

  it('a filled honeypot answers like a success; the contact request is kept as spam and not mailed', async () => {
    const response = await post({ ...VALID, [HONEYPOT_FIELD]: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(Object.keys(response.json()).sort()).toEqual(['id', 'receivedAt']);
    const stored = (await admin(`/${response.json().id}`)).json();
    expect(stored.status).toBe('spam');
    const form = await formPost({ ...VALID, [HONEYPOT_FIELD]: 'x' });
    expect(form.statusCode).toBe(303);
    expect(await drainOutbox()).toBe(0);
    expect(mails).toEqual([]);
    expect((await admin('?status=spam')).json().total).toBe(2);
  });

  it('refuses an RFC 2047 encoded word in the name (it would reach the Subject and Reply-To) with 400 naming the field', async () => {
    const response = await post({ ...VALID, name: 'Jana =?UTF-8?B?4oCuZmRwLmV4ZQ==?=' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ name: NAME_ENCODED_TEXT });
    const email = await post({ ...VALID, email: '=?UTF-8?Q?a=0D=0A?=@example.de' });
    expect(email.json().errors).toEqual({ email: EMAIL_INVALID });
    expect((await admin('')).json().total).toBe(0);
  });

  it('CORS: any origin may post, without credentials; the preflight is answered', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: CONTACT_ENDPOINT,
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, idempotency-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('POST');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const response = await post({ ...VALID, page: 'https://partner.example/kontakt?utm=x' }, { origin: 'https://partner.example' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect((await admin(`/${response.json().id}`)).json().source).toBe('https://partner.example/kontakt');
    // A page claimed on another origin than the request's is not believed.
    const lying = await post({ ...VALID, page: 'https://www.dataclarity.de/contact' }, { origin: 'https://partner.example' });
    expect((await admin(`/${lying.json().id}`)).json().source).toBe('https://partner.example');
    // The admin API is not open to other origins.
    const list = await admin('', { headers: { origin: 'https://partner.example' } });
    expect(list.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('hostile values in every field are stored as typed and escaped in every HTML answer', async () => {
    const hostile = {
      name: '<script>alert(1)</script> Bcc: x@y.z',
      email: 'eve@example.com',
      phone: '+49 621 4305 8870',
      message: '"><img src=x onerror=alert(1)>\r\nSubject: hi\r\n\r\n<b>bold</b>',
      variant: 'contact',
    };
    // A line break in a name or email (header injection) is refused on its field (shared/validation).
    const injected = await post({ ...hostile, name: 'Eve\r\nBcc: x@y.z' });
    expect(injected.statusCode).toBe(400);
    expect(Object.keys(injected.json().errors)).toEqual(['name']);
    const response = await post(hostile);
    expect(response.statusCode).toBe(201);
    const stored = (await admin(`/${response.json().id}`)).json();
    expect(stored).toMatchObject({ name: hostile.name.trim(), message: hostile.message.trim() });
    const [mail] = await waitForMails(1);
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.replyTo!.name).not.toMatch(/[\r\n]/);
    // A refused form post shows the values back, escaped.
    const form = await formPost({ ...hostile, email: '"><script>alert(2)</script>' });
    expect(form.statusCode).toBe(400);
    expect(form.body).not.toContain('<script>');
    expect(form.body).not.toContain('<img');
    expect(form.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(form.body).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
  });
});

describe('Idempotency-Key on SQLite and PostgreSQL', () => {
  for (const backend of backends) {
    describe.skipIf(backend.skip)(backend.name, () => {
      beforeEach(async () => {
        const database = await backend.fresh();
        if (!('DATABASE_URL' in database)) return; // the SQLite app of the outer beforeEach
        await app.close();
        databaseUrl = database.DATABASE_URL;
        app = await start(database);
      });

  it(`a retry with the same Idempotency-Key is stored and mailed once (${backend.name})`, async () => {
    const first = await post(VALID, { 'idempotency-key': 'k-0123456789abcdef' });
    const second = await post(VALID, { 'idempotency-key': 'k-0123456789abcdef' });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    await waitForMails(1);
    await vi.waitFor(async () => expect((await admin('')).json().leads.map((contactRequest: { status: string }) => contactRequest.status)).toEqual(['sent']));
    expect(await drainOutbox()).toBe(0);
    expect(mails).toHaveLength(1);
    expect((await admin('')).json().total).toBe(1);
  });

  it(`an Idempotency-Key reused with another body is refused with 422; the first contact request is untouched and the second is not stored (${backend.name})`, async () => {
    const first = await post(VALID, { 'idempotency-key': 'k-reused-0123456789' });
    expect(first.statusCode).toBe(201);
    const other = await post({ ...VALID, message: 'A different request that must not be lost silently.' }, { 'idempotency-key': 'k-reused-0123456789' });
    expect(other.statusCode).toBe(422);
    expect(other.headers['content-type']).toContain('application/problem+json');
    expect(other.json()).toMatchObject({ status: 422, message: CONTACT_MESSAGES.idempotencyKeyReused });
    expect(other.body).not.toContain(first.json().id);
    const list = (await admin('')).json<{ total: number; leads: Array<{ message: string }> }>();
    expect(list.total).toBe(1);
    expect(list.leads[0]!.message).toBe(VALID.message);
  });

  it(`an Idempotency-Key is scoped to the client: another address with the same key and body gets a contact request of its own (${backend.name})`, async () => {
    const key = { 'idempotency-key': 'k-shared-0123456789' };
    const first = await app.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: VALID, headers: key, remoteAddress: '198.51.100.7' });
    const second = await app.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: VALID, headers: key, remoteAddress: '203.0.113.9' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.json().id);
    const again = await app.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: VALID, headers: key, remoteAddress: '198.51.100.7' });
    expect(again.json().id).toBe(first.json().id);
    expect((await admin('')).json().total).toBe(2);
  });

    });
  }
});

describe('POST /contact (form post, no JavaScript)', () => {
  it('303 to the variant\'s thank-you page after storing', async () => {
    const contact = await formPost({ ...VALID, page: '/contact' }, { origin: 'http://localhost', referer: 'http://localhost/contact' });
    expect(contact.statusCode).toBe(303);
    expect(contact.headers.location).toBe('/contact/thank_you');
    const consultation = await formPost({ ...VALID, variant: 'consultation' });
    expect(consultation.headers.location).toBe('/free_consultation/thank_you');
    const list = (await admin('')).json();
    expect(list.leads.map((l: { variant: string }) => l.variant)).toEqual(['consultation', 'contact']);
    expect(list.leads[1].source).toBe('http://localhost/contact');
  });

  it('a refused form post is an HTML page naming what to fix, with the typed values kept, never JSON', async () => {
    const response = await formPost({ name: 'Jana', email: 'not-an-email', phone: '', message: 'Hello there, we need help.', variant: 'consultation' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(EMAIL_INVALID);
    expect(response.body).toContain(PHONE_REQUIRED);
    expect(response.body).toContain('value="Jana"');
    expect(response.body).toContain('value="not-an-email"');
    expect(response.body).toContain('Hello there, we need help.</textarea>');
    expect(response.body).toContain('name="variant" value="consultation"');
    expect(response.body).toContain('role="alert"');
    const big = await formPost({ ...VALID, message: 'x'.repeat(17 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toMatch(/^text\/html/);
    expect(big.body).toContain('too long');
  });
});

describe('the administrator\'s contact request API', () => {
  it('401 without the token', async () => {
    for (const [method, url] of [['GET', ''], ['GET', '/x'], ['PATCH', '/x'], ['DELETE', '/x']] as const) {
      const response = await app.inject({ method, url: CONTACT_ENDPOINT + url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists newest first, paged, filtered by status and handled', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await post({ ...VALID, name: `Person ${i}` }, { 'x-forwarded-for': String(i) })).json().id);
    const all = (await admin('')).json();
    expect(all.total).toBe(4);
    expect(all.leads.map((l: { id: string }) => l.id)).toEqual([...ids].reverse());
    const page = (await admin('?limit=2&offset=2')).json();
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 2 });
    expect(page.leads.map((l: { name: string }) => l.name)).toEqual(['Person 1', 'Person 0']);
    expect((await admin('?status=bogus')).statusCode).toBe(400);
    expect((await admin('?limit=0')).statusCode).toBe(400);
    expect((await admin('?handled=maybe')).statusCode).toBe(400);

    const patched = await admin(`/${ids[0]}`, { method: 'PATCH' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().handledAt).toMatch(/^\d{4}-/);
    expect((await admin('?handled=true')).json().leads.map((l: { id: string }) => l.id)).toEqual([ids[0]]);
    const reopened = await admin(`/${ids[0]}`, { method: 'PATCH', payload: { handled: false }, headers: { 'content-type': 'application/json' } });
    expect(reopened.json().handledAt).toBeNull();
    expect((await admin(`/${ids[0]}`, { method: 'PATCH', payload: { status: 'sent' }, headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await admin('/missing', { method: 'PATCH' })).statusCode).toBe(404);

    await waitForMails(4);
    const one = (await admin(`/${ids[1]}`)).json();
    expect(one.status).toBe('sent');
    expect(one.deliveryAttempts).toHaveLength(1);
    expect(one.deliveryAttempts[0].error).toBeNull();
  });

  it('DELETE erases a contact request', async () => {
    const id = (await post(VALID)).json().id;
    expect((await admin(`/${id}`, { method: 'DELETE' })).statusCode).toBe(204);
    expect((await admin(`/${id}`)).statusCode).toBe(404);
    expect((await admin(`/${id}`, { method: 'DELETE' })).statusCode).toBe(404);
    expect((await admin('')).json().total).toBe(0);
  });

  it('CSV (Accept: text/csv or ?format=csv): RFC 4180, formulas neutralised', async () => {
    await post({ ...VALID, name: '=HYPERLINK("http://evil.example","x")', message: 'Line one\r\nLine "two" @home, ok' });
    const byAccept = await admin('', { headers: { accept: 'text/csv' } });
    const byQuery = await admin('?format=csv');
    expect(byAccept.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(byAccept.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(byQuery.body).toBe(byAccept.body);
    const text = byAccept.body.replace(/^\uFEFF/, '');
    const [header, row] = text.split('\r\n');
    expect(header).toBe('"id","received_at","variant","status","handled_at","name","email","phone","message","source","delivered_at","attempts","last_error"');
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(row).toContain(`"'+49 621 4305 8870"`);
    expect(text).toContain('"Line one\r\nLine ""two"" @home, ok"');
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('retention: contact requests older than LEAD_RETENTION_DAYS are deleted when the server starts', async () => {
    await app.close();
    const store = openSqliteContactRequestStore(dbFile);
    const old = (await store.create(contactRequest(), new Date(Date.now() - 31 * 86_400_000))).contactRequest;
    const recent = (await store.create(contactRequest(), new Date(Date.now() - 29 * 86_400_000))).contactRequest;
    await store.close();
    app = await start({ LEAD_RETENTION_DAYS: '30' });
    await vi.waitFor(async () => expect((await admin(`/${old.id}`)).statusCode).toBe(404), { timeout: 5_000, interval: 10 });
    expect((await admin(`/${recent.id}`)).statusCode).toBe(200);
  });
});
