import { resolve } from 'node:path';
import { FRAME_SOURCES } from './hosting/siteRules';
import { COMPANY_EMAIL } from '../shared/contactRequest';
import { COMPANY as company } from '../shared/company';
import { DAY_MS, DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from './accounts/settings';
import { DEFAULT_ADMIN_AUTH_RATE_LIMIT } from './api/adminAuth';
import { DEFAULT_CONTACT_RATE_LIMIT } from './contactRequests/routes';
import type { RouteRateLimit } from './api/routeRateLimit';
import { DEFAULT_REGISTER_GLOBAL_RATE_LIMIT, DEFAULT_REGISTER_RATE_LIMIT } from './api/users';
import { opsSettings, type OpsSettings } from './ops/settings';
import { DEFAULT_HASH_QUEUE_WAITING, defaultHashConcurrency, type HashQueueOptions } from './users/hashQueue';
import { hashCostFrom, type ScryptCost } from './users/password';

/** Server settings from the environment, with the defaults `npm start` uses. */
export interface ServerConfig {
  port: number;
  host: string;
  distDir: string;
  databasePath: string;
  /** DATABASE_URL: a postgres:// URL runs the API on PostgreSQL (several instances may share it); null = SQLite at databasePath. */
  databaseUrl: string | null;
  adminToken: string | null;
  logLevel: string;
  /** Extra origins allowed in frame-src (third-party embeds that wait for consent). */
  frameSources: string[];
  /** POST /user/register limit per client IP: DC_REGISTER_RATE_MAX requests per DC_REGISTER_RATE_WINDOW_S seconds. */
  registerRateLimit: RouteRateLimit;
  /** POST /contact limit per client IP: DC_CONTACT_RATE_MAX requests per DC_CONTACT_RATE_WINDOW_S seconds. */
  contactRateLimit: RouteRateLimit;
  /** Contact request delivery and retention (server/contactRequests). */
  contactRequests: ContactRequestSettings;
  /**
   * POST /user/register limit for all clients together, counted on the sign-ups that reach
   * password hashing (valid, new address): DC_REGISTER_GLOBAL_RATE_MAX per
   * DC_REGISTER_GLOBAL_RATE_WINDOW_S seconds (default 60 per 60 s). Beyond the per-IP limit, it
   * bounds the hashing work a crowd of addresses can ask for.
   */
  registerGlobalRateLimit: RouteRateLimit;
  /**
   * Password hashes at once and waiting (server/users/hashQueue.ts): DC_HASH_CONCURRENCY
   * (default: cores - 1, at most the thread pool - 2, at least 1) and DC_HASH_QUEUE_MAX (8).
   * A sign-up finding the queue full gets 503 with Retry-After.
   */
  hashQueue: HashQueueOptions;
  /** The scrypt cost of new password hashes: N = 2^17, r = 8, p = 1 (DC_TEST_SCRYPT_N lowers N for the test suites, NODE_ENV=test only: ./users/password). */
  passwordCost: ScryptCost;
  /** Wrong administrator bearer tokens allowed per client IP: DC_ADMIN_AUTH_RATE_MAX per DC_ADMIN_AUTH_RATE_WINDOW_S (10 per 60 s). */
  adminAuthRateLimit: RouteRateLimit;
  /**
   * Sign-in sessions and failed sign-in limits (server/accounts):
   * - DC_SESSION_IDLE_DAYS (7): a session not used for this long ends, so a forgotten browser
   *   does not stay signed in; each use moves it on (written at most once a minute).
   * - DC_SESSION_ABSOLUTE_DAYS (30): every session ends this long after sign-in, used or not,
   *   so a stolen cookie is not good forever; the cookie's Max-Age is the same.
   * - DC_SIGN_IN_ACCOUNT_RATE_MAX / _WINDOW_S (5 per 900 s): failed sign-ins per account before
   *   further tries wait for the window's end (429 with Retry-After; never longer than a window).
   * - DC_SIGN_IN_IP_RATE_MAX / _WINDOW_S (20 per 900 s): the same per client IP, against one
   *   address trying many accounts. Both counted in the database, shared by all instances.
   */
  accounts: AccountSettings;
  /** Socket limits, see {@link ServerTimeouts}. */
  timeouts: ServerTimeouts;
  /** Shutdown, readiness, metrics and overload settings (./ops/settings). */
  ops: OpsSettings;
  /**
   * Which proxies to believe about the client address (X-Forwarded-For), from TRUST_PROXY:
   * unset = none (a client cannot fake its IP to dodge the register rate limit), 'true' = any,
   * a number = that many hops, otherwise a comma-separated list of proxy addresses/CIDRs.
   */
  trustProxy?: boolean | string | ((address: string, hop: number) => boolean);
}

export interface ContactRequestSettings {
  /** SMTP_URL (smtp://user:pass@host:587 or smtps://…:465); null: contact requests are stored, not mailed. */
  smtpUrl: string | null;
  /** LEADS_TO: who receives the contact requests (default: the company's contact address in site/_data/company.json). */
  to: string;
  /** LEADS_FROM: the mails' sender (default: "<company> website" <website@<site domain>>). */
  from: string;
  /** Domain of the mails' Message-IDs (the site's domain). */
  messageIdDomain: string;
  /** LEAD_RETENTION_DAYS: contact requests older than this are deleted (default 365). */
  retentionDays: number;
  /** LEAD_RETRY_BASE_S / LEAD_RETRY_MAX_S / LEAD_RETRY_MAX_ATTEMPTS: the outbox's retries. */
  retry: { baseDelayMs: number; maxDelayMs: number; maxAttempts: number };
  /** LEAD_POLL_S: how often the outbox looks for due retries (default 5 s). */
  pollMs: number;
  /**
   * LEAD_LEASE_S: how long a claimed mail is held by the instance sending it (default 120 s, above
   * the SMTP timeouts). An instance that dies mid-send (kill -9, a lost machine) leaves its claim
   * until the lease ends; only then may another instance, or the restarted one, send it again.
   */
  leaseMs: number;
}

/** The site's domain without www (Message-IDs, the default sender). */
export const SITE_DOMAIN = new URL(company.siteUrl).hostname.replace(/^www\./, '');

/**
 * SITE_URL: the origin the links in account mails point to (reset, verification). Configured,
 * never taken from the request's Host header, which a client chooses (a reset link pointing to
 * an attacker's host would hand them the token).
 */
function siteUrlSetting(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return DEFAULT_ACCOUNT_SETTINGS.siteUrl;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`SITE_URL must be an origin such as https://www.dataclarity.de, got '${value}'`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`SITE_URL must start with https:// or http://, got '${value}'`);
  return url.origin;
}

