import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { openStores } from '../../server/db/openStores';
import { SESSION_COOKIE } from '../../server/sessions/cookies';
import { hashToken, newSessionToken } from '../../server/sessions/token';
import { AUDIT_ACTIONS, CLI_ACTOR } from '../../server/staff/audit';
import { runStaffCli, STAFF_USAGE } from '../../server/staff/cli';
import { ENROLLMENT_PAGE, ENROLLMENT_TTL_MS } from '../../server/staff/enrollment';
import { API_BASE } from '../../shared/constants';
import { STAFF_NOTE_MAX, STAFF_PAGE_MAX, STAFF_SEARCH_MAX } from '../../shared/staffContactRequests';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { EMAIL_INVALID, EMAIL_REQUIRED, FIRST_NAME_TOO_SHORT, LAST_NAME_TOO_LONG, LAST_NAME_TOO_SHORT } from '../../shared/validation';
import { ACCOUNT_MAIL_SUBJECTS } from '../../server/accounts/accountMails';
import { databaseBackends } from '../support/databaseBackends';
import { seedPasswordHash } from '../support/seedPassword';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { seedAccount, seedSession, serverOnFreshDatabase } from '../support/serverUnderTest';
import { makeTestSite } from '../support/testSite';

/**
 * The staff console's API and the staff CLI (issue 32), through inject on the whole server
 * (buildApp), on SQLite and on PostgreSQL, with a real SMTP server (tests/support/smtpSink) for
 * the contact request deliveries. Sessions are made in the session store with a known token: a staff
 * session "proven with a passkey" is one whose row says so (the passkey ceremony itself is not
 * part of this branch).
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

const SAME_SITE = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };
/** Invitations one staff member may send in the window (DC_STAFF_INVITE_RATE_MAX of the app under test). */
const INVITE_MAX = 4;
const TABLE_INVITEE = 'table.colleague@dataclarity.example';
const SITE = 'http://localhost:4399';

let root: string;
let dist: string;
let seedHash: string;
let sink: SmtpSink;

beforeAll(async () => {
  seedHash = await seedPasswordHash('Mannheim#2025');
  sink = await startSmtpSink();
  ({ root, dist } = makeTestSite('dc-staff-'));
});

afterAll(async () => {
  await sink.stop();
  rmSync(root, { recursive: true, force: true });
});

type Persona = 'anonymous' | 'unverified client' | 'client' | 'staff without passkey' | 'staff';
const PERSONAS: readonly Persona[] = ['anonymous', 'unverified client', 'client', 'staff without passkey', 'staff'];
const REFUSAL: Record<Exclude<Persona, 'staff'>, { status: number; message: string }> = {
  anonymous: { status: 401, message: STAFF_MESSAGES.signedOut },
  'unverified client': { status: 403, message: STAFF_MESSAGES.notStaff },
  client: { status: 403, message: STAFF_MESSAGES.notStaff },
  'staff without passkey': { status: 403, message: STAFF_MESSAGES.passkeyRequired },
};

