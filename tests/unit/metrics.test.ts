import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { ContactRequestMailer } from '../../server/contactRequests/mail';
import { OVERLOAD_MESSAGE } from '../../server/ops/overload';
import { API_BASE } from '../../shared/constants';
import { CONTACT_ENDPOINT, HONEYPOT_FIELD } from '../../shared/contactRequest';
import { databaseBackends } from '../support/databaseBackends';

/** GET /metrics (Prometheus) behind the admin token or on METRICS_PORT, and the API's 503 under overload. */

vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'metrics-admin-token';
const VALID = { name: 'Jana Weber', email: 'jana.weber@example.de', phone: '+49 621 4305 8870', message: 'We would like to talk about our monthly reporting.' };
let dir: string;
let app: FastifyInstance | null = null;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-metrics-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Page Not Found</title>');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await app?.close();
  app = null;
});

let dbCounter = 0;
const mailer: ContactRequestMailer = { async send() {}, close() {} };
async function start(env: Record<string, string> = {}) {
  app = await buildApp(
    { ...loadConfig({ LOG_LEVEL: 'silent', DC_ADMIN_TOKEN: TOKEN, DATABASE_PATH: join(dir, `db-${++dbCounter}.sqlite`), ...env }), distDir: dir },
    { contactRequestMailer: mailer },
  );
  return app;
}

/** The contact request and outbox gauges are read from the database: they are checked on both. */
const backends = databaseBackends('Metrics');

describe('GET /metrics', () => {
  it('needs the administrator token on the main port', async () => {
    const server = await start();
    expect((await server.inject('/metrics')).statusCode).toBe(401);
    expect((await server.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const metrics = await server.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.headers['cache-control']).toBe('no-store');
  });

  for (const backend of backends) it.skipIf(backend.skip)(`counts requests by route and status with latency, contact requests, the outbox, sign-ups and the event loop (${backend.name})`, async () => {
    const server = await start({ DC_REGISTER_RATE_MAX: '1', ...(await backend.fresh()) });
    await server.inject('/');
    await server.inject('/no-such-page');
    expect((await server.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: { ...VALID, variant: 'consultation' } })).statusCode).toBe(201);
    await server.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: { ...VALID, [HONEYPOT_FIELD]: 'spam' } });
    const signUp = { firstName: 'Jana', lastName: 'Weber', email: 'x@example.de', password: 'Mannheim#2025', confirmPassword: 'Mannheim#2025', termsAccepted: true };
    await server.inject({ method: 'POST', url: `${API_BASE}/user/register`, payload: { ...signUp, email: 'bad' } });
    await server.inject({ method: 'POST', url: `${API_BASE}/user/register`, payload: signUp });
    const text = (await server.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(text).toMatch(/dc_http_requests_total\{method="GET",route="static",status_code="200"\} 1/);
    expect(text).toMatch(/dc_http_requests_total\{method="GET",route="static",status_code="404"\} 1/);
    expect(text).toMatch(new RegExp(`dc_http_request_duration_seconds_bucket\\{le="\\+Inf",method="POST",route="${CONTACT_ENDPOINT}",status_code="201"\\} 2`));
    expect(text).toMatch(/dc_leads_received_total\{variant="consultation"\} 1/);
    expect(text).toMatch(/dc_leads\{status="spam"\} 1/);
    expect(text).toMatch(/dc_mail_outbox_depth\{kind="lead"\} \d/);
    expect(text).toMatch(/dc_mail_outbox_depth\{kind="email-verification"\} \d/);
    expect(text).toMatch(/dc_mail_outbox_oldest_age_seconds \d/);
    expect(text).toMatch(/dc_signups_total\{outcome="rate_limited"\} 1/);
    expect(text).toContain('dc_nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('dc_database_errors_total 0');
  });

  it('with METRICS_PORT: on 127.0.0.1 without a token, and not on the main port', async () => {
    const server = await start({ METRICS_PORT: '4431' });
    await server.listen({ port: 0, host: '127.0.0.1' });
    expect((await server.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    const response = await fetch('http://127.0.0.1:4431/metrics');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('dc_http_requests_total');
  });
});

describe('overload', () => {
  it('past the memory limit the API answers 503 with Retry-After; pages and health checks are still served', async () => {
    const server = await start({ DC_OVERLOAD_HEAP_MB: '1', DC_OVERLOAD_RETRY_AFTER_S: '7' });
    await server.ready();
    let answer = await server.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: VALID });
    for (let i = 0; i < 50 && answer.statusCode !== 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await server.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: VALID });
    }
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('7');
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.json()).toMatchObject({ status: 503, message: OVERLOAD_MESSAGE });
    expect((await server.inject('/')).statusCode).toBe(200);
    expect((await server.inject('/healthz')).statusCode).toBe(200);
    const text = (await server.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(text).toMatch(/dc_overload_rejections_total\{reason="\w+"\} [1-9]/);
  });

  it('past the event-loop delay limit the API answers 503 with Retry-After; pages and health checks are still served', async () => {
    const server = await start({ DC_OVERLOAD_EVENT_LOOP_DELAY_MS: '100', DC_OVERLOAD_RETRY_AFTER_S: '5' });
    await server.ready();
    /** Holds the event loop, as a synchronous task of a busy process would. */
    const holdLoop = (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        // busy
      }
    };
    let answer = await server.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: VALID });
    expect(answer.statusCode).toBe(201);
    // The plugin samples the delay once a second: hold the loop past the limit until a sample sees it.
    for (let i = 0; i < 30 && answer.statusCode !== 503; i++) {
      holdLoop(400);
      await new Promise((resolve) => setImmediate(resolve));
      answer = await server.inject({ method: 'POST', url: CONTACT_ENDPOINT, payload: VALID });
    }
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toMatchObject({ status: 503, message: OVERLOAD_MESSAGE });
    expect((await server.inject('/')).statusCode).toBe(200);
    expect((await server.inject('/healthz')).statusCode).toBe(200);
    const text = (await server.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(text).toMatch(/dc_overload_rejections_total\{reason="eventLoopDelay"\} [1-9]/);
  });
});
