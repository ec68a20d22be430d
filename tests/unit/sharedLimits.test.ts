import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_FAILED_LOGINS } from '../../server/api/adminAuth';
import { registerApi } from '../../server/api/index';
import { USER_MESSAGES } from '../../server/api/users';
import { loadConfig } from '../../server/config';
import { API_BASE } from '../../shared/constants';
import { findPostgres, POSTGRES_START_MS, startPostgres, type PostgresServer } from '../support/postgres';
import { signUpRequest } from '../support/signUp';

/**
 * Limits that must hold across instances (issue 30): two API instances (two Fastify apps) on one
 * PostgreSQL database count the global sign-up limit and the wrong administrator tokens together,
 * so a client cannot get twice the limit by landing on both. Per-process counters would let the
 * second instance accept what the first refuses.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const TOKEN = 'shared-limits-admin-token';
const postgres = findPostgres();
let server: PostgresServer;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'dc-shared-limits-'));
  if (postgres.ok) server = await startPostgres();
}, POSTGRES_START_MS);
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function instance(databaseUrl: string, options: Partial<Parameters<typeof registerApi>[1]>): Promise<FastifyInstance> {
  const app = Fastify();
  await registerApi(app, {
    databasePath: join(root, 'unused.sqlite'),
    databaseUrl,
    distDir: root,
    contactRequests: loadConfig({}).contactRequests,
    adminToken: TOKEN,
    registerRateLimit: { max: 1000, timeWindowMs: 60_000 },
    hashPassword: async (password) => `fake$${password.length}`,
    ...options,
  });
  await app.ready();
  return app;
}

let emailCounter = 0;
const signUp = (from: string) => signUpRequest(`shared.${++emailCounter}@example.de`, from);
const listUsers = (token: string, from = '192.0.2.10') => ({
  method: 'GET' as const,
  url: `${API_BASE}/user/all-users`,
  remoteAddress: from,
  headers: { authorization: `Bearer ${token}` },
});

describe.skipIf(!postgres.ok)('limits shared by two instances on one PostgreSQL', () => {
  it('the global sign-up limit counts the sign-ups of both instances', async () => {
    const databaseUrl = await server.createDatabase();
    const limit = { registerGlobalRateLimit: { max: 3, timeWindowMs: 60_000 } };
    const [a, b] = [await instance(databaseUrl, limit), await instance(databaseUrl, limit)];
    try {
      // Three sign-ups in all, from different addresses and alternating instances, fill the limit.
      expect((await a.inject(signUp('203.0.113.1'))).statusCode).toBe(201);
      expect((await b.inject(signUp('203.0.113.2'))).statusCode).toBe(201);
      expect((await a.inject(signUp('203.0.113.3'))).statusCode).toBe(201);
      // Each instance has seen one or two: per-process counters (max 3 each) would accept these.
      for (const app of [b, a]) {
        const refused = await app.inject(signUp('203.0.113.4'));
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ status: 429, message: USER_MESSAGES.tooManySignUpsOverall });
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      expect((await a.inject(listUsers(TOKEN))).json()).toHaveLength(3);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('wrong administrator tokens sent to either instance count together, per address', async () => {
    const databaseUrl = await server.createDatabase();
    const limit = { adminAuthRateLimit: { max: 2, timeWindowMs: 60_000 } };
    const [a, b] = [await instance(databaseUrl, limit), await instance(databaseUrl, limit)];
    try {
      expect((await a.inject(listUsers('guess-1'))).statusCode).toBe(401);
      expect((await b.inject(listUsers('guess-2'))).statusCode).toBe(401);
      // One wrong token per instance, two in all: the address is blocked on both, even with the right token.
      for (const app of [a, b]) {
        const blocked = await app.inject(listUsers(TOKEN));
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toMatchObject({ status: 429, message: TOO_MANY_FAILED_LOGINS });
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another address is not affected, on either instance.
      expect((await a.inject(listUsers(TOKEN, '192.0.2.99'))).statusCode).toBe(200);
      expect((await b.inject(listUsers(TOKEN, '192.0.2.99'))).statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