function smtpUrlSetting(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got '${url.protocol}//'`);
  }
  return value.trim();
}

/**
 * How long a client may hold a socket, chosen on purpose (Node's and Fastify's defaults let a
 * slow client keep one for a minute or more, and unlimited connections):
 *
 * - headersTimeoutMs (DC_HEADERS_TIMEOUT_S, 10 s): the whole request head must arrive in this
 *   time. A browser sends it in one packet; a client dribbling header bytes (slowloris) is cut
 *   off instead of holding the socket for Node's default 60 s.
 * - requestTimeoutMs (DC_REQUEST_TIMEOUT_S, 15 s): the whole request, head and body (at most
 *   16 KB), must arrive in this time; a slow body upload is cut off with 408.
 * - connectionTimeoutMs (DC_CONNECTION_TIMEOUT_S, 30 s): a socket with no traffic either way for
 *   this long is closed (a response to a stalled reader, a connection opened and never used).
 * - keepAliveTimeoutMs (DC_KEEP_ALIVE_TIMEOUT_S, 10 s): an idle keep-alive connection is closed
 *   after this; long enough for a page's follow-up requests, short enough that idle sockets do
 *   not pile up (Fastify's default is 72 s). Behind a proxy that reuses upstream connections,
 *   set it ABOVE the proxy's idle timeout so the proxy, not this server, closes them.
 * - maxConnections (DC_MAX_CONNECTIONS, 512): the connections held at once, keeping file
 *   descriptors (ulimit often 1024) for the database and the static files; at the cap the guard
 *   makes room fairly (idle ones of the biggest holder first) or answers 503 (./ops/connectionGuard).
 * - maxConnectionsPerClient (DC_MAX_CONNECTIONS_PER_IP, 32) and firstRequestTimeoutMs
 *   (DC_FIRST_REQUEST_TIMEOUT_S, 5 s): one address cannot hold the total; a connection that sends
 *   no request is closed soon (reasons in ./ops/connectionGuard).
 * - checkIntervalMs: how often Node looks for requests over the head/request timeouts (its
 *   default of 30 s would let a slow client keep a socket 30 s past its timeout).
 */
export interface ServerTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  checkIntervalMs: number;
  /** DC_MAX_CONNECTIONS_PER_IP and DC_FIRST_REQUEST_TIMEOUT_S: see ./ops/connectionGuard. */
  maxConnectionsPerClient: number;
  firstRequestTimeoutMs: number;
}

function trustProxySetting(value: string | undefined): NonNullable<ServerConfig['trustProxy']> {
  if (value === undefined || value.trim() === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a whole number above 0, got '${value}'`);
  return parsed;
}

