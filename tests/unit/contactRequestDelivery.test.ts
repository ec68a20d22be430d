import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../server/config';
import { openStores } from '../../server/db/openStores';
import { createMailDelivery, retryDelayMs } from '../../server/contactRequests/delivery';
import { headerText, contactRequestMail, replyToAddress, smtpMailer, smtpOptions } from '../../server/contactRequests/mail';
import { officeTime } from '../../server/contactRequests/officeTime';
import type { MailOutbox } from '../../server/contactRequests/mailOutbox';
import { openSqliteContactRequestStore, type SqliteContactRequestStore } from '../../server/contactRequests/sqliteStore';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { databaseBackends } from '../support/databaseBackends';
import { contactRequest } from './contactRequestStoreContract';

/**
 * The outbox worker against a real SMTP server in this process (smtp-server) and a real SQLite
 * file: delivered once with the right headers, retried after a refusal and while the server is
 * down, resumed by a new worker (a restart), hostile field values kept out of the headers.
 */

const ADDRESSES = { to: 'sales@dataclarity.de', from: '"DataClarity website" <website@dataclarity.de>' };
const RETRY = { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 4 };

let dir: string;
let file: string;
let store: SqliteContactRequestStore;
let sink: SmtpSink;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dc-delivery-'));
  file = join(dir, 'dc.sqlite');
  store = openSqliteContactRequestStore(file);
  sink = await startSmtpSink();
});

afterEach(async () => {
  await store.close();
  await sink.stop();
  rmSync(dir, { recursive: true, force: true });
});

function worker(overrides: Partial<Parameters<typeof createMailDelivery>[0]> = {}) {
  return createMailDelivery({ outbox: store.outbox, mailer: smtpMailer(sink.url), addresses: ADDRESSES, retry: RETRY, pollMs: 10, ...overrides });
}

