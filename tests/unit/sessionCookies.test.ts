import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cookieSecurity, SESSION_HINT_COOKIE } from '../../server/sessions/cookies';
import { sessionService } from '../../server/sessions/sessionService';
import { openSqliteSessionStore, type SqliteSessionStore } from '../../server/sessions/sqliteStore';
import { openSqliteStore } from '../../server/users/sqliteStore';
import type { UserStore } from '../../server/users/store';

/**
 * The session cookies' names and flags by the request's scheme and addresses
 * (server/sessions/cookies.ts): `__Host-` and Secure over HTTPS and from any other machine;
 * neither on plain HTTP from this machine to localhost, where WebKit would not keep a Secure
 * cookie. Each request reads the cookie only under its own scheme's name.
 */
const LIMITS = { idleMs: 60 * 60_000, absoluteMs: 24 * 60 * 60_000 };
const MAX_AGE = LIMITS.absoluteMs / 1000;

/** Requests as they arrive: from the browser on this machine, through a TLS proxy, from elsewhere. */
const LOCAL_HTTP: Partial<InjectOptions> = { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080' } };
const LOCAL_HTTP_V6: Partial<InjectOptions> = { remoteAddress: '::1', headers: { host: '[::1]:8080' } };
const LOCAL_HTTP_IP: Partial<InjectOptions> = { remoteAddress: '::ffff:127.0.0.1', headers: { host: '127.0.0.1:4173' } };
const HTTPS_VIA_PROXY: Partial<InjectOptions> = {
  remoteAddress: '127.0.0.1',
  headers: { host: 'www.dataclarity.de', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
};
/** A TLS proxy on the same machine in front of https://localhost: HTTPS, so Secure. */
const HTTPS_LOCALHOST_VIA_PROXY: Partial<InjectOptions> = {
  remoteAddress: '127.0.0.1',
  headers: { host: 'localhost', 'x-forwarded-proto': 'https' },
};
const REMOTE_HTTP: Partial<InjectOptions> = { remoteAddress: '203.0.113.7', headers: { host: 'localhost:8080' } };
/** Plain HTTP through a proxy on this machine for a remote visitor (client address from X-Forwarded-For). */
const REMOTE_HTTP_VIA_PROXY: Partial<InjectOptions> = {
  remoteAddress: '127.0.0.1',
  headers: { host: 'localhost:8080', 'x-forwarded-for': '203.0.113.7' },
};
/** Plain HTTP on this machine, but to a site's own name (a local nginx for www.dataclarity.de). */
const LOCAL_HTTP_SITE_NAME: Partial<InjectOptions> = { remoteAddress: '127.0.0.1', headers: { host: 'www.dataclarity.de:8080' } };

let dir: string;
let users: UserStore;
let store: SqliteSessionStore;
let app: FastifyInstance;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dc-session-cookies-'));
  const file = join(dir, 'dc.sqlite');
  users = openSqliteStore(file);
  store = openSqliteSessionStore(file);
  const sessions = sessionService(store, LIMITS);
  // As behind TRUST_PROXY: X-Forwarded-Proto and X-Forwarded-For are believed from the proxy.
  app = Fastify({ trustProxy: true });
  await app.register(cookie);
  app.post('/start/:id', async (request, reply) => {
    await sessions.start(reply, (request.params as { id: string }).id, 'vitest');
    return reply.send('ok');
  });
  app.get('/security', async (request) => cookieSecurity(request));
  app.get('/read', async (request, reply) => ({ signedIn: (await sessions.read(request, reply)) !== null }));
});

afterEach(async () => {
  await app.close();
  await store.close();
  await users.close();
  rmSync(dir, { recursive: true, force: true });
});

