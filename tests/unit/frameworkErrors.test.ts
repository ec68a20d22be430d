import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { FRAMEWORK_MESSAGES } from '../../server/ops/frameworkErrors';

/**
 * The framework's own answers (a URL Fastify cannot decode, a path parameter over the router's
 * limit, an unrouted method, a request Node's HTTP parser refuses) leave with the site's security
 * headers and as the API's problem JSON, like every other answer (issue 35, hostile client).
 */

let dir: string;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dc-framework-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Page Not Found</title>');
  app = await buildApp({ ...loadConfig({ DIST_DIR: dir, DATABASE_PATH: join(dir, 'db.sqlite'), LOG_LEVEL: 'silent' }), distDir: dir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

function expectSiteHeaders(headers: Record<string, unknown>, label: string) {
  expect(String(headers['content-security-policy']), label).toContain("default-src 'self'");
  expect(headers['strict-transport-security'], label).toMatch(/max-age=\d+/);
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-resource-policy'], label).toBe('same-origin');
  expect(headers['cache-control'], label).toBe('no-store');
  expect(String(headers['content-type']), label).toContain('application/problem+json');
}

describe("the framework's error answers", () => {
  it('a malformed % escape: 400 problem JSON with the security headers', async () => {
    for (const url of ['/%E0%A4%A', '/dc_api/wa_v1/user/%zz', '/about%']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expectSiteHeaders(response.headers, url);
      expect(response.json(), url).toMatchObject({ status: 400, title: 'Bad Request', message: FRAMEWORK_MESSAGES.badUrl });
      expect(response.body).not.toContain('FST_ERR');
    }
  });

  it('an over-long id: 414 problem JSON with the security headers', async () => {
    for (const [method, url] of [
      ['PATCH', `/dc_api/wa_v1/user/${'a'.repeat(150)}`],
      ['DELETE', `/dc_api/wa_v1/contact/${'b'.repeat(150)}`],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(414);
      expectSiteHeaders(response.headers, url);
      expect(response.json()).toMatchObject({ status: 414, title: 'URI Too Long', message: FRAMEWORK_MESSAGES.tooLong });
    }
  });

  it('a method no route answers outside the API: 404 problem JSON with the security headers', async () => {
    const response = await app.inject({ method: 'POST', url: '/about' });
    expect(response.statusCode).toBe(404);
    expectSiteHeaders(response.headers, 'POST /about');
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it("a request Node's parser refuses (no Fastify request at all): 400 problem JSON with the security headers", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    const headers = Object.fromEntries(
      head.split('\r\n').slice(1).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expectSiteHeaders(headers, 'parser error');
    expect(JSON.parse(body)).toMatchObject({ status: 400, message: FRAMEWORK_MESSAGES.unreadable });
  });
});
