import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MAIL_SUBJECTS, passkeyAddedMail, passkeyRemovedMail } from '../../server/accounts/accountMails';
import { buildApp } from '../../server/app';
import { userHandleOf } from '../../server/passkeys/ceremonies';
import { PASSKEY_SIGNED_IN_PAGE, STAFF_PASSKEYS_PAGE } from '../../server/passkeys/passkeyRoutes';
import { SESSION_COOKIE } from '../../server/sessions/cookies';
import { AUDIT_ACTIONS } from '../../server/staff/audit';
import { runStaffCli } from '../../server/staff/cli';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { COMPANY } from '../../shared/company';
import { API_BASE } from '../../shared/constants';
import { PASSKEY_MESSAGES, PASSKEY_REAUTH_MS } from '../../shared/passkeys';
import { readConsoleUrl } from '../../widgets/staff-console/consoleUrl';
import { databaseBackends } from '../support/databaseBackends';
import { queuedMails } from '../support/queuedMails';
import { serverOnFreshDatabase } from '../support/serverUnderTest';
import { softAuthenticator, type SoftAuthenticator } from '../support/softAuthenticator';
import { makeTestSite } from '../support/testSite';

/**
 * A signed-in person's own passkeys on /account (issue 32: clients may add a passkey and sign in
 * with it), /dc_api/wa_v1/me/passkeys, through inject on the whole server, on SQLite and
 * PostgreSQL, with a software authenticator (real keys and signatures): the guards (no session
 * 401, cross-site 403, another account's passkey 404, another account's challenge, a challenge
 * used twice), the re-authentication rule (a recent sign-in or the password), a client removing
 * every passkey while staff keep their last, and the audit only for staff; the mail that tells the
 * account holder of an added or removed passkey (OWASP ASVS 5.0 V6.3.7), read from the outbox (no
 * mailer here: it waits there), and its builders.
 */
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const SITE = 'http://localhost:4398';
const SAME_SITE = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };
const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const PASSWORD = 'Mannheim#2025';

