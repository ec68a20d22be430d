import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MAIL_SUBJECTS } from '../../server/accounts/accountMails';
import { userHandleOf } from '../../server/passkeys/ceremonies';
import { PASSKEY_OPTIONS_RATE_LIMIT, PASSKEY_SIGNED_IN_PAGE, PASSKEY_STAFF_PAGE, STAFF_PASSKEYS_PAGE } from '../../server/passkeys/passkeyRoutes';
import { SESSION_COOKIE } from '../../server/sessions/cookies';
import { AUDIT_ACTIONS } from '../../server/staff/audit';
import { runStaffCli } from '../../server/staff/cli';
import { API_BASE } from '../../shared/constants';
import { PASSKEY_CHALLENGE_TTL_MS, PASSKEY_MESSAGES, PASSKEY_NAME_MAX, passkeyNameError } from '../../shared/passkeys';
import { databaseBackends } from '../support/databaseBackends';
import { queuedMails } from '../support/queuedMails';
import { softAuthenticator, type SoftAuthenticator } from '../support/softAuthenticator';
import { serverOnFreshDatabase } from '../support/serverUnderTest';
import { makeTestSite } from '../support/testSite';

/**
 * Passkeys (issue 32) through inject on the whole server, on SQLite and PostgreSQL: enrollment
 * from the CLI's link, sign-in, a staff member's passkeys. The browser's part is played by a
 * software authenticator (tests/support/softAuthenticator: a real P-256 key, real signatures), so
 * every server check runs for real: challenge (unknown, reused), origin, signature, counter.
 * The notices of added and removed passkeys are read from the outbox (no mailer here: they wait).
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

const SITE = 'http://localhost:4399';
const SAME_SITE = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };

let root: string;
let dist: string;

beforeAll(async () => {
  ({ root, dist } = makeTestSite('dc-passkeys-'));
  // The enrollment page's built template (site/staff_enroll.njk) as far as the server fills it in.
  mkdirSync(join(dist, 'staff/enroll'), { recursive: true });
  writeFileSync(join(dist, 'staff/enroll/index.html'), '<!doctype html><title>Register</title><div data-link-state="none"><input name="token" value=""></div>');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('passkey names', () => {
  it('needs a name of at most PASSKEY_NAME_MAX characters, trimmed', () => {
    expect(passkeyNameError('')).toBe(PASSKEY_MESSAGES.nameRequired);
    expect(passkeyNameError('   ')).toBe(PASSKEY_MESSAGES.nameRequired);
    expect(passkeyNameError('x'.repeat(PASSKEY_NAME_MAX))).toBe('');
    expect(passkeyNameError(` ${'x'.repeat(PASSKEY_NAME_MAX)} `)).toBe('');
    expect(passkeyNameError('x'.repeat(PASSKEY_NAME_MAX + 1))).toBe(PASSKEY_MESSAGES.nameTooLong);
    // Characters, not UTF-16 units.
    expect(passkeyNameError('🔑'.repeat(PASSKEY_NAME_MAX))).toBe('');
  });
});

for (const backend of databaseBackends('Passkeys')) {
  describe.skipIf(backend.skip)(`passkeys on ${backend.name}`, () => {
    const server = serverOnFreshDatabase(backend, () => ({ distDir: dist, env: { SITE_URL: SITE } }));
    let counter = 0;
    let ip = 0;

    /** Each test from its own client address, so the options' rate limit is one test's own. */
    let address = '';
    const api = (options: InjectOptions & { url: string }) =>
      server.app.inject({ remoteAddress: address, ...options, url: API_BASE + options.url, headers: { ...SAME_SITE, ...(options.headers ?? {}) } });
    const post = (url: string, payload: object, headers: Record<string, string> = {}) => api({ method: 'POST', url, payload, headers });
    const sessionCookie = (response: LightMyRequestResponse) => {
      // From a 10.x address, not this machine: the cookie keeps its __Host- name (server/sessions/cookies.ts).
      const cookie = response.cookies.find((each) => each.name === `__Host-${SESSION_COOKIE}`);
      return cookie ? { cookie: `${cookie.name}=${cookie.value}` } : null;
    };
    const isPasskeySession = async (headers: Record<string, string>) => (await api({ method: 'GET', url: '/staff/leads', headers })).statusCode === 200;

    const fresh = () => {
      ip++;
      address = `10.0.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
    };

    /**
     * `npm run staff -- add <email>`: the token of the enrollment link, printed for a new account,
     * mailed to the address of an account that exists already (the newest invitation mail).
     */
    async function enrollmentLink(email: string): Promise<string> {
      const lines: string[] = [];
      expect(await runStaffCli(['add', email], { ...server.env, SITE_URL: SITE }, { log: (line) => lines.push(line), error: (line) => lines.push(line) })).toBe(0);
      const printed = lines.join('\n').match(/\/staff\/enroll\/([A-Za-z0-9_-]{43})$/m)?.[1];
      if (printed) return printed;
      const mailed = (await queuedMails(server.stores.accounts.mails, email, ['staff-invitation'])).at(-1);
      return mailed!.text.match(/\/staff\/enroll\/([A-Za-z0-9_-]{43})$/m)![1]!;
    }

    /** `npm run staff -- add` for a new address: the account and its link's token. */
    async function addStaff(): Promise<{ email: string; userId: string; token: string }> {
      counter++;
      const email = `staff.${counter}@dataclarity.example`;
      const token = await enrollmentLink(email);
      return { email, userId: (await server.stores.users.credentials(email))!.id, token };
    }

    /** Enrolls a passkey with a link: the authenticator and the session's headers. */
    async function enroll(token: string, name = 'Work laptop'): Promise<{ authenticator: SoftAuthenticator; headers: Record<string, string> }> {
      const authenticator = softAuthenticator(SITE);
      const options = (await post('/passkeys/enrollment/options', { token })).json();
      const response = await post('/passkeys/enrollment', { token, name, response: authenticator.register(options) });
      expect(response.statusCode, response.body).toBe(200);
      return { authenticator, headers: sessionCookie(response)! };
    }

    /** Enrolls a new staff member's first passkey: the authenticator, the session's headers. */
    async function enrolled(): Promise<{ userId: string; email: string; authenticator: SoftAuthenticator; headers: Record<string, string> }> {
      const { userId, email, token } = await addStaff();
      return { userId, email, ...(await enroll(token)) };
    }

    /** The notices of added and removed passkeys waiting for an address. */
    const passkeyMails = (email: string) => queuedMails(server.stores.accounts.mails, email, ['passkey-added', 'passkey-removed']);

    describe('enrollment', () => {
      it('serves the link’s page with the token while it works (200), else 410; noindex, no referrer, never cached; looking does not use it', async () => {
        fresh();
        const { token } = await addStaff();
        const page = await server.app.inject({ method: 'GET', url: `/staff/enroll/${token}` });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain(`name="token" value="${token}"`);
        expect(page.body).toContain('data-link-state="valid"');
        expect(page.headers['x-robots-tag']).toBe('noindex');
        expect(page.headers['referrer-policy']).toBe('no-referrer');
        expect(page.headers['cache-control']).toBe('no-store');
        expect((await server.app.inject({ method: 'GET', url: `/staff/enroll/${token}` })).statusCode).toBe(200);
        const dead = await server.app.inject({ method: 'GET', url: `/staff/enroll/${'A'.repeat(43)}` });
        expect(dead.statusCode).toBe(410);
        expect(dead.body).toContain('data-link-state="expired"');
        expect(dead.body).toContain('name="token" value=""');
      });

      it('registers the first passkey from the link, uses the link up and signs in with a passkey-verified session', async () => {
        fresh();
        const { userId, token, email } = await addStaff();
        const options = await post('/passkeys/enrollment/options', { token });
        expect(options.statusCode).toBe(200);
        const creation = options.json();
        expect(creation.rp).toEqual({ id: new URL(SITE).hostname, name: 'DataClarity' });
        expect(creation.user.name).toBe(email);
        expect(creation.user.id).toBe(userHandleOf(userId));
        expect(creation.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });

        const authenticator = softAuthenticator(SITE);
        const response = await post('/passkeys/enrollment', { token, name: '  Work laptop ', response: authenticator.register(creation) });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ next: PASSKEY_STAFF_PAGE });
        const headers = sessionCookie(response)!;
        expect(await isPasskeySession(headers)).toBe(true);

        const held = await server.stores.passkeys.listForUser(userId);
        expect(held.map(({ id, name, counter: count }) => ({ id, name, counter: count }))).toEqual([{ id: authenticator.credentialId, name: 'Work laptop', counter: 0 }]);
        expect((await server.stores.staff.auditLog({ limit: 5 })).entries.find((entry) => entry.recordId === userId)?.action).toBe(AUDIT_ACTIONS.passkeyAdded);

        // The link is used up: no new options, no second registration with it.
        expect((await post('/passkeys/enrollment/options', { token })).statusCode).toBe(410);
        // A new staff member's first passkey, from the invitation's link, mails no notice.
        expect(await passkeyMails(email)).toEqual([]);
      });

      it('mails a notice when a new link adds a passkey to a staff member who has one (a lost device), naming it, no key material', async () => {
        fresh();
        const { email, userId } = await enrolled();
        expect(await passkeyMails(email)).toEqual([]);
        const token = await enrollmentLink(email);
        const { authenticator } = await enroll(token, 'Phone\u0007');
        expect((await server.stores.passkeys.listForUser(userId)).map((each) => each.name)).toEqual(['Work laptop', 'Phone\u0007']);
        const mails = await passkeyMails(email);
        expect(mails.map((mail) => [mail.kind, mail.to, mail.subject])).toEqual([['passkey-added', email, ACCOUNT_MAIL_SUBJECTS['passkey-added']]]);
        expect(mails[0]!.text).toContain('the passkey “Phone” was added to your DataClarity account');
        expect(mails[0]!.text).toContain(`\n${SITE}${STAFF_PASSKEYS_PAGE}\n`);
        const stored = (await server.stores.passkeys.get(authenticator.credentialId))!;
        for (const secret of [token, stored.id, stored.publicKey]) expect(mails[0]!.text).not.toContain(secret);
      });

      it('gives a stranger who registered a future colleague’s address nothing: the role comes with the mailed link, which removes the stranger’s passkey and sessions', async () => {
        fresh();
        counter++;
        const email = `newhire.${counter}@dataclarity.example`;
        const password = 'Mannheim#2025';
        const registered = await post('/user/register', { firstName: 'Eve', lastName: 'Stranger', email, password, confirmPassword: password, termsAccepted: true });
        expect(registered.statusCode, registered.body).toBe(201);
        const userId = (await server.stores.users.credentials(email))!.id;
        const strangerSession = sessionCookie(await post('/session', { email, password }))!;
        // The stranger cannot add a passkey to an address nobody proved…
        const refused = await post('/me/passkeys/options', {}, strangerSession);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(PASSKEY_MESSAGES.verifyFirst);
        // …but one made before that rule (an older release) is stored as it was.
        const strangerKey = softAuthenticator(SITE);
        await server.stores.passkeys.add({ id: strangerKey.credentialId, userId, publicKey: strangerKey.publicKey, counter: 0, transports: [], name: 'Eve’s laptop' }, new Date());
        const signInWith = async (authenticator: SoftAuthenticator) => {
          const options = (await post('/passkeys/sign-in/options', {})).json();
          return post('/passkeys/sign-in', { response: authenticator.authenticate(options, userHandleOf(userId)) });
        };

        // The invitation (npm run staff -- add on an account that exists) promotes nobody: the link goes to the address.
        const token = await enrollmentLink(email);
        expect(await server.stores.staff.roleOf(userId)).toBe('client');
        expect((await api({ method: 'GET', url: '/staff/leads', headers: strangerSession })).statusCode).toBe(403);
        const strangerPasskey = await signInWith(strangerKey);
        expect(strangerPasskey.statusCode, strangerPasskey.body).toBe(200);
        expect(strangerPasskey.json()).toEqual({ next: PASSKEY_SIGNED_IN_PAGE });
        expect(await isPasskeySession(sessionCookie(strangerPasskey)!)).toBe(false);

        // The owner of the mailbox uses the link: staff now, the address proved, and nothing of the stranger's left.
        const { headers } = await enroll(token, 'Work laptop');
        expect(await server.stores.staff.roleOf(userId)).toBe('staff');
        expect(await isPasskeySession(headers)).toBe(true);
        expect((await server.stores.passkeys.listForUser(userId)).map((each) => each.name)).toEqual(['Work laptop']);
        expect((await api({ method: 'GET', url: '/me', headers: strangerSession })).statusCode).toBe(401);
        expect((await api({ method: 'GET', url: '/me', headers: sessionCookie(strangerPasskey)! })).statusCode).toBe(401);
        expect((await signInWith(strangerKey)).statusCode).toBe(401);
        expect(await server.stores.accounts.verifiedEmail(userId)).toBe(email);
        const entry = (await server.stores.staff.auditLog({ limit: 10 })).entries.find((each) => each.recordId === userId && each.action === AUDIT_ACTIONS.staffAdded);
        expect(entry?.detail).toBe('enrollment link: 1 passkey(s) removed, 2 session(s) ended');
      });

      it('refuses a missing or malformed token (400), an unknown link (410), and a bad name (400 naming the field)', async () => {
        fresh();
        const missing = await post('/passkeys/enrollment/options', {});
        expect(missing.statusCode).toBe(400);
        expect(missing.json().errors).toEqual({ token: PASSKEY_MESSAGES.enrollmentTokenMissing });
        expect((await post('/passkeys/enrollment/options', { token: 'short' })).statusCode).toBe(400);
        const unknown = await post('/passkeys/enrollment/options', { token: 'A'.repeat(43) });
        expect(unknown.statusCode).toBe(410);
        expect(unknown.json().message).toBe(PASSKEY_MESSAGES.enrollmentExpired);

        const { token } = await addStaff();
        const creation = (await post('/passkeys/enrollment/options', { token })).json();
        const answer = softAuthenticator(SITE).register(creation);
        const noName = await post('/passkeys/enrollment', { token, response: answer });
        expect(noName.statusCode).toBe(400);
        expect(noName.json().errors).toEqual({ name: PASSKEY_MESSAGES.nameRequired });
        const longName = await post('/passkeys/enrollment', { token, name: 'x'.repeat(PASSKEY_NAME_MAX + 1), response: answer });
        expect(longName.json().errors).toEqual({ name: PASSKEY_MESSAGES.nameTooLong });
        const noResponse = await post('/passkeys/enrollment', { token, name: 'Laptop' });
        expect(noResponse.statusCode).toBe(400);
        expect(noResponse.json().errors).toEqual({ response: PASSKEY_MESSAGES.responseMissing });
        // None of these used the challenge or the link.
        const ok = await post('/passkeys/enrollment', { token, name: 'Laptop', response: answer });
        expect(ok.statusCode, ok.body).toBe(200);
      });

      it('refuses an answer from another origin, a challenge it never gave, and a challenge used once; the link survives each', async () => {
        fresh();
        const { token, userId } = await addStaff();
        const authenticator = softAuthenticator(SITE);

        const first = (await post('/passkeys/enrollment/options', { token })).json();
        const evil = await post('/passkeys/enrollment', { token, name: 'Laptop', response: authenticator.register(first, { origin: 'https://evil.example' }) });
        expect(evil.statusCode).toBe(400);
        expect(evil.json().message).toBe(PASSKEY_MESSAGES.verificationFailed);
        // The challenge of that try is spent: the right answer to it is refused now.
        const reused = await post('/passkeys/enrollment', { token, name: 'Laptop', response: authenticator.register(first) });
        expect(reused.statusCode).toBe(400);
        expect(reused.json().message).toBe(PASSKEY_MESSAGES.challengeUnknown);

        const second = (await post('/passkeys/enrollment/options', { token })).json();
        const invented = await post('/passkeys/enrollment', { token, name: 'Laptop', response: authenticator.register(second, { challenge: 'bm90LWEtY2hhbGxlbmdlLXdlLWdhdmU' }) });
        expect(invented.statusCode).toBe(400);
        expect(invented.json().message).toBe(PASSKEY_MESSAGES.challengeUnknown);
        expect(await server.stores.passkeys.listForUser(userId)).toEqual([]);

        const third = (await post('/passkeys/enrollment/options', { token })).json();
        expect((await post('/passkeys/enrollment', { token, name: 'Laptop', response: authenticator.register(third) })).statusCode).toBe(200);
      });

      it('binds the challenge to the link’s account: another link cannot finish it', async () => {
        fresh();
        const a = await addStaff();
        const b = await addStaff();
        const creation = (await post('/passkeys/enrollment/options', { token: a.token })).json();
        const response = await post('/passkeys/enrollment', { token: b.token, name: 'Laptop', response: softAuthenticator(SITE).register(creation) });
        expect(response.statusCode).toBe(410);
        expect(await server.stores.passkeys.listForUser(a.userId)).toEqual([]);
        expect(await server.stores.passkeys.listForUser(b.userId)).toEqual([]);
      });

      it('refuses a cross-site enrollment (403) before anything is read', async () => {
        fresh();
        const { token } = await addStaff();
        const response = await api({ method: 'POST', url: '/passkeys/enrollment/options', payload: { token }, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
        expect(response.statusCode).toBe(403);
        expect(response.body).not.toContain('challenge');
      });
    });

    describe('sign-in', () => {
      const signIn = async (authenticator: SoftAuthenticator, userId: string, overrides: Parameters<SoftAuthenticator['authenticate']>[2] = {}) => {
        const options = (await post('/passkeys/sign-in/options', {})).json();
        return { options, response: await post('/passkeys/sign-in', { response: authenticator.authenticate(options, userHandleOf(userId), overrides) }) };
      };

      it('signs a staff member in with a passkey: a new passkey-verified session, the counter and last use recorded', async () => {
        fresh();
        const { userId, authenticator } = await enrolled();
        const { options, response } = await signIn(authenticator, userId);
        expect(options.rpId).toBe(new URL(SITE).hostname);
        expect(options.userVerification).toBe('required');
        expect(options.allowCredentials ?? []).toEqual([]);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ next: PASSKEY_STAFF_PAGE });
        expect(await isPasskeySession(sessionCookie(response)!)).toBe(true);
        const [stored] = await server.stores.passkeys.listForUser(userId);
        expect(stored!.counter).toBe(1);
        expect(stored!.lastUsedAt).not.toBeNull();
      });

      it('sends a staff member to the console and an account that is no longer staff to the account page', async () => {
        fresh();
        const { userId, authenticator } = await enrolled();
        expect((await signIn(authenticator, userId)).response.json()).toEqual({ next: PASSKEY_STAFF_PAGE });
        await server.stores.staff.setRole(userId, 'client');
        expect((await signIn(authenticator, userId)).response.json()).toEqual({ next: PASSKEY_SIGNED_IN_PAGE });
      });

      it('refuses a reused challenge, a challenge it never gave, another origin, a counter that did not move forward, an unknown passkey', async () => {
        fresh();
        const { userId, authenticator } = await enrolled();
        const options = (await post('/passkeys/sign-in/options', {})).json();
        const answer = authenticator.authenticate(options, userHandleOf(userId));
        expect((await post('/passkeys/sign-in', { response: answer })).statusCode).toBe(200);
        const replay = await post('/passkeys/sign-in', { response: answer });
        expect(replay.statusCode).toBe(400);
        expect(replay.json().message).toBe(PASSKEY_MESSAGES.challengeUnknown);
        expect(sessionCookie(replay)).toBeNull();

        const invented = await signIn(authenticator, userId, { challenge: 'bm90LWEtY2hhbGxlbmdlLXdlLWdhdmU' });
        expect(invented.response.statusCode).toBe(400);

        const evil = await signIn(authenticator, userId, { origin: 'https://evil.example' });
        expect(evil.response.statusCode).toBe(401);
        expect(evil.response.json().message).toBe(PASSKEY_MESSAGES.verificationFailed);

        // The counter is at 1 after the sign-in above: an authenticator saying 1 again is a clone.
        const cloned = await signIn(authenticator, userId, { counter: 1 });
        expect(cloned.response.statusCode).toBe(401);
        expect(sessionCookie(cloned.response)).toBeNull();
        expect((await signIn(authenticator, userId, { counter: 7 })).response.statusCode).toBe(200);

        const stranger = await signIn(softAuthenticator(SITE), userId);
        expect(stranger.response.statusCode).toBe(401);
        expect(stranger.response.json().message).toBe(PASSKEY_MESSAGES.unknownPasskey);

        // Another account's user handle on this passkey.
        const swapped = await signIn(authenticator, 'someone-else', { counter: 9 });
        expect(swapped.response.statusCode).toBe(401);
      });

      it('refuses a deactivated account (403) and a malformed answer (400 naming the field)', async () => {
        fresh();
        const { userId, authenticator } = await enrolled();
        const malformed = await post('/passkeys/sign-in', { response: { id: 'x' } });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json().errors).toEqual({ response: PASSKEY_MESSAGES.responseMissing });
        await server.stores.users.deactivate(userId);
        const { response } = await signIn(authenticator, userId);
        expect(response.statusCode).toBe(403);
        expect(sessionCookie(response)).toBeNull();
      });

      it('limits the options per client address', async () => {
        fresh();
        for (let i = 0; i < PASSKEY_OPTIONS_RATE_LIMIT.max; i++) expect((await post('/passkeys/sign-in/options', {})).statusCode).toBe(200);
        expect((await post('/passkeys/sign-in/options', {})).statusCode).toBe(429);
      });

      it('refuses a cross-site sign-in (403)', async () => {
        fresh();
        const response = await api({ method: 'POST', url: '/passkeys/sign-in/options', payload: {}, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
        expect(response.statusCode).toBe(403);
      });
    });

    describe('a staff member’s passkeys', () => {
      it('lists, adds another, renames, removes any but the last; each change audited, each addition and removal mailed', async () => {
        fresh();
        const { userId, email, authenticator, headers } = await enrolled();
        const mailed = async () => (await passkeyMails(email)).map((mail) => mail.kind).sort();
        const list = async () => (await api({ method: 'GET', url: '/staff/passkeys', headers })).json().passkeys as Array<{ id: string; name: string }>;
        expect((await list()).map((each) => each.name)).toEqual(['Work laptop']);

        const last = await api({ method: 'DELETE', url: `/staff/passkeys/${authenticator.credentialId}`, headers });
        expect(last.statusCode).toBe(409);
        expect(last.json().message).toBe(PASSKEY_MESSAGES.lastPasskey);

        const phone = softAuthenticator(SITE);
        const creation = (await api({ method: 'POST', url: '/staff/passkeys/options', headers })).json();
        expect(creation.excludeCredentials.map((each: { id: string }) => each.id)).toEqual([authenticator.credentialId]);
        const added = await api({ method: 'POST', url: '/staff/passkeys', headers, payload: { name: 'Phone', response: phone.register(creation) } });
        expect(added.statusCode, added.body).toBe(201);
        expect(added.json()).toMatchObject({ id: phone.credentialId, name: 'Phone', lastUsedAt: null });
        const [notice] = await passkeyMails(email);
        expect(notice).toMatchObject({ kind: 'passkey-added', to: email, subject: ACCOUNT_MAIL_SUBJECTS['passkey-added'] });
        expect(notice!.text).toContain('the passkey “Phone” was added');
        expect(notice!.text).toContain(`\n${SITE}${STAFF_PASSKEYS_PAGE}\n`);
        expect(notice!.text).not.toContain(phone.credentialId);
        expect(notice!.text).not.toContain((await server.stores.passkeys.get(phone.credentialId))!.publicKey);

        const renamed = await api({ method: 'PATCH', url: `/staff/passkeys/${phone.credentialId}`, headers, payload: { name: 'Work phone' } });
        expect(renamed.statusCode).toBe(200);
        expect(renamed.json().name).toBe('Work phone');
        const badName = await api({ method: 'PATCH', url: `/staff/passkeys/${phone.credentialId}`, headers, payload: { name: '' } });
        expect(badName.statusCode).toBe(400);
        expect(badName.json().errors).toEqual({ name: PASSKEY_MESSAGES.nameRequired });
        expect((await api({ method: 'PATCH', url: '/staff/passkeys/nope', headers, payload: { name: 'x' } })).statusCode).toBe(404);
        // Renames mail nothing.
        expect(await mailed()).toEqual(['passkey-added']);

        expect((await api({ method: 'DELETE', url: `/staff/passkeys/${authenticator.credentialId}`, headers })).statusCode).toBe(204);
        expect((await list()).map((each) => each.name)).toEqual(['Work phone']);
        const removal = (await passkeyMails(email)).find((mail) => mail.kind === 'passkey-removed');
        expect(removal).toMatchObject({ to: email, subject: ACCOUNT_MAIL_SUBJECTS['passkey-removed'] });
        expect(removal!.text).toContain('the passkey “Work laptop” was removed from');
        expect(removal!.text).not.toContain(authenticator.credentialId);
        expect((await api({ method: 'DELETE', url: `/staff/passkeys/${phone.credentialId}`, headers })).statusCode).toBe(409);
        expect((await api({ method: 'DELETE', url: `/staff/passkeys/${authenticator.credentialId}`, headers })).statusCode).toBe(404);
        // Nothing removed, nothing mailed.
        expect(await mailed()).toEqual(['passkey-added', 'passkey-removed']);

        const actions = (await server.stores.staff.auditLog({ limit: 20 })).entries.filter((entry) => entry.recordId === userId).map((entry) => entry.action);
        expect(actions.slice(0, 3)).toEqual([AUDIT_ACTIONS.passkeyRemoved, AUDIT_ACTIONS.passkeyRenamed, AUDIT_ACTIONS.passkeyAdded]);
      });

      it('cannot touch another staff member’s passkeys, nor finish their registration', async () => {
        fresh();
        const anna = await enrolled();
        const ben = await enrolled();
        expect((await api({ method: 'PATCH', url: `/staff/passkeys/${anna.authenticator.credentialId}`, headers: ben.headers, payload: { name: 'Mine' } })).statusCode).toBe(404);
        // Anna's second passkey for the removal check, then Ben tries to remove her first.
        const creation = (await api({ method: 'POST', url: '/staff/passkeys/options', headers: anna.headers })).json();
        const stolen = await api({ method: 'POST', url: '/staff/passkeys', headers: ben.headers, payload: { name: 'Phone', response: softAuthenticator(SITE).register(creation) } });
        expect(stolen.statusCode).toBe(400);
        expect(await server.stores.passkeys.listForUser(ben.userId)).toHaveLength(1);
        expect(await server.stores.passkeys.listForUser(anna.userId)).toHaveLength(1);
        expect((await api({ method: 'GET', url: '/staff/passkeys', headers: ben.headers })).body).not.toContain(anna.authenticator.credentialId);
      });
    });

    describe('the store', () => {
      it('takes a challenge once, only for its purpose, and not after it expired', async () => {
        const now = new Date();
        const later = new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS);
        await server.stores.passkeys.putChallenge('c-once', { purpose: 'authentication', userId: null }, later, now);
        expect(await server.stores.passkeys.takeChallenge('c-once', 'registration', now)).toBeNull();
        expect(await server.stores.passkeys.takeChallenge('c-once', 'authentication', now)).toEqual({ purpose: 'authentication', userId: null });
        expect(await server.stores.passkeys.takeChallenge('c-once', 'authentication', now)).toBeNull();

        await server.stores.passkeys.putChallenge('c-late', { purpose: 'authentication', userId: null }, later, now);
        expect(await server.stores.passkeys.takeChallenge('c-late', 'authentication', new Date(later.getTime() - 1))).not.toBeNull();
        await server.stores.passkeys.putChallenge('c-expired', { purpose: 'authentication', userId: null }, later, now);
        expect(await server.stores.passkeys.takeChallenge('c-expired', 'authentication', later)).toBeNull();
      });

      it('deletes a user’s passkeys with the account', async () => {
        fresh();
        const { userId } = await enrolled();
        expect(await server.stores.passkeys.listForUser(userId)).toHaveLength(1);
        expect(await server.stores.accounts.deleteUser(userId)).toBe(true);
        expect(await server.stores.passkeys.listForUser(userId)).toEqual([]);
      });
    });
  });
}
