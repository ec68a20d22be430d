import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

/**
 * One client cannot take the site offline by holding idle connections (issue 35, hostile client):
 * connections are capped per client address well below the total, and a connection that sends
 * no request is dropped after DC_FIRST_REQUEST_TIMEOUT_S. The attacker connects from 127.0.0.1,
 * the visitor from 127.0.0.2 (both loopback, so the server sees two addresses).
 */

vi.setConfig({ testTimeout: 60_000 });

let dir: string;
let app: FastifyInstance | null = null;
const clientSockets: Socket[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-conn-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Page Not Found</title>');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  for (const socket of clientSockets.splice(0)) socket.destroy();
  await app?.close();
  app = null;
});

async function start(env: Record<string, string> = {}): Promise<number> {
  app = await buildApp({ ...loadConfig({ DIST_DIR: dir, DATABASE_PATH: join(dir, `db-${Date.now()}.sqlite`), LOG_LEVEL: 'silent', ...env }), distDir: dir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

/** GET / from `localAddress` on a fresh connection: the status, or the error's code. */
function get(port: number, localAddress: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/', localAddress, agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: Error & { code?: string }) => resolve(error.code ?? error.message));
    req.end();
  });
}

const until = (predicate: () => boolean, ms: number) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (predicate()) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started > ms) {
        clearInterval(timer);
        reject(new Error(`condition not met in ${ms} ms`));
      }
    }, 20);
  });

describe('connections per client address', () => {
  it('600 idle sockets from one address (each reopened when dropped) leave another address getting 200s', async () => {
    const port = await start();
    let stop = false;
    const open = new Set<Socket>();
    const hold = () => {
      if (stop) return;
      const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
      open.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        setTimeout(hold, 50); // the attacker reopens what the server drops
      });
    };
    for (let i = 0; i < 600; i++) hold();
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const results: Array<number | string> = [];
      for (let i = 0; i < 20; i++) {
        results.push(await get(port, '127.0.0.2'));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(results).toEqual(Array(20).fill(200));
    } finally {
      stop = true;
      for (const socket of open) socket.destroy();
    }
  });

  it('a connection that sends no request is dropped after DC_FIRST_REQUEST_TIMEOUT_S; one that did is kept alive', async () => {
    const port = await start({ DC_FIRST_REQUEST_TIMEOUT_S: '1' });
    const opened = Date.now();
    let idleClosedAt = 0;
    const idle = connect({ port, host: '127.0.0.1' });
    idle.on('error', () => {});
    idle.on('close', () => (idleClosedAt = Date.now()));
    let usedClosed = false;
    const used = connect({ port, host: '127.0.0.1' }, () => used.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    used.on('data', () => {});
    used.on('error', () => {});
    used.on('close', () => (usedClosed = true));
    clientSockets.push(idle, used);
    await until(() => idleClosedAt > 0, 6000);
    expect(idleClosedAt - opened).toBeGreaterThanOrEqual(900);
    expect(usedClosed).toBe(false);
  });
});

describe('connection settings', () => {
  it('caps 32 connections per address by default, the total behind a trusted proxy (the proxy caps clients), 5 s to the first request', () => {
    expect(loadConfig({}).timeouts).toMatchObject({ maxConnections: 512, maxConnectionsPerClient: 32, firstRequestTimeoutMs: 5000 });
    expect(loadConfig({ TRUST_PROXY: '1' }).timeouts.maxConnectionsPerClient).toBe(512);
    expect(loadConfig({ DC_MAX_CONNECTIONS_PER_IP: '8', DC_FIRST_REQUEST_TIMEOUT_S: '2' }).timeouts).toMatchObject({ maxConnectionsPerClient: 8, firstRequestTimeoutMs: 2000 });
    expect(() => loadConfig({ DC_MAX_CONNECTIONS_PER_IP: '0' })).toThrow(/DC_MAX_CONNECTIONS_PER_IP/);
  });
});
