import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifySchemaValidationError, type InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES } from '../../server/contactRequests/routes';
import { registerApi } from '../../server/api/index';
import { SCHEMA_MESSAGES, schemaProblem } from '../../server/api/schemaErrors';
import { PATCH_NOT_OBJECT, fieldNotEditable, fieldNotString } from '../../server/api/userPatch';
import { USER_MESSAGES } from '../../server/api/users';
import { loadConfig } from '../../server/config';
import { openSqliteContactRequestStore } from '../../server/contactRequests/sqliteStore';
import type { ContactRequestStore } from '../../server/contactRequests/store';
import { openSqliteStore } from '../../server/users/sqliteStore';
import type { UserStore } from '../../server/users/store';
import { API_BASE } from '../../shared/constants';
import { CONTACT_ENDPOINT, FORM_PAGE_PATHS } from '../../shared/contactRequest';
import type { User } from '../../shared/user';
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  EMAIL_TOO_LONG,
  FIRST_NAME_TOO_LONG,
  FIRST_NAME_TOO_SHORT,
  LAST_NAME_TOO_SHORT,
  MESSAGE_TOO_LONG,
  NAME_REQUIRED,
  PASSWORD_TOO_LONG,
  TERMS_NOT_ACCEPTED,
} from '../../shared/validation';
import { signUpBody } from '../support/signUp';

/**
 * The edges of the API's route schemas (TypeBox) and of the schema-error formatter
 * (server/api/schemaErrors.ts): unknown keys, wrong types, lengths at the limit and one over,
 * missing and null bodies, and the response schemas that keep a password hash out of every answer.
 * Password hashing is a fake, so every case can create users.
 */

vi.setConfig({ testTimeout: 20_000 });

const TOKEN = 'schema-admin-token';
const ADMIN = { authorization: `Bearer ${TOKEN}` };
const PUBLIC_KEYS = ['_id', 'active', 'createdAt', 'email', 'firstName', 'lastName', 'updatedAt'];

let root: string;
let app: FastifyInstance;
let users: UserStore;
let contactRequests: ContactRequestStore;
let dbCounter = 0;

/** A user store whose answers carry the password hash too, as a careless store might. */
function leakyStore(store: UserStore): UserStore {
  const leak = (user: User | null) => (user ? { ...user, passwordHash: 'scrypt$17$8$1$c2FsdA$a2V5', password: 'Mannheim#2025' } : null);
  return {
    ...store,
    create: async (input) => leak(await store.create(input))!,
    list: async () => (await store.list()).map((user) => leak(user)!),
    get: async (id) => leak(await store.get(id)),
    update: async (id, patch) => leak(await store.update(id, patch)),
    deactivate: async (id) => leak(await store.deactivate(id)),
    credentials: (email) => store.credentials(email),
    close: () => store.close(),
  };
}

async function start(options: { leaky?: boolean } = {}): Promise<void> {
  const dbFile = join(root, `db-${++dbCounter}.sqlite`);
  users = openSqliteStore(dbFile);
  contactRequests = openSqliteContactRequestStore(dbFile);
  app = Fastify({ logger: false });
  await registerApi(app, {
    databasePath: dbFile,
    distDir: join(root, 'dist'),
    contactRequests: loadConfig({}).contactRequests,
    store: options.leaky ? leakyStore(users) : users,
    contactRequestStore: contactRequests,
    contactRequestMailer: { send: async () => {}, close: () => {} },
    adminToken: TOKEN,
    registerRateLimit: { max: 1000, timeWindowMs: 60_000 },
    contactRateLimit: { max: 1000, timeWindowMs: 60_000 },
    hashPassword: async (password) => `fake$${password.length}`,
  });
  await app.ready();
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dc-schemas-'));
  mkdirSync(join(root, 'dist', 'contact', 'form_error'), { recursive: true });
  writeFileSync(join(root, 'dist', 'contact', 'form_error', 'index.html'), '<!doctype html><html lang="en"><title>Please check</title><main></main></html>');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(() => start());
afterEach(async () => {
  await app.close();
  await contactRequests.close();
  await users.close();
});

let emailCounter = 0;
function signUp(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...signUpBody(`schema.${++emailCounter}@example.de`), ...overrides };
}

const call = (options: InjectOptions & { url: string }) => app.inject({ ...options, url: API_BASE + options.url });
const register = (payload: unknown, headers: Record<string, string> = {}) =>
  call({ method: 'POST', url: '/user/register', payload: payload as InjectOptions['payload'], headers });
