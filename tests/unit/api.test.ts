import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES } from '../../server/api/index';
import { UNAUTHORIZED_MESSAGE, bearerToken, tokenMatches } from '../../server/api/adminAuth';
import { PATCH_NOTHING_TO_CHANGE, PATCH_NOT_OBJECT, fieldNotEditable, fieldNotString } from '../../server/api/userPatch';
import { USER_MESSAGES } from '../../server/api/users';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { SCRYPT_PARAMS, verifyPassword } from '../../server/users/password';
import { seedPasswordHash } from '../support/seedPassword';
import { openSqliteStore } from '../../server/users/sqliteStore';
import type { User } from '../../shared/user';
import { API_BASE } from '../../shared/constants';
import {
  EMAIL_INVALID,
  EMAIL_TOO_LONG,
  FIRST_NAME_TOO_SHORT,
  LAST_NAME_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  SIGN_UP_PASSWORD_TOO_SHORT,
  SIGN_UP_PASSWORD_WEAK,
  TERMS_NOT_ACCEPTED,
  FIRST_NAME_TOO_LONG,
} from '../../shared/validation';
import { signUpBody } from '../support/signUp';
import { makeTestSite } from '../support/testSite';

/**
 * The user API through Fastify's inject, on the whole server (buildApp: body limit, headers,
 * prefix) and a real SQLite file in a temp folder. Password hashing is the real scrypt
 * (N = 2^17), so the tests register only as many users as they need.
 */

// Real scrypt (about 128 MiB and a few hundred ms per hash) on a shared CI machine: allow time.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const TOKEN = 'test-admin-token-5b1f';
const ADMIN = { authorization: `Bearer ${TOKEN}` };

let root: string;
let dist: string;
let dbFile: string;
let app: FastifyInstance;

function config(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', DC_ADMIN_TOKEN: TOKEN }),
    distDir: dist,
    databasePath: dbFile,
    ...overrides,
  };
}

async function start(overrides: Partial<ServerConfig> = {}): Promise<FastifyInstance> {
  return buildApp(config(overrides));
}

function api(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, url: API_BASE + options.url });
}

let emailCounter = 0;
function signUp(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  emailCounter++;
  return { ...signUpBody(`jana.weber+${emailCounter}@example.de`), ...overrides };
}

function register(body: unknown, headers: Record<string, string> = {}) {
  return api({ method: 'POST', url: '/user/register', payload: body as InjectOptions['payload'], headers });
}

function expectProblem(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json<Record<string, unknown>>();
  expect(body).toMatchObject({ type: 'about:blank', status });
  expect(typeof body.title).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(body.detail).toBe(body.message);
  if (message !== undefined) expect(body.message).toBe(message);
  return body as { message: string; errors?: Record<string, string> };
}

const PUBLIC_KEYS = ['_id', 'active', 'createdAt', 'email', 'firstName', 'lastName', 'updatedAt'];

