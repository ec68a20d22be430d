import { rmSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import { SESSION_COOKIE } from '../../server/sessions/cookies';
import { hashToken } from '../../server/sessions/token';
import { SCRYPT_PARAMS, needsRehash, parseHash } from '../../server/users/password';
import { CHEAP_HASH_ENV, seedPasswordHash } from '../support/seedPassword';
import { UNKNOWN_ADDRESS_HASH } from '../../server/accounts/sessionRoutes';
import { ACCOUNT_MESSAGES, SESSION_HINT_COOKIE, SIGN_IN_FRAGMENTS } from '../../shared/accountMessages';
import { API_BASE } from '../../shared/constants';
import {
  EMAIL_INVALID,
  FIRST_NAME_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  SIGN_IN_PASSWORD_TOO_SHORT,
  SIGN_UP_PASSWORD_WEAK,
} from '../../shared/validation';
import { databaseBackends } from '../support/databaseBackends';
import { DOT_SEGMENT_REDIRECTS, OPEN_REDIRECT_SPELLINGS } from '../support/openRedirectSpellings';
import { debugLoggingApp, seedAccount, serverOnFreshDatabase } from '../support/serverUnderTest';
import { makeTestSite } from '../support/testSite';

/**
 * Sign-in sessions through inject on the whole server (buildApp), on SQLite and on PostgreSQL.
 * Seeded accounts carry a cheap scrypt hash (tests/support/seedPassword.ts), and the server sets
 * passwords (sign-up, change) and checks unknown addresses at that cost (CHEAP_HASH_ENV), so the
 * many sign-ins cost milliseconds; tests/unit/api.test.ts and userStore.test.ts check the real cost.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const PASSWORD = 'Mannheim#2025';
const ORIGIN = 'http://localhost';
const SAME_SITE = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' };

let root: string;
let dist: string;
let seedHash: string;

beforeAll(async () => {
  seedHash = await seedPasswordHash(PASSWORD);
  ({ root, dist } = makeTestSite('dc-accounts-'));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Cookies of a Set-Cookie list, by name, with their attributes. */
function setCookies(response: LightMyRequestResponse): Map<string, string> {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return new Map(list.map((line) => [line.split('=')[0]!, line]));
}

function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  const line = setCookies(response).get(name);
  return line?.split(';')[0]!.slice(name.length + 1);
}

