import { openSqliteContactRequestStore } from '../../server/contactRequests/sqliteStore';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_FAILED_LOGINS, UNAUTHORIZED_MESSAGE } from '../../server/api/adminAuth';
import { registerApi } from '../../server/api/index';
import { USER_MESSAGES } from '../../server/api/users';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { verifyPassword } from '../../server/users/password';
import { openSqliteStore } from '../../server/users/sqliteStore';
import type { UserStore } from '../../server/users/store';
import { API_BASE } from '../../shared/constants';
import { EMAIL_INVALID, FIRST_NAME_TOO_SHORT, LAST_NAME_TOO_SHORT } from '../../shared/validation';
import { signUpRequest } from '../support/signUp';

/**
 * The API's guards against floods and guessing: the hash queue (503 + Retry-After), the global
 * sign-up limit, the per-IP limit on wrong administrator tokens (logged), and the socket timeouts.
 * Password hashing is a fake that takes a fixed time and records how many run at once.
 */

vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'hardening-admin-token';
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dc-hardening-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dbCounter = 0;
interface Harness {
  app: FastifyInstance;
  store: UserStore;
  logs: Array<Record<string, unknown>>;
  hashing: { now: number; max: number; calls: number };
}

async function harness(options: Partial<Parameters<typeof registerApi>[1]> = {}, hashMs = 40): Promise<Harness> {
  const logs: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  const dbFile = join(root, `db-${++dbCounter}.sqlite`);
  const store = openSqliteStore(dbFile);
  const contactRequestStore = openSqliteContactRequestStore(dbFile);
  const hashing = { now: 0, max: 0, calls: 0 };
  await registerApi(app, {
    databasePath: dbFile,
    distDir: root,
    contactRequests: loadConfig({}).contactRequests,
    store,
    contactRequestStore,
    adminToken: TOKEN,
    registerRateLimit: { max: 1000, timeWindowMs: 60_000 },
    hashPassword: async (password) => {
      hashing.calls++;
      hashing.now++;
      hashing.max = Math.max(hashing.max, hashing.now);
      await new Promise((resolve) => setTimeout(resolve, hashMs));
      hashing.now--;
      return `fake$${password.length}`;
    },
    ...options,
  });
  app.addHook('onClose', async () => {
    await contactRequestStore.close();
    await store.close();
  });
  return { app, store, logs, hashing };
}

let emailCounter = 0;
function signUp(from = '198.51.100.1') {
  emailCounter++;
  return signUpRequest(`flood.${emailCounter}@example.de`, from);
}