const patchUser = (id: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call({ method: 'PATCH', url: `/user/${id}`, headers: { ...ADMIN, ...headers }, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
const postContactRequest = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  app.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: payload as InjectOptions['payload'], headers });

const CONTACT_REQUEST = { name: 'Jana Weber', email: 'jana.weber@example.de', phone: '+49 621 4305 8870', message: 'We would like to talk about reporting.', variant: 'contact' };

function problemOf(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, status = 400) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const body = response.json() as { message: string; detail: string; errors?: Record<string, string> };
  expect(body.detail).toBe(body.message);
  return body;
}

async function seedUser(): Promise<User> {
  const response = await register(signUp({ firstName: 'Ada', lastName: 'Lovelace' }));
  expect(response.statusCode).toBe(201);
  return response.json<User>();
}

describe('the schema-error formatter', () => {
  const failure = (keyword: string, instancePath: string, params: Record<string, unknown> = {}): FastifySchemaValidationError =>
    ({ keyword, instancePath, schemaPath: '#', params, message: '' });

  it('answers a body that is not an object with the route message, without field errors', () => {
    for (const input of [undefined, null, [], 'text', 42]) {
      expect(schemaProblem([failure('type', '')], input, { notObject: 'Send an object.' })).toEqual({ message: 'Send an object.' });
    }
    expect(schemaProblem([failure('type', '')], null)).toEqual({ message: SCHEMA_MESSAGES.notObject });
  });

  it('prefers the field rules, then fixed messages, then plain ones; unknown keys last', () => {
    const outcome = schemaProblem(
      [
        failure('required', '', { requiredProperties: ['a', 'b', 'c'] }),
        failure('type', '/d', { type: 'integer' }),
        failure('maxLength', '/e', { limit: 3 }),
        failure('pattern', '/f~1g', { pattern: '^x$' }),
        failure('additionalProperties', '', { additionalProperties: ['zz'] }),
      ],
      { d: 'x', e: 'long', 'f/g': 'y', zz: 1 },
      { check: (input) => ({ a: 'A from the rule', e: input.e === 'long' ? '' : 'never' }), messages: { b: 'B fixed' } },
    );
    expect(outcome.errors).toEqual({
      a: 'A from the rule',
      b: 'B fixed',
      c: 'c is required',
      d: 'd must be an integer',
      e: 'e must be at most 3 characters',
      'f/g': 'f/g is not valid',
      zz: 'zz is not a field of this request',
    });
    expect(Object.keys(outcome.errors!)[0]).toBe('a');
    expect(outcome.message).toBe('A from the rule');
  });
});

describe('POST /user/register', () => {
  it('refuses an unknown key with 400 naming it, and stores nothing', async () => {
    const body = problemOf(await register(signUp({ isAdmin: true })));
    expect(body.errors).toEqual({ isAdmin: 'isAdmin is not a sign-up field' });
    expect(await users.list()).toEqual([]);
  });

  it.each([
    ['a number for a name (never read as "12345")', { lastName: 12345 }, { lastName: LAST_NAME_TOO_SHORT }],
    ['an array for the email (never read as its one item)', { email: ['jana@example.de'] }, { email: EMAIL_INVALID }],
    ['an object for the first name', { firstName: { first: 'Jana' } }, { firstName: FIRST_NAME_TOO_SHORT }],
    ['a string for the terms', { termsAccepted: 'true' }, { termsAccepted: TERMS_NOT_ACCEPTED }],
    ['null for the email', { email: null }, { email: EMAIL_INVALID }],
  ])('answers %s with the field\'s SPEC 8 message', async (_name, overrides, errors) => {
    const body = problemOf(await register(signUp(overrides)));
    expect(body.errors).toEqual(errors);
    expect(body.message).toBe(Object.values(errors)[0]);
    expect(await users.list()).toEqual([]);
  });

  it.each([
    ['firstName', 'J'.repeat(100), 'J'.repeat(101), FIRST_NAME_TOO_LONG],
    ['firstName', '🦊'.repeat(100), '🦊'.repeat(101), FIRST_NAME_TOO_LONG], // code points, like the form
    ['email', `${'a'.repeat(243)}@example.de`, `${'a'.repeat(244)}@example.de`, EMAIL_TOO_LONG],
  ])('accepts %s at its limit and refuses one character more (%#)', async (field, atLimit, over, message) => {
    expect((await register(signUp({ [field]: atLimit }))).statusCode).toBe(201);
    const body = problemOf(await register(signUp({ [field]: over })));
    expect(body.errors).toEqual({ [field]: message });
  });

  it('accepts a 128-character password and refuses 129 with the password rule\'s message', async () => {
    const atLimit = 'Aa1@' + 'x'.repeat(124);
    expect((await register(signUp({ password: atLimit, confirmPassword: atLimit }))).statusCode).toBe(201);
    const over = atLimit + 'x';
    const body = problemOf(await register(signUp({ password: over, confirmPassword: over })));
    expect(body.message).toBe(PASSWORD_TOO_LONG);
    expect(body.errors).toEqual({ password: PASSWORD_TOO_LONG, confirmPassword: SCHEMA_MESSAGES.maxLength('confirmPassword', 128) });
  });

  it.each([
    ['no body at all', {}],
    ['an empty JSON body', { payload: '', headers: { 'content-type': 'application/json' } }],
    ['a JSON null', { payload: 'null', headers: { 'content-type': 'application/json' } }],
    ['a JSON number', { payload: '7', headers: { 'content-type': 'application/json' } }],
  ])('answers %s with 400 and the "JSON object" message', async (_name, extra) => {
    const { payload, headers } = extra as { payload?: string; headers?: Record<string, string> };
    const response = await register(payload, headers);
    const body = problemOf(response);
    expect(body.message).toBe(USER_MESSAGES.bodyNotObject);
    expect(body.errors).toBeUndefined();
  });
});