for (const backend of databaseBackends('Accounts')) {
  describe.skipIf(backend.skip)(`accounts on ${backend.name}`, () => {
    const server = serverOnFreshDatabase(backend, () => ({ distDir: dist, env: { ...CHEAP_HASH_ENV } }), { perTest: true });
    let counter = 0;

    function config(overrides: Partial<ServerConfig> = {}): ServerConfig {
      return { ...server.config, ...overrides };
    }

    const api = (target: FastifyInstance, options: InjectOptions & { url: string }) =>
      target.inject({ ...options, url: API_BASE + options.url });

    async function seedUser(): Promise<{ id: string; email: string }> {
      counter++;
      return seedAccount(server.stores, `jana+${counter}@example.de`, seedHash);
    }

    function signIn(email: string, password = PASSWORD, headers: Record<string, string> = SAME_SITE, target = server.app) {
      return api(target, { method: 'POST', url: '/session', payload: { email, password }, headers });
    }

    function formSignIn(fields: Record<string, string>, headers: Record<string, string> = SAME_SITE) {
      return api(server.app, {
        method: 'POST',
        url: '/session',
        payload: new URLSearchParams(fields).toString(),
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
    }

    const withSession = (token: string, extra: Record<string, string> = {}) => ({ cookie: `${SESSION_COOKIE}=${token}`, ...extra });

    it('signs in with JSON: 200 with the user, an HttpOnly session cookie and a script-readable hint', async () => {
      const user = await seedUser();
      const response = await signIn(user.email.toUpperCase());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ _id: user.id, email: user.email });
      expect(response.body).not.toMatch(/scrypt|password/i);
      const cookies = setCookies(response);
      const session = cookies.get(SESSION_COOKIE)!;
      // inject() is plain HTTP from 127.0.0.1 to localhost: no Secure (HTTPS: sessionCookies.test.ts).
      expect(session).toMatch(/; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
      expect(session).not.toMatch(/Domain=/i);
      const token = cookieValue(response, SESSION_COOKIE)!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const hint = cookies.get(SESSION_HINT_COOKIE)!;
      expect(hint).toBe(`${SESSION_HINT_COOKIE}=1; Max-Age=2592000; Path=/; SameSite=Lax`);
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();

      const me = await api(server.app, { method: 'GET', url: '/me', headers: withSession(token) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ _id: user.id, firstName: 'Jana' });
      expect(me.headers['cache-control']).toBe('no-store');
    });

    it('keeps only the SHA-256 of the token in the database', async () => {
      const user = await seedUser();
      const token = cookieValue(await signIn(user.email), SESSION_COOKIE)!;
      expect(await server.stores.sessions.find(token)).toBeNull();
      expect(await server.stores.sessions.find(hashToken(token))).toMatchObject({ userId: user.id });
    });

    it('answers a wrong password and an unknown address alike: status, headers and body', async () => {
      const user = await seedUser();
      const wrong = await signIn(user.email, 'Wrong#Password1');
      const unknown = await signIn('nobody-here@example.de', 'Wrong#Password1');
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe(ACCOUNT_MESSAGES.signInFailed);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      expect(wrong.body).toBe(unknown.body);
      const comparable = (response: LightMyRequestResponse) => {
        const { date: _date, ...rest } = response.headers;
        return rest;
      };
      expect(comparable(wrong)).toEqual(comparable(unknown));
    });

    it('checks an unknown address against a well-formed hash of the current cost (the same work)', () => {
      const parsed = parseHash(UNKNOWN_ADDRESS_HASH)!;
      expect(parsed).toMatchObject(SCRYPT_PARAMS);
      expect(needsRehash(UNKNOWN_ADDRESS_HASH)).toBe(false);
    });

    it('checks the fields with the sign-in rules (400 naming each field)', async () => {
      const response = await signIn('not-an-email', '123');
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ email: EMAIL_INVALID, password: SIGN_IN_PASSWORD_TOO_SHORT });
      const notObject = await api(server.app, { method: 'POST', url: '/session', payload: '[1]', headers: { ...SAME_SITE, 'content-type': 'application/json' } });
      expect(notObject.statusCode).toBe(400);
      expect(notObject.json().message).toBe(ACCOUNT_MESSAGES.bodyNotObject);
    });

    it('GET /me is 401 without a session, with a made-up token, and clears a stale hint cookie', async () => {
      expect((await api(server.app, { method: 'GET', url: '/me' })).statusCode).toBe(401);
      const forged = await api(server.app, { method: 'GET', url: '/me', headers: { cookie: `${SESSION_COOKIE}=${'A'.repeat(43)}; ${SESSION_HINT_COOKIE}=1` } });
      expect(forged.statusCode).toBe(401);
      expect(forged.json().message).toBe(ACCOUNT_MESSAGES.signedOut);
      expect(setCookies(forged).get(SESSION_HINT_COOKIE)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    });

    it('gives a new token on every sign-in and ends the one the browser held (no fixation)', async () => {
      const user = await seedUser();
      const first = cookieValue(await signIn(user.email), SESSION_COOKIE)!;
      const second = await signIn(user.email, PASSWORD, { ...SAME_SITE, ...withSession(first) });
      const token = cookieValue(second, SESSION_COOKIE)!;
      expect(token).not.toBe(first);
      expect((await api(server.app, { method: 'GET', url: '/me', headers: withSession(first) })).statusCode).toBe(401);
      expect((await api(server.app, { method: 'GET', url: '/me', headers: withSession(token) })).statusCode).toBe(200);
    });

    it('signs out with DELETE /session (204, cookies cleared, the token dead)', async () => {
      const user = await seedUser();
      const token = cookieValue(await signIn(user.email), SESSION_COOKIE)!;
      const out = await api(server.app, { method: 'DELETE', url: '/session', headers: withSession(token, SAME_SITE) });
      expect(out.statusCode).toBe(204);
      expect(setCookies(out).get(SESSION_COOKIE)).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect((await api(server.app, { method: 'GET', url: '/me', headers: withSession(token) })).statusCode).toBe(401);
    });

    it('form posts: 303 to next or /account, failures 303 back to /sign_in with the outcome, sign-out 303 to /', async () => {
      const user = await seedUser();
      const ok = await formSignIn({ email: user.email, password: PASSWORD, next: '/blog?tag=x' });
      expect(ok.statusCode).toBe(303);
      expect(ok.headers.location).toBe('/blog?tag=x');
      expect(ok.headers['content-type'] ?? '').not.toMatch(/json/);
      const token = cookieValue(ok, SESSION_COOKIE)!;

      const noNext = await formSignIn({ email: user.email, password: PASSWORD });
      expect(noNext.headers.location).toBe('/account');
      const fromReferer = await formSignIn({ email: user.email, password: PASSWORD }, { ...SAME_SITE, referer: `${ORIGIN}/sign_in?next=%2Fcareer` });
      expect(fromReferer.headers.location).toBe('/career');

      const failed = await formSignIn({ email: user.email, password: 'Wrong#Password1', next: '/account' });
      expect(failed.statusCode).toBe(303);
      expect(failed.headers.location).toBe(`/sign_in?next=%2Faccount#${SIGN_IN_FRAGMENTS.failed}`);
      const invalid = await formSignIn({ email: 'x', password: '' });
      expect(invalid.headers.location).toBe(`/sign_in#${SIGN_IN_FRAGMENTS.invalid}`);

      const out = await api(server.app, {
        method: 'POST',
        url: '/session/sign-out',
        payload: '',
        headers: withSession(token, { ...SAME_SITE, 'content-type': 'application/x-www-form-urlencoded' }),
      });
      expect(out.statusCode).toBe(303);
      expect(out.headers.location).toBe('/');
      expect((await api(server.app, { method: 'GET', url: '/me', headers: withSession(token) })).statusCode).toBe(401);
    });

    it('sends `next` only to a path of this site, in every spelling, from the field and from the sign-in page’s address', async () => {
      const user = await seedUser();
      for (const next of ['//evil.example/', '/\\evil.example/', ...DOT_SEGMENT_REDIRECTS, ...OPEN_REDIRECT_SPELLINGS]) {
        const response = await formSignIn({ email: user.email, password: PASSWORD, next });
        expect(response.statusCode, next).toBe(303);
        const location = response.headers.location as string;
        expect(location, next).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, ORIGIN).origin, next).toBe(new URL(ORIGIN).origin);
      }
      for (const next of DOT_SEGMENT_REDIRECTS) {
        expect((await formSignIn({ email: user.email, password: PASSWORD, next })).headers.location, next).toBe('/account');
        const fromPage = await formSignIn({ email: user.email, password: PASSWORD }, { ...SAME_SITE, referer: `${ORIGIN}/sign_in?next=${encodeURIComponent(next)}` });
        expect(fromPage.headers.location, next).toBe('/account');
      }
    });

    it('refuses cross-site posts with 403 whatever the content type, and sends no CORS credentials', async () => {
      const user = await seedUser();
      const cases: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site', origin: ORIGIN },
        {},
      ];
      for (const headers of cases) {
        const response = await signIn(user.email, PASSWORD, headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json().message).toBe(ACCOUNT_MESSAGES.crossSite);
        expect(response.headers['set-cookie']).toBeUndefined();
        expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      }
      const form = await formSignIn({ email: user.email, password: PASSWORD }, { origin: 'https://evil.example' });
      expect(form.statusCode).toBe(403);
      const token = cookieValue(await signIn(user.email), SESSION_COOKIE)!;
      const out = await api(server.app, { method: 'DELETE', url: '/session', headers: withSession(token, { origin: 'https://evil.example' }) });
      expect(out.statusCode).toBe(403);
      expect((await api(server.app, { method: 'GET', url: '/me', headers: withSession(token) })).statusCode).toBe(200);
      // A same-origin request without Sec-Fetch-Site (older browsers, scripts) passes on Origin.
      expect((await signIn(user.email, PASSWORD, { origin: ORIGIN })).statusCode).toBe(200);
    });

    it('deactivation ends every session and the account is told so only after the right password', async () => {
      const user = await seedUser();
      const token = cookieValue(await signIn(user.email), SESSION_COOKIE)!;
      await server.stores.users.deactivate(user.id);
      expect(await server.stores.sessions.find(hashToken(token))).toBeNull();
      expect((await api(server.app, { method: 'GET', url: '/me', headers: withSession(token) })).statusCode).toBe(401);
      const right = await signIn(user.email);
      expect(right.statusCode).toBe(403);
      expect(right.json().message).toBe(ACCOUNT_MESSAGES.deactivated);
      const wrong = await signIn(user.email, 'Wrong#Password1');
      expect(wrong.statusCode).toBe(401);
    });

    it('lists the sessions, marks the current one, ends one and then all others', async () => {
      const user = await seedUser();
      const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
      const a = cookieValue(await signIn(user.email, PASSWORD, { ...SAME_SITE, 'user-agent': firefox }), SESSION_COOKIE)!;
      const b = cookieValue(await signIn(user.email), SESSION_COOKIE)!;
      const c = cookieValue(await signIn(user.email), SESSION_COOKIE)!;
      const list = (await api(server.app, { method: 'GET', url: '/me/sessions', headers: withSession(a) })).json<
        { id: string; current: boolean; browser: string; os: string }[]
      >();
      expect(list).toHaveLength(3);
      const mine = list.find((entry) => entry.current)!;
      expect(mine).toMatchObject({ browser: 'Firefox', os: 'Windows' });
      const other = list.find((entry) => !entry.current)!;
      expect((await api(server.app, { method: 'DELETE', url: `/me/sessions/${other.id}`, headers: withSession(a, SAME_SITE) })).statusCode).toBe(204);
      expect((await api(server.app, { method: 'DELETE', url: `/me/sessions/${other.id}`, headers: withSession(a, SAME_SITE) })).statusCode).toBe(404);
      const rest = await api(server.app, { method: 'DELETE', url: '/me/sessions', headers: withSession(a, SAME_SITE) });
      expect(rest.json()).toEqual({ ended: 1 });
      for (const token of [b, c]) expect((await api(server.app, { method: 'GET', url: '/me', headers: withSession(token) })).statusCode).toBe(401);
      expect((await api(server.app, { method: 'GET', url: '/me', headers: withSession(a) })).statusCode).toBe(200);
    });

    it('slows failed sign-ins per account (429 with Retry-After, even for the right password), counted across two instances', async () => {
      const user = await seedUser();
      const limited = config({ accounts: { ...config().accounts, accountFailures: { max: 3, timeWindowMs: 60_000 } } });
      const one = await buildApp(limited);
      const two = await buildApp(limited);
      try {
        const firstFailure = Date.now();
        expect((await signIn(user.email, 'Wrong#Password1', SAME_SITE, one)).statusCode).toBe(401);
        expect((await signIn(user.email, 'Wrong#Password2', SAME_SITE, two)).statusCode).toBe(401);
        expect((await signIn(user.email, 'Wrong#Password3', SAME_SITE, one)).statusCode).toBe(401);
        const blocked = await signIn(user.email, PASSWORD, SAME_SITE, two);
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().message).toBe(ACCOUNT_MESSAGES.signInThrottled);
        // The window (60 s) started at the first failure: what is left of it, whatever the machine's speed.
        const elapsedS = Math.ceil((Date.now() - firstFailure) / 1000);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(60 - elapsedS - 1);
        expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      } finally {
        await one.close();
        await two.close();
      }
    });

    it('slows failed sign-ins per IP across accounts', async () => {
      const limited = config({ accounts: { ...config().accounts, ipFailures: { max: 2, timeWindowMs: 60_000 } } });
      const one = await buildApp(limited);
      try {
        expect((await signIn('a@example.de', 'Wrong#Password1', SAME_SITE, one)).statusCode).toBe(401);
        expect((await signIn('b@example.de', 'Wrong#Password1', SAME_SITE, one)).statusCode).toBe(401);
        const blocked = await signIn('c@example.de', 'Wrong#Password1', SAME_SITE, one);
        expect(blocked.statusCode).toBe(429);
        expect(blocked.headers['retry-after']).toBeDefined();
      } finally {
        await one.close();
      }
    });

    it('counts an attempt before its hash: 30 wrong passwords at once make exactly the limit’s checks, and other accounts still sign in', async () => {
      const user = await seedUser();
      const others = [await seedUser(), await seedUser(), await seedUser()];
      // One hash at a time and 8 waiting: 30 checks of one account would fill the queue for everyone.
      const one = await buildApp(config({ hashQueue: { concurrency: 1, maxWaiting: 8 } }));
      try {
        const from = (address: string, email: string, password: string) =>
          one.inject({ method: 'POST', url: `${API_BASE}/session`, remoteAddress: address, payload: { email, password }, headers: SAME_SITE });
        const [attack, honest] = await Promise.all([
          Promise.all(Array.from({ length: 30 }, (_, i) => from('10.20.0.1', user.email, `Wrong#Password${i}`))),
          Promise.all(others.map((other, i) => from(`10.20.1.${i + 1}`, other.email, PASSWORD))),
        ]);
        const statuses = attack.map((response) => response.statusCode).sort();
        // 401 is a password check that ran; 429 was refused before any hash.
        expect(statuses.filter((status) => status === 401)).toHaveLength(5);
        expect(statuses.filter((status) => status === 429)).toHaveLength(25);
        expect(honest.map((response) => response.statusCode)).toEqual([200, 200, 200]);
        // Refused attempts were given back: the IP holds the 5 that ran.
        expect(await server.stores.signInFailures.blockedFor('ip:10.20.0.1', 6)).toBe(0);
        expect(await server.stores.signInFailures.blockedFor('ip:10.20.0.1', 5)).toBeGreaterThan(0);
      } finally {
        await one.close();
      }
    });

    it('keeps a browser that signed in before out of a lock that failures from other networks put on the account (device cookie)', async () => {
      const user = await seedUser();
      const other = await seedUser();
      const from = (address: string, email: string, password: string, cookie?: string) =>
        api(server.app, { method: 'POST', url: '/session', remoteAddress: address, payload: { email, password }, headers: cookie ? { ...SAME_SITE, cookie } : SAME_SITE });
      const deviceOf = (response: LightMyRequestResponse) => {
        const line = setCookies(response).get('__Host-dc_device');
        expect(line, 'a device cookie').toBeDefined();
        expect(line).toMatch(/; HttpOnly/);
        expect(line).toMatch(/; Secure/);
        expect(line).toMatch(/; SameSite=Lax/);
        expect(line).toMatch(/; Path=\//);
        return `__Host-dc_device=${cookieValue(response, '__Host-dc_device')}`;
      };
      // The owner signed in from the office once; another account's browser too.
      const ownersDevice = deviceOf(await from('10.30.0.1', user.email, PASSWORD));
      const othersDevice = deviceOf(await from('10.30.0.2', other.email, PASSWORD));

      // Someone elsewhere tries five wrong passwords: the account is locked for browsers it does not know.
      for (let i = 0; i < 5; i++) expect((await from('10.31.0.1', user.email, `Wrong#Password${i}`)).statusCode).toBe(401);
      expect((await from('10.31.0.2', user.email, PASSWORD)).statusCode).toBe(429);
      expect((await from('10.31.0.3', user.email, PASSWORD, othersDevice)).statusCode).toBe(429);
      // The owner's browser, from any network, still signs in, and keeps its cookie.
      const owner = await from('10.32.0.1', user.email, PASSWORD, ownersDevice);
      expect(owner.statusCode, owner.body).toBe(200);
      expect(deviceOf(owner)).toBe(ownersDevice);

      // The device's own failures count under its own key: five wrong ones lock that browser too.
      for (let i = 0; i < 5; i++) expect((await from('10.32.0.1', user.email, `Wrong#Password${i}`, ownersDevice)).statusCode).toBe(401);
      expect((await from('10.32.0.1', user.email, PASSWORD, ownersDevice)).statusCode).toBe(429);
      // A made-up device token is no device.
      expect((await from('10.33.0.1', user.email, PASSWORD, `__Host-dc_device=${'A'.repeat(43)}`)).statusCode).toBe(429);
    });

    it('PATCH /me changes the name with the sign-up rules, refuses unknown keys, and an email change without the current password', async () => {
      const user = await seedUser();
      const token = cookieValue(await signIn(user.email), SESSION_COOKIE)!;
      const patch = (payload: Record<string, unknown>, headers: Record<string, string> = SAME_SITE) =>
        api(server.app, { method: 'PATCH', url: '/me', payload, headers: withSession(token, headers) });
      const renamed = await patch({ firstName: ' Janina ', lastName: 'Weber-Koch' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ firstName: 'Janina', lastName: 'Weber-Koch', email: user.email });
      const short = await patch({ firstName: 'J', lastName: 'Weber' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual({ firstName: FIRST_NAME_TOO_SHORT });
      const email = await patch({ email: 'other@example.de' });
      expect(email.statusCode).toBe(400);
      expect(email.json().errors).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired });
      const unknown = await patch({ active: false });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(ACCOUNT_MESSAGES.profileUnknownKey('active'));
      expect((await patch({})).statusCode).toBe(400);
      expect((await patch({ firstName: 'Eve', lastName: 'Evil' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await api(server.app, { method: 'PATCH', url: '/me', payload: { firstName: 'Eve', lastName: 'Evil' }, headers: SAME_SITE })).statusCode).toBe(401);
    });

    it('PATCH /me changes the password with the current one and ends every other session', async () => {
      const user = await seedUser();
      const mine = cookieValue(await signIn(user.email), SESSION_COOKIE)!;
      const other = cookieValue(await signIn(user.email), SESSION_COOKIE)!;
      const patch = (payload: Record<string, unknown>) => api(server.app, { method: 'PATCH', url: '/me', payload, headers: withSession(mine, SAME_SITE) });
      const weak = await patch({ currentPassword: PASSWORD, password: 'weakpass', confirmPassword: 'weakpass' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors).toEqual({ password: SIGN_UP_PASSWORD_WEAK });
      const mismatch = await patch({ currentPassword: '', password: 'Heidelberg#2026', confirmPassword: 'Heidelberg#2027' });
      expect(mismatch.json().errors).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired, confirmPassword: PASSWORDS_DO_NOT_MATCH });
      const wrong = await patch({ currentPassword: 'Wrong#Password1', password: 'Heidelberg#2026', confirmPassword: 'Heidelberg#2026' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.currentPasswordWrong);
      expect((await api(server.app, { method: 'GET', url: '/me', headers: withSession(other) })).statusCode).toBe(200);

      const changed = await patch({ currentPassword: PASSWORD, password: 'Heidelberg#2026', confirmPassword: 'Heidelberg#2026' });
      expect(changed.statusCode).toBe(200);
      expect((await api(server.app, { method: 'GET', url: '/me', headers: withSession(other) })).statusCode).toBe(401);
      expect((await api(server.app, { method: 'GET', url: '/me', headers: withSession(mine) })).statusCode).toBe(200);
      expect((await signIn(user.email)).statusCode).toBe(401);
      expect((await signIn(user.email, 'Heidelberg#2026')).statusCode).toBe(200);
    });

    it('logs neither the password nor the token', async () => {
      const user = await seedUser();
      const { app: logged, lines } = await debugLoggingApp(config());
      try {
        const response = await signIn(user.email, PASSWORD, SAME_SITE, logged);
        const token = cookieValue(response, SESSION_COOKIE)!;
        await signIn(user.email, 'Wrong#Password1', SAME_SITE, logged);
        await api(logged, { method: 'GET', url: '/me', headers: withSession(token) });
        await api(logged, { method: 'DELETE', url: '/session', headers: withSession(token, SAME_SITE) });
        const log = lines.join('');
        expect(log).toContain('signed in');
        expect(log).not.toContain(PASSWORD);
        expect(log).not.toContain('Wrong#Password1');
        expect(log).not.toContain(token);
        expect(log).not.toContain(hashToken(token));
      } finally {
        await logged.close();
      }
    });
  });
}
