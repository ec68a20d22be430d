import { readFileSync } from 'node:fs';
import { expect, test } from './support/test';
import { USER_MESSAGES } from '../../server/api/users';
import type { User } from '../../shared/user';
import { API_BASE } from '../../shared/constants';
import { skipForMissing } from '../support/missingProgram';
import { findPostgres, startPostgres, type PostgresServer } from '../support/postgres';
import { signUpBody } from '../support/signUp';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { startApiInstance, type ApiInstance } from './support/apiInstance';

/**
 * Scale-out: two API instances (two server processes) on one PostgreSQL database. What one
 * instance writes the other reads, the register and contact rate limits count the requests of
 * both, and both mail contact requests from the one outbox to one SMTP server: each contact request exactly once.
 */
// (shared/contactRequest imports company.json, which Playwright's loader cannot import without an attribute.)
const COMPANY_EMAIL = (JSON.parse(readFileSync('site/_data/company.json', 'utf8')) as { email: string }).email;
const CONTACT_ENDPOINT = `${API_BASE}/contact`;
const ADMIN_TOKEN = 'two-instance-admin-token';
const RATE_MAX = 3;
const CONTACT_RATE_MAX = 6;
const postgres = findPostgres();

test.describe('two API instances on one PostgreSQL', () => {
  test.skip(skipForMissing('PostgreSQL', postgres.ok ? null : postgres.reason));
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let server: PostgresServer;
  let sink: SmtpSink;
  let instances: ApiInstance[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startPostgres();
    sink = await startSmtpSink();
    const databaseUrl = await server.createDatabase('dc_two_instances');
    const env = {
      DATABASE_URL: databaseUrl,
      DC_ADMIN_TOKEN: ADMIN_TOKEN,
      DC_REGISTER_RATE_MAX: String(RATE_MAX),
      DC_REGISTER_RATE_WINDOW_S: '600',
      DC_CONTACT_RATE_MAX: String(CONTACT_RATE_MAX),
      DC_CONTACT_RATE_WINDOW_S: '600',
      SMTP_URL: sink.url,
      LEAD_POLL_S: '1',
    };
    // Started together: both run the migrations at once, the advisory lock makes that safe.
    instances = await Promise.all([startApiInstance(env), startApiInstance(env)]);
  });

  test.afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await server?.stop();
    await sink?.stop();
  });

  const register = (instance: ApiInstance, email: string) =>
    fetch(`${instance.baseURL}${API_BASE}/user/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(signUpBody(email)),
    });
  const admin = (instance: ApiInstance, path: string, init: RequestInit = {}) =>
    fetch(`${instance.baseURL}${API_BASE}${path}`, { ...init, headers: { ...init.headers, Authorization: `Bearer ${ADMIN_TOKEN}` } });

  test('a user registered through one instance is read, edited and refused again through the other', async () => {
    const [a, b] = instances as [ApiInstance, ApiInstance];
    const created = await register(a, 'jana.weber@example.de');
    expect(created.status, a.output()).toBe(201);
    const user = (await created.json()) as User;

    const read = await admin(b, `/user/${user._id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(user);
    expect(((await (await admin(b, '/user/all-users')).json()) as User[]).map((u) => u.email)).toEqual(['jana.weber@example.de']);

    const edited = await admin(b, `/user/${user._id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lastName: 'Schmidt' }),
    });
    expect(edited.status).toBe(200);
    expect(((await (await admin(a, `/user/${user._id}`)).json()) as User).lastName).toBe('Schmidt');

    const duplicate = await register(b, 'Jana.Weber@example.de');
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as { message: string }).message).toBe(USER_MESSAGES.duplicateEmail);
  });

  test('a session started on one instance is served by the other, and ended there for both', async () => {
    const [a, b] = instances as [ApiInstance, ApiInstance];
    const signedIn = await fetch(`${a.baseURL}${API_BASE}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: a.baseURL },
      body: JSON.stringify({ email: 'jana.weber@example.de', password: 'Mannheim#2025' }),
    });
    expect(signedIn.status, a.output()).toBe(200);
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('dc_session='))!.split(';')[0]!;
    const me = (instance: ApiInstance) => fetch(`${instance.baseURL}${API_BASE}/me`, { headers: { Cookie: cookie } });
    expect(((await (await me(b)).json()) as User).email).toBe('jana.weber@example.de');
    const out = await fetch(`${b.baseURL}${API_BASE}/session`, { method: 'DELETE', headers: { Cookie: cookie, Origin: b.baseURL } });
    expect(out.status).toBe(204);
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(401);
  });

  test('the register rate limit counts the requests of both instances', async () => {
    const [a, b] = instances as [ApiInstance, ApiInstance];
    // The first test used one sign-up of the limit (from 127.0.0.1, like these) and one 409.
    // Sign-ups alternate between the instances until the shared counter passes RATE_MAX.
    const statuses: number[] = [];
    for (let i = 0; statuses.at(-1) !== 429 && i < RATE_MAX * 2 + 2; i++) {
      const response = await register(i % 2 === 0 ? b : a, `lukas.${i}@example.de`);
      statuses.push(response.status);
      if (response.status === 429) {
        const problem = (await response.json()) as { message: string };
        expect(problem.message).toBe(USER_MESSAGES.tooManyRegistrations);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    // Two requests before this test + RATE_MAX - 2 here reach the limit; the next is refused,
    // whichever instance answers. Per-process counters would have allowed 2 * RATE_MAX.
    expect(statuses).toEqual([...Array<number>(RATE_MAX - 2).fill(201), 429]);
    for (const instance of [a, b]) {
      expect((await register(instance, `late.${instance.baseURL.length}@example.de`)).status).toBe(429);
    }
    const users = (await (await admin(a, '/user/all-users')).json()) as User[];
    expect(users).toHaveLength(RATE_MAX - 1);
  });

  test('a contact request accepted by either instance while both deliver is mailed exactly once; the contact limit counts both', async () => {
    const [a, b] = instances as [ApiInstance, ApiInstance];
    const contact = (instance: ApiInstance, i: number) =>
      fetch(`${instance.baseURL}${CONTACT_ENDPOINT}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          variant: 'contact',
          name: `Contact request ${i}`,
          email: 'jana.weber@example.de',
          phone: '+49 621 4305 8870',
          message: `We would like to talk about our monthly reporting (${i}).`,
        }),
      });
    // Both instances take contact requests at the same moment, and both deliver (each kicks its outbox on a contact request).
    const accepted = await Promise.all(Array.from({ length: CONTACT_RATE_MAX }, (_, i) => contact(i % 2 === 0 ? a : b, i)));
    expect(accepted.map((r) => r.status), a.output() + b.output()).toEqual(Array<number>(CONTACT_RATE_MAX).fill(201));
    const ids = await Promise.all(accepted.map(async (r) => ((await r.json()) as { id: string }).id));
    // The shared counter is full: the next contact request is refused by either instance (per-process
    // counters would allow 2 * CONTACT_RATE_MAX).
    for (const instance of [a, b]) {
      const refused = await contact(instance, 99);
      expect(refused.status).toBe(429);
      const { message } = (await refused.json()) as { message: string };
      expect(message).toContain('You have sent several messages in a short time.');
      expect(message).toContain(COMPANY_EMAIL);
    }

    // The sign-ups of the test before mailed their verification links to the same server: contact requests only.
    const contactRequestMails = () => sink.received.filter((mail) => mail.parsed.messageId?.startsWith('<lead-'));
    await expect.poll(() => contactRequestMails().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(CONTACT_RATE_MAX);
    const mails = contactRequestMails();
    // Both instances agree every contact request is sent (the outbox is empty), each after exactly one
    // attempt: a double claim would be a second attempt, and a sent contact request is never claimed again.
    const sent = async () => (await (await admin(b, '/contact?status=sent&limit=200')).json()) as { total: number; leads: Array<{ attempts: number }> };
    await expect.poll(async () => (await sent()).total, { timeout: 20_000 }).toBe(CONTACT_RATE_MAX);
    expect((await sent()).leads.map((contactRequest) => contactRequest.attempts)).toEqual(Array<number>(CONTACT_RATE_MAX).fill(1));
    expect(contactRequestMails()).toHaveLength(CONTACT_RATE_MAX);
    const messageIds = contactRequestMails().map((mail) => mail.parsed.messageId);
    expect(new Set(messageIds).size).toBe(CONTACT_RATE_MAX);
    expect(messageIds.map((messageId) => /^<lead-([0-9a-f-]{36})@/.exec(messageId ?? '')?.[1]).sort()).toEqual([...ids].sort());
    expect(mails.every((mail) => mail.parsed.text?.includes('We would like to talk about our monthly reporting'))).toBe(true);
  });
});
