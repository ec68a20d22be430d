import { resolve } from 'node:path';
import { COMPANY_EMAIL } from '../widgets/lib/contactLead';
import company from '../site/_data/company.json';

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
  /** POST /contact limit per client IP: DC_CONTACT_RATE_MAX requests per DC_CONTACT_RATE_WINDOW_S seconds. */
  contactRateLimit: { max: number; timeWindowMs: number };
  /** Lead delivery and retention (server/leads). */
  leads: LeadSettings;
  /**
   * Which proxies to believe about the client address (X-Forwarded-For), from TRUST_PROXY:
   * unset = none (a client cannot fake its IP to dodge the register rate limit), 'true' = any,
   * a number = that many hops, otherwise a comma-separated list of proxy addresses/CIDRs.
   */
  trustProxy?: boolean | string | ((address: string, hop: number) => boolean);
}

export interface LeadSettings {
  /** SMTP_URL (smtp://user:pass@host:587 or smtps://…:465); null: leads are stored, not mailed. */
  smtpUrl: string | null;
  /** LEADS_TO: who receives the leads (default: the company's contact address in site/_data/company.json). */
  to: string;
  /** LEADS_FROM: the mails' sender (default: "<company> website" <website@<site domain>>). */
  from: string;
  /** Domain of the mails' Message-IDs (the site's domain). */
  messageIdDomain: string;
  /** LEAD_RETENTION_DAYS: leads older than this are deleted (default 365). */
  retentionDays: number;
  /** LEAD_RETRY_BASE_S / LEAD_RETRY_MAX_S / LEAD_RETRY_MAX_ATTEMPTS: the outbox's retries. */
  retry: { baseDelayMs: number; maxDelayMs: number; maxAttempts: number };
  /** LEAD_POLL_S: how often the outbox looks for due retries (default 5 s). */
  pollMs: number;
}

/** The site's domain without www (Message-IDs, the default sender). */
export const SITE_DOMAIN = new URL(company.siteUrl).hostname.replace(/^www\./, '');

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
    contactRateLimit: {
      max: positiveInteger('DC_CONTACT_RATE_MAX', env.DC_CONTACT_RATE_MAX, 5),
      timeWindowMs: positiveInteger('DC_CONTACT_RATE_WINDOW_S', env.DC_CONTACT_RATE_WINDOW_S, 600) * 1000,
    },
    leads: {
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
