import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { API_BASE } from '../../shared/constants';
import { CONTACT_ENDPOINT } from '../../shared/contactRequest';
import { DEFAULT_ADMIN_AUTH_RATE_LIMIT, requireAdmin, type AdminGuard } from '../api/adminAuth';
import { memoryWindowLimit } from '../api/windowLimit';
import { MAIL_KINDS } from '../contactRequests/mailOutbox';
import { CONTACT_REQUEST_STATUSES } from '../../shared/contactRequestSchema';
import { type ContactRequestStore } from '../contactRequests/store';

/**
 * Prometheus metrics (prom-client), one registry per server:
 *
 * - dc_http_requests_total / dc_http_request_duration_seconds{method,route,status_code}: every
 *   answer by route pattern (never the raw URL: ids and unknown paths would make endless series);
 * - dc_leads{status}: contact requests stored by delivery status (pending, sent, failed, spam), read from the
 *   database at scrape time, so every instance reports the same, restarts included;
 *   dc_leads_received_total{variant}: contact requests accepted by this instance (201/303);
 * - dc_mail_outbox_depth{kind}, dc_mail_outbox_oldest_age_seconds: mails waiting in the site's one
 *   outbox (contact requests and account mails), and how long the oldest has waited (the "mail is not going
 *   out" alert, see README);
 * - dc_signups_total{outcome}: sign-ups created, and refused because the hash queue was full
 *   (busy: 503) or the rate limits hit (rate_limited: 429);
 * - dc_database_errors_total: requests that failed on a database error, and failed scrapes;
 * - dc_overload_rejections_total: API requests refused while overloaded (./overload);
 * - the default Node metrics with the prefix dc_: event-loop delay (dc_nodejs_eventloop_lag_*),
 *   heap, RSS, CPU, open file descriptors, GC.
 *
 * Served at GET /metrics on the main port behind the administrator token (Authorization: Bearer
 * $DC_ADMIN_TOKEN; no token configured: 401), or, with METRICS_PORT set, without a token on
 * 127.0.0.1:METRICS_PORT only (and not on the main port). Never public by default.
 */
export interface MetricsOptions {
  /** The API's contact request store, with the site's mail outbox (opened after the metrics are registered). */
  contactRequests: () => ContactRequestStore | null;
  adminToken: string | null;
  /**
   * The API's administrator guard once it is registered (after the metrics), so wrong tokens sent to
   * /metrics count with those sent to the API (in the database with PostgreSQL); until then, or
   * without an API, a guard of its own.
   */
  adminGuard?: () => AdminGuard | null;
  /** METRICS_PORT: a separate listener on 127.0.0.1; null: /metrics on the main port behind the token. */
  port: number | null;
}

export interface Metrics {
  registry: Registry;
  overloadRejections: Counter;
}

const DATABASE_ERROR_CODES = /^(?:SQLITE_|ECONNREFUSED$|ECONNRESET$|ETIMEDOUT$|57P0|08)/;

function isDatabaseError(error: Error & { code?: unknown }): boolean {
  return error.name === 'SqliteError' || error.name === 'DatabaseError' || (typeof error.code === 'string' && DATABASE_ERROR_CODES.test(error.code));
}

function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (!route) return 'unmatched';
  // The static site (its catch-all and the home page): every page is one series.
  return route === '/*' || route === '/' ? 'static' : route;
}

