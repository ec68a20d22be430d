import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerApi } from './api/index';
import type { ServerConfig } from './config';
import type { LeadMailer } from './leads/mail';
import { registerSecurityHeaders } from './securityHeaders';
import { registerStaticSite } from './staticSite';

/** The whole server: headers, compression, health check, API, then the static site. */
export async function buildApp(config: ServerConfig, options: { leadMailer?: LeadMailer } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 16 * 1024,
  });
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
  });
  await registerStaticSite(app, { distDir: config.distDir });
  return app;
}