/** Runs passes until the outbox is empty (or fails after `limit` passes). */
async function drain(delivery: ReturnType<typeof worker>, limit = 200) {
  for (let i = 0; i < limit; i++) {
    await delivery.runOnce();
    if ((await store.outbox.size()) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('outbox did not drain');
}

describe('contact request delivery over SMTP', () => {
  it('mails a contact request once: to LEADS_TO, Reply-To the visitor, a subject naming variant and visitor, every field in plain text', async () => {
    const { contactRequest: stored } = await store.create(contactRequest({ variant: 'consultation', name: 'Jana Weber', phone: '+49 (621) 4305-8870' }), new Date('2026-03-02T08:00:00Z'));
    const delivery = worker();
    await drain(delivery);
    await delivery.runOnce();
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.envelope.to).toEqual(['sales@dataclarity.de']);
    expect(mail!.parsed.to).toMatchObject({ value: [{ address: 'sales@dataclarity.de' }] });
    expect(mail!.parsed.from?.value[0]?.address).toBe('website@dataclarity.de');
    expect(mail!.parsed.replyTo?.value).toEqual([{ address: 'jana.weber@example.de', name: 'Jana Weber' }]);
    expect(mail!.parsed.subject).toBe('Free consultation request: Jana Weber');
    expect(mail!.parsed.messageId).toBe(`<lead-${stored.id}@dataclarity.de>`);
    expect(mail!.parsed.html).toBe(false);
    const text = mail!.parsed.text!;
    for (const value of ['Jana Weber', 'jana.weber@example.de', '+49 (621) 4305-8870', 'We would like to talk about our monthly reporting.', stored.id, 'consultation', 'https://www.dataclarity.de/contact']) {
      expect(text).toContain(value);
    }
    expect(await store.get(stored.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries after a refusal and records each attempt', async () => {
    const { contactRequest: stored } = await store.create(contactRequest(), new Date());
    sink.refusing = true;
    const delivery = worker();
    await delivery.runOnce();
    expect(sink.refusals).toBe(1);
    const failed = await store.get(stored.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/451/);
    sink.refusing = false;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await drain(delivery);
    expect(sink.received).toHaveLength(1);
    expect((await store.attempts(stored.id)).map((a) => a.error === null)).toEqual([false, true]);
  });

  it('an unreachable server fails no request and loses no contact request: the mail arrives when it is back', async () => {
    const { contactRequest: stored } = await store.create(contactRequest(), new Date());
    await sink.stop();
    const delivery = worker({ retry: { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 50 } });
    await delivery.runOnce();
    expect((await store.get(stored.id))!.lastError).toMatch(/ECONNREFUSED/);
    await sink.start();
    await drain(delivery);
    expect(sink.received).toHaveLength(1);
    expect(await store.get(stored.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up after the last attempt: the contact request stays stored as failed', async () => {
    const { contactRequest: stored } = await store.create(contactRequest(), new Date());
    sink.refusing = true;
    await drain(worker());
    expect(sink.refusals).toBe(RETRY.maxAttempts);
    expect(await store.get(stored.id)).toMatchObject({ status: 'failed', attempts: RETRY.maxAttempts });
  });

  it('resumes pending deliveries after a restart (a new store and worker on the same file)', async () => {
    sink.refusing = true;
    const first = worker();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await store.create(contactRequest({ name: `Person ${i}` }), new Date())).contactRequest.id);
    await first.runOnce();
    await first.stop();
    await store.close();
    sink.refusing = false;
    store = openSqliteContactRequestStore(file);
    const second = worker();
    second.start();
    await sink.waitFor(3);
    await second.stop();
    expect(sink.received.map((m) => m.parsed.subject).sort()).toEqual(['Contact request: Person 0', 'Contact request: Person 1', 'Contact request: Person 2']);
    for (const id of ids) expect((await store.get(id))!.status).toBe('sent');
  });

  it('hostile values in every field never reach a header or become markup', async () => {
    const hostile = contactRequest({
      name: 'Eve\r\nBcc: victim@example.com\r\nX-Evil: 1 <script>alert(1)</script>',
      email: 'eve@example.com\r\nBcc: victim@example.com',
      phone: '+49 621\r\nX-Phone: 1',
      message: '<img src=x onerror=alert(1)>\r\n\r\nContent-Type: text/html\r\n.\r\nMAIL FROM:<x@y.z>',
      source: 'https://partner.example/\r\nX-Source: 1',
    });
    const { contactRequest: stored } = await store.create(hostile, new Date());
    await drain(worker());
    const [mail] = sink.received;
    const head = mail!.raw.split('\r\n\r\n')[0]!;
    expect(head).not.toMatch(/^(Bcc|X-Evil|X-Phone|X-Source):/im);
    expect(mail!.envelope.to).toEqual(['sales@dataclarity.de']);
    expect(mail!.parsed.bcc).toBeUndefined();
    // The address with a line break is not usable as Reply-To: none is set.
    expect(mail!.parsed.replyTo).toBeUndefined();
    expect(mail!.parsed.subject).toBe('Contact request: Eve Bcc: victim@example.com X-Evil: 1 <script>alert(1)</script>');
    expect(mail!.parsed.html).toBe(false);
    expect(mail!.parsed.headers.get('content-type')).toMatchObject({ value: 'text/plain' });
    expect(mail!.parsed.text).toContain('<img src=x onerror=alert(1)>');
    expect(mail!.parsed.text).toContain('MAIL FROM:<x@y.z>');
    expect(await store.get(stored.id)).toMatchObject({ status: 'sent' });
  });
});

const backends = databaseBackends('Delivery at shutdown');

describe('contact request delivery at shutdown', () => {
  for (const backend of backends) it.skipIf(backend.skip)(`stop() claims no further batch and hands back the claims it got after the stop (a mail in flight is finished) (${backend.name})`, async () => {
    const config = loadConfig(await backend.fresh());
    const stores = await openStores({ databasePath: config.databasePath, databaseUrl: config.databaseUrl });
    onTestFinished(() => stores.close());
    const store = stores.contactRequests;
    for (let i = 0; i < 15; i++) await store.create(contactRequest({ message: `Contact request number ${i} for the shutdown test.` }), new Date());
    let releaseClaim!: () => void;
    const claimHeld = new Promise<void>((resolve) => (releaseClaim = resolve));
    let claimsAsked = 0;
    // The real outbox, its claim held back once (a slow database at the moment the signal comes).
    const slowOutbox: MailOutbox = {
      ...store.outbox,
      claimDue: async (...args) => {
        claimsAsked++;
        const claims = await store.outbox.claimDue(...args);
        await claimHeld;
        return claims;
      },
    };
    const delivery = worker({ outbox: slowOutbox, batchSize: 10 });
    const pass = delivery.runOnce();
    const stopped = delivery.stop();
    releaseClaim();
    await Promise.all([pass, stopped]);
    expect(claimsAsked).toBe(1);
    expect(sink.received).toHaveLength(0);
    // Handed back: due at once for another instance, no attempt counted.
    const claims = await store.outbox.claimDue(new Date(), 100, 60_000);
    expect(claims).toHaveLength(15);
    expect(claims.every((claim) => claim.attempt === 1)).toBe(true);
  });
});

describe('contact request mail building', () => {
  it('header text is one line without control characters, bounded', () => {
    expect(headerText('a\r\nb\tc\u0000d\u2028e')).toBe('a b c d e');
    expect([...headerText('x'.repeat(200))]).toHaveLength(80);
  });

  it('header text never carries an RFC 2047 encoded word a mail client would decode (contact requests stored before the rule)', () => {
    expect(headerText('Jana =?UTF-8?B?4oCuZmRwLmV4ZQ==?=')).not.toMatch(/=\?.*\?=/);
    expect(headerText('=?utf-8?q?a=0D=0Ab?=')).not.toContain('=?');
    const mail = contactRequestMail({ ...contactRequest(), id: 'x', receivedAt: '2026-03-02T08:00:00.000Z', status: 'pending', deliveredAt: null, handledAt: null, attempts: 0, lastError: null, name: 'Jana =?UTF-8?B?4oCuZmRwLmV4ZQ==?=' } as never, '<m@x>', ADDRESSES);
    expect(mail.subject).not.toContain('=?');
    expect(mail.replyTo?.name).not.toContain('=?');
    expect(mail.text).toContain('Jana =?UTF-8?B?4oCuZmRwLmV4ZQ==?='); // the body shows what was sent, as text
  });

  it('Reply-To only for a plain address', () => {
    expect(replyToAddress(' jana@example.de ')).toBe('jana@example.de');
    for (const bad of ['a@b.c\r\nBcc: x@y.z', 'a,b@c.d', '"x"@y.z', 'a<b@c.d', 'a@b.c>', 'a;b@c.d']) expect(replyToAddress(bad), bad).toBeNull();
    const mail = contactRequestMail({ ...contactRequest(), id: 'x', receivedAt: '2026-03-02T08:00:00.000Z', status: 'pending', deliveredAt: null, handledAt: null, attempts: 0, lastError: null, email: 'a,b@c.d' } as never, '<m@x>', ADDRESSES);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain('not usable as Reply-To');
  });

  it('writes the time received as Mannheim local time with its zone, and the UTC instant in the footer and a header', () => {
    const mail = contactRequestMail({ ...contactRequest(), id: 'x', receivedAt: '2026-11-26T03:02:39.722Z', status: 'pending', deliveredAt: null, handledAt: null, attempts: 0, lastError: null } as never, '<m@x>', ADDRESSES);
    expect(mail.text).toContain('Received:  Thu, 26 Nov 2026, 04:02:39 CET (UTC+01:00)\n');
    expect(mail.text.trimEnd().split('\n').at(-1)).toBe('Received at 2026-11-26T03:02:39.722Z (UTC).');
    expect(mail.headers['X-DC-Received-UTC']).toBe('2026-11-26T03:02:39.722Z');
  });

  it('office time: CET in winter, CEST in summer, at both changes of 2026, midnight as 00', () => {
    expect(officeTime('2026-07-01T12:00:00.000Z')).toBe('Wed, 1 Jul 2026, 14:00:00 CEST (UTC+02:00)');
    // 29 March 2026: 01:59:59 UTC is 02:59:59 CET, one second later 04:00:00 CEST.
    expect(officeTime('2026-03-29T00:59:59.000Z')).toBe('Sun, 29 Mar 2026, 01:59:59 CET (UTC+01:00)');
    expect(officeTime('2026-03-29T01:00:00.000Z')).toBe('Sun, 29 Mar 2026, 03:00:00 CEST (UTC+02:00)');
    // 25 October 2026: 03:00 CEST becomes 02:00 CET again.
    expect(officeTime('2026-10-25T00:59:59.000Z')).toBe('Sun, 25 Oct 2026, 02:59:59 CEST (UTC+02:00)');
    expect(officeTime('2026-10-25T01:00:00.000Z')).toBe('Sun, 25 Oct 2026, 02:00:00 CET (UTC+01:00)');
    expect(officeTime('2026-12-31T23:00:00.000Z')).toBe('Fri, 1 Jan 2027, 00:00:00 CET (UTC+01:00)');
    expect(officeTime('not a date')).toBe('not a date');
  });

  it('retry delays grow and are bounded', () => {
    const retry = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 12 };
    expect([1, 2, 3, 4, 8, 11].map((n) => retryDelayMs(n, retry))).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });

  it('reads SMTP URLs with credentials', () => {
    expect(smtpOptions('smtp://user%40x:p%3Ass@mail.example:2525')).toMatchObject({ host: 'mail.example', port: 2525, secure: false, auth: { user: 'user@x', pass: 'p:ss' } });
    expect(smtpOptions('smtps://mail.example')).toMatchObject({ port: 465, secure: true });
    expect(() => smtpOptions('http://mail.example')).toThrow(/smtp/);
  });
});