export function registerMetrics(app: FastifyInstance, options: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'dc_' });

  const requests = new Counter({ name: 'dc_http_requests_total', help: 'HTTP answers by route and status', labelNames: ['method', 'route', 'status_code'], registers: [registry] });
  const duration = new Histogram({
    name: 'dc_http_request_duration_seconds',
    help: 'Time from request to answer, by route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const received = new Counter({ name: 'dc_leads_received_total', help: 'Leads accepted by this instance', labelNames: ['variant'], registers: [registry] });
  const signups = new Counter({ name: 'dc_signups_total', help: 'Sign-ups by outcome (created, busy = hash queue full, rate_limited)', labelNames: ['outcome'], registers: [registry] });
  const databaseErrors = new Counter({ name: 'dc_database_errors_total', help: 'Requests and scrapes that failed on a database error', registers: [registry] });
  const overloadRejections = new Counter({ name: 'dc_overload_rejections_total', help: 'API requests refused with 503 while the process was overloaded', labelNames: ['reason'], registers: [registry] });
  // The contact request gauges are read from the database once per scrape (prom-client collects every metric at once).
  let reading: Promise<void> | null = null;
  const readContactRequests = () =>
    (reading ??= (async () => {
      const contactRequests = options.contactRequests();
      if (!contactRequests) return;
      try {
        const [stats, depths, counts] = await Promise.all([
          contactRequests.outbox.stats(),
          Promise.all(MAIL_KINDS.map((kind) => contactRequests.outbox.size(kind))),
          Promise.all(CONTACT_REQUEST_STATUSES.map((status) => contactRequests.list({ status, limit: 1, offset: 0 }))),
        ]);
        MAIL_KINDS.forEach((kind, i) => outboxDepth.set({ kind }, depths[i]!));
        outboxAge.set(stats.oldestQueuedAt === null ? 0 : Math.max(0, (Date.now() - Date.parse(stats.oldestQueuedAt)) / 1000));
        CONTACT_REQUEST_STATUSES.forEach((status, i) => contactRequestsByStatus.set({ status }, counts[i]!.total));
      } catch (error) {
        databaseErrors.inc();
        app.log.warn({ err: error }, 'metrics: the lead tables could not be read');
      }
    })().finally(() => {
      reading = null;
    }));
  const contactRequestsByStatus = new Gauge({ name: 'dc_leads', help: 'Stored leads by delivery status', labelNames: ['status'], registers: [registry], collect: readContactRequests });
  const outboxDepth = new Gauge({
    name: 'dc_mail_outbox_depth',
    help: 'Mails waiting in the outbox, by kind (lead, email-verification, password-reset, ...)',
    labelNames: ['kind'],
    registers: [registry],
    collect: readContactRequests,
  });
  const outboxAge = new Gauge({
    name: 'dc_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail waiting in the outbox, any kind (0: none waiting)',
    registers: [registry],
    collect: readContactRequests,
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (request.method !== 'POST') return;
    if (labels.route === CONTACT_ENDPOINT && (reply.statusCode === 201 || reply.statusCode === 303)) {
      const variant = (request.body as { variant?: unknown } | undefined)?.variant;
      received.inc({ variant: typeof variant === 'string' && variant.trim().toLowerCase() === 'consultation' ? 'consultation' : 'contact' });
    } else if (labels.route === `${API_BASE}/user/register`) {
      if (reply.statusCode === 201) signups.inc({ outcome: 'created' });
      else if (reply.statusCode === 503) signups.inc({ outcome: 'busy' });
      else if (reply.statusCode === 429) signups.inc({ outcome: 'rate_limited' });
    }
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (isDatabaseError(error)) databaseErrors.inc();
  });

  const exposition = async () => ({ type: registry.contentType, body: await registry.metrics() });

  if (options.port === null) {
    const ownGuard = requireAdmin(options.adminToken, memoryWindowLimit(DEFAULT_ADMIN_AUTH_RATE_LIMIT));
    const adminOnly: AdminGuard = (request, reply) => (options.adminGuard?.() ?? ownGuard)(request, reply);
    app.get('/metrics', { onRequest: adminOnly }, async (_request, reply) => {
      const { type, body } = await exposition();
      return reply.type(type).header('Cache-Control', 'no-store').send(body);
    });
  } else {
    const port = options.port;
    let server: Server | null = null;
    app.addHook('onListen', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url !== '/metrics') {
          response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics\n');
          return;
        }
        exposition().then(
          ({ type, body }) => response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics failed');
            response.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => server!.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
      app.log.info({ port }, 'metrics on 127.0.0.1');
    });
    app.addHook('onClose', async () => {
      if (server) await new Promise((resolve) => server!.close(resolve));
    });
  }
  return { registry, overloadRejections };
}
