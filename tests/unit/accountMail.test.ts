import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { ACCOUNT_MAIL_SUBJECTS } from '../../server/accounts/accountMails';
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from '../../server/accounts/settings';
import type { ServerConfig } from '../../server/config';
import { SESSION_COOKIE } from '../../server/sessions/cookies';
import { hashToken } from '../../server/sessions/token';
import { CHEAP_HASH_ENV, seedPasswordHash } from '../support/seedPassword';
import { ACCOUNT_MESSAGES, RESET_FRAGMENTS, SIGN_IN_NOTICES, VERIFY_FRAGMENTS } from '../../shared/accountMessages';
import { API_BASE } from '../../shared/constants';
import { EMAIL_INVALID, PASSWORDS_DO_NOT_MATCH, SIGN_UP_PASSWORD_WEAK } from '../../shared/validation';
import { databaseBackends } from '../support/databaseBackends';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtpSink';
import { debugLoggingApp, seedAccount, serverOnFreshDatabase } from '../support/serverUnderTest';
import { makeTestSite } from '../support/testSite';

/**
 * Issue 31's mail flows through inject on the whole server (buildApp), on SQLite and PostgreSQL,
 * with the mails sent over SMTP to a real in-process server (tests/support/smtpSink): password
 * reset, email verification and change, the account's requests, export and deletion. Real
 * scrypt hashes, so the tests sign in and hash only where they must.
 */
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const PASSWORD = 'Mannheim#2025';
const NEW_PASSWORD = 'Heidelberg#2026';
const SITE = 'http://localhost:4399';
const SAME_SITE = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };
const LINK = /http:\/\/localhost:4399\/(reset_password|verify_email)\/([A-Za-z0-9_-]{43})/;

let root: string;
let dist: string;
let seedHash: string;
let sink: SmtpSink;

const PAGE = (title: string) =>
  `<!doctype html><title>${title}</title><div data-link-state="none"><form method="post"><input type="hidden" name="token" value=""></form></div>`;

beforeAll(async () => {
  seedHash = await seedPasswordHash(PASSWORD);
  sink = await startSmtpSink();
  ({ root, dist } = makeTestSite('dc-account-mail-'));
  mkdirSync(join(dist, 'reset_password', 'link'), { recursive: true });
  mkdirSync(join(dist, 'verify_email'), { recursive: true });
  writeFileSync(join(dist, 'reset_password', 'link', 'index.html'), PAGE('Choose a new password'));
  writeFileSync(join(dist, 'verify_email', 'index.html'), PAGE('Verify your email'));
});

afterAll(async () => {
  await sink.stop();
  rmSync(root, { recursive: true, force: true });
});

function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const line = list.find((each) => each.startsWith(`${name}=`));
  return line?.split(';')[0]!.slice(name.length + 1);
}

/** The mails to `address` of one kind, oldest first. */
function mailsTo(address: string, kind: string): ReceivedMail[] {
  return sink.received.filter((mail) => mail.envelope.to.includes(address) && mail.parsed.headers.get('x-dc-mail-kind') === kind);
}

async function mailTo(address: string, kind: string, count = 1): Promise<ReceivedMail> {
  return vi.waitFor(
    () => {
      const found = mailsTo(address, kind);
      if (found.length < count) throw new Error(`waiting for ${kind} mail ${count} to ${address}`);
      return found[count - 1]!;
    },
    { timeout: 15_000, interval: 25 },
  );
}