function setCookieLines(response: LightMyRequestResponse): string[] {
  const raw = response.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

/** A sign-in as `request` makes it: the Set-Cookie lines with the token shown as <token>, and the token. */
async function signIn(request: Partial<InjectOptions>): Promise<{ lines: string[]; token: string }> {
  const user = await users.create({ firstName: 'Jana', lastName: 'Weber', email: `j${Math.random()}@example.de`, passwordHash: 'x' });
  const response = await app.inject({ ...request, method: 'POST', url: `/start/${user._id}` });
  expect(response.statusCode).toBe(200);
  const token = /dc_session=([A-Za-z0-9_-]{43});/.exec(setCookieLines(response).join('\n'))![1]!;
  return { lines: setCookieLines(response).map((line) => line.replace(token, '<token>')), token };
}

/** What cookieSecurity says for `request`, as another cookie of the server would use it. */
async function securityOf(request: Partial<InjectOptions>): Promise<unknown> {
  return (await app.inject({ ...request, url: '/security' })).json();
}

async function signedIn(request: Partial<InjectOptions>, cookieHeader: string): Promise<{ signedIn: boolean; cleared: string[] }> {
  const response = await app.inject({ ...request, url: '/read', headers: { ...request.headers, cookie: cookieHeader } });
  return { ...response.json<{ signedIn: boolean }>(), cleared: setCookieLines(response) };
}

const SECURE_LINES = [
  `__Host-dc_session=<token>; Max-Age=${MAX_AGE}; Path=/; HttpOnly; Secure; SameSite=Lax`,
  `${SESSION_HINT_COOKIE}=1; Max-Age=${MAX_AGE}; Path=/; Secure; SameSite=Lax`,
];
const PLAIN_LINES = [
  `dc_session=<token>; Max-Age=${MAX_AGE}; Path=/; HttpOnly; SameSite=Lax`,
  `${SESSION_HINT_COOKIE}=1; Max-Age=${MAX_AGE}; Path=/; SameSite=Lax`,
];

describe('session cookies over HTTPS', () => {
  it("are __Host-dc_session and the hint, both Secure (a TLS proxy's X-Forwarded-Proto, TRUST_PROXY)", async () => {
    for (const request of [HTTPS_VIA_PROXY, HTTPS_LOCALHOST_VIA_PROXY]) {
      expect((await signIn(request)).lines).toEqual(SECURE_LINES);
      expect(await securityOf(request)).toEqual({ secure: true, prefix: '__Host-' });
    }
  });

  it('never take a plain dc_session: only __Host-dc_session signs in', async () => {
    const { token } = await signIn(HTTPS_VIA_PROXY);
    expect(await signedIn(HTTPS_VIA_PROXY, `dc_session=${token}`)).toEqual({ signedIn: false, cleared: [] });
    expect((await signedIn(HTTPS_VIA_PROXY, `__Host-dc_session=${token}`)).signedIn).toBe(true);
    // A planted plain cookie beside the real one changes nothing either.
    expect((await signedIn(HTTPS_VIA_PROXY, `dc_session=${'A'.repeat(43)}; __Host-dc_session=${token}`)).signedIn).toBe(true);
  });
});

describe('session cookies on plain HTTP from this machine to localhost', () => {
  it('drop Secure and the __Host- prefix (WebKit keeps no Secure cookie from http://localhost)', async () => {
    for (const request of [LOCAL_HTTP, LOCAL_HTTP_V6, LOCAL_HTTP_IP]) {
      expect((await signIn(request)).lines, JSON.stringify(request)).toEqual(PLAIN_LINES);
      expect(await securityOf(request)).toEqual({ secure: false, prefix: '' });
    }
  });

  it('read dc_session, and clear a dead one under the same name and flags', async () => {
    const { token } = await signIn(LOCAL_HTTP);
    expect(await signedIn(LOCAL_HTTP, `dc_session=${token}`)).toEqual({ signedIn: true, cleared: [] });
    const dead = await signedIn(LOCAL_HTTP, `dc_session=${'A'.repeat(43)}; ${SESSION_HINT_COOKIE}=1`);
    expect(dead.signedIn).toBe(false);
    expect(dead.cleared.map((line) => line.split(';')[0])).toEqual(['dc_session=', `${SESSION_HINT_COOKIE}=`]);
    for (const line of dead.cleared) expect(line).not.toMatch(/Secure/);
  });
});

describe("session cookies on plain HTTP from another machine, or to a site's name", () => {
  it('keep __Host- and Secure', async () => {
    for (const request of [REMOTE_HTTP, REMOTE_HTTP_VIA_PROXY, LOCAL_HTTP_SITE_NAME]) {
      expect((await signIn(request)).lines, JSON.stringify(request)).toEqual(SECURE_LINES);
      expect(await securityOf(request)).toEqual({ secure: true, prefix: '__Host-' });
    }
  });

  it('never take a plain dc_session', async () => {
    const { token } = await signIn(LOCAL_HTTP);
    for (const request of [REMOTE_HTTP, REMOTE_HTTP_VIA_PROXY, LOCAL_HTTP_SITE_NAME]) {
      expect((await signedIn(request, `dc_session=${token}`)).signedIn, JSON.stringify(request)).toBe(false);
    }
  });
});

describe('forwarded headers without TRUST_PROXY', () => {
  it('are not believed: a remote client naming 127.0.0.1 in X-Forwarded-For stays Secure', async () => {
    const untrusting = Fastify();
    await untrusting.register(cookie);
    untrusting.get('/', async (request) => cookieSecurity(request));
    try {
      const remote = await untrusting.inject({
        url: '/',
        remoteAddress: '203.0.113.7',
        headers: { host: 'localhost', 'x-forwarded-for': '127.0.0.1' },
      });
      expect(remote.json()).toEqual({ secure: true, prefix: '__Host-' });
      const local = await untrusting.inject({ url: '/', remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080' } });
      expect(local.json()).toEqual({ secure: false, prefix: '' });
    } finally {
      await untrusting.close();
    }
  });
});