let root: string;
let dist: string;
beforeAll(() => {
  ({ root, dist } = makeTestSite('dc-client-passkeys-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the notices of an added and a removed passkey', () => {
  const at = new Date('2026-11-27T08:40:59.999Z');
  const page = `${SITE}${PASSKEY_SIGNED_IN_PAGE}`;

  it('have a fixed subject per kind: no passkey name in a header', () => {
    for (const [build, kind] of [
      [passkeyAddedMail, 'passkey-added'],
      [passkeyRemovedMail, 'passkey-removed'],
    ] as const) {
      const mails = ['Laptop', 'Bcc: evil@example.com\r\nSubject: hi'].map((name) => build('jana@example.de', 'Jana', name, at, page));
      expect(mails.map((mail) => [mail.kind, mail.to, mail.subject])).toEqual([
        [kind, 'jana@example.de', ACCOUNT_MAIL_SUBJECTS[kind]],
        [kind, 'jana@example.de', ACCOUNT_MAIL_SUBJECTS[kind]],
      ]);
    }
    expect(ACCOUNT_MAIL_SUBJECTS['passkey-added']).toBe('A passkey was added to your DataClarity account');
    expect(ACCOUNT_MAIL_SUBJECTS['passkey-removed']).toBe('A passkey was removed from your DataClarity account');
  });

  it('name the passkey on one line (control characters stripped), say when in UTC, where to remove it and whom to write to', () => {
    const added = passkeyAddedMail('jana@example.de', 'Ja\u0085na\n', ' Laptop\r\nBcc: evil@example.com\u0000\u2028x\u0007 ', at, page);
    const lines = added.text.split('\n');
    expect(lines.slice(0, 7)).toEqual([
      'Hello Ja na,',
      '',
      'the passkey “Laptop Bcc: evil@example.com x” was added to your DataClarity account on 2026-11-27 08:40 UTC.',
      '',
      `If that was not you: sign in, remove it on your account page and change your password, and write to us at ${COMPANY.email}.`,
      '',
      page,
    ]);
    expect(added.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);

    const removed = passkeyRemovedMail('jana@example.de', 'Jana', 'Phone\u001b[31m', at, `${SITE}${STAFF_PASSKEYS_PAGE}`);
    expect(removed.text).toContain('the passkey “Phone [31m” was removed from your DataClarity account on 2026-11-27 08:40 UTC.');
    expect(removed.text).toContain(`sign in, check the passkeys left on your account page and change your password, and write to us at ${COMPANY.email}.`);
    expect(removed.text).toContain(`\n${SITE}/staff?view=passkeys\n`);
    // The console opens that link on its passkeys view.
    expect(readConsoleUrl(new URL(`${SITE}${STAFF_PASSKEYS_PAGE}`).search).view).toBe('passkeys');
  });
});

for (const backend of databaseBackends('Client passkeys')) {
  describe.skipIf(backend.skip)(`a person's own passkeys on ${backend.name}`, () => {
    const server = serverOnFreshDatabase(backend, () => ({ distDir: dist, env: { SITE_URL: SITE } }));
    /** The same database, where no sign-in counts as recent: the password is asked for. */
    let stale: FastifyInstance;
    let counter = 0;

    beforeAll(async () => {
      stale = await buildApp({ ...server.config, accounts: { ...server.config.accounts, passkeyReauthMs: 0 } });
      await stale.ready();
    });

    afterAll(async () => {
      await stale?.close();
    });

    const call = (on: FastifyInstance, options: InjectOptions & { url: string }) =>
      on.inject({ remoteAddress: `10.1.0.${(counter % 250) + 1}`, ...options, url: API_BASE + options.url, headers: { ...SAME_SITE, ...(options.headers ?? {}) } });
    const api = (options: InjectOptions & { url: string }) => call(server.app, options);
    const sessionCookie = (response: LightMyRequestResponse) => {
      // From a 10.x address, not this machine: the cookie keeps its __Host- name (server/sessions/cookies.ts).
      const cookie = response.cookies.find((each) => each.name === `__Host-${SESSION_COOKIE}`);
      return cookie ? { cookie: `${cookie.name}=${cookie.value}` } : null;
    };

    /** A new client account, its address verified unless asked (a passkey needs it), signed in with its password: its id and the session's headers. */
    async function client({ verified = true } = {}): Promise<{ userId: string; email: string; headers: Record<string, string> }> {
      counter++;
      const email = `client.${counter}.${Date.now()}@example.de`;
      const created = await api({
        method: 'POST',
        url: '/user/register',
        payload: { firstName: 'Jana', lastName: 'Weber', email, password: PASSWORD, confirmPassword: PASSWORD, termsAccepted: true },
      });
      expect(created.statusCode, created.body).toBe(201);
      if (verified) await server.stores.accounts.proveAddress((await server.stores.users.credentials(email))!.id, email, new Date());
      const signedIn = await api({ method: 'POST', url: '/session', payload: { email, password: PASSWORD } });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      return { userId: (await server.stores.users.credentials(email))!.id, email, headers: sessionCookie(signedIn)! };
    }

    /** Registers a passkey for the session through /me/passkeys. */
    async function addPasskey(headers: Record<string, string>, name = 'Laptop'): Promise<SoftAuthenticator> {
      const authenticator = softAuthenticator(SITE);
      const options = await api({ method: 'POST', url: '/me/passkeys/options', headers, payload: {} });
      expect(options.statusCode, options.body).toBe(200);
      const added = await api({ method: 'POST', url: '/me/passkeys', headers, payload: { name, response: authenticator.register(options.json()) } });
      expect(added.statusCode, added.body).toBe(201);
      return authenticator;
    }

    /** The notices of added and removed passkeys waiting for an address. */
    const passkeyMails = (email: string) => queuedMails(server.stores.accounts.mails, email, ['passkey-added', 'passkey-removed']);
    const mailed = async (email: string) => (await passkeyMails(email)).map((mail) => mail.kind).sort();

    const list = async (headers: Record<string, string>) => (await api({ method: 'GET', url: '/me/passkeys', headers })).json<{ passkeys: Array<{ id: string; name: string; lastUsedAt: string | null }>; passwordNeeded?: boolean }>();

    it('answers 401 to every route without a session, and nothing of anyone’s passkeys', async () => {
      for (const [method, url] of [
        ['GET', '/me/passkeys'],
        ['POST', '/me/passkeys/options'],
        ['POST', '/me/passkeys'],
        ['PATCH', '/me/passkeys/abc'],
        ['DELETE', '/me/passkeys/abc'],
      ] as const) {
        const response = await api({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' } });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().message).toBe(ACCOUNT_MESSAGES.signedOut);
      }
    });

    it('lets a client add a passkey after a recent sign-in, sign in with it (to /account), rename it and remove every one', async () => {
      const { userId, headers } = await client();
      expect(await list(headers)).toEqual({ passkeys: [], passwordNeeded: false });

      const laptop = await addPasskey(headers, '  Laptop ');
      const phone = await addPasskey(headers, 'Phone');
      // The second registration's options excluded the first passkey.
      expect((await list(headers)).passkeys.map((each) => each.name)).toEqual(['Laptop', 'Phone']);
      // The account's data download names them (no key material).
      const exported = (await api({ method: 'GET', url: '/me/export', headers })).json<{ passkeys: Array<Record<string, unknown>> }>();
      expect(exported.passkeys.map((each) => Object.keys(each).sort())).toEqual([['createdAt', 'lastUsedAt', 'name'], ['createdAt', 'lastUsedAt', 'name']]);
      expect(exported.passkeys.map((each) => each.name)).toEqual(['Laptop', 'Phone']);

      // Sign in with it: a passkey-verified session of the client, sent to the account page.
      const options = (await api({ method: 'POST', url: '/passkeys/sign-in/options', payload: {} })).json();
      const signedIn = await api({ method: 'POST', url: '/passkeys/sign-in', payload: { response: laptop.authenticate(options, userHandleOf(userId)) } });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toEqual({ next: PASSKEY_SIGNED_IN_PAGE });
      const passkeySession = sessionCookie(signedIn)!;
      expect((await api({ method: 'GET', url: '/me', headers: passkeySession })).json().email).toMatch(/^client\./);
      expect((await list(passkeySession)).passkeys.find((each) => each.id === laptop.credentialId)!.lastUsedAt).not.toBeNull();

      const renamed = await api({ method: 'PATCH', url: `/me/passkeys/${phone.credentialId}`, headers, payload: { name: 'Work phone' } });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ id: phone.credentialId, name: 'Work phone' });
      const badName = await api({ method: 'PATCH', url: `/me/passkeys/${phone.credentialId}`, headers, payload: { name: ' ' } });
      expect(badName.statusCode).toBe(400);
      expect(badName.json().errors).toEqual({ name: PASSKEY_MESSAGES.nameRequired });

      // A client keeps the password: the last passkey may go too.
      expect((await api({ method: 'DELETE', url: `/me/passkeys/${laptop.credentialId}`, headers })).statusCode).toBe(204);
      expect((await api({ method: 'DELETE', url: `/me/passkeys/${phone.credentialId}`, headers })).statusCode).toBe(204);
      expect((await list(headers)).passkeys).toEqual([]);
      expect((await api({ method: 'DELETE', url: `/me/passkeys/${phone.credentialId}`, headers })).statusCode).toBe(404);
      // A removed passkey signs nobody in.
      const again = (await api({ method: 'POST', url: '/passkeys/sign-in/options', payload: {} })).json();
      const refused = await api({ method: 'POST', url: '/passkeys/sign-in', payload: { response: laptop.authenticate(again, userHandleOf(userId), { counter: 5 }) } });
      expect(refused.statusCode).toBe(401);
      // A client's changes are not staff actions: nothing in the audit log.
      expect((await server.stores.staff.auditLog({ limit: 100 })).entries.filter((entry) => entry.recordId === userId)).toEqual([]);
    });

    it('mails the account’s address once per added and once per removed passkey, naming it; a rename, a refusal and a 404 mail nothing', async () => {
      const { email, headers } = await client();
      const laptop = await addPasskey(headers, ' Laptop\r\nBcc: evil@example.com ');
      const [notice, ...more] = await passkeyMails(email);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({ kind: 'passkey-added', to: email, subject: ACCOUNT_MAIL_SUBJECTS['passkey-added'] });
      expect(notice!.text).toContain('the passkey “Laptop Bcc: evil@example.com” was added to your DataClarity account on ');
      expect(notice!.text).toContain(`\n${SITE}${PASSKEY_SIGNED_IN_PAGE}\n`);
      // Nothing that signs anyone in: not the session's token, the credential id or the public key.
      const stored = (await server.stores.passkeys.get(laptop.credentialId))!;
      for (const secret of [headers.cookie!.split('=')[1]!, stored.id, stored.publicKey]) expect(notice!.text).not.toContain(secret);

      expect((await api({ method: 'PATCH', url: `/me/passkeys/${laptop.credentialId}`, headers, payload: { name: 'Desk' } })).statusCode).toBe(200);
      expect((await api({ method: 'DELETE', url: `/me/passkeys/${laptop.credentialId}`, headers: { ...headers, ...CROSS_SITE } })).statusCode).toBe(403);
      expect(await mailed(email)).toEqual(['passkey-added']);

      expect((await api({ method: 'DELETE', url: `/me/passkeys/${laptop.credentialId}`, headers })).statusCode).toBe(204);
      const removed = (await passkeyMails(email)).filter((mail) => mail.kind === 'passkey-removed');
      expect(removed).toHaveLength(1);
      expect(removed[0]).toMatchObject({ to: email, subject: ACCOUNT_MAIL_SUBJECTS['passkey-removed'] });
      // Named as it was when it went (renamed).
      expect(removed[0]!.text).toContain('the passkey “Desk” was removed from your DataClarity account on ');
      expect(removed[0]!.text).not.toContain(stored.publicKey);
      expect((await api({ method: 'DELETE', url: `/me/passkeys/${laptop.credentialId}`, headers })).statusCode).toBe(404);
      expect(await mailed(email)).toEqual(['passkey-added', 'passkey-removed']);
    });

    it('finds another account’s passkey nowhere (404) and refuses to finish another account’s registration', async () => {
      const anna = await client();
      const ben = await client();
      const annas = await addPasskey(anna.headers);
      const rename = await api({ method: 'PATCH', url: `/me/passkeys/${annas.credentialId}`, headers: ben.headers, payload: { name: 'Mine' } });
      expect(rename.statusCode).toBe(404);
      expect(rename.json().message).toBe(PASSKEY_MESSAGES.passkeyNotFound);
      expect((await api({ method: 'DELETE', url: `/me/passkeys/${annas.credentialId}`, headers: ben.headers })).statusCode).toBe(404);
      expect((await list(ben.headers)).passkeys).toEqual([]);
      // Ben's tries changed nothing: Anna has the notice of her own passkey only, Ben none.
      expect(await mailed(anna.email)).toEqual(['passkey-added']);
      expect(await mailed(ben.email)).toEqual([]);
      expect((await list(anna.headers)).passkeys.map((each) => each.name)).toEqual(['Laptop']);

      // Anna's challenge, answered in Ben's session: refused, nothing stored for either.
      const creation = (await api({ method: 'POST', url: '/me/passkeys/options', headers: anna.headers, payload: {} })).json();
      const stolen = await api({ method: 'POST', url: '/me/passkeys', headers: ben.headers, payload: { name: 'Phone', response: softAuthenticator(SITE).register(creation) } });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().message).toBe(PASSKEY_MESSAGES.challengeUnknown);
      expect(await server.stores.passkeys.listForUser(ben.userId)).toEqual([]);
      expect(await server.stores.passkeys.listForUser(anna.userId)).toHaveLength(1);
    });

    it('takes a registration’s challenge once: the same answer again is refused', async () => {
      const { userId, headers } = await client();
      const creation = (await api({ method: 'POST', url: '/me/passkeys/options', headers, payload: {} })).json();
      const answer = softAuthenticator(SITE).register(creation);
      expect((await api({ method: 'POST', url: '/me/passkeys', headers, payload: { name: 'Laptop', response: answer } })).statusCode).toBe(201);
      const replay = await api({ method: 'POST', url: '/me/passkeys', headers, payload: { name: 'Laptop', response: answer } });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe(PASSKEY_MESSAGES.challengeUnknown);
      const invented = await api({ method: 'POST', url: '/me/passkeys', headers, payload: { name: 'Laptop', response: softAuthenticator(SITE).register(creation, { challenge: 'bm90LWEtY2hhbGxlbmdlLXdlLWdhdmU' }) } });
      expect(invented.statusCode).toBe(400);
      expect(await server.stores.passkeys.listForUser(userId)).toHaveLength(1);
    });

    it('refuses cross-site changes (403) and keeps the passkey', async () => {
      const { userId, headers } = await client();
      const held = await addPasskey(headers);
      for (const [method, url] of [
        ['POST', '/me/passkeys/options'],
        ['POST', '/me/passkeys'],
        ['PATCH', `/me/passkeys/${held.credentialId}`],
        ['DELETE', `/me/passkeys/${held.credentialId}`],
      ] as const) {
        const response = await api({ method, url, headers: { ...headers, ...CROSS_SITE }, payload: method === 'DELETE' ? undefined : { name: 'Evil' } });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.body).not.toContain('challenge');
      }
      expect((await server.stores.passkeys.listForUser(userId)).map((each) => each.name)).toEqual(['Laptop']);
    });

    it('gives an address nobody proved no passkey: 403 on the options and on the registration, with the message to verify first', async () => {
      const { userId, headers } = await client({ verified: false });
      const options = await api({ method: 'POST', url: '/me/passkeys/options', headers, payload: {} });
      expect(options.statusCode).toBe(403);
      expect(options.json().message).toBe(PASSKEY_MESSAGES.verifyFirst);
      expect(options.body).not.toContain('challenge');
      // Even with a challenge got while verified (the address changed since), the registration is refused.
      const added = await api({ method: 'POST', url: '/me/passkeys', headers, payload: { name: 'Laptop', response: {} } });
      expect(added.statusCode).toBe(403);
      expect(added.json().message).toBe(PASSKEY_MESSAGES.verifyFirst);
      expect(await server.stores.passkeys.listForUser(userId)).toEqual([]);
    });

    /** A passkey stored as an older release let an unverified account add one (the route refuses it now). */
    async function seededPasskey(userId: string, name: string): Promise<SoftAuthenticator> {
      const authenticator = softAuthenticator(SITE);
      await server.stores.passkeys.add({ id: authenticator.credentialId, userId, publicKey: authenticator.publicKey, counter: 0, transports: [], name }, new Date());
      return authenticator;
    }
    const passkeySignIn = async (authenticator: SoftAuthenticator, userId: string) => {
      const options = (await api({ method: 'POST', url: '/passkeys/sign-in/options', payload: {} })).json();
      return api({ method: 'POST', url: '/passkeys/sign-in', payload: { response: authenticator.authenticate(options, userHandleOf(userId)) } });
    };
    /** The token of the `nth` link mail of this kind to the address (1 = the first), once it is queued. */
    const linkIn = async (email: string, kind: 'password-reset' | 'email-verification', nth = 1) => {
      let text = '';
      await vi.waitFor(async () => {
        text = (await queuedMails(server.stores.accounts.mails, email, [kind]))[nth - 1]?.text ?? '';
        expect(text).not.toBe('');
      });
      return text.match(/\/(?:reset_password|verify_email)\/([A-Za-z0-9_-]{43})$/m)![1]!;
    };

    it('removes what a stranger added before the owner proved the address by a reset (passkey, sessions), says so by mail; a later reset lists the passkeys', async () => {
      const stranger = await client({ verified: false });
      const strangerKey = await seededPasskey(stranger.userId, 'Eve’s laptop');
      expect((await passkeySignIn(strangerKey, stranger.userId)).statusCode).toBe(200);

      // The owner of the mailbox resets the password by mail.
      expect((await api({ method: 'POST', url: '/password-reset', payload: { email: stranger.email } })).statusCode).toBe(202);
      const NEW = 'Heidelberg#2026';
      const reset = await api({ method: 'POST', url: '/password-reset/confirm', payload: { token: await linkIn(stranger.email, 'password-reset'), password: NEW, confirmPassword: NEW } });
      expect(reset.statusCode, reset.body).toBe(200);

      expect((await passkeySignIn(strangerKey, stranger.userId)).statusCode).toBe(401);
      expect((await api({ method: 'GET', url: '/me/requests', headers: stranger.headers })).statusCode).toBe(401);
      expect(await server.stores.passkeys.listForUser(stranger.userId)).toEqual([]);
      const changed = (await queuedMails(server.stores.accounts.mails, stranger.email, ['password-changed'])).at(-1)!;
      expect(changed.text).toContain('first time anyone proved this address');
      expect(changed.text).toContain('the passkey “Eve’s laptop” and 2 signed-in sessions');

      // The owner adds a passkey of their own; the next reset keeps it and lists it with the page to review it.
      const owner = sessionCookie(await api({ method: 'POST', url: '/session', payload: { email: stranger.email, password: NEW } }))!;
      const ownKey = await addPasskey(owner, 'Owner phone');
      expect((await api({ method: 'POST', url: '/password-reset', payload: { email: stranger.email } })).statusCode).toBe(202);
      const again = await api({ method: 'POST', url: '/password-reset/confirm', payload: { token: await linkIn(stranger.email, 'password-reset', 2), password: 'Ludwigshafen#27', confirmPassword: 'Ludwigshafen#27' } });
      expect(again.statusCode, again.body).toBe(200);
      expect((await passkeySignIn(ownKey, stranger.userId)).statusCode).toBe(200);
      const listed = (await queuedMails(server.stores.accounts.mails, stranger.email, ['password-changed'])).at(-1)!;
      expect(listed.text).not.toContain('first time');
      expect(listed.text).toContain('- “Owner phone”, added ');
      expect(listed.text).toContain(`If one is not yours, remove it: ${SITE}/account#passkeys`);
    });

    it('removes a stranger’s passkey and other sessions when the owner opens the verification link, renews the opener’s session, and mails what went', async () => {
      const stranger = await client({ verified: false });
      const strangerKey = await seededPasskey(stranger.userId, 'Eve’s laptop');
      // The owner, signed in in another browser (they know the password now, say), opens the link there.
      const ownerSession = sessionCookie(await api({ method: 'POST', url: '/session', payload: { email: stranger.email, password: PASSWORD } }))!;
      const confirmed = await api({ method: 'POST', url: '/email-verification/confirm', headers: ownerSession, payload: { token: await linkIn(stranger.email, 'email-verification') } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await passkeySignIn(strangerKey, stranger.userId)).statusCode).toBe(401);
      expect((await api({ method: 'GET', url: '/me', headers: stranger.headers })).statusCode).toBe(401);
      // The opener's old token is dead, its new one works.
      expect((await api({ method: 'GET', url: '/me', headers: ownerSession })).statusCode).toBe(401);
      const renewed = sessionCookie(confirmed)!;
      expect((await api({ method: 'GET', url: '/me', headers: renewed })).json()).toMatchObject({ email: stranger.email, emailVerified: true });
      const mail = (await queuedMails(server.stores.accounts.mails, stranger.email, ['email-verified'])).at(-1)!;
      expect(mail.subject).toBe(ACCOUNT_MAIL_SUBJECTS['email-verified']);
      expect(mail.text).toContain('the passkey “Eve’s laptop” and one signed-in session');
    });

    it(`asks for the password to add a passkey when the sign-in is older than ${PASSKEY_REAUTH_MS / 60_000} minutes; a wrong one counts as a failed sign-in`, async () => {
      const { userId, email, headers } = await client();
      const staleApi = (options: InjectOptions & { url: string }) => call(stale, options);
      expect(((await staleApi({ method: 'GET', url: '/me/passkeys', headers })).json<{ passwordNeeded: boolean }>()).passwordNeeded).toBe(true);

      const missing = await staleApi({ method: 'POST', url: '/me/passkeys/options', headers, payload: {} });
      expect(missing.statusCode).toBe(403);
      expect(missing.json().errors).toEqual({ currentPassword: PASSKEY_MESSAGES.reauthRequired });
      expect(missing.body).not.toContain('challenge');

      const wrong = await staleApi({ method: 'POST', url: '/me/passkeys/options', headers, payload: { currentPassword: 'Wrong#2025x' } });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().errors).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong });
      expect(wrong.body).not.toContain('challenge');
      // Counted with the sign-in failures of the account.
      const accountKey = `account:${createHash('sha256').update(email).digest('hex')}`;
      expect(await server.stores.signInFailures.blockedFor(accountKey, 1)).toBeGreaterThan(0);

      const right = await staleApi({ method: 'POST', url: '/me/passkeys/options', headers, payload: { currentPassword: PASSWORD } });
      expect(right.statusCode, right.body).toBe(200);
      const added = await staleApi({ method: 'POST', url: '/me/passkeys', headers, payload: { name: 'Laptop', response: softAuthenticator(SITE).register(right.json()) } });
      expect(added.statusCode, added.body).toBe(201);
      expect(await server.stores.passkeys.listForUser(userId)).toHaveLength(1);
      // Renaming and removing ask for nothing more.
      const id = added.json().id as string;
      expect((await staleApi({ method: 'PATCH', url: `/me/passkeys/${id}`, headers, payload: { name: 'Desk' } })).statusCode).toBe(200);
      expect((await staleApi({ method: 'DELETE', url: `/me/passkeys/${id}`, headers })).statusCode).toBe(204);
    });

    it('keeps the staff rules: a staff password session changes nothing, a passkey session keeps the last passkey, every change audited', async () => {
      counter++;
      const email = `staff.${counter}.${Date.now()}@dataclarity.example`;
      const lines: string[] = [];
      expect(await runStaffCli(['add', email], { ...server.env, SITE_URL: SITE }, { log: (line) => lines.push(line), error: (line) => lines.push(line) })).toBe(0);
      const token = lines.join('\n').match(/\/staff\/enroll\/([A-Za-z0-9_-]{43})$/m)![1]!;
      const userId = (await server.stores.users.credentials(email))!.id;
      const authenticator = softAuthenticator(SITE);
      const creation = (await api({ method: 'POST', url: '/passkeys/enrollment/options', payload: { token } })).json();
      const enrolled = await api({ method: 'POST', url: '/passkeys/enrollment', payload: { token, name: 'Work laptop', response: authenticator.register(creation) } });
      expect(enrolled.statusCode, enrolled.body).toBe(200);
      const headers = sessionCookie(enrolled)!;
      // A new staff member's first passkey, from the link, mails no notice.
      expect(await mailed(email)).toEqual([]);

      // The same account signed in with a password (it was a client before, with one of its own).
      await server.stores.users.setPasswordHash(userId, (await server.stores.users.passwordHashOf((await client()).userId))!);
      const byPassword = await api({ method: 'POST', url: '/session', payload: { email, password: PASSWORD } });
      expect(byPassword.statusCode, byPassword.body).toBe(200);
      const passwordSession = sessionCookie(byPassword)!;
      const refused = await api({ method: 'POST', url: '/me/passkeys/options', headers: passwordSession, payload: { currentPassword: PASSWORD } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(PASSKEY_MESSAGES.staffPasskeySession);
      expect((await api({ method: 'DELETE', url: `/me/passkeys/${authenticator.credentialId}`, headers: passwordSession })).statusCode).toBe(403);
      // A refusal stops the request: nothing renamed.
      expect((await api({ method: 'PATCH', url: `/me/passkeys/${authenticator.credentialId}`, headers: passwordSession, payload: { name: 'Hijacked' } })).statusCode).toBe(403);
      expect((await server.stores.passkeys.listForUser(userId)).map((each) => each.name)).toEqual(['Work laptop']);

      const last = await api({ method: 'DELETE', url: `/me/passkeys/${authenticator.credentialId}`, headers });
      expect(last.statusCode).toBe(409);
      expect(last.json().message).toBe(PASSKEY_MESSAGES.lastPasskey);
      expect((await api({ method: 'PATCH', url: `/me/passkeys/${authenticator.credentialId}`, headers, payload: { name: 'Desk' } })).statusCode).toBe(200);
      const actions = (await server.stores.staff.auditLog({ limit: 20 })).entries.filter((entry) => entry.recordId === userId).map((entry) => entry.action);
      expect(actions[0]).toBe(AUDIT_ACTIONS.passkeyRenamed);
      // Refused, kept (409) or renamed: nothing mailed.
      expect(await mailed(email)).toEqual([]);

      // One more from the account page: mailed, with the console's passkeys view as the place to remove it.
      const phone = await addPasskey(headers, 'Phone');
      const [added] = await passkeyMails(email);
      expect(added).toMatchObject({ kind: 'passkey-added', to: email });
      expect(added!.text).toContain('the passkey “Phone” was added');
      expect(added!.text).toContain(`\n${SITE}${STAFF_PASSKEYS_PAGE}\n`);
      expect((await api({ method: 'DELETE', url: `/me/passkeys/${phone.credentialId}`, headers })).statusCode).toBe(204);
      expect(await mailed(email)).toEqual(['passkey-added', 'passkey-removed']);
    });
  });
}
