import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { registerApi, type ApiOptions } from '../../server/api/index';
import { USER_MESSAGES } from '../../server/api/users';
import { loadConfig } from '../../server/config';
import { migratePostgres } from '../../server/db/migrate';
import { openStores } from '../../server/db/openStores';
import { PG_MIGRATIONS, PG_SCHEMA_VERSION } from '../../server/db/pgMigrations';
import { pgRateLimitStore } from '../../server/db/pgRateLimitStore';
import { isPostgresUrl, openPgPool, redactUrl, type PgPool } from '../../server/db/postgres';
import type { ContactRequestMail, ContactRequestMailer } from '../../server/contactRequests/mail';
import { API_BASE } from '../../shared/constants';
import { CONTACT_ENDPOINT, SEND_FAILURE } from '../../shared/contactRequest';
import { skipForMissing } from '../support/missingProgram';
import { findPostgres, POSTGRES_START_MS, startPostgres, type PostgresServer } from '../support/postgres';

describe('DATABASE_URL', () => {
  it('selects PostgreSQL only for a postgres:// URL and never logs the password', async () => {
    expect(loadConfig({}).databaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: ' postgres://dc:secret@db:5432/dc ' }).databaseUrl).toBe('postgres://dc:secret@db:5432/dc');
    expect(isPostgresUrl('postgresql://db/dc')).toBe(true);
    expect(isPostgresUrl('mysql://db/dc')).toBe(false);
    expect(redactUrl('postgres://dc:secret@db:5432/dc')).toBe('postgres://dc:***@db:5432/dc');
    await expect(openStores({ databasePath: ':memory:', databaseUrl: 'mysql://dc:secret@db/dc' })).rejects.toThrow(
      "DATABASE_URL must be a postgres:// URL (or unset for SQLite), got 'mysql://dc:***@db/dc'",
    );
    // Nothing listens on port 1: a clear start-up error naming the database, not a bare ECONNREFUSED.
    await expect(openStores({ databasePath: ':memory:', databaseUrl: 'postgres://dc:secret@127.0.0.1:1/dc' })).rejects.toThrow(
      /^PostgreSQL at postgres:\/\/dc:\*\*\*@127\.0\.0\.1:1\/dc could not be opened and migrated: /,
    );
    const sqlite = await openStores({ databasePath: ':memory:', databaseUrl: null });
    expect(sqlite.kind).toBe('sqlite');
    expect(sqlite.rateLimitStore).toBeUndefined();
    await sqlite.close();
  });
});

const postgres = findPostgres();
const skipPostgres = skipForMissing('PostgreSQL', postgres.ok ? null : postgres.reason);