function linkToken(mail: ReceivedMail): string {
  const match = LINK.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no link in:\n${mail.parsed.text}`);
  return match[2]!;
}

for (const backend of databaseBackends('Account mail')) {
  describe.skipIf(backend.skip)(`account mail on ${backend.name}`, () => {
    const server = serverOnFreshDatabase(backend, () => ({ distDir: dist, env: { ...CHEAP_HASH_ENV, SMTP_URL: sink.url, SITE_URL: SITE } }), { perTest: true });
    let counter = 0;

    function config(accounts: Partial<AccountSettings> = {}): ServerConfig {
      return { ...server.config, accounts: { ...server.config.accounts, ...accounts } };
    }
    const api = (options: InjectOptions & { url: string }, target = server.app) => target.inject({ ...options, url: API_BASE + options.url });
    const withSession = (token: string, extra: Record<string, string> = SAME_SITE) => ({ cookie: `${SESSION_COOKIE}=${token}`, ...extra });

    async function seedUser(verified = false) {
      counter++;
      const email = `jana.${backend.name.toLowerCase()}.${counter}.${Date.now()}@example.de`;
      return seedAccount(server.stores, email, seedHash, { verified });
    }
    async function signIn(email: string, password = PASSWORD, target = server.app) {
      const response = await api({ method: 'POST', url: '/session', payload: { email, password }, headers: SAME_SITE }, target);
      expect(response.statusCode).toBe(200);
      return cookieValue(response, SESSION_COOKIE)!;
    }
    const requestReset = (email: string, target = server.app) => api({ method: 'POST', url: '/password-reset', payload: { email }, headers: SAME_SITE }, target);
    const confirmReset = (payload: Record<string, unknown>) => api({ method: 'POST', url: '/password-reset/confirm', payload, headers: SAME_SITE });
    const confirmEmail = (token: string) => api({ method: 'POST', url: '/email-verification/confirm', payload: { token }, headers: SAME_SITE });

    it('answers a reset request alike for a known and an unknown address (status, headers, body), and mails only the known one', async () => {
      const user = await seedUser();
      const unknown = await requestReset(`nobody.${counter}@example.de`);
      const known = await requestReset(user.email);
      const strip = (response: LightMyRequestResponse) => {
        const { date: _date, ...headers } = response.headers;
        return { status: response.statusCode, headers, body: response.body };
      };
      expect(strip(known)).toEqual(strip(unknown));
      expect(known.statusCode).toBe(202);
      expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.resetSent });
      const mail = await mailTo(user.email, 'password-reset');
      expect(mail.parsed.subject).toBe(ACCOUNT_MAIL_SUBJECTS['password-reset']);
      expect(mail.parsed.text).toContain('DataClarity');
      expect(mail.parsed.html).toBe(false);
      expect(mail.parsed.messageId).toMatch(/^<password-reset-[0-9a-f-]{36}@dataclarity\.de>$/);
      // The database holds the SHA-256 of the token only; the outbox row with the link is gone once sent.
      const token = linkToken(mail);
      expect(await server.stores.accounts.tokenState(hashToken(token), 'password-reset', new Date())).toBe('valid');
      await vi.waitFor(async () => expect(await server.stores.accounts.mails.size('password-reset')).toBe(0));
      expect(sink.received.some((each) => each.envelope.to.some((to) => to.startsWith('nobody.')))).toBe(false);
      // Bad input: 400 naming the field; a form post: 303 to the page's fragment.
      const bad = await requestReset('not-an-address');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ email: EMAIL_INVALID });
      const form = await api({
        method: 'POST',
        url: '/password-reset',
        payload: `email=${encodeURIComponent(user.email)}`,
        headers: { ...SAME_SITE, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe(`/reset_password#${RESET_FRAGMENTS.sent}`);
      expect((await api({ method: 'POST', url: '/password-reset', payload: { email: user.email }, headers: { origin: 'https://evil.example' } })).statusCode).toBe(403);
      // A form of a no-referrer page (the link pages) sends Origin: null; Sec-Fetch-Site then decides.
      const fromNull = (fetchSite?: string) =>
        api({ method: 'POST', url: '/password-reset', payload: { email: user.email }, headers: { origin: 'null', ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}) } });
      expect((await fromNull('same-origin')).statusCode).toBe(202);
      expect((await fromNull('cross-site')).statusCode).toBe(403);
      expect((await fromNull()).statusCode).toBe(403);
    });

    it('resets the password once: the link page, the rules, every session ended, address verified, "password changed" mailed, the link dead after', async () => {
      const user = await seedUser();
      const first = await signIn(user.email);
      const second = await signIn(user.email);
      await requestReset(user.email);
      const token = linkToken(await mailTo(user.email, 'password-reset'));

      const page = await server.app.inject({ method: 'GET', url: `/reset_password/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain(`name="token" value="${token}"`);
      expect(page.body).toContain('data-link-state="valid"');

      const weak = await confirmReset({ token, password: 'weakpass', confirmPassword: 'weakpass' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors).toEqual({ password: SIGN_UP_PASSWORD_WEAK });
      const mismatch = await confirmReset({ token, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` });
      expect(mismatch.json().errors).toEqual({ confirmPassword: PASSWORDS_DO_NOT_MATCH });
      expect((await confirmReset({ token: 'short', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).statusCode).toBe(400);

      const done = await confirmReset({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordReset });
      for (const session of [first, second]) expect((await api({ method: 'GET', url: '/me', headers: withSession(session, {}) })).statusCode).toBe(401);
      const changed = await mailTo(user.email, 'password-changed');
      expect(changed.parsed.subject).toBe(ACCOUNT_MAIL_SUBJECTS['password-changed']);

      // Only a token-shaped segment is a link page; other paths stay the static site's (404 here).
      for (const path of ['/reset_password/short', `/verify_email/${token}x`]) {
        const other = await server.app.inject({ method: 'GET', url: path });
        expect(other.statusCode).toBe(404);
        expect(other.headers['referrer-policy']).not.toBe('no-referrer');
      }
      const template = await server.app.inject({ method: 'GET', url: '/reset_password/link' });
      expect(template.statusCode).toBe(200);
      expect(template.body).toContain('data-link-state="none"');
      const again = await confirmReset({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe(ACCOUNT_MESSAGES.linkExpired);
      const deadPage = await server.app.inject({ method: 'GET', url: `/reset_password/${token}` });
      expect(deadPage.statusCode).toBe(410);
      expect(deadPage.body).toContain('data-link-state="expired"');
      expect(deadPage.body).not.toContain(token);

      const session = await signIn(user.email, NEW_PASSWORD);
      const me = await api({ method: 'GET', url: '/me', headers: withSession(session, {}) });
      expect(me.json()).toMatchObject({ email: user.email, emailVerified: true });
    });

    it('a new reset request replaces the old link; an expired link says so; a no-JavaScript reset answers 303', async () => {
      const user = await seedUser();
      await requestReset(user.email);
      const old = linkToken(await mailTo(user.email, 'password-reset'));
      await requestReset(user.email);
      const current = linkToken(await mailTo(user.email, 'password-reset', 2));
      expect(current).not.toBe(old);
      expect((await confirmReset({ token: old, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).statusCode).toBe(410);

      const form = (fields: Record<string, string>) =>
        api({ method: 'POST', url: '/password-reset/confirm', payload: new URLSearchParams(fields).toString(), headers: { ...SAME_SITE, 'content-type': 'application/x-www-form-urlencoded' } });
      const mismatch = await form({ token: current, password: NEW_PASSWORD, confirmPassword: 'Other#Pass1' });
      expect(mismatch.statusCode).toBe(303);
      expect(mismatch.headers.location).toBe(`/reset_password/${current}#${RESET_FRAGMENTS.mismatch}`);
      const done = await form({ token: current, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe(`/sign_in#${SIGN_IN_NOTICES.passwordReset}`);

      // A link that is too old: a server whose links live 1 ms.
      const shortLived = await buildApp(config({ resetTtlMs: 1 }));
      try {
        await requestReset(user.email, shortLived);
        const expired = linkToken(await mailTo(user.email, 'password-reset', 3));
        await vi.waitFor(async () => expect(await server.stores.accounts.tokenState(hashToken(expired), 'password-reset', new Date())).toBe('expired'));
        expect((await shortLived.inject({ method: 'GET', url: `/reset_password/${expired}` })).statusCode).toBe(410);
        const late = await api({ method: 'POST', url: '/password-reset/confirm', payload: { token: expired, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, headers: SAME_SITE }, shortLived);
        expect(late.statusCode).toBe(410);
      } finally {
        await shortLived.close();
      }
    });

    it('limits reset requests per address and per IP (429 with Retry-After, the same for unknown addresses)', async () => {
      const limited = await buildApp(config({ resetPerAccount: { max: 2, timeWindowMs: 60_000 }, resetPerIp: { max: 4, timeWindowMs: 60_000 } }));
      try {
        for (const address of ['a@example.de', 'unknown-b@example.de']) {
          expect((await requestReset(address, limited)).statusCode).toBe(202);
          expect((await requestReset(address, limited)).statusCode).toBe(202);
          const third = await requestReset(address, limited);
          expect(third.statusCode).toBe(429);
          expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
          expect(third.json().message).toBe(ACCOUNT_MESSAGES.resetThrottled);
        }
        // Four counted from this IP (the refused ones are not): a fresh address is refused too.
        expect((await requestReset('fresh@example.de', limited)).statusCode).toBe(429);
      } finally {
        await limited.close();
      }
    });

    it('sign-up mails a verification link; the link verifies once; requests show only once verified; resend is limited', async () => {
      counter++;
      const email = `new.${backend.name.toLowerCase()}.${counter}.${Date.now()}@example.de`;
      await server.stores.contactRequests.create({ variant: 'contact', name: 'Jana Weber', email: email.toUpperCase(), phone: '+49 621 123456', message: 'Please call me about dashboards.', source: '', spam: false }, new Date());
      const registered = await api({
        method: 'POST',
        url: '/user/register',
        payload: { firstName: 'Jana', lastName: 'Weber', email, password: PASSWORD, confirmPassword: PASSWORD, termsAccepted: true },
      });
      expect(registered.statusCode).toBe(201);
      const mail = await mailTo(email, 'email-verification');
      expect(mail.parsed.subject).toBe(ACCOUNT_MAIL_SUBJECTS['email-verification']);
      const token = linkToken(mail);
      let session = await signIn(email);
      const me = async () => (await api({ method: 'GET', url: '/me', headers: withSession(session, {}) })).json();
      expect((await me()).emailVerified).toBe(false);
      const hidden = await api({ method: 'GET', url: '/me/requests', headers: withSession(session, {}) });
      expect(hidden.json()).toEqual({ verified: false, requests: [] });

      const page = await server.app.inject({ method: 'GET', url: `/verify_email/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      // Looking at the page does not verify.
      expect((await me()).emailVerified).toBe(false);
      // Opened in the signed-in browser: the first proof ends every session made before it, this
      // browser's too, and gives it a new one.
      const confirmed = await api({ method: 'POST', url: '/email-verification/confirm', payload: { token }, headers: withSession(session) });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ message: ACCOUNT_MESSAGES.emailVerified, changed: false });
      expect((await api({ method: 'GET', url: '/me', headers: withSession(session, {}) })).statusCode).toBe(401);
      session = cookieValue(confirmed, SESSION_COOKIE)!;
      expect((await me()).emailVerified).toBe(true);
      expect((await confirmEmail(token)).statusCode).toBe(410);
      const shown = (await api({ method: 'GET', url: '/me/requests', headers: withSession(session, {}) })).json();
      expect(shown.verified).toBe(true);
      expect(shown.requests).toHaveLength(1);
      expect(shown.requests[0]).toMatchObject({ variant: 'contact', message: 'Please call me about dashboards.', handled: false });

      const resend = () => api({ method: 'POST', url: '/email-verification', headers: withSession(session) });
      expect((await resend()).json()).toEqual({ message: ACCOUNT_MESSAGES.alreadyVerified });
      const other = await seedUser();
      const otherSession = await signIn(other.email);
      const again = () => api({ method: 'POST', url: '/email-verification', headers: withSession(otherSession) });
      for (let i = 0; i < DEFAULT_ACCOUNT_SETTINGS.verificationResend.max; i++) expect((await again()).statusCode).toBe(202);
      const refused = await again();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // Only the newest link works.
      const links = await vi.waitFor(() => {
        const found = mailsTo(other.email, 'email-verification');
        if (found.length < 3) throw new Error('waiting');
        return found.map(linkToken);
      });
      expect((await confirmEmail(links[0]!)).statusCode).toBe(410);
      const form = await api({ method: 'POST', url: '/email-verification/confirm', payload: `token=${links[2]}`, headers: { ...SAME_SITE, 'content-type': 'application/x-www-form-urlencoded' } });
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe(`/verify_email#${VERIFY_FRAGMENTS.verified}`);
      expect((await api({ method: 'POST', url: '/email-verification', headers: SAME_SITE })).statusCode).toBe(401);
    });

    it('changes the email only when the new address is verified, with a notice to the old one', async () => {
      const user = await seedUser(true);
      const taken = await seedUser();
      const session = await signIn(user.email);
      const patch = (payload: Record<string, unknown>) => api({ method: 'PATCH', url: '/me', payload, headers: withSession(session) });
      expect((await patch({ email: taken.email, currentPassword: PASSWORD })).statusCode).toBe(409);
      expect((await patch({ email: user.email, currentPassword: PASSWORD })).statusCode).toBe(409);
      expect((await patch({ email: 'bad', currentPassword: PASSWORD })).json().errors).toEqual({ email: EMAIL_INVALID });
      const wrong = await patch({ email: `x${user.email}`, currentPassword: 'Wrong#Pass1' });
      expect(wrong.statusCode).toBe(403);
      const next = `changed.${user.email}`;
      const asked = await patch({ email: next.toUpperCase(), currentPassword: PASSWORD });
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent, pendingEmail: next });
      const notice = await mailTo(user.email, 'email-change-notice');
      expect(notice.parsed.text).toContain(next);
      expect(notice.parsed.subject).toBe(ACCOUNT_MAIL_SUBJECTS['email-change-notice']);
      const link = linkToken(await mailTo(next, 'email-change'));
      const me = async () => (await api({ method: 'GET', url: '/me', headers: withSession(session, {}) })).json();
      expect((await me()).email).toBe(user.email);
      const done = await confirmEmail(link);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ email: next, changed: true });
      expect(await me()).toMatchObject({ email: next, emailVerified: true });
      expect((await confirmEmail(link)).statusCode).toBe(410);
    });

    it('an address changed by an administrator is not verified', async () => {
      const user = await seedUser(true);
      expect(await server.stores.accounts.verifiedEmail(user.id)).toBe(user.email);
      await server.stores.users.update(user.id, { firstName: 'Janina' });
      expect(await server.stores.accounts.verifiedEmail(user.id)).toBe(user.email);
      await server.stores.users.update(user.id, { email: `other.${user.email}` });
      expect(await server.stores.accounts.verifiedEmail(user.id)).toBeNull();
    });

    it('exports the account as JSON and deletes it with the password, erasing the requests when asked', async () => {
      const keep = await seedUser(true);
      const erase = await seedUser(true);
      for (const email of [keep.email, erase.email]) {
        await server.stores.contactRequests.create({ variant: 'consultation', name: 'Jana Weber', email, phone: '+49 621 123456', message: 'A review of our reporting, please.', source: '', spam: false }, new Date());
      }
      await server.stores.dashboards.add(keep.id, { title: 'Sales overview', category: 'Sales', src: 'https://app.powerbi.com/view?r=abc' }, new Date());
      const session = await signIn(keep.email);
      const other = await signIn(keep.email);
      const exported = await api({ method: 'GET', url: '/me/export', headers: withSession(session, {}) });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toContain('attachment');
      const data = exported.json();
      expect(data.profile).toMatchObject({ email: keep.email, emailVerified: true });
      expect(data.sessions).toHaveLength(2);
      expect(data.requests).toHaveLength(1);
      // The dashboards staff gave the account are its data too.
      expect(data.dashboards).toEqual([{ title: 'Sales overview', category: 'Sales', src: 'https://app.powerbi.com/view?r=abc', createdAt: expect.any(String) }]);
      expect(JSON.stringify(data)).not.toContain('password');

      const remove = (payload: Record<string, unknown>, token = session) => api({ method: 'DELETE', url: '/me', payload, headers: withSession(token) });
      expect((await remove({})).statusCode).toBe(400);
      expect((await remove({ password: 'Wrong#Pass1' })).statusCode).toBe(403);
      const deleted = await remove({ password: PASSWORD });
      expect(deleted.statusCode).toBe(204);
      expect(cookieValue(deleted, SESSION_COOKIE)).toBe('');
      expect((await api({ method: 'GET', url: '/me', headers: withSession(other, {}) })).statusCode).toBe(401);
      expect(await server.stores.users.get(keep.id)).toBeNull();
      expect(await server.stores.accounts.requestsFrom(keep.email)).toHaveLength(1);
      // A confirmation goes to the address the account had, saying what stays.
      const confirmation = await mailTo(keep.email, 'account-deleted');
      expect(confirmation.parsed.subject).toBe(ACCOUNT_MAIL_SUBJECTS['account-deleted']);
      expect(confirmation.parsed.text).toContain('was deleted just now');
      expect(confirmation.parsed.text).toContain('Requests you sent us through the website stay with us');

      const eraseSession = await signIn(erase.email);
      expect((await remove({ password: PASSWORD, eraseRequests: true }, eraseSession)).statusCode).toBe(204);
      expect(await server.stores.accounts.requestsFrom(erase.email)).toHaveLength(0);
      expect((await mailTo(erase.email, 'account-deleted')).parsed.text).toContain('The request you sent us from this address was erased too.');
    });

    it('logs no token and no password of the mail flows', async () => {
      const user = await seedUser();
      const { app: logged, lines } = await debugLoggingApp(config());
      try {
        await logged.ready();
        await requestReset(user.email, logged);
        const token = linkToken(await mailTo(user.email, 'password-reset'));
        await api({ method: 'POST', url: '/password-reset/confirm', payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, headers: SAME_SITE }, logged);
        await mailTo(user.email, 'password-changed');
        await logged.inject({ method: 'GET', url: `/reset_password/${token}` });
        const log = lines.join('');
        expect(log).toContain('password reset');
        expect(log).toContain('mail sent');
        expect(log).not.toContain(token);
        expect(log).not.toContain(hashToken(token));
        expect(log).not.toContain(NEW_PASSWORD);
        expect(log).not.toContain(user.email);
      } finally {
        await logged.close();
      }
    });
  });
}