describe('a flood of sign-ups', () => {
  it('hashes at most `concurrency` passwords at once and answers 503 + Retry-After past the queue', async () => {
    const { app, store, hashing } = await harness({ hashQueue: { concurrency: 1, maxWaiting: 4 } });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => app.inject(signUp(`198.51.100.${n + 1}`))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(hashing.max).toBe(1);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 503)).toHaveLength(45);
    const busy = answers.find((answer) => answer.statusCode === 503)!;
    expect(busy.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(busy.json()).toMatchObject({ status: 503, message: USER_MESSAGES.busy });
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Nobody refused was stored; everybody accepted was.
    expect(await store.list()).toHaveLength(5);
    // Once the queue has drained, sign-ups go through again.
    expect((await app.inject(signUp())).statusCode).toBe(201);
    await app.close();
  });

  it('with the real hash on the piscina pool: 503 + Retry-After once the queue is full, the others stored', async () => {
    // No fake: registerApi hashes with scrypt on ./server/users/scrypt-worker.mjs. One hash runs,
    // one waits; the rest of a burst arrives while the first (hundreds of ms of scrypt) still runs.
    const { app, store } = await harness({ hashQueue: { concurrency: 1, maxWaiting: 1 }, hashPassword: undefined });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => app.inject(signUp(`198.51.100.${n + 101}`))));
    const created = answers.filter((answer) => answer.statusCode === 201);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(created.length + busy.length).toBe(6);
    expect(created.length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.json()).toMatchObject({ status: 503, message: USER_MESSAGES.busy });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Those accepted were hashed for real and stored; nobody refused was.
    const users = await store.list();
    expect(users.map((user) => user.email).sort()).toEqual(created.map((answer) => answer.json<{ email: string }>().email).sort());
    const stored = await store.credentials(users[0]!.email);
    expect(await verifyPassword('Mannheim#2025', stored!.passwordHash)).toBe(true);
    await app.close();
  });

  it('limits sign-ups of all clients together, counting only those that would be hashed', async () => {
    const { app, hashing } = await harness({ registerGlobalRateLimit: { max: 2, timeWindowMs: 60_000 } });
    expect((await app.inject(signUp('203.0.113.1'))).statusCode).toBe(201);
    const invalid = { ...signUp('203.0.113.2'), payload: { firstName: '' } };
    for (let i = 0; i < 5; i++) expect((await app.inject(invalid)).statusCode).toBe(400);
    expect((await app.inject(signUp('203.0.113.3'))).statusCode).toBe(201);
    const limited = await app.inject(signUp('203.0.113.4'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, message: USER_MESSAGES.tooManySignUpsOverall });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(hashing.calls).toBe(2);
    await app.close();
  });
});

describe('guessing the administrator token', () => {
  const list = (token: string | null, from = '192.0.2.10') => ({
    method: 'GET' as const,
    url: `${API_BASE}/user/all-users`,
    remoteAddress: from,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });

  it('allows 10 wrong tokens a minute per IP, then 429 even for the right one; logs each, never the token', async () => {
    const { app, logs } = await harness();
    for (let i = 0; i < 10; i++) {
      const response = await app.inject(list(`guess-${i}`));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: UNAUTHORIZED_MESSAGE });
    }
    const blocked = await app.inject(list(TOKEN));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, message: TOO_MANY_FAILED_LOGINS });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await app.inject(list(TOKEN, '192.0.2.99'))).statusCode).toBe(200);
    const failures = logs.filter((line) => String(line.msg).includes('administrator authentication failed'));
    expect(failures).toHaveLength(10);
    expect(failures[9]).toMatchObject({ ip: '192.0.2.10', failures: 10, level: 40 });
    expect(JSON.stringify(logs)).not.toContain('guess-');
    await app.close();
  });

  it('does not count requests without a token, nor the right token', async () => {
    const { app } = await harness({ adminAuthRateLimit: { max: 2, timeWindowMs: 60_000 } });
    for (let i = 0; i < 5; i++) expect((await app.inject(list(null))).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await app.inject(list(TOKEN))).statusCode).toBe(200);
    expect((await app.inject(list('wrong'))).statusCode).toBe(401);
    expect((await app.inject(list('wrong'))).statusCode).toBe(401);
    expect((await app.inject(list(TOKEN))).statusCode).toBe(429);
    await app.close();
  });
});

describe('rate limits from the environment', () => {
  it('read each <NAME>_MAX / <NAME>_WINDOW_S pair, defaulting to the route defaults, refusing nonsense by name', () => {
    expect(loadConfig({})).toMatchObject({
      registerRateLimit: { max: 10, timeWindowMs: 600_000 },
      registerGlobalRateLimit: { max: 60, timeWindowMs: 60_000 },
      contactRateLimit: { max: 5, timeWindowMs: 600_000 },
      adminAuthRateLimit: { max: 10, timeWindowMs: 60_000 },
    });
    const set = loadConfig({
      DC_REGISTER_RATE_MAX: '3',
      DC_REGISTER_GLOBAL_RATE_WINDOW_S: '30',
      DC_CONTACT_RATE_MAX: '7',
      DC_CONTACT_RATE_WINDOW_S: '120',
      DC_ADMIN_AUTH_RATE_WINDOW_S: '5',
    });
    expect(set).toMatchObject({
      registerRateLimit: { max: 3, timeWindowMs: 600_000 },
      registerGlobalRateLimit: { max: 60, timeWindowMs: 30_000 },
      contactRateLimit: { max: 7, timeWindowMs: 120_000 },
      adminAuthRateLimit: { max: 10, timeWindowMs: 5_000 },
    });
    expect(() => loadConfig({ DC_CONTACT_RATE_WINDOW_S: '0' })).toThrow(/DC_CONTACT_RATE_WINDOW_S/);
    expect(() => loadConfig({ DC_ADMIN_AUTH_RATE_MAX: 'ten' })).toThrow(/DC_ADMIN_AUTH_RATE_MAX/);
  });
});