/** No response of the API may carry a password or a hash, whatever the status. */
function expectNoSecrets(response: LightMyRequestResponse) {
  expect(response.body).not.toMatch(/scrypt\$|password_?hash|Mannheim#2025/i);
}

/** One real hash, computed once: the admin tests seed users straight into the database file. */
let seedHash: string;

/** Creates a user in the database file through a second connection (the server's stays open: WAL). */
async function seedUser(overrides: Partial<{ firstName: string; lastName: string; email: string }> = {}): Promise<User> {
  const store = openSqliteStore(dbFile);
  try {
    const fields = signUp(overrides);
    return await store.create({
      firstName: String(fields.firstName),
      lastName: String(fields.lastName),
      email: String(fields.email),
      passwordHash: seedHash,
    });
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  seedHash = await seedPasswordHash('Mannheim#2025');
  ({ root, dist } = makeTestSite('dc-api-'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

beforeEach(async () => {
  dbFile = join(mkdtempSync(join(root, 'db-')), 'data', 'dc.sqlite');
  app = await start();
});

afterEach(async () => {
  await app.close();
});

describe('POST /user/register', () => {
  it('creates a user: 201, the public fields only, a Location, email case-normalised', async () => {
    const body = signUp({ email: '  Jana.Weber@Example.DE ', firstName: ' Jana ' });
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const user = response.json<User>();
    expect(Object.keys(user).sort()).toEqual(PUBLIC_KEYS);
    expect(user).toMatchObject({ firstName: 'Jana', lastName: 'Weber', email: 'jana.weber@example.de', active: true });
    expect(user._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
    expect(user.updatedAt).toBe(user.createdAt);
    expect(response.headers.location).toBe(`${API_BASE}/user/${user._id}`);
    expectNoSecrets(response);

    // Stored with a scrypt hash whose parameters travel with it, and the password verifies.
    const db = new Database(dbFile, { readonly: true });
    const row = db.prepare('SELECT email, password_hash FROM users WHERE id = ?').get(user._id) as {
      email: string;
      password_hash: string;
    };
    db.close();
    expect(row.email).toBe('jana.weber@example.de');
    expect(row.password_hash.startsWith(`scrypt$${SCRYPT_PARAMS.N}$${SCRYPT_PARAMS.r}$${SCRYPT_PARAMS.p}$`)).toBe(true);
    expect(SCRYPT_PARAMS.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(row.password_hash).not.toContain('Mannheim#2025');
    expect(await verifyPassword('Mannheim#2025', row.password_hash)).toBe(true);
    expect(await verifyPassword('Mannheim#2026', row.password_hash)).toBe(false);
  });

  it('accepts a 64-character passphrase', async () => {
    const password = 'Aa1@' + 'x'.repeat(60);
    expect(password).toHaveLength(64);
    const response = await register(signUp({ password, confirmPassword: password }));
    expect(response.statusCode).toBe(201);
  });

  it('refuses fields a client may not set with 400 naming each (mass assignment); nothing is stored', async () => {
    const response = await register(
      signUp({
        _id: 'chosen-id',
        active: false,
        createdAt: '2000-01-01T00:00:00.000Z',
        passwordHash: 'scrypt$2$1$1$AAAA$AAAA',
        role: 'admin',
      }),
    );
    const body = expectProblem(response, 400, '_id is not a sign-up field');
    expect(body.errors).toEqual({
      _id: '_id is not a sign-up field',
      active: 'active is not a sign-up field',
      createdAt: 'createdAt is not a sign-up field',
      passwordHash: 'passwordHash is not a sign-up field',
      role: 'role is not a sign-up field',
    });
    expect(response.body).not.toContain('scrypt$'); // the key is named, its value never echoed
    const list = await api({ method: 'GET', url: '/user/all-users', headers: ADMIN });
    expect(list.json<User[]>()).toEqual([]);
  });

  it.each([
    ['firstName', { firstName: 'J' }, FIRST_NAME_TOO_SHORT],
    ['firstName', { firstName: '   ' }, FIRST_NAME_TOO_SHORT],
    ['firstName', { firstName: 'J'.repeat(101) }, FIRST_NAME_TOO_LONG],
    ['firstName', { firstName: 42 }, FIRST_NAME_TOO_SHORT],
    ['lastName', { lastName: undefined }, LAST_NAME_TOO_SHORT],
    ['email', { email: '' }, EMAIL_INVALID],
    ['email', { email: 'jana@example' }, EMAIL_INVALID],
    ['email', { email: 'jana weber@example.de' }, EMAIL_INVALID],
    ['email', { email: `${'a'.repeat(250)}@example.de` }, EMAIL_TOO_LONG],
    ['password', { password: 'Aa1@aaa', confirmPassword: 'Aa1@aaa' }, SIGN_UP_PASSWORD_TOO_SHORT],
    ['password', { password: 'mannheim#2025', confirmPassword: 'mannheim#2025' }, SIGN_UP_PASSWORD_WEAK],
    ['password', { password: 'Mannheim2025', confirmPassword: 'Mannheim2025' }, SIGN_UP_PASSWORD_WEAK],
    ['confirmPassword', { confirmPassword: 'Mannheim#2024' }, PASSWORDS_DO_NOT_MATCH],
    ['termsAccepted', { termsAccepted: false }, TERMS_NOT_ACCEPTED],
    ['termsAccepted', { termsAccepted: 'true' }, TERMS_NOT_ACCEPTED],
  ])('refuses a bad %s with 400 naming the field (%#)', async (field, overrides, message) => {
    const response = await register(signUp(overrides));
    const body = expectProblem(response, 400, message);
    expect(body.errors).toEqual({ [field]: message });
    expectNoSecrets(response);
  });

  it('names every bad field at once', async () => {
    const response = await register({ email: 'nope' });
    const body = expectProblem(response, 400);
    // The sign-up rules name the fields the form would; the schema adds the one only it can see.
    expect(body.errors).toEqual({
      firstName: FIRST_NAME_TOO_SHORT,
      lastName: LAST_NAME_TOO_SHORT,
      email: EMAIL_INVALID,
      password: SIGN_UP_PASSWORD_TOO_SHORT,
      termsAccepted: TERMS_NOT_ACCEPTED,
      confirmPassword: 'confirmPassword is required',
    });
    expect(body.message).toBe(FIRST_NAME_TOO_SHORT);
  });

  it('refuses a duplicate email with 409, also in another case and with spaces', async () => {
    const first = signUp();
    expect((await register(first)).statusCode).toBe(201);
    const again = await register(signUp({ email: first.email }));
    expectProblem(again, 409, USER_MESSAGES.duplicateEmail);
    const shouting = await register(signUp({ email: `  ${String(first.email).toUpperCase()} ` }));
    const body = expectProblem(shouting, 409, USER_MESSAGES.duplicateEmail);
    expect(body.errors).toEqual({ email: USER_MESSAGES.duplicateEmail });
    const list = await api({ method: 'GET', url: '/user/all-users', headers: ADMIN });
    expect(list.json<User[]>().length).toBe(1);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await register('{"firstName": "Jana",', { 'content-type': 'application/json' });
    expectProblem(response, 400, API_MESSAGES.badJson);
  });

  it('answers a prototype-poisoning body with 400', async () => {
    const response = await register('{"__proto__": {"admin": true}, "firstName": "Jana"}', {
      'content-type': 'application/json',
    });
    expectProblem(response, 400, API_MESSAGES.badJson);
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['no body', ''],
  ])('answers %s with 400', async (_name, payload) => {
    const response = await register(payload, { 'content-type': 'application/json' });
    expectProblem(response, 400, USER_MESSAGES.bodyNotObject);
  });

  it('answers a body over 16 KB with 413', async () => {
    const response = await register(JSON.stringify(signUp({ lastName: 'W'.repeat(20_000) })), {
      'content-type': 'application/json',
    });
    expectProblem(response, 413, API_MESSAGES.tooLarge);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'answers %s with 415',
    async (type) => {
      const response = await register('firstName=Jana', { 'content-type': type });
      expectProblem(response, 415, API_MESSAGES.notJson);
    },
  );

  it('accepts application/json with a charset', async () => {
    const response = await register(JSON.stringify(signUp({ firstName: 'J' })), {
      'content-type': 'application/json; charset=utf-8',
    });
    expectProblem(response, 400, FIRST_NAME_TOO_SHORT);
  });

  it('rate-limits registration per client with 429 and Retry-After', async () => {
    await app.close();
    app = await start({ registerRateLimit: { max: 2, timeWindowMs: 60_000 } });
    const bad = signUp({ firstName: '' }); // cheap requests: they count too
    expect((await register(bad)).statusCode).toBe(400);
    expect((await register(bad)).statusCode).toBe(400);
    const limited = await register(signUp());
    expectProblem(limited, 429, USER_MESSAGES.tooManyRegistrations);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    const other = await app.inject({
      method: 'POST',
      url: `${API_BASE}/user/register`,
      payload: bad,
      remoteAddress: '203.0.113.7',
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('administrator routes', () => {
  let user: User;

  beforeEach(async () => {
    user = await seedUser({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  const routes: [string, InjectOptions['method'], () => string, unknown][] = [
    ['GET /user/all-users', 'GET', () => '/user/all-users', undefined],
    ['GET /user/{id}', 'GET', () => `/user/${user._id}`, undefined],
    ['PATCH /user/{id} (edit)', 'PATCH', () => `/user/${user._id}`, { firstName: 'Eve' }],
    ['PATCH /user/{id} (deactivate)', 'PATCH', () => `/user/${user._id}`, undefined],
  ];

  describe.each(routes)('%s', (_name, method, url, payload) => {
    it.each([
      ['without a token', {}],
      ['with a wrong token', { authorization: 'Bearer wrong-token' }],
      ['with a token that only shares a prefix', { authorization: `Bearer ${TOKEN}x` }],
      ['with another scheme', { authorization: `Basic ${TOKEN}` }],
    ])('answers 401 %s and changes nothing', async (_case, headers) => {
      const response = await api({ method, url: url(), headers, ...(payload ? { payload: payload } : {}) });
      expectProblem(response, 401, UNAUTHORIZED_MESSAGE);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      const stored = await api({ method: 'GET', url: `/user/${user._id}`, headers: ADMIN });
      expect(stored.json()).toEqual(user);
    });

    it('answers 401 on a server without DC_ADMIN_TOKEN, even to an empty bearer', async () => {
      await app.close();
      app = await start({ adminToken: null });
      for (const headers of [{}, { authorization: 'Bearer ' }, { authorization: 'Bearer null' }]) {
        const response = await api({ method, url: url(), headers, ...(payload ? { payload: payload } : {}) });
        expectProblem(response, 401, UNAUTHORIZED_MESSAGE);
      }
    });
  });

  it('checks the token before the body: a bad body without a token is 401', async () => {
    const response = await api({
      method: 'PATCH',
      url: `/user/${user._id}`,
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(response, 401);
  });

  it('lists users oldest first, public fields only', async () => {
    const second = await seedUser({ firstName: 'Grace', lastName: 'Hopper' });
    const response = await api({ method: 'GET', url: '/user/all-users', headers: { authorization: `bearer  ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    const users = response.json<User[]>();
    expect(users.map((u) => u._id)).toEqual([user._id, second._id]);
    for (const listed of users) expect(Object.keys(listed).sort()).toEqual(PUBLIC_KEYS);
    expectNoSecrets(response);
  });

  it('reads one user', async () => {
    const response = await api({ method: 'GET', url: `/user/${user._id}`, headers: ADMIN });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(user);
    expectNoSecrets(response);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "x' OR '1'='1"])(
    'answers 404 for an unknown id (%s) on read, edit and deactivate',
    async (id) => {
      const path = `/user/${encodeURIComponent(id)}`;
      expectProblem(await api({ method: 'GET', url: path, headers: ADMIN }), 404, USER_MESSAGES.notFound);
      expectProblem(
        await api({ method: 'PATCH', url: path, headers: ADMIN, payload: { firstName: 'Eve' } }),
        404,
        USER_MESSAGES.notFound,
      );
      expectProblem(await api({ method: 'PATCH', url: path, headers: ADMIN }), 404, USER_MESSAGES.notFound);
    },
  );

  it('edits firstName, lastName and email (normalised) and bumps updatedAt', async () => {
    const response = await api({
      method: 'PATCH',
      url: `/user/${user._id}`,
      headers: ADMIN,
      payload: { firstName: ' Augusta ', lastName: 'King', email: 'ADA@Example.org' },
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json<User>();
    expect(edited).toMatchObject({ _id: user._id, firstName: 'Augusta', lastName: 'King', email: 'ada@example.org' });
    expect(edited.createdAt).toBe(user.createdAt);
    expect(edited.updatedAt >= user.updatedAt).toBe(true);
    expectNoSecrets(response);
    const read = await api({ method: 'GET', url: `/user/${user._id}`, headers: ADMIN });
    expect(read.json()).toEqual(edited);
  });

  it('accepts the whole user object back, ignoring its read-only fields', async () => {
    const response = await api({
      method: 'PATCH',
      url: `/user/${user._id}`,
      headers: ADMIN,
      payload: { ...user, _id: 'other-id', active: false, createdAt: '2000-01-01T00:00:00.000Z', lastName: 'Byron' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: user._id, active: true, createdAt: user.createdAt, lastName: 'Byron' });
  });

  it.each([
    ['password', { password: 'Hacked#2025', firstName: 'Eve' }],
    ['confirmPassword', { confirmPassword: 'Hacked#2025' }],
    ['passwordHash', { passwordHash: 'scrypt$2$1$1$AAAA$AAAA' }],
    ['role', { role: 'admin' }],
  ])('refuses %s in an edit with 400 and writes nothing (mass assignment)', async (field, payload) => {
    const db = new Database(dbFile, { readonly: true });
    const hashBefore = (db.prepare('SELECT password_hash FROM users WHERE id = ?').get(user._id) as { password_hash: string })
      .password_hash;
    const response = await api({ method: 'PATCH', url: `/user/${user._id}`, headers: ADMIN, payload });
    const body = expectProblem(response, 400, fieldNotEditable(field));
    expect(body.errors).toMatchObject({ [field]: fieldNotEditable(field) });
    const hashAfter = (db.prepare('SELECT password_hash FROM users WHERE id = ?').get(user._id) as { password_hash: string })
      .password_hash;
    db.close();
    expect(hashAfter).toBe(hashBefore);
    const stored = await api({ method: 'GET', url: `/user/${user._id}`, headers: ADMIN });
    expect(stored.json()).toEqual(user);
  });

  it.each([
    ['firstName', { firstName: 'E' }, FIRST_NAME_TOO_SHORT],
    ['lastName', { lastName: '' }, LAST_NAME_TOO_SHORT],
    ['email', { email: 'not-an-email' }, EMAIL_INVALID],
    ['email', { email: null }, fieldNotString('email')],
    ['firstName', { firstName: ['Eve'] }, fieldNotString('firstName')],
  ])('refuses an invalid %s in an edit with the sign-up rule (%#)', async (field, payload, message) => {
    const response = await api({ method: 'PATCH', url: `/user/${user._id}`, headers: ADMIN, payload });
    const body = expectProblem(response, 400, message);
    expect(body.errors).toEqual({ [field]: message });
  });

  it('refuses an edit to an email another user has with 409', async () => {
    const other = await seedUser();
    const response = await api({
      method: 'PATCH',
      url: `/user/${user._id}`,
      headers: ADMIN,
      payload: { email: other.email.toUpperCase() },
    });
    expectProblem(response, 409, USER_MESSAGES.duplicateEmail);
  });

  it('refuses {} (nothing to change) with 400 and does not deactivate', async () => {
    const response = await api({ method: 'PATCH', url: `/user/${user._id}`, headers: ADMIN, payload: {} });
    expectProblem(response, 400, PATCH_NOTHING_TO_CHANGE);
    const stored = await api({ method: 'GET', url: `/user/${user._id}`, headers: ADMIN });
    expect(stored.json<User>().active).toBe(true);
  });

  it.each([
    ['null', 'null'],
    ['an array', '[{"firstName":"Eve"}]'],
  ])('refuses %s as an edit body with 400', async (_name, payload) => {
    const response = await api({
      method: 'PATCH',
      url: `/user/${user._id}`,
      headers: { ...ADMIN, 'content-type': 'application/json' },
      payload,
    });
    expectProblem(response, 400, PATCH_NOT_OBJECT);
  });

  it('answers malformed JSON and a non-JSON edit with 400 and 415', async () => {
    expectProblem(
      await api({
        method: 'PATCH',
        url: `/user/${user._id}`,
        headers: { ...ADMIN, 'content-type': 'application/json' },
        payload: '{"firstName":',
      }),
      400,
      API_MESSAGES.badJson,
    );
    expectProblem(
      await api({
        method: 'PATCH',
        url: `/user/${user._id}`,
        headers: { ...ADMIN, 'content-type': 'text/plain' },
        payload: 'firstName=Eve',
      }),
      415,
    );
  });

  it.each([
    ['no body and no content type', {}],
    ['an empty body with a JSON content type', { headers: { 'content-type': 'application/json' }, payload: '' }],
    ['whitespace with a JSON content type', { headers: { 'content-type': 'application/json' }, payload: '  \n' }],
  ])('deactivates with %s: the user stays, inactive', async (_name, extra) => {
    const options = extra as { headers?: Record<string, string>; payload?: string };
    const response = await api({
      method: 'PATCH',
      url: `/user/${user._id}`,
      ...options,
      headers: { ...ADMIN, ...(options.headers ?? {}) },
    });
    expect(response.statusCode).toBe(200);
    const deactivated = response.json<User>();
    expect(deactivated).toMatchObject({ _id: user._id, email: user.email, active: false });
    expectNoSecrets(response);
    const list = await api({ method: 'GET', url: '/user/all-users', headers: ADMIN });
    expect(list.json<User[]>().find((u) => u._id === user._id)?.active).toBe(false);
    // Deactivating again is harmless.
    const again = await api({ method: 'PATCH', url: `/user/${user._id}`, headers: ADMIN });
    expect(again.statusCode).toBe(200);
    expect(again.json<User>().updatedAt).toBe(deactivated.updatedAt);
  });
});

describe('persistence and the prefix', () => {
  it('keeps a registered (and a deactivated) user across a server restart', async () => {
    const created = (await register(signUp({ firstName: 'Persistent' }))).json<User>();
    await api({ method: 'PATCH', url: `/user/${created._id}`, headers: ADMIN });
    await app.close();

    app = await start();
    const response = await api({ method: 'GET', url: `/user/${created._id}`, headers: ADMIN });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: created._id, firstName: 'Persistent', email: created.email, active: false });
    // The unique email survives too.
    expectProblem(await register(signUp({ email: created.email })), 409);
  });

  it('creates and migrates the database file with WAL and synchronous=FULL', () => {
    const db = new Database(dbFile, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (t) => t.name,
    );
    db.close();
    expect(tables).toContain('users');
  });

  it('answers unknown routes and methods under the prefix with a JSON 404', async () => {
    expectProblem(await api({ method: 'GET', url: '/user' }), 404);
    expectProblem(await api({ method: 'DELETE', url: '/user/some-id', headers: ADMIN }), 404);
    expectProblem(await api({ method: 'GET', url: '/nothing/here?x=1' }), 404);
  });
});

describe('bearer token helpers', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer   abc ')).toBe('abc');
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });

  it('compares tokens exactly and refuses everything without a configured token', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abd', 'abc')).toBe(false);
    expect(tokenMatches('abcd', 'abc')).toBe(false);
    expect(tokenMatches('', '')).toBe(false);
    expect(tokenMatches('abc', null)).toBe(false);
    expect(tokenMatches(null, 'abc')).toBe(false);
  });
});