describe.skipIf(skipPostgres)('on a real PostgreSQL', () => {
  let server: PostgresServer;

  beforeAll(async () => {
    server = await startPostgres();
  }, POSTGRES_START_MS);
  afterAll(async () => {
    await server?.stop();
  });

  /** Two API instances on one new database, as two servers of a deployment; closed when the test ends. */
  async function twoInstances(database: string, options: Partial<ApiOptions>): Promise<FastifyInstance[]> {
    const url = await server.createDatabase(database);
    const apps: FastifyInstance[] = [];
    onTestFinished(async () => {
      await Promise.all(apps.map((app) => app.close()));
    });
    for (let i = 0; i < 2; i++) {
      const app = Fastify({ logger: false });
      apps.push(app);
      await registerApi(app, {
        databasePath: ':memory:',
        databaseUrl: url,
        distDir: loadConfig({}).distDir,
        contactRequests: loadConfig({}).contactRequests,
        adminToken: 'token',
        ...options,
      });
      await app.ready();
    }
    return apps;
  }

  it('migrates once when two instances start together, and refuses a newer schema', async () => {
    const url = await server.createDatabase('dc_migrations');
    const pools: PgPool[] = [openPgPool(url), openPgPool(url)];
    try {
      const applied = await Promise.all(pools.map((pool) => migratePostgres(pool)));
      expect(applied.flat().sort((a, b) => a - b)).toEqual(PG_MIGRATIONS.map((_m, index) => index + 1));
      expect(await migratePostgres(pools[0]!)).toEqual([]);
      const { rows } = await pools[0]!.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
      expect(rows).toEqual(PG_MIGRATIONS.map((migration, index) => ({ version: index + 1, name: migration.name })));
      await pools[0]!.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [PG_SCHEMA_VERSION + 1, 'future']);
      await expect(migratePostgres(pools[1]!)).rejects.toThrow(/newer than this server/);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('counts rate-limit hits of all instances in one window, and starts a new one when it ends', async () => {
    const url = await server.createDatabase('dc_rate_limits');
    const pools: PgPool[] = [openPgPool(url), openPgPool(url)];
    try {
      await migratePostgres(pools[0]!);
      const route = { routeInfo: { method: 'POST', url: '/user/register' } };
      const stores = pools.map((pool) => new (pgRateLimitStore(pool))({}).child(route as never));
      const hit = (index: number, key = '203.0.113.7') =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) =>
          (stores[index]!.incr as (...args: unknown[]) => void)(key, (error: Error | null, result?: { current: number; ttl: number }) =>
            error ? reject(error) : resolve(result!), 60_000, 3),
        );
      const results = await Promise.all([hit(0), hit(1), hit(0), hit(1)]);
      expect(results.map((r) => r.current).sort()).toEqual([1, 2, 3, 4]);
      for (const result of results) expect(result.ttl).toBeGreaterThan(55_000);
      expect((await hit(1, '198.51.100.1')).current).toBe(1); // another client: its own counter
      await pools[0]!.query("UPDATE rate_limits SET window_ends = now() - interval '1 second'");
      expect((await hit(0)).current).toBe(1);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('holds the register limit across two API instances on one database', { timeout: 60_000 }, async () => {
    const apps = await twoInstances('dc_two_apps', {
      registerRateLimit: { max: 2, timeWindowMs: 60_000 },
      hashPassword: async (password) => `test$${password.length}`,
    });
    const register = (app: FastifyInstance, email: string) =>
      app.inject({
        method: 'POST',
        url: `${API_BASE}/user/register`,
        payload: { firstName: 'Jana', lastName: 'Weber', email, password: 'Mannheim#2025', confirmPassword: 'Mannheim#2025', termsAccepted: true },
      });
    expect((await register(apps[0]!, 'a@example.de')).statusCode).toBe(201);
    expect((await register(apps[1]!, 'a@example.de')).statusCode).toBe(409); // same database
    const third = await register(apps[0]!, 'b@example.de');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ message: USER_MESSAGES.tooManyRegistrations });
    expect((await register(apps[1]!, 'c@example.de')).statusCode).toBe(429);
  });

  it('holds the contact limit across two API instances, and both deliver each contact request exactly once', { timeout: 60_000 }, async () => {
    const mails: ContactRequestMail[] = [];
    const mailer: ContactRequestMailer = {
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 5)); // an SMTP round trip: the other instance may claim meanwhile
        mails.push(mail);
      },
      close() {},
    };
    const apps = await twoInstances('dc_two_apps_leads', {
      contactRequests: loadConfig({ LEAD_POLL_S: '1' }).contactRequests,
      contactRateLimit: { max: 3, timeWindowMs: 60_000 },
      contactRequestMailer: mailer,
    });
    const contact = (app: FastifyInstance, ip: string, name: string) =>
      app.inject({
        method: 'POST',
        url: CONTACT_ENDPOINT,
        remoteAddress: ip,
        payload: { name, email: 'jana.weber@example.de', phone: '+49 621 4305 8870', message: 'We would like to talk about our monthly reporting.', variant: 'contact' },
      });
    // One client, alternating instances: the third contact request is the last it may send.
    expect((await contact(apps[0]!, '203.0.113.7', 'Contact request 1')).statusCode).toBe(201);
    expect((await contact(apps[1]!, '203.0.113.7', 'Contact request 2')).statusCode).toBe(201);
    expect((await contact(apps[0]!, '203.0.113.7', 'Contact request 3')).statusCode).toBe(201);
    const limited = await contact(apps[1]!, '203.0.113.7', 'Contact request 4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: SEND_FAILURE.rateLimited });
    expect((await contact(apps[0]!, '203.0.113.7', 'Contact request 5')).statusCode).toBe(429);
    // Other clients, at both instances at once, while both deliver.
    const more = await Promise.all(
      Array.from({ length: 24 }, (_, i) => contact(apps[i % 2]!, `198.51.100.${Math.floor(i / 3) + 1}`, `Contact request ${i + 6}`)),
    );
    expect(more.map((r) => r.statusCode)).toEqual(Array(24).fill(201));
    // Every contact request sent leaves the outbox, so nothing is left to claim: once all 27 are sent after
    // exactly one attempt each, no second copy can follow (a double claim is a second attempt).
    const sent = async () =>
      (await apps[1]!.inject({ method: 'GET', url: `${CONTACT_ENDPOINT}?status=sent&limit=200`, headers: { authorization: 'Bearer token' } })).json<{
        total: number;
        leads: Array<{ attempts: number }>;
      }>();
    await vi.waitFor(async () => expect((await sent()).total).toBe(27), { timeout: 30_000, interval: 50 });
    expect((await sent()).leads.map((contactRequest) => contactRequest.attempts)).toEqual(Array(27).fill(1));
    expect(mails).toHaveLength(27);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(27);
  });
});