describe('PATCH /user/{id}', () => {
  it.each([
    ['a number for a name', { firstName: 42 }, { firstName: fieldNotString('firstName') }],
    ['an array for the email', { email: ['eve@example.org'] }, { email: fieldNotString('email') }],
    ['a wrong type for a read-only field', { _id: 5, lastName: 'King' }, { _id: fieldNotString('_id') }],
    ['an unknown key next to a bad name', { firstName: 'E', isAdmin: true }, { firstName: FIRST_NAME_TOO_SHORT, isAdmin: fieldNotEditable('isAdmin') }],
    ['a name one over the limit', { firstName: 'E'.repeat(101) }, { firstName: FIRST_NAME_TOO_LONG }],
  ])('refuses %s, naming each field, and changes nothing', async (_name, payload, errors) => {
    const user = await seedUser();
    const body = problemOf(await patchUser(user._id, payload));
    expect(body.errors).toEqual(errors);
    expect(await users.get(user._id)).toEqual(user);
  });

  it('accepts a name at the limit', async () => {
    const user = await seedUser();
    const response = await patchUser(user._id, { firstName: 'E'.repeat(100) });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>().firstName).toBe('E'.repeat(100));
  });

  it('a JSON null is refused and does not deactivate; no body deactivates', async () => {
    const user = await seedUser();
    const refused = problemOf(await patchUser(user._id, 'null', { 'content-type': 'application/json' }));
    expect(refused.message).toBe(PATCH_NOT_OBJECT);
    expect((await users.get(user._id))!.active).toBe(true);
    const deactivated = await patchUser(user._id);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json<User>()).toMatchObject({ _id: user._id, active: false });
    const again = await patchUser(user._id, '', { 'content-type': 'application/json' });
    expect(again.statusCode).toBe(200);
  });
});

describe('response schemas', () => {
  it('a user never carries a password or its hash, even when the store hands one over', async () => {
    await app.close();
    await contactRequests.close();
    await users.close();
    await start({ leaky: true });
    const created = await register(signUp());
    expect(created.statusCode).toBe(201);
    const user = created.json<User>();
    const answers = [
      created,
      await call({ method: 'GET', url: '/user/all-users', headers: ADMIN }),
      await call({ method: 'GET', url: `/user/${user._id}`, headers: ADMIN }),
      await patchUser(user._id, { lastName: 'King' }),
      await patchUser(user._id),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(answer === created ? 201 : 200);
      expect(answer.body).not.toMatch(/scrypt\$|passwordHash|password|Mannheim/);
      const body = answer.json<User | User[]>();
      for (const one of Array.isArray(body) ? body : [body]) expect(Object.keys(one).sort()).toEqual(PUBLIC_KEYS);
    }
  });

  it('a contact request keeps every field the administrator reads, and nothing else', async () => {
    const id = (await postContactRequest(CONTACT_REQUEST)).json<{ id: string }>().id;
    const one = (await app.inject({ method: 'GET', url: `${CONTACT_ENDPOINT}/${id}`, headers: ADMIN })).json<Record<string, unknown>>();
    expect(Object.keys(one).sort()).toEqual(
      ['attempts', 'deliveredAt', 'deliveryAttempts', 'email', 'handledAt', 'id', 'lastError', 'message', 'name', 'phone', 'receivedAt', 'source', 'status', 'variant'].sort(),
    );
    const listed = (await app.inject({ method: 'GET', url: CONTACT_ENDPOINT, headers: ADMIN })).json<{ leads: Record<string, unknown>[] }>();
    expect(Object.keys(listed).sort()).toEqual(['leads', 'limit', 'offset', 'total']);
    expect(listed.leads[0]).toEqual(Object.fromEntries(Object.entries(one).filter(([key]) => key !== 'deliveryAttempts')));
  });
});

