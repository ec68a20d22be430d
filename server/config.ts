import { resolve } from 'node:path';

/** Server settings from the environment, with the defaults `npm start` uses. */
export interface ServerConfig {
  port: number;
  host: string;
  distDir: string;
  databasePath: string;
  adminToken: string | null;
  logLevel: string;
  /** Extra origins allowed in frame-src (third-party embeds that wait for consent). */
  frameSources: string[];
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
    adminToken: env.DC_ADMIN_TOKEN && env.DC_ADMIN_TOKEN.length > 0 ? env.DC_ADMIN_TOKEN : null,
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
