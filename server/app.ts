import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerApi } from './api/index';
import type { ServerConfig } from './config';
import type { LeadMailer } from './leads/mail';
import { registerSecurityHeaders } from './securityHeaders';
import { registerStaticSite } from './staticSite';

/** The whole server: headers, compression, health check, API, then the static site. */
export async function buildApp(
  config: ServerConfig,
  options: { leadMailer?: LeadMailer; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 16 * 1024,
    // Socket limits (reasons in ./config: ServerTimeouts).
    connectionTimeout: config.timeouts.connectionTimeoutMs,
    keepAliveTimeout: config.timeouts.keepAliveTimeoutMs,
    requestTimeout: config.timeouts.requestTimeoutMs,
    http: {
      headersTimeout: config.timeouts.headersTimeoutMs,
      connectionsCheckingInterval: config.timeouts.checkIntervalMs,
    },
  });
  app.server.maxConnections = config.timeouts.maxConnections;
  registerSecurityHeaders(app, { distDir: config.distDir, frameSources: config.frameSources });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  await registerApi(app, {
    databasePath: config.databasePath,
    databaseUrl: config.databaseUrl,
    adminToken: config.adminToken,
    registerRateLimit: config.registerRateLimit,
    distDir: config.distDir,
    leads: config.leads,
    contactRateLimit: config.contactRateLimit,
    ...(options.leadMailer ? { leadMailer: options.leadMailer } : {}),
    registerGlobalRateLimit: config.registerGlobalRateLimit,
    hashQueue: config.hashQueue,
    adminAuthRateLimit: config.adminAuthRateLimit,
    accounts: config.accounts,
  });
  await registerStaticSite(app, { distDir: config.distDir });
  return app;
}