describe('POST /contact', () => {
  it('refuses an unknown key (JSON) with 400 naming it, and stores nothing', async () => {
    const body = problemOf(await postContactRequest({ ...CONTACT_REQUEST, budget: '10k' }));
    expect(body.errors).toEqual({ budget: SCHEMA_MESSAGES.unknownKey('budget') });
    expect((await contactRequests.list()).total).toBe(0);
  });

  it('answers wrong types with the element\'s SPEC 8 messages', async () => {
    const body = problemOf(await postContactRequest({ ...CONTACT_REQUEST, name: 42, email: ['jana@example.de'] }));
    expect(body.errors).toEqual({ name: NAME_REQUIRED, email: EMAIL_REQUIRED });
  });

  it('accepts a message of 5000 characters and refuses 5001', async () => {
    expect((await postContactRequest({ ...CONTACT_REQUEST, message: 'm'.repeat(5000) })).statusCode).toBe(201);
    const body = problemOf(await postContactRequest({ ...CONTACT_REQUEST, message: 'm'.repeat(5001) }));
    expect(body.errors).toEqual({ message: MESSAGE_TOO_LONG });
  });

  it.each([
    ['no body', undefined],
    ['a JSON null', 'null'],
  ])('answers %s with the "JSON object" message', async (_name, payload) => {
    const body = problemOf(await postContactRequest(payload));
    expect(body.message).toBe(CONTACT_MESSAGES.bodyNotObject);
  });

  it('a form post refused by the schema is still an HTML page: the form with the message, or a notice', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    // A repeated field arrives as a list: the field's message, in the form again.
    const repeated = await postContactRequest(`${new URLSearchParams({ ...CONTACT_REQUEST }).toString()}&name=Eve`, form);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.headers['content-type']).toMatch(/^text\/html/);
    expect(repeated.body).toContain(NAME_REQUIRED);
    // A key no form of ours has: a notice, never JSON.
    const unknown = await postContactRequest(new URLSearchParams({ ...CONTACT_REQUEST, extra: 'x' }).toString(), form);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toContain(`href="${FORM_PAGE_PATHS.contact}"`);
    expect((await contactRequests.list()).total).toBe(0);
  });
});

describe('the administrator\'s contact request routes', () => {
  it.each([
    ['?status=bogus', { status: CONTACT_MESSAGES.badStatus }],
    ['?status=sent&status=spam', { status: CONTACT_MESSAGES.badStatus }],
    ['?limit=ten', { limit: CONTACT_MESSAGES.badLimit }],
    ['?limit=201', { limit: CONTACT_MESSAGES.badLimit }],
    ['?offset=-1', { offset: CONTACT_MESSAGES.badOffset }],
    ['?page=2', { page: SCHEMA_MESSAGES.unknownKey('page') }],
  ])('GET /contact%s is 400 naming the parameter', async (query, errors) => {
    const body = problemOf(await app.inject({ method: 'GET', url: CONTACT_ENDPOINT + query, headers: ADMIN }));
    expect(body.errors).toEqual(errors);
  });

  it('PATCH /contact/{id}: no body or {"handled": bool}; anything else is 400', async () => {
    const id = (await postContactRequest(CONTACT_REQUEST)).json<{ id: string }>().id;
    const json = { ...ADMIN, 'content-type': 'application/json' };
    for (const payload of ['null', '{}', '{"handled":"yes"}', '{"handled":true,"status":"sent"}', '[true]']) {
      const body = problemOf(await app.inject({ method: 'PATCH', url: `${CONTACT_ENDPOINT}/${id}`, headers: json, payload }));
      expect(body.message, payload).toBe(CONTACT_MESSAGES.badPatch);
    }
    const handled = await app.inject({ method: 'PATCH', url: `${CONTACT_ENDPOINT}/${id}`, headers: ADMIN });
    expect(handled.json<{ handledAt: string | null }>().handledAt).toMatch(/^\d{4}-/);
    const reopened = await app.inject({ method: 'PATCH', url: `${CONTACT_ENDPOINT}/${id}`, headers: json, payload: '{"handled":false}' });
    expect(reopened.json<{ handledAt: string | null }>().handledAt).toBeNull();
  });
});
