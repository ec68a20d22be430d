import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openStores, type Stores } from '../../server/db/openStores';
import { SESSION_COOKIE } from '../../server/sessions/cookies';
import { hashToken, newSessionToken } from '../../server/sessions/token';
import type { DatabaseBackend } from './databaseBackends';
import { setByHook } from './setByHook';

/**
 * The whole server (buildApp, called through inject) on a fresh database of one backend
 * (./databaseBackends), with the stores opened on that same database, so that a test seeds rows
 * and reads what the routes wrote. Call it inside a describe block: it registers the hooks that
 * build the server before the block's tests (or before each test, `perTest`) and close the server
 * and the stores after them. Its fields can be read inside those tests only.
 */
export interface ServerUnderTest {
  readonly app: FastifyInstance;
  readonly stores: Stores;
  /** The database's environment (DATABASE_PATH or DATABASE_URL): for the staff CLI, or another server on it. */
  readonly env: Record<string, string>;
  /** What `app` was built with: the base of another app on the same database. */
  readonly config: ServerConfig;
}

export interface ServerSettings {
  /** The built site it serves (./testSite's `dist`). */
  distDir: string;
  /** The environment loadConfig reads, besides LOG_LEVEL=silent and the database's. */
  env?: Record<string, string>;
}

export function serverOnFreshDatabase(
  backend: DatabaseBackend,
  settings: () => ServerSettings,
  { perTest = false }: { perTest?: boolean } = {},
): ServerUnderTest {
  let app: FastifyInstance | undefined;
  let stores: Stores | undefined;
  let env: Record<string, string> | undefined;
  let config: ServerConfig | undefined;
  const [before, after] = perTest ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    const { distDir, env: settingsEnv = {} } = settings();
    env = await backend.fresh();
    // Three test files run at once on two cores: an event loop a second late there is the machine,
    // not this server, and the overload guard's 503 would fail an unrelated test. The guard has its
    // own test (tests/unit/metrics.test.ts), which sets its threshold itself.
    config = { ...loadConfig({ LOG_LEVEL: 'silent', DC_OVERLOAD_EVENT_LOOP_DELAY_MS: '30000', ...settingsEnv, ...env }), distDir };
    app = await buildApp(config);
    await app.ready();
    stores = await openStores({ databasePath: config.databasePath, databaseUrl: config.databaseUrl });
  });
  after(async () => {
    await app?.close();
    await stores?.close();
    app = stores = env = config = undefined;
  });
  return {
    get app() {
      return setByHook(app, 'app');
    },
    get stores() {
      return setByHook(stores, 'stores');
    },
    get env() {
      return setByHook(env, 'env');
    },
    get config() {
      return setByHook(config, 'config');
    },
  };
}

/**
 * Another server on `config` that logs at debug level into `lines` (each chunk its logger writes),
 * for a test of what a log never holds. The caller closes it.
 */
export async function debugLoggingApp(config: ServerConfig): Promise<{ app: FastifyInstance; lines: string[] }> {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { app: await buildApp({ ...config, logLevel: 'debug' }, { logStream }), lines };
}

/**
 * An account in the store, as sign-up would leave it (Jana Weber unless named), verified or not,
 * with a role when one is given.
 */
export async function seedAccount(
  stores: Stores,
  email: string,
  passwordHash: string,
  options: { verified?: boolean; role?: 'client' | 'staff' } = {},
): Promise<{ id: string; email: string }> {
  const user = await stores.users.create({ firstName: 'Jana', lastName: 'Weber', email, passwordHash });
  if (options.verified) await stores.accounts.proveAddress(user._id, email, new Date());
  if (options.role) await stores.staff.setRole(user._id, options.role);
  return { id: user._id, email };
}

/**
 * A live session of the user with a token the test knows, made in the session store: a staff
 * session "proven with a passkey" is one whose row says so. Its Cookie header: {@link sessionCookie}.
 */
export async function seedSession(stores: Stores, userId: string, passkeyVerified: boolean): Promise<string> {
  const token = newSessionToken();
  await stores.sessions.create({ tokenHash: hashToken(token), userId, userAgent: 'vitest', passkeyVerified });
  return token;
}

/** The Cookie header of a session token. */
export const sessionCookie = (token: string): string => `${SESSION_COOKIE}=${token}`;