/**
 * A rate limit from its pair of variables, `<name>_MAX` events per `<name>_WINDOW_S` seconds,
 * each defaulting to the route's own default.
 */
function rateLimitSetting(env: NodeJS.ProcessEnv, name: string, fallback: RouteRateLimit): RouteRateLimit {
  return {
    max: positiveInteger(`${name}_MAX`, env[`${name}_MAX`], fallback.max),
    timeWindowMs: positiveInteger(`${name}_WINDOW_S`, env[`${name}_WINDOW_S`], fallback.timeWindowMs / 1000) * 1000,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got '${env.PORT}'`);
  }
  const headersTimeoutS = positiveInteger('DC_HEADERS_TIMEOUT_S', env.DC_HEADERS_TIMEOUT_S, 10);
  const requestTimeoutS = positiveInteger('DC_REQUEST_TIMEOUT_S', env.DC_REQUEST_TIMEOUT_S, 15);
  if (headersTimeoutS > requestTimeoutS) {
    throw new Error(`DC_HEADERS_TIMEOUT_S (${headersTimeoutS}) must not be above DC_REQUEST_TIMEOUT_S (${requestTimeoutS})`);
  }
  const maxConnections = positiveInteger('DC_MAX_CONNECTIONS', env.DC_MAX_CONNECTIONS, 512);
  const trustProxy = trustProxySetting(env.TRUST_PROXY);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    databasePath: resolve(env.DATABASE_PATH ?? 'data/dc.sqlite'),
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL.trim() !== '' ? env.DATABASE_URL.trim() : null,
    adminToken: env.DC_ADMIN_TOKEN && env.DC_ADMIN_TOKEN.length > 0 ? env.DC_ADMIN_TOKEN : null,
    registerRateLimit: rateLimitSetting(env, 'DC_REGISTER_RATE', DEFAULT_REGISTER_RATE_LIMIT),
    contactRateLimit: rateLimitSetting(env, 'DC_CONTACT_RATE', DEFAULT_CONTACT_RATE_LIMIT),
    contactRequests: {
      smtpUrl: smtpUrlSetting(env.SMTP_URL),
      to: env.LEADS_TO?.trim() || COMPANY_EMAIL,
      from: env.LEADS_FROM?.trim() || `"${company.name} website" <website@${SITE_DOMAIN}>`,
      messageIdDomain: SITE_DOMAIN,
      retentionDays: positiveInteger('LEAD_RETENTION_DAYS', env.LEAD_RETENTION_DAYS, 365),
      retry: {
        baseDelayMs: positiveInteger('LEAD_RETRY_BASE_S', env.LEAD_RETRY_BASE_S, 30) * 1000,
        maxDelayMs: positiveInteger('LEAD_RETRY_MAX_S', env.LEAD_RETRY_MAX_S, 3600) * 1000,
        maxAttempts: positiveInteger('LEAD_RETRY_MAX_ATTEMPTS', env.LEAD_RETRY_MAX_ATTEMPTS, 12),
      },
      pollMs: positiveInteger('LEAD_POLL_S', env.LEAD_POLL_S, 5) * 1000,
      leaseMs: positiveInteger('LEAD_LEASE_S', env.LEAD_LEASE_S, 120) * 1000,
    },
    registerGlobalRateLimit: rateLimitSetting(env, 'DC_REGISTER_GLOBAL_RATE', DEFAULT_REGISTER_GLOBAL_RATE_LIMIT),
    passwordCost: hashCostFrom(env),
    hashQueue: {
      concurrency: positiveInteger('DC_HASH_CONCURRENCY', env.DC_HASH_CONCURRENCY, defaultHashConcurrency()),
      maxWaiting: positiveInteger('DC_HASH_QUEUE_MAX', env.DC_HASH_QUEUE_MAX, DEFAULT_HASH_QUEUE_WAITING),
    },
    adminAuthRateLimit: rateLimitSetting(env, 'DC_ADMIN_AUTH_RATE', DEFAULT_ADMIN_AUTH_RATE_LIMIT),
    accounts: {
      sessionIdleMs: positiveInteger('DC_SESSION_IDLE_DAYS', env.DC_SESSION_IDLE_DAYS, DEFAULT_ACCOUNT_SETTINGS.sessionIdleMs / DAY_MS) * DAY_MS,
      sessionAbsoluteMs:
        positiveInteger('DC_SESSION_ABSOLUTE_DAYS', env.DC_SESSION_ABSOLUTE_DAYS, DEFAULT_ACCOUNT_SETTINGS.sessionAbsoluteMs / DAY_MS) * DAY_MS,
      accountFailures: rateLimitSetting(env, 'DC_SIGN_IN_ACCOUNT_RATE', DEFAULT_ACCOUNT_SETTINGS.accountFailures),
      ipFailures: rateLimitSetting(env, 'DC_SIGN_IN_IP_RATE', DEFAULT_ACCOUNT_SETTINGS.ipFailures),
      siteUrl: siteUrlSetting(env.SITE_URL),
      resetTtlMs: DEFAULT_ACCOUNT_SETTINGS.resetTtlMs,
      verificationTtlMs: DEFAULT_ACCOUNT_SETTINGS.verificationTtlMs,
      resetPerAccount: rateLimitSetting(env, 'DC_RESET_ACCOUNT_RATE', DEFAULT_ACCOUNT_SETTINGS.resetPerAccount),
      resetPerIp: rateLimitSetting(env, 'DC_RESET_IP_RATE', DEFAULT_ACCOUNT_SETTINGS.resetPerIp),
      verificationResend: rateLimitSetting(env, 'DC_VERIFY_RESEND_RATE', DEFAULT_ACCOUNT_SETTINGS.verificationResend),
      staffInvitations: rateLimitSetting(env, 'DC_STAFF_INVITE_RATE', DEFAULT_ACCOUNT_SETTINGS.staffInvitations),
      passkeyReauthMs: DEFAULT_ACCOUNT_SETTINGS.passkeyReauthMs,
    },
    timeouts: {
      headersTimeoutMs: headersTimeoutS * 1000,
      requestTimeoutMs: requestTimeoutS * 1000,
      connectionTimeoutMs: positiveInteger('DC_CONNECTION_TIMEOUT_S', env.DC_CONNECTION_TIMEOUT_S, 30) * 1000,
      keepAliveTimeoutMs: positiveInteger('DC_KEEP_ALIVE_TIMEOUT_S', env.DC_KEEP_ALIVE_TIMEOUT_S, 10) * 1000,
      maxConnections,
      checkIntervalMs: 1000,
      // Behind a proxy every connection comes from its address: the proxy caps clients.
      maxConnectionsPerClient: positiveInteger('DC_MAX_CONNECTIONS_PER_IP', env.DC_MAX_CONNECTIONS_PER_IP, trustProxy === false ? 32 : maxConnections),
      firstRequestTimeoutMs: positiveInteger('DC_FIRST_REQUEST_TIMEOUT_S', env.DC_FIRST_REQUEST_TIMEOUT_S, 5) * 1000,
    },
    trustProxy,
    ops: opsSettings(env),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    frameSources: [...FRAME_SOURCES],
  };
}
