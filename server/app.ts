import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AdminGuard } from './api/adminAuth';
import { requestLogFields } from './accounts/logRedaction';
import { registerApi } from './api/index';
import type { ServerConfig } from './config';
import type { ContactRequestMailer } from './contactRequests/mail';
import { guardConnections } from './ops/connectionGuard';
import './ops/lifecycle';
import { registerMetrics } from './ops/metrics';
import { registerOverload } from './ops/overload';
import { registerReadiness } from './ops/readiness';
import type { ContactRequestStore } from './contactRequests/store';
import { frameworkErrorOptions, registerFrameworkErrors } from './ops/frameworkErrors';
import { registerSecurityHeaders, siteSecurityHeaders } from './securityHeaders';
import { registerStaticSite } from './staticSite';

/** The whole server: headers, compression, health check, API, then the static site. */
export async function buildApp(
  config: ServerConfig,
  options: { contactRequestMailer?: ContactRequestMailer; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // Requests are logged without a mail link's token (./accounts/logRedaction).
    logger: { level: config.logLevel, serializers: { req: requestLogFields }, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 16 * 1024,
    // Socket limits (reasons in ./config: ServerTimeouts).
    connectionTimeout: config.timeouts.connectionTimeoutMs,
    keepAliveTimeout: config.timeouts.keepAliveTimeoutMs,
    requestTimeout: config.timeouts.requestTimeoutMs,
    // While closing, a request on a kept-alive connection is still served (with Connection: close), not refused with 503.
    return503OnClosing: false,
    http: {
      headersTimeout: config.timeouts.headersTimeoutMs,
      connectionsCheckingInterval: config.timeouts.checkIntervalMs,
    },
    // The router's and Node's own errors with the site's headers, as problem JSON (./ops/frameworkErrors).
    ...frameworkErrorOptions(siteSecurityHeaders(config)),
  });
  registerFrameworkErrors(app);
  app.decorate('lifecycle', { draining: false });
  // The total cap too: at a cap someone gives way fairly instead of Node resetting the newcomer.
  guardConnections(app, { total: config.timeouts.maxConnections, perClientMax: config.timeouts.maxConnectionsPerClient, firstRequestMs: config.timeouts.firstRequestTimeoutMs });
  registerSecurityHeaders(app, { distDir: config.distDir, frameSources: config.frameSources });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  // While draining (./ops/shutdown), answers close their connection: proxies and browsers stop reusing it.
  // Decided when the answer leaves (onSend), so a request that arrived before the signal and is answered
  // after it closes its connection too, instead of holding the shutdown until the keep-alive timeout.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.lifecycle.draining) reply.header('Connection', 'close');
    return payload;
  });
  // Metrics and overload before the API: their hooks see every request (./ops/metrics, ./ops/overload).
  let contactRequests: ContactRequestStore | null = null;
  let adminGuard: AdminGuard | null = null;
  const metrics = registerMetrics(app, { contactRequests: () => contactRequests, adminToken: config.adminToken, adminGuard: () => adminGuard, port: config.ops.metricsPort });
  await registerOverload(app, config.ops.overload, metrics.overloadRejections);
  const api = await registerApi(app, {
    databasePath: config.databasePath,
    databaseUrl: config.databaseUrl,
    adminToken: config.adminToken,
    registerRateLimit: config.registerRateLimit,
    distDir: config.distDir,
    contactRequests: config.contactRequests,
    contactRateLimit: config.contactRateLimit,
    ...(options.contactRequestMailer ? { contactRequestMailer: options.contactRequestMailer } : {}),
    registerGlobalRateLimit: config.registerGlobalRateLimit,
    hashQueue: config.hashQueue,
    passwordCost: config.passwordCost,
    adminAuthRateLimit: config.adminAuthRateLimit,
    accounts: config.accounts,
  });
  contactRequests = api.contactRequests;
  adminGuard = api.adminOnly;
  registerReadiness(app, { outbox: api.contactRequests.outbox, mailing: api.mailing, outboxMaxAgeMs: config.ops.readyOutboxMaxAgeMs });
  await registerStaticSite(app, { distDir: config.distDir });
  return app;
}
