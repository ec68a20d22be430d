import { resolve } from 'node:path';

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
  registerRateLimit: { max: number; timeWindowMs: number };
  /**
   * Which proxies to believe about the client address (X-Forwarded-For), from TRUST_PROXY:
   * unset = none (a client cannot fake its IP to dodge the register rate limit), 'true' = any,
   * a number = that many hops, otherwise a comma-separated list of proxy addresses/CIDRs.
   */
  trustProxy?: boolean | string | ((address: string, hop: number) => boolean);
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got '${env.PORT}'`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    databasePath: resolve(env.DATABASE_PATH ?? 'data/dc.sqlite'),
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL.trim() !== '' ? env.DATABASE_URL.trim() : null,
    adminToken: env.DC_ADMIN_TOKEN && env.DC_ADMIN_TOKEN.length > 0 ? env.DC_ADMIN_TOKEN : null,
    registerRateLimit: {
      max: positiveInteger('DC_REGISTER_RATE_MAX', env.DC_REGISTER_RATE_MAX, 10),
      timeWindowMs: positiveInteger('DC_REGISTER_RATE_WINDOW_S', env.DC_REGISTER_RATE_WINDOW_S, 600) * 1000,
    },
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    frameSources: [
      'https://app.powerbi.com',
      'https://app.powerbigov.us',
      'https://app.high.powerbigov.us',
      'https://app.mil.powerbigov.us',
      'https://app.powerbi.cn',
      'https://app.powerbi.de',
      'https://www.openstreetmap.org',
    ],
  };
}