describe('socket timeouts', () => {
  it('are set deliberately, from the environment with sane defaults', () => {
    const { timeouts } = loadConfig({});
    expect(timeouts).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 15_000,
      connectionTimeoutMs: 30_000,
      keepAliveTimeoutMs: 10_000,
      maxConnections: 512,
    });
    expect(loadConfig({ DC_HEADERS_TIMEOUT_S: '3', DC_MAX_CONNECTIONS: '64' }).timeouts).toMatchObject({
      headersTimeoutMs: 3000,
      maxConnections: 64,
    });
    expect(() => loadConfig({ DC_HEADERS_TIMEOUT_S: '20', DC_REQUEST_TIMEOUT_S: '10' })).toThrow(/DC_HEADERS_TIMEOUT_S/);
    expect(() => loadConfig({ DC_MAX_CONNECTIONS: '0' })).toThrow(/DC_MAX_CONNECTIONS/);
  });

  it('cut off a client that dribbles its request head (slowloris)', async () => {
    const dist = mkdtempSync(join(root, 'dist-'));
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', DIST_DIR: dist, DATABASE_PATH: join(dist, 'db.sqlite') }),
      distDir: dist,
    };
    config.timeouts = { ...config.timeouts, headersTimeoutMs: 1000, requestTimeoutMs: 2000, checkIntervalMs: 200 };
    const app = await buildApp(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect(app.server.headersTimeout).toBe(1000);
    expect(app.server.requestTimeout).toBe(2000);
    expect(app.server.keepAliveTimeout).toBe(10_000);
    const { port } = app.server.address() as { port: number };
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n'));
      const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 300);
      socket.on('data', () => {});
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(drip);
        resolve(Date.now() - started);
      });
    });
    expect(closedAfter).toBeLessThan(3000);
    await app.close();
  });
});

describe('control characters never reach the database', () => {
  it('refuses a sign-up with nul\\u0000@example.com and a PATCH with x@y.co\\u0000<script> (400, SPEC 8 message)', async () => {
    const { app, store } = await harness();
    const nul = signUp();
    const refused = await app.inject({ ...nul, payload: { ...nul.payload, email: 'nul\u0000@example.com' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: EMAIL_INVALID, errors: { email: EMAIL_INVALID } });
    const name = await app.inject({ ...nul, payload: { ...nul.payload, firstName: 'Ja\u202ena' } });
    expect(name.json()).toMatchObject({ errors: { firstName: FIRST_NAME_TOO_SHORT } });
    expect(await store.list()).toHaveLength(0);

    const created = await app.inject(signUp());
    expect(created.statusCode).toBe(201);
    const { _id } = created.json<{ _id: string }>();
    const patch = await app.inject({
      method: 'PATCH',
      url: `${API_BASE}/user/${_id}`,
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { email: 'x@y.co\u0000<script>', lastName: 'We\u0000ber' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toMatchObject({ errors: { email: EMAIL_INVALID, lastName: LAST_NAME_TOO_SHORT } });
    expect((await store.get(_id))!.email).toMatch(/^flood\.\d+@example\.de$/);
    await app.close();
  });
});