for (const backend of databaseBackends('Staff')) {
  describe.skipIf(backend.skip)(`staff console API on ${backend.name}`, () => {
    const server = serverOnFreshDatabase(backend, () => ({
      distDir: dist,
      env: { SMTP_URL: sink.url, SITE_URL: SITE, LEAD_POLL_S: '1', LEAD_RETRY_MAX_ATTEMPTS: '1', DC_STAFF_INVITE_RATE_MAX: String(INVITE_MAX) },
    }));
    let counter = 0;
    const cliOutput: string[] = [];
    const cli = (...args: string[]) =>
      runStaffCli(args, { ...server.env, SITE_URL: SITE }, { log: (line) => cliOutput.push(line), error: (line) => cliOutput.push(`ERR ${line}`) });

    const api = (options: InjectOptions & { url: string }) => server.app.inject({ ...options, url: API_BASE + options.url });

    async function seedUser(options: { verified?: boolean; role?: 'client' | 'staff' } = {}) {
      counter++;
      return seedAccount(server.stores, `person.${counter}@example.de`, seedHash, options);
    }

    /** A live session of the user with a token the test knows. */
    const sessionOf = (userId: string, passkeyVerified: boolean) => seedSession(server.stores, userId, passkeyVerified);

    async function cookieOf(persona: Persona): Promise<Record<string, string>> {
      if (persona === 'anonymous') return {};
      const user = await seedUser({ verified: persona !== 'unverified client', role: persona.startsWith('staff') ? 'staff' : 'client' });
      return { cookie: `${SESSION_COOKIE}=${await sessionOf(user.id, persona === 'staff' || persona === 'unverified client' || persona === 'client')}` };
    }

    let contactRequestCounter = 0;
    async function seedContactRequest(fields: Partial<{ name: string; email: string; message: string; variant: 'contact' | 'consultation' }> = {}, at = new Date()) {
      contactRequestCounter++;
      const { contactRequest } = await server.stores.contactRequests.create(
        {
          variant: fields.variant ?? 'contact',
          name: fields.name ?? `Contact Person ${contactRequestCounter}`,
          email: fields.email ?? `contact.${contactRequestCounter}@firma.example`,
          phone: '+49 621 1234567',
          message: fields.message ?? `We would like a Power BI review, request number ${contactRequestCounter}.`,
          source: 'http://localhost/contact',
          spam: false,
        },
        at,
      );
      return contactRequest;
    }

    const statusOf = async (id: string) => (await server.stores.contactRequests.get(id))?.status;

    /** A contact request whose only delivery attempt the SMTP server refused. */
    async function failedContactRequest() {
      sink.refusing = true;
      try {
        const contactRequest = await seedContactRequest();
        await vi.waitFor(async () => expect(await statusOf(contactRequest.id)).toBe('failed'), { timeout: 15_000, interval: 100 });
        return contactRequest;
      } finally {
        sink.refusing = false;
      }
    }

    /** Every route of the console's API, with what a staff request gets (on a target account of `targetRole`, default client). */
    const ROUTES: Array<{
      method: InjectOptions['method'];
      url: (id: string, userId: string, pressId: string) => string;
      payload?: object;
      ok: number;
      targetRole?: 'staff';
    }> = [
      { method: 'GET', url: () => '/staff/leads', ok: 200 },
      { method: 'GET', url: () => '/staff/leads.csv', ok: 200 },
      { method: 'GET', url: (id) => `/staff/leads/${id}`, ok: 200 },
      { method: 'PATCH', url: (id) => `/staff/leads/${id}`, payload: { handled: true, note: 'Called back.' }, ok: 200 },
      { method: 'POST', url: (id) => `/staff/leads/${id}/retry`, ok: 202 },
      { method: 'DELETE', url: (id) => `/staff/leads/${id}`, ok: 204 },
      { method: 'GET', url: () => '/staff/users', ok: 200 },
      { method: 'PATCH', url: (_id, userId) => `/staff/users/${userId}`, payload: { active: false }, ok: 200 },
      { method: 'PATCH', url: (_id, userId) => `/staff/users/${userId}`, payload: { firstName: 'Maria', lastName: 'Schmidt' }, ok: 200 },
      { method: 'DELETE', url: (_id, userId) => `/staff/users/${userId}`, ok: 204 },
      { method: 'GET', url: (_id, userId) => `/staff/users/${userId}/requests`, ok: 200 },
      { method: 'GET', url: () => '/staff/members', ok: 200 },
      { method: 'POST', url: () => '/staff/invitations', payload: { email: TABLE_INVITEE }, ok: 202 },
      { method: 'DELETE', url: (_id, userId) => `/staff/members/${userId}`, ok: 204, targetRole: 'staff' },
      { method: 'GET', url: () => '/staff/audit', ok: 200 },
      { method: 'GET', url: () => '/staff/passkeys', ok: 200 },
      { method: 'POST', url: () => '/staff/passkeys/options', ok: 200 },
      { method: 'GET', url: () => '/staff/press', ok: 200 },
      { method: 'POST', url: () => '/staff/press', payload: { title: 'Planted item', url: 'https://example.com/planted' }, ok: 201 },
      { method: 'PATCH', url: (_id, _userId, pressId) => `/staff/press/${pressId}`, payload: { title: 'Defaced item' }, ok: 200 },
      { method: 'DELETE', url: (_id, _userId, pressId) => `/staff/press/${pressId}`, ok: 204 },
    ];

    it('checks the role on every route for each request: 401 / 403 / 403 / 403 / success, and nothing of the console in a refusal', async () => {
      const secret = await seedContactRequest({ name: 'Secretive Prospect', email: 'secret.prospect@firma.example' });
      const table: string[] = [];
      for (const route of ROUTES) {
        for (const persona of PERSONAS) {
          const contactRequest = route.method === 'POST' && route.url('', '', '').endsWith('/retry') ? await failedContactRequest() : await seedContactRequest();
          const target = await seedUser({ verified: true, ...(route.targetRole ? { role: route.targetRole } : {}) });
          const pressItem = await server.stores.press.add(
            { title: 'Secret draft coverage', url: 'https://example.com/secret', source: '', outlet_type: 'Other', date: '', excerpt: '' },
            'author@dataclarity.de',
            new Date(),
          );
          const pressBefore = await server.stores.press.list();
          const headers = { ...SAME_SITE, ...(await cookieOf(persona)) };
          const response = await api({
            method: route.method,
            url: route.url(contactRequest.id, target.id, pressItem.id),
            headers,
            ...(route.payload ? { payload: route.payload } : {}),
          });
          table.push(`${route.method} ${route.url(':id', ':id', ':id')} × ${persona} → ${response.statusCode}`);
          if (persona === 'staff') {
            expect(response.statusCode, table.at(-1)).toBe(route.ok);
            continue;
          }
          expect(response.statusCode, table.at(-1)).toBe(REFUSAL[persona].status);
          expect(response.json()).toEqual({ type: 'about:blank', title: expect.any(String), status: REFUSAL[persona].status, detail: REFUSAL[persona].message, message: REFUSAL[persona].message });
          for (const leaked of [secret.name, secret.email, contactRequest.email, contactRequest.id, target.email, pressItem.id, 'author@dataclarity.de'])
            expect(response.body).not.toContain(leaked);
          // A refused change changed nothing.
          const after = await server.stores.contactRequests.get(contactRequest.id);
          expect(after).not.toBeNull();
          expect(after!.handledAt).toBeNull();
          expect(await server.stores.users.get(target.id)).toMatchObject({ active: true, firstName: 'Jana', lastName: 'Weber' });
          expect(await server.stores.staff.roleOf(target.id)).toBe(route.targetRole ?? 'client');
          if (route.method === 'POST' && route.url('', '', '') === '/staff/invitations') expect(await server.stores.users.credentials(TABLE_INVITEE)).toBeNull();
          expect(await server.stores.press.list()).toEqual(pressBefore);
        }
      }
      expect(table).toHaveLength(ROUTES.length * PERSONAS.length);
    });

    it('stops a session at once when its user stops being staff or is deactivated', async () => {
      const member = await seedUser({ role: 'staff' });
      const headers = { ...SAME_SITE, cookie: `${SESSION_COOKIE}=${await sessionOf(member.id, true)}` };
      expect((await api({ method: 'GET', url: '/staff/leads', headers })).statusCode).toBe(200);
      await server.stores.staff.setRole(member.id, 'client');
      expect((await api({ method: 'GET', url: '/staff/leads', headers })).statusCode).toBe(403);
      await server.stores.staff.setRole(member.id, 'staff');
      await server.stores.users.deactivate(member.id);
      expect((await api({ method: 'GET', url: '/staff/leads', headers })).statusCode).toBe(401);
    });

    it('refuses a cross-site change from a staff session (403) and changes nothing', async () => {
      const member = await seedUser({ role: 'staff' });
      const contactRequest = await seedContactRequest();
      const cookie = `${SESSION_COOKIE}=${await sessionOf(member.id, true)}`;
      const response = await api({ method: 'DELETE', url: `/staff/leads/${contactRequest.id}`, headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
      expect(response.statusCode).toBe(403);
      expect(await server.stores.contactRequests.get(contactRequest.id)).not.toBeNull();
    });

    it('never lets the public API set a role: sign-up and PATCH /me refuse the key, the role stays client', async () => {
      const user = await seedUser({ verified: true });
      const cookie = `${SESSION_COOKIE}=${await sessionOf(user.id, false)}`;
      const patch = await api({ method: 'PATCH', url: '/me', headers: { ...SAME_SITE, cookie }, payload: { role: 'staff' } });
      expect(patch.statusCode).toBe(400);
      expect(patch.json().message).toContain('role');
      const signUp = await api({
        method: 'POST',
        url: '/user/register',
        headers: SAME_SITE,
        payload: { firstName: 'Mia', lastName: 'Klein', email: `mia.${counter}@example.de`, password: 'Mannheim#2025', confirmPassword: 'Mannheim#2025', termsAccepted: true, role: 'staff' },
      });
      expect(signUp.statusCode).toBe(400);
      // Refused for the role alone: the rest of the sign-up is valid.
      expect(Object.keys(signUp.json().errors ?? {})).toEqual(['role']);
      expect(await server.stores.staff.roleOf(user.id)).toBe('client');
      const fresh = await seedUser();
      expect(await server.stores.staff.roleOf(fresh.id)).toBe('client');
    });

    describe('as staff', () => {
      let headers: Record<string, string>;
      let member: { id: string; email: string };
      beforeAll(async () => {
        member = await seedUser({ role: 'staff' });
        headers = { ...SAME_SITE, cookie: `${SESSION_COOKIE}=${await sessionOf(member.id, true)}` };
      });
      const get = (url: string) => api({ method: 'GET', url, headers });

      it('filters the inbox by variant, status, handled and text (wildcards are plain text), newest first, paged', async () => {
        const tag = `t${Date.now()}`;
        const a = await seedContactRequest({ name: `Anna ${tag}`, variant: 'consultation', message: `Dashboard audit, 100%_sure ${tag}` });
        const b = await seedContactRequest({ name: `Ben ${tag}`, variant: 'contact', message: `Only a question ${tag}` });
        const c = await seedContactRequest({ email: `carla.${tag}@firma.example`, variant: 'consultation' });
        await server.stores.contactRequests.setHandled(b.id, true, new Date());

        const byText = (await get(`/staff/leads?q=${tag}`)).json();
        expect(byText.total).toBe(3);
        expect(byText.leads.map((contactRequest: { id: string }) => contactRequest.id)).toEqual([c.id, b.id, a.id]);
        expect((await get(`/staff/leads?q=${tag.toUpperCase()}&variant=consultation`)).json().leads.map((l: { id: string }) => l.id)).toEqual([c.id, a.id]);
        expect((await get(`/staff/leads?q=${tag}&handled=true`)).json().leads.map((l: { id: string }) => l.id)).toEqual([b.id]);
        expect((await get(`/staff/leads?q=${tag}&handled=false`)).json().total).toBe(2);
        expect((await get(`/staff/leads?q=${encodeURIComponent('100%_sure')}`)).json().leads.map((l: { id: string }) => l.id)).toEqual([a.id]);
        expect((await get(`/staff/leads?q=${encodeURIComponent('0%_s')}`)).json().total).toBe(1);
        expect((await get(`/staff/leads?q=${encodeURIComponent('1_0')}`)).json().total).toBe(0);
        const page = (await get(`/staff/leads?q=${tag}&limit=2&offset=2`)).json();
        expect(page).toMatchObject({ total: 3, limit: 2, offset: 2 });
        expect(page.leads.map((l: { id: string }) => l.id)).toEqual([a.id]);

        const failed = await failedContactRequest();
        const failedOnly = (await get('/staff/leads?status=failed&limit=100')).json();
        expect(failedOnly.leads.map((l: { id: string }) => l.id)).toContain(failed.id);
        expect(failedOnly.leads.every((l: { status: string }) => l.status === 'failed')).toBe(true);
      });

      it('answers bad filters with 400 naming the field', async () => {
        const cases: Array<[string, string, string]> = [
          ['status=sent', 'status', STAFF_MESSAGES.badStatus],
          ['variant=job', 'variant', STAFF_MESSAGES.badVariant],
          ['handled=yes', 'handled', STAFF_MESSAGES.badHandled],
          [`q=${'x'.repeat(STAFF_SEARCH_MAX + 1)}`, 'q', STAFF_MESSAGES.badSearch(STAFF_SEARCH_MAX)],
          ['limit=0', 'limit', STAFF_MESSAGES.badLimit(STAFF_PAGE_MAX)],
          [`limit=${STAFF_PAGE_MAX + 1}`, 'limit', STAFF_MESSAGES.badLimit(STAFF_PAGE_MAX)],
          ['offset=-1', 'offset', STAFF_MESSAGES.badOffset],
        ];
        for (const [query, field, message] of cases) {
          const response = await get(`/staff/leads?${query}`);
          expect(response.statusCode, query).toBe(400);
          expect(response.json().errors, query).toEqual({ [field]: message });
        }
        expect((await get(`/staff/leads?limit=${STAFF_PAGE_MAX}`)).statusCode).toBe(200);
        expect((await get('/staff/leads?sort=name')).statusCode).toBe(400);
      });

      it('opens a contact request with every field, its origin and each delivery attempt with its error; notes it and marks it handled, audited', async () => {
        const contactRequest = await failedContactRequest();
        const detail = (await get(`/staff/leads/${contactRequest.id}`)).json();
        expect(detail.lead).toMatchObject({ id: contactRequest.id, name: contactRequest.name, email: contactRequest.email, phone: contactRequest.phone, message: contactRequest.message, source: 'http://localhost/contact', status: 'failed' });
        expect(detail.note).toBe('');
        expect(detail.deliveryAttempts).toHaveLength(1);
        expect(detail.deliveryAttempts[0].error).toEqual(expect.any(String));
        expect(detail.deliveryAttempts[0].error.length).toBeGreaterThan(0);

        const patched = await api({ method: 'PATCH', url: `/staff/leads/${contactRequest.id}`, headers, payload: { handled: true, note: 'Called back, sends the data model on Monday.' } });
        expect(patched.statusCode).toBe(200);
        expect(patched.json().note).toBe('Called back, sends the data model on Monday.');
        expect(patched.json().lead.handledAt).toEqual(expect.any(String));
        const reopened = await api({ method: 'PATCH', url: `/staff/leads/${contactRequest.id}`, headers, payload: { handled: false } });
        expect(reopened.json().lead.handledAt).toBeNull();
        expect(reopened.json().note).toBe('Called back, sends the data model on Monday.');

        const audit = (await get('/staff/audit?limit=10')).json();
        const mine = audit.entries.filter((entry: { recordId: string }) => entry.recordId === contactRequest.id);
        expect(mine.map((entry: { action: string }) => entry.action)).toEqual([AUDIT_ACTIONS.contactRequestReopened, AUDIT_ACTIONS.contactRequestNoted, AUDIT_ACTIONS.contactRequestHandled]);
        for (const entry of mine) expect(entry).toMatchObject({ actorId: member.id, actorEmail: member.email, recordType: 'lead' });

        for (const payload of [{}, { handled: 'yes' }, { note: 'x'.repeat(STAFF_NOTE_MAX + 1) }, { status: 'spam' }]) {
          const bad = await api({ method: 'PATCH', url: `/staff/leads/${contactRequest.id}`, headers, payload });
          expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
          expect(bad.json().message).toEqual(expect.any(String));
        }
        expect((await api({ method: 'PATCH', url: `/staff/leads/${contactRequest.id}`, headers, payload: { note: 'x'.repeat(STAFF_NOTE_MAX) } })).statusCode).toBe(200);
        expect((await get('/staff/leads/no-such-lead')).statusCode).toBe(404);
      });

      it('retries a failed delivery now: it is mailed once the SMTP server takes it; a contact request that did not fail cannot be retried', async () => {
        const contactRequest = await failedContactRequest();
        const before = sink.received.length;
        const retried = await api({ method: 'POST', url: `/staff/leads/${contactRequest.id}/retry`, headers });
        expect(retried.statusCode).toBe(202);
        expect(retried.json().lead.status).toBe('received');
        await vi.waitFor(async () => expect(await statusOf(contactRequest.id)).toBe('sent'), { timeout: 15_000, interval: 100 });
        expect(sink.received.length).toBe(before + 1);
        const detail = (await get(`/staff/leads/${contactRequest.id}`)).json();
        expect(detail.lead.status).toBe('delivered');
        expect(detail.deliveryAttempts.map((attempt: { error: string | null }) => attempt.error === null)).toEqual([false, true]);
        const again = await api({ method: 'POST', url: `/staff/leads/${contactRequest.id}/retry`, headers });
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe(STAFF_MESSAGES.notFailed);
        const audit = (await get('/staff/audit')).json().entries;
        expect(audit.filter((entry: { recordId: string }) => entry.recordId === contactRequest.id).map((entry: { action: string }) => entry.action)).toEqual([AUDIT_ACTIONS.contactRequestRetried]);
      });

      it('exports the filtered list as the safe CSV and erases a contact request, both audited', async () => {
        const tag = `x${Date.now()}`;
        const risky = await seedContactRequest({ name: `=HYPERLINK("http://evil.example") ${tag}` });
        await seedContactRequest({ name: `Other ${tag}`, variant: 'consultation' });
        const csv = await get(`/staff/leads.csv?q=${tag}&variant=contact`);
        expect(csv.statusCode).toBe(200);
        expect(csv.headers['content-type']).toMatch(/^text\/csv/);
        expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
        const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
        expect(lines).toHaveLength(2);
        expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"") ${tag}"`);

        expect((await api({ method: 'DELETE', url: `/staff/leads/${risky.id}`, headers })).statusCode).toBe(204);
        expect(await server.stores.contactRequests.get(risky.id)).toBeNull();
        expect((await api({ method: 'DELETE', url: `/staff/leads/${risky.id}`, headers })).statusCode).toBe(404);
        const audit = (await get('/staff/audit?limit=3')).json();
        expect(audit.entries.slice(0, 2).map((entry: { action: string; recordId: string }) => [entry.action, entry.recordId])).toEqual([
          [AUDIT_ACTIONS.contactRequestDeleted, risky.id],
          [AUDIT_ACTIONS.contactRequestsExported, 'export'],
        ]);
        expect(audit.entries[1].detail).toBe('1 of 1');
        expect(JSON.stringify(audit)).not.toContain(risky.name);
      });
    });

    describe('accounts, as staff', () => {
      it('lists and searches accounts (name, email, role, verified, active, created, last sign-in), deactivates (sessions end) and reactivates, audited', async () => {
        const member = await seedUser({ role: 'staff' });
        const headers = { ...SAME_SITE, cookie: `${SESSION_COOKIE}=${await sessionOf(member.id, true)}` };
        const client = await seedUser({ verified: true });
        const silent = await seedUser();
        const clientToken = await sessionOf(client.id, false);

        const all = (await api({ method: 'GET', url: '/staff/users?limit=2', headers })).json();
        expect(all).toMatchObject({ limit: 2, offset: 0 });
        expect(all.accounts.map((a: { id: string }) => a.id)).toEqual([silent.id, client.id]);
        expect(all.accounts[1]).toEqual({
          id: client.id,
          firstName: 'Jana',
          lastName: 'Weber',
          email: client.email,
          role: 'client',
          emailVerified: true,
          active: true,
          createdAt: expect.any(String),
          lastSignInAt: expect.any(String),
        });
        expect(all.accounts[0]).toMatchObject({ emailVerified: false, lastSignInAt: null });
        const found = (await api({ method: 'GET', url: `/staff/users?q=${encodeURIComponent(client.email.toUpperCase())}`, headers })).json();
        expect(found.accounts.map((a: { id: string }) => a.id)).toEqual([client.id]);
        expect(found.total).toBe(1);
        expect(JSON.stringify(all)).not.toMatch(/password|scrypt/i);

        const off = await api({ method: 'PATCH', url: `/staff/users/${client.id}`, headers, payload: { active: false } });
        expect(off.statusCode).toBe(200);
        expect(off.json().active).toBe(false);
        expect(await server.stores.sessions.find(hashToken(clientToken))).toBeNull();
        const on = await api({ method: 'PATCH', url: `/staff/users/${client.id}`, headers, payload: { active: true } });
        expect(on.json().active).toBe(true);
        const entries = (await server.stores.staff.auditLog({ limit: 2 })).entries;
        expect(entries.map((e) => [e.action, e.recordId, e.actorEmail])).toEqual([
          [AUDIT_ACTIONS.accountReactivated, client.id, member.email],
          [AUDIT_ACTIONS.accountDeactivated, client.id, member.email],
        ]);

        const self = await api({ method: 'PATCH', url: `/staff/users/${member.id}`, headers, payload: { active: false } });
        expect(self.statusCode).toBe(409);
        expect(self.json().message).toBe(STAFF_MESSAGES.notYourself);
        expect((await api({ method: 'PATCH', url: `/staff/users/${client.id}`, headers, payload: { active: 'no' } })).json().errors).toEqual({ active: STAFF_MESSAGES.accountPatch });
        expect((await api({ method: 'PATCH', url: `/staff/users/${client.id}`, headers, payload: { role: 'staff' } })).statusCode).toBe(400);
        expect(await server.stores.staff.roleOf(client.id)).toBe('client');
        expect((await api({ method: 'PATCH', url: '/staff/users/nobody', headers, payload: { active: true } })).statusCode).toBe(404);
      });
    });

    describe('clients, staff and invitations, as staff', () => {
      let headers: Record<string, string>;
      let member: { id: string; email: string };
      beforeAll(async () => {
        member = await seedUser({ role: 'staff' });
        headers = { ...SAME_SITE, cookie: `${SESSION_COOKIE}=${await sessionOf(member.id, true)}` };
      });
      const call = (method: InjectOptions['method'], url: string, payload?: object) => api({ method, url, headers, ...(payload ? { payload } : {}) });
      const auditOf = async (recordId: string) =>
        (await server.stores.staff.auditLog({ limit: 50 })).entries.filter((entry) => entry.recordId === recordId).map((entry) => [entry.action, entry.actorEmail]);

      it("renames a client by the rules and messages of the account's own name change, audited", async () => {
        const client = await seedUser({ verified: true });
        const renamed = await call('PATCH', `/staff/users/${client.id}`, { firstName: '  Maria ', lastName: 'Schmidt-Öztürk ' });
        expect(renamed.statusCode).toBe(200);
        expect(renamed.json()).toMatchObject({ id: client.id, firstName: 'Maria', lastName: 'Schmidt-Öztürk', email: client.email });
        expect(await server.stores.users.get(client.id)).toMatchObject({ firstName: 'Maria', lastName: 'Schmidt-Öztürk' });
        expect(await auditOf(client.id)).toEqual([[AUDIT_ACTIONS.accountRenamed, member.email]]);
        // The same name again changes nothing and is not logged again.
        expect((await call('PATCH', `/staff/users/${client.id}`, { firstName: 'Maria', lastName: 'Schmidt-Öztürk' })).statusCode).toBe(200);
        expect(await auditOf(client.id)).toHaveLength(1);

        // Bad names: the same answer PATCH /me gives the client for the same body, and nothing changes.
        const clientCookie = `${SESSION_COOKIE}=${await sessionOf(client.id, false)}`;
        const bodies = [{ firstName: 'M', lastName: 'Schmidt' }, { firstName: 'Maria', lastName: '' }, { firstName: 'Maria' }, { firstName: 'Maria', lastName: 'x'.repeat(200) }, { firstName: 5, lastName: 'Schmidt' }];
        for (const payload of bodies) {
          const byStaff = await call('PATCH', `/staff/users/${client.id}`, payload);
          const own = await api({ method: 'PATCH', url: '/me', headers: { ...SAME_SITE, cookie: clientCookie }, payload });
          expect(byStaff.statusCode, JSON.stringify(payload)).toBe(400);
          expect(byStaff.json().errors, JSON.stringify(payload)).toEqual(own.json().errors);
        }
        expect((await call('PATCH', `/staff/users/${client.id}`, bodies[0])).json().errors).toEqual({ firstName: FIRST_NAME_TOO_SHORT });
        expect((await call('PATCH', `/staff/users/${client.id}`, bodies[1])).json().errors).toEqual({ lastName: LAST_NAME_TOO_SHORT });
        expect((await call('PATCH', `/staff/users/${client.id}`, bodies[3])).json().errors).toEqual({ lastName: LAST_NAME_TOO_LONG });
        expect(await server.stores.users.get(client.id)).toMatchObject({ firstName: 'Maria', lastName: 'Schmidt-Öztürk' });
        // A name and the active flag are two changes: one at a time.
        expect((await call('PATCH', `/staff/users/${client.id}`, { active: false, firstName: 'Maria', lastName: 'Schmidt' })).json().message).toBe(STAFF_MESSAGES.accountPatch);
        expect((await server.stores.users.get(client.id))!.active).toBe(true);
        expect((await call('PATCH', '/staff/users/nobody', { firstName: 'Maria', lastName: 'Schmidt' })).statusCode).toBe(404);
      });

      it("lists a client's requests (sent with their address, newest first, spam left out) as the inbox does", async () => {
        const client = await seedUser();
        // Received in the same millisecond: the later one is still listed first.
        const at = new Date();
        const first = await seedContactRequest({ email: client.email.toUpperCase(), variant: 'consultation' }, at);
        await seedContactRequest({ email: `someone.else.${counter}@example.de` }, at);
        const second = await seedContactRequest({ email: client.email }, at);
        await server.stores.contactRequests.create(
          { variant: 'contact', name: 'Spam Bot', email: client.email, phone: '+49 621 1234567', message: 'Cheap followers for your brand!', source: '', spam: true },
          new Date(),
        );
        const answer = await call('GET', `/staff/users/${client.id}/requests`);
        expect(answer.statusCode).toBe(200);
        const requests = answer.json().requests as Array<{ id: string; status: string; variant: string }>;
        expect(requests.map((contactRequest) => contactRequest.id)).toEqual([second.id, first.id]);
        expect(requests[1]).toMatchObject({ variant: 'consultation', status: expect.stringMatching(/^(received|delivered)$/) });
        expect((await call('GET', `/staff/users/${(await seedUser()).id}/requests`)).json()).toEqual({ requests: [] });
        expect((await call('GET', '/staff/users/nobody/requests')).statusCode).toBe(404);
      });

      it('deletes an account with everything the account deletion erases; its requests stay; never oneself, audited', async () => {
        const client = await seedUser({ verified: true });
        const token = await sessionOf(client.id, false);
        await server.stores.passkeys.add({ id: `pk-${client.id}`, userId: client.id, publicKey: 'pQECAyYgASFYIA', counter: 0, transports: ['internal'], name: 'Phone' }, new Date());
        await server.stores.dashboards.add(client.id, { title: 'Sales', category: 'Sales', src: 'https://app.powerbi.com/view?r=sales' }, new Date());
        await server.stores.staff.issueEnrollment(client.id, hashToken(newSessionToken()), new Date(Date.now() + ENROLLMENT_TTL_MS), new Date());
        const contactRequest = await seedContactRequest({ email: client.email });

        const deleted = await call('DELETE', `/staff/users/${client.id}`);
        expect(deleted.statusCode).toBe(204);
        expect(await server.stores.users.get(client.id)).toBeNull();
        expect(await server.stores.users.credentials(client.email)).toBeNull();
        expect(await server.stores.sessions.find(hashToken(token))).toBeNull();
        expect(await server.stores.passkeys.listForUser(client.id)).toEqual([]);
        expect(await server.stores.passkeys.get(`pk-${client.id}`)).toBeNull();
        expect(await server.stores.dashboards.list(client.id)).toEqual([]);
        expect(await server.stores.staff.roleOf(client.id)).toBeNull();
        expect(await server.stores.contactRequests.get(contactRequest.id)).not.toBeNull();
        // They can no longer sign in.
        const signIn = await api({ method: 'POST', url: '/session', headers: SAME_SITE, payload: { email: client.email, password: 'Mannheim#2025' } });
        expect(signIn.statusCode).toBe(401);
        expect(await auditOf(client.id)).toEqual([[AUDIT_ACTIONS.accountDeleted, member.email]]);
        expect((await call('DELETE', `/staff/users/${client.id}`)).statusCode).toBe(404);

        const self = await call('DELETE', `/staff/users/${member.id}`);
        expect(self.statusCode).toBe(409);
        expect(self.json().message).toBe(STAFF_MESSAGES.notYourselfDelete);
        expect(await server.stores.users.get(member.id)).not.toBeNull();

        // Another staff member can be deleted (there are more); they stop being staff first.
        const colleague = await seedUser({ role: 'staff' });
        expect((await call('DELETE', `/staff/users/${colleague.id}`)).statusCode).toBe(204);
        expect(await server.stores.users.get(colleague.id)).toBeNull();
      });

      it('refuses a cross-site deletion, rename or invitation from a staff session and changes nothing', async () => {
        const client = await seedUser();
        const evil = { cookie: headers.cookie!, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
        expect((await api({ method: 'DELETE', url: `/staff/users/${client.id}`, headers: evil })).statusCode).toBe(403);
        expect((await api({ method: 'PATCH', url: `/staff/users/${client.id}`, headers: evil, payload: { firstName: 'Eve', lastName: 'Evil' } })).statusCode).toBe(403);
        expect((await api({ method: 'POST', url: '/staff/invitations', headers: evil, payload: { email: client.email } })).statusCode).toBe(403);
        expect((await api({ method: 'DELETE', url: `/staff/members/${member.id}`, headers: evil })).statusCode).toBe(403);
        expect(await server.stores.users.get(client.id)).toMatchObject({ firstName: 'Jana' });
        expect(await server.stores.staff.roleOf(client.id)).toBe('client');
      });

      it('invites a colleague: the account is created (a client until the link is used), the enrollment link is mailed (24 h) and works; audited', async () => {
        const email = `invited.${Date.now()}.${counter}@dataclarity.example`;
        const before = sink.received.length;
        const invited = await call('POST', '/staff/invitations', { email: `  ${email.toUpperCase()} ` });
        expect(invited.statusCode).toBe(202);
        const body = invited.json();
        expect(body).toMatchObject({ created: true, account: { email, role: 'client', emailVerified: false, active: true } });
        expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(ENROLLMENT_TTL_MS - 60_000);
        const userId = body.account.id as string;
        // Staff rights come only with the link, used by whoever holds the mailbox.
        expect(await server.stores.staff.roleOf(userId)).toBe('client');

        await sink.waitFor(before + 1, 15_000);
        const mail = await vi.waitFor(() => {
          const found = sink.received.find((received) => received.envelope.to.includes(email));
          if (!found) throw new Error('no invitation yet');
          return found;
        });
        expect(mail.parsed.subject).toBe(ACCOUNT_MAIL_SUBJECTS['staff-invitation']);
        const text = mail.parsed.text ?? '';
        expect(text).toContain(`${member.email} invited you`);
        expect(text).toContain('24 hours');
        const link = text.match(new RegExp(`^${SITE}${ENROLLMENT_PAGE}/([A-Za-z0-9_-]{43})$`, 'm'));
        expect(link, text).not.toBeNull();
        const token = link![1]!;
        expect(await server.stores.staff.enrollmentState(hashToken(token), new Date())).toBe('valid');
        // The link starts the passkey registration of the invited account (the page's first call).
        const options = await api({ method: 'POST', url: '/passkeys/enrollment/options', headers: SAME_SITE, payload: { token } });
        expect(options.statusCode).toBe(200);
        expect(options.json().user).toMatchObject({ name: email });
        // The mail left the outbox once it was accepted: the token is not kept in the clear.
        expect(await server.stores.contactRequests.outbox.size('staff-invitation')).toBe(0);
        expect(await auditOf(userId)).toEqual([[AUDIT_ACTIONS.staffInvited, member.email]]);

        // Invited again: a new link replaces the first, the account stays the one.
        const again = await call('POST', '/staff/invitations', { email });
        expect(again.json()).toMatchObject({ created: false, account: { id: userId } });
        await vi.waitFor(() => expect(sink.received.filter((received) => received.envelope.to.includes(email))).toHaveLength(2), { timeout: 15_000 });
        expect(await server.stores.staff.enrollmentState(hashToken(token), new Date())).toBe('unknown');
      });

      it("invites an existing client (password kept); refuses a bad address with the site's email messages and a deactivated account", async () => {
        const client = await seedUser({ verified: true });
        const hash = await server.stores.users.passwordHashOf(client.id);
        const invited = await call('POST', '/staff/invitations', { email: client.email });
        expect(invited.statusCode).toBe(202);
        expect(invited.json()).toMatchObject({ created: false, account: { id: client.id, role: 'client' } });
        expect(await server.stores.staff.roleOf(client.id)).toBe('client');
        expect(await server.stores.users.passwordHashOf(client.id)).toBe(hash);

        const cases: Array<[object, Record<string, string>]> = [
          [{ email: '' }, { email: EMAIL_REQUIRED }],
          [{ email: 'anna.berger@' }, { email: EMAIL_INVALID }],
          [{ email: 'anna berger@dataclarity.de' }, { email: EMAIL_INVALID }],
          [{}, { email: EMAIL_REQUIRED }],
          [{ email: 42 }, { email: EMAIL_REQUIRED }],
        ];
        for (const [payload, errors] of cases) {
          const refused = await call('POST', '/staff/invitations', payload);
          expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
          expect(refused.json().errors, JSON.stringify(payload)).toEqual(errors);
        }
        expect((await call('POST', '/staff/invitations', { email: 'a@b.de', role: 'staff' })).json().message).toBe(STAFF_MESSAGES.invitationBody);
        expect(await server.stores.users.credentials('anna.berger@')).toBeNull();

        const off = await seedUser();
        await server.stores.staff.setActive(off.id, false);
        const deactivated = await call('POST', '/staff/invitations', { email: off.email });
        expect(deactivated.statusCode).toBe(409);
        expect(deactivated.json().message).toBe(STAFF_MESSAGES.invitationDeactivated);
        expect(await server.stores.staff.roleOf(off.id)).toBe('client');
      });

      it('limits the invitations of one staff member (429 with Retry-After), not of another', async () => {
        const busy = await seedUser({ role: 'staff' });
        const busyHeaders = { ...SAME_SITE, cookie: `${SESSION_COOKIE}=${await sessionOf(busy.id, true)}` };
        const invite = async (as: Record<string, string>) => api({ method: 'POST', url: '/staff/invitations', headers: as, payload: { email: (await seedUser()).email } });
        for (let i = 0; i < INVITE_MAX; i++) expect((await invite(busyHeaders)).statusCode).toBe(202);
        const refused = await invite(busyHeaders);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe(STAFF_MESSAGES.invitationThrottled);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect((await invite(headers)).statusCode).toBe(202);
      });

      it('lists the staff and removes a colleague from it (sessions end, link dropped); never oneself, never a client, audited', async () => {
        const colleague = await seedUser({ role: 'staff' });
        const theirs = await sessionOf(colleague.id, true);
        await server.stores.staff.issueEnrollment(colleague.id, hashToken(newSessionToken()), new Date(Date.now() + ENROLLMENT_TTL_MS), new Date());
        const list = (await call('GET', '/staff/members')).json();
        expect(list.you).toBe(member.id);
        const ids = list.members.map((m: { id: string }) => m.id);
        expect(ids).toEqual(expect.arrayContaining([member.id, colleague.id]));
        expect(list.members.every((m: Record<string, unknown>) => !('passwordHash' in m))).toBe(true);

        expect((await call('DELETE', `/staff/members/${colleague.id}`)).statusCode).toBe(204);
        expect(await server.stores.staff.roleOf(colleague.id)).toBe('client');
        expect(await server.stores.sessions.find(hashToken(theirs))).toBeNull();
        expect((await call('GET', '/staff/members')).json().members.map((m: { id: string }) => m.id)).not.toContain(colleague.id);
        expect(await auditOf(colleague.id)).toEqual([[AUDIT_ACTIONS.staffRemoved, member.email]]);

        const again = await call('DELETE', `/staff/members/${colleague.id}`);
        expect(again.statusCode).toBe(404);
        expect(again.json().message).toBe(STAFF_MESSAGES.notStaffMember);
        const self = await call('DELETE', `/staff/members/${member.id}`);
        expect(self.statusCode).toBe(409);
        expect(self.json().message).toBe(STAFF_MESSAGES.notYourselfStaff);
        expect(await server.stores.staff.roleOf(member.id)).toBe('staff');
      });
    });

    it('never removes the last staff member, even when two remove each other at once', async () => {
      const config = loadConfig({ LOG_LEVEL: 'silent', ...(await backend.fresh()) });
      const lone = await openStores({ databasePath: config.databasePath, databaseUrl: config.databaseUrl });
      try {
        const create = async (email: string) => {
          const user = await lone.users.create({ firstName: 'Anna', lastName: 'Berger', email, passwordHash: seedHash });
          await lone.staff.setRole(user._id, 'staff');
          return user._id;
        };
        // The race, several times over (without the lock, PostgreSQL lets both through about one time in three).
        for (let round = 1; round <= 5; round++) {
          const pair = [await create(`anna.${round}@dataclarity.example`), await create(`ben.${round}@dataclarity.example`)];
          const outcomes = await Promise.all(pair.map((id) => lone.staff.removeStaff(id)));
          expect(outcomes.sort(), `round ${round}`).toEqual(['last', 'removed']);
          expect((await lone.staff.listStaff()).length).toBe(1);
          for (const id of pair) await lone.staff.setRole(id, 'client');
        }
        const a = await create('anna@dataclarity.example');
        const b = await create('ben@dataclarity.example');
        expect(await lone.staff.removeStaff(a)).toBe('removed');
        const [last] = await lone.staff.listStaff();
        expect(last!.id).toBe(b);
        expect(await lone.staff.removeStaff(last!.id)).toBe('last');
        expect(await lone.staff.removeStaff(last!.id === a ? b : a)).toBe('not-staff');
        expect(await lone.staff.roleOf(last!.id)).toBe('staff');
      } finally {
        await lone.close();
      }
    });

    describe('npm run staff', () => {
      it('add creates the account and prints a one-time link valid 24 h that makes it staff; a second add mails a new link, which replaces the first', async () => {
        cliOutput.length = 0;
        const email = `new.staff.${Date.now()}@dataclarity.example`;
        const started = new Date();
        expect(await cli('add', `  ${email.toUpperCase()} `)).toBe(0);
        const link = cliOutput.join('\n').match(new RegExp(`${SITE}${ENROLLMENT_PAGE}/([A-Za-z0-9_-]{43})$`, 'm'));
        expect(link, cliOutput.join('\n')).not.toBeNull();
        const token = link![1]!;
        const user = await server.stores.users.credentials(email);
        expect(user).not.toBeNull();
        expect(await server.stores.staff.roleOf(user!.id)).toBe('client');
        expect(await server.stores.staff.enrollmentState(hashToken(token), new Date())).toBe('valid');
        // 24 hours, then no more.
        expect(await server.stores.staff.enrollmentState(hashToken(token), new Date(started.getTime() + ENROLLMENT_TTL_MS - 60_000))).toBe('valid');
        expect(await server.stores.staff.enrollmentState(hashToken(token), new Date(Date.now() + ENROLLMENT_TTL_MS + 1000))).toBe('expired');
        // Only the hash is stored: the token itself is found nowhere.
        expect(await server.stores.staff.enrollmentState(token, new Date())).toBe('unknown');

        // The account exists now: the link goes to its address, never to the screen.
        cliOutput.length = 0;
        const mailsBefore = sink.received.filter((received) => received.envelope.to.includes(email)).length;
        expect(await cli('add', email)).toBe(0);
        expect(cliOutput.join('\n')).not.toMatch(/[A-Za-z0-9_-]{43}/);
        expect(cliOutput.join('\n')).toContain('mailed to that address');
        const mailed = await vi.waitFor(
          () => {
            const found = sink.received.filter((received) => received.envelope.to.includes(email))[mailsBefore];
            if (!found) throw new Error('no mailed link yet');
            return found;
          },
          { timeout: 15_000 },
        );
        const second = (mailed.parsed.text ?? '').match(/\/([A-Za-z0-9_-]{43})$/m)![1]!;
        expect(second).not.toBe(token);
        expect(await server.stores.staff.enrollmentState(hashToken(token), new Date())).toBe('unknown');
        expect(await server.stores.staff.useEnrollment(hashToken(second), new Date())).toEqual({ userId: user!.id });
        expect(await server.stores.staff.useEnrollment(hashToken(second), new Date())).toBe('unknown');

        const entries = (await server.stores.staff.auditLog({ limit: 10 })).entries.filter((entry) => entry.recordId === user!.id);
        expect(entries.map((entry) => [entry.action, entry.detail])).toEqual([
          [AUDIT_ACTIONS.staffEnrollmentIssued, 'mailed'],
          [AUDIT_ACTIONS.staffEnrollmentIssued, 'printed'],
        ]);
        expect(entries.every((entry) => entry.actorEmail === CLI_ACTOR && entry.actorId === null)).toBe(true);
      });

      it('an expired link is refused and used up', async () => {
        const member = await seedUser({ role: 'staff' });
        const token = newSessionToken();
        const now = new Date();
        await server.stores.staff.issueEnrollment(member.id, hashToken(token), new Date(now.getTime() + ENROLLMENT_TTL_MS), now);
        expect(await server.stores.staff.useEnrollment(hashToken(token), new Date(now.getTime() + ENROLLMENT_TTL_MS))).toBe('expired');
        expect(await server.stores.staff.useEnrollment(hashToken(token), now)).toBe('unknown');
      });

      it('add mails an existing client the link, which makes them staff (password kept); list shows staff only; remove makes them a client and ends their sessions', async () => {
        const client = await seedUser({ verified: true });
        const other = await seedUser();
        const hashBefore = await server.stores.users.passwordHashOf(client.id);
        expect(await cli('add', client.email)).toBe(0);
        expect(await server.stores.staff.roleOf(client.id)).toBe('client');
        // The link used (../passkeys enrollment does this): staff from now on.
        expect(await server.stores.staff.grantStaff(client.id, new Date())).toMatchObject({ promoted: true });
        expect(await server.stores.staff.roleOf(client.id)).toBe('staff');
        expect(await server.stores.users.passwordHashOf(client.id)).toBe(hashBefore);

        cliOutput.length = 0;
        expect(await cli('list')).toBe(0);
        expect(cliOutput.some((line) => line.startsWith(`${client.email}\t`))).toBe(true);
        expect(cliOutput.some((line) => line.startsWith(`${other.email}\t`))).toBe(false);

        const token = await sessionOf(client.id, true);
        expect((await api({ method: 'GET', url: '/staff/audit', headers: { cookie: `${SESSION_COOKIE}=${token}` } })).statusCode).toBe(200);
        cliOutput.length = 0;
        expect(await cli('remove', client.email)).toBe(0);
        expect(await server.stores.staff.roleOf(client.id)).toBe('client');
        expect(await server.stores.sessions.find(hashToken(token))).toBeNull();
        expect((await server.stores.staff.auditLog({ limit: 1 })).entries[0]).toMatchObject({ action: AUDIT_ACTIONS.staffRemoved, recordId: client.id, actorEmail: CLI_ACTOR });

        cliOutput.length = 0;
        expect(await cli('remove', other.email)).toBe(1);
        expect(cliOutput).toEqual([`ERR ${other.email} is not a staff member.`]);
      });

      it('refuses bad usage (exit 2) before touching the database', async () => {
        for (const args of [[], ['add'], ['promote', 'a@b.de'], ['list', 'extra'], ['add', 'a@b.de', 'c@d.de']]) {
          cliOutput.length = 0;
          expect(await cli(...args), args.join(' ')).toBe(2);
          expect(cliOutput).toEqual([`ERR ${STAFF_USAGE}`]);
        }
        cliOutput.length = 0;
        expect(await cli('add', 'not-an-address')).toBe(2);
        expect(cliOutput).toEqual([`ERR ${EMAIL_INVALID}: 'not-an-address'`]);
      });
    });
  });
}
