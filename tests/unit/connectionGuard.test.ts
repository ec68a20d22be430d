import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

/**
 * Connections are shared fairly between client addresses (server/ops/connectionGuard; who gives
 * way: server/ops/connectionShares, tests/unit/connectionShares.test.ts). Each test opens real
 * sockets from its own loopback addresses (127.0.0.x, via `localAddress`), so the server sees
 * several clients: one holding idle sockets, a link checker's idle keep-alive connections,
 * twenty addresses filling the server with slow uploads, and the visitors next to them.
 */

vi.setConfig({ testTimeout: 60_000 });

let dir: string;
let app: FastifyInstance | null = null;
const clientSockets: Socket[] = [];
const agents: Agent[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-conn-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Page Not Found</title>');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  for (const socket of clientSockets.splice(0)) socket.destroy();
  for (const agent of agents.splice(0)) agent.destroy();
  await app?.close();
  app = null;
});

/** The app on a free port; `routes` adds test-only routes before it listens. */
async function start(env: Record<string, string> = {}, routes: (app: FastifyInstance) => void = () => {}): Promise<number> {
  app = await buildApp({
    ...loadConfig({ DIST_DIR: dir, DATABASE_PATH: join(dir, `db-${Date.now()}.sqlite`), LOG_LEVEL: 'silent', ...env }),
    distDir: dir,
  });
  routes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  connection: string | undefined;
}

/** GET `path` from `localAddress` (a fresh connection unless an agent keeps one): the answer, or the error's code (a reset). */
function get(port: number, localAddress: string, options: { path?: string; agent?: Agent } = {}): Promise<Answer | string> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: options.path ?? '/', localAddress, agent: options.agent ?? false, timeout: 10_000 },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], connection: res.headers.connection }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: Error & { code?: string }) => resolve(error.code ?? error.message));
    req.end();
  });
}

/** The app with GET /__hold, answered only when the test releases it (a request being worked on). */
async function startWithHolds(env: Record<string, string>) {
  const waiting: Array<() => void> = [];
  let arrived = 0;
  const port = await start(env, (app) =>
    app.get('/__hold', async () => {
      arrived++;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return 'done';
    }),
  );
  return {
    port,
    arrived: () => arrived,
    release: (count: number) => waiting.splice(0, count).forEach((resolve) => resolve()),
  };
}

const statusOf = (outcome: Answer | string) => (typeof outcome === 'string' ? outcome : outcome.status);

/** Resolves once `predicate` holds (checked every 20 ms); rejects after `ms`, or with what the predicate threw. */
const until = (predicate: () => boolean, ms: number) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      try {
        if (predicate()) {
          clearInterval(timer);
          resolve();
        } else if (Date.now() - started > ms) throw new Error(`condition not met in ${ms} ms`);
      } catch (error) {
        clearInterval(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }, 20);
  });

/**
 * Keeps `count` sockets from `localAddress` open, each opened again as soon as the server closes
 * it (an attacker, or a client retrying), each sending `send` once connected. `closedByServer`
 * counts the closes: once it passes what the caps allow, the server is full.
 */
function flood(port: number, localAddress: string, count: number, send: string | null) {
  const state = { stopped: false, closedByServer: 0, open: new Set<Socket>() };
  const open = () => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => {
      if (send !== null) socket.write(send);
    });
    state.open.add(socket);
    socket.on('data', () => {}); // an answer (503) is read, so the close that follows is clean
    socket.on('error', () => {});
    socket.on('close', () => {
      state.open.delete(socket);
      if (state.stopped) return;
      state.closedByServer++;
      setTimeout(open, 50);
    });
  };
  for (let i = 0; i < count; i++) open();
  return {
    state,
    stop() {
      state.stopped = true;
      for (const socket of state.open) socket.destroy();
    },
  };
}

describe('connections per client address', () => {
  it('600 idle sockets from one address (each reopened when dropped) leave another address getting 200s', async () => {
    const port = await start();
    const attacker = flood(port, '127.0.0.1', 600, null);
    try {
      // 600 is past the address's 32 and those waiting to be answered: the server is turning it away.
      await until(() => attacker.state.closedByServer >= 300, 20_000);
      const results: Array<number | string> = [];
      for (let i = 0; i < 20; i++) results.push(statusOf(await get(port, '127.0.0.2')));
      expect(results).toEqual(Array(20).fill(200));
    } finally {
      attacker.stop();
    }
  });

  it('48 keep-alive connections left idle by one address (a link checker, an office behind one NAT) leave it 20 of 20 new requests', async () => {
    const port = await start();
    const address = '127.0.0.3';
    // One request per connection, one after another, each connection kept alive and idle by its agent.
    const kept: Array<number | string> = [];
    for (let i = 0; i < 48; i++) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      kept.push(statusOf(await get(port, address, { agent })));
    }
    const fresh = (await Promise.all(Array.from({ length: 20 }, () => get(port, address)))).map(statusOf);
    expect({ kept, fresh }).toEqual({ kept: Array(48).fill(200), fresh: Array(20).fill(200) });
    // The address is still served at most its cap: its answers at the cap closed their connections.
    expect(app!.connectionGuard.of(address).served).toBeLessThanOrEqual(32);
  });

  it('a burst of 48 keep-alive connections from one address, faster than the server reads them: none is reset, each is answered (200, or 503 with Retry-After)', async () => {
    const port = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 48 });
    agents.push(agent);
    const answers = await Promise.all(Array.from({ length: 48 }, () => get(port, '127.0.0.7', { agent })));
    const resets = answers.filter((answer) => typeof answer === 'string');
    expect(resets).toEqual([]);
    for (const answer of answers as Answer[]) {
      if (answer.status === 200) continue;
      expect(answer).toEqual({ status: 503, retryAfter: '1', connection: 'close' });
    }
  });

  it("a request over its address's cap waits, and gets the slot of the address's next answer (which closes its connection)", async () => {
    const holds = await startWithHolds({ DC_MAX_CONNECTIONS: '8', DC_MAX_CONNECTIONS_PER_IP: '4' });
    const agent = new Agent({ keepAlive: true });
    agents.push(agent);
    const held = Array.from({ length: 4 }, () => get(holds.port, '127.0.0.5', { path: '/__hold', agent }));
    await until(() => holds.arrived() === 4, 10_000);
    let fifthAnswered = false;
    const fifth = get(holds.port, '127.0.0.5').finally(() => (fifthAnswered = true));
    // Its request in line (or answered already, which would be wrong: checked below).
    await until(() => fifthAnswered || app!.connectionGuard.of('127.0.0.5').waiting === 1, 10_000);
    holds.release(1);
    const first = await Promise.race(held);
    expect({ first, fifth: await fifth }).toEqual({
      first: { status: 200, retryAfter: undefined, connection: 'close' },
      fifth: { status: 200, retryAfter: undefined, connection: 'close' },
    });
    expect(app!.connectionGuard.of('127.0.0.5').served).toBeLessThanOrEqual(4);
    holds.release(3);
    expect((await Promise.all(held)).map(statusOf)).toEqual([200, 200, 200, 200]);
  });

  it('an address at its cap with idle keep-alive connections and one long request: a new request is served by closing the longest-idle one', async () => {
    const holds = await startWithHolds({ DC_MAX_CONNECTIONS_PER_IP: '4' });
    const address = '127.0.0.9';
    const kept: Array<number | string> = [];
    for (let i = 0; i < 3; i++) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      kept.push(statusOf(await get(holds.port, address, { agent })));
    }
    const download = get(holds.port, address, { path: '/__hold' });
    await until(() => holds.arrived() === 1, 10_000);
    const fifth = statusOf(await get(holds.port, address));
    holds.release(1);
    expect({ kept, fifth, download: statusOf(await download) }).toEqual({ kept: [200, 200, 200], fifth: 200, download: 200 });
    expect(app!.connectionGuard.evicted.idle).toBe(1);
  });

  it("a request over its address's cap is answered 503 with Retry-After and Connection: close, not reset, when no slot of its address frees up in time", async () => {
    const holds = await startWithHolds({ DC_MAX_CONNECTIONS: '8', DC_MAX_CONNECTIONS_PER_IP: '4' });
    const held = Array.from({ length: 4 }, () => get(holds.port, '127.0.0.5', { path: '/__hold' }));
    await until(() => holds.arrived() === 4, 10_000);
    const fifth = await get(holds.port, '127.0.0.5');
    holds.release(4);
    expect({ fifth, held: (await Promise.all(held)).map(statusOf) }).toEqual({
      fifth: { status: 503, retryAfter: '1', connection: 'close' },
      held: [200, 200, 200, 200],
    });
    expect(app!.connectionGuard.refused).toMatchObject({ overCap: 1, full: 0, reset: 0 });
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

describe('the total of connections', () => {
  it('with the server full of connections being answered, a new address is answered 503 with Retry-After and Connection: close, not reset; served once they are done', async () => {
    const holds = await startWithHolds({ DC_MAX_CONNECTIONS: '8', DC_MAX_CONNECTIONS_PER_IP: '4' });
    const held = [
      ...Array.from({ length: 4 }, () => get(holds.port, '127.0.0.5', { path: '/__hold' })),
      ...Array.from({ length: 4 }, () => get(holds.port, '127.0.0.8', { path: '/__hold' })),
    ];
    await until(() => holds.arrived() === 8, 10_000);
    const newcomer = await get(holds.port, '127.0.0.6');
    holds.release(8);
    const answered = (await Promise.all(held)).map(statusOf);
    const afterwards = statusOf(await get(holds.port, '127.0.0.6'));
    expect({ newcomer, answered, afterwards }).toEqual({
      newcomer: { status: 503, retryAfter: '1', connection: 'close' },
      answered: Array(8).fill(200),
      afterwards: 200,
    });
    expect(app!.connectionGuard.refused).toMatchObject({ overCap: 0, full: 1, reset: 0 });
  });

  it('20 addresses holding 32 slow uploads each (640, past the total of 512, reopened when closed) leave a 21st address at least 19 of 20 pages', async () => {
    const port = await start({}, (app) => app.post('/__upload', async () => 'stored'));
    // A request head and the first byte of a body that never comes (until DC_REQUEST_TIMEOUT_S).
    const upload = 'POST /__upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nx';
    const attackers = Array.from({ length: 20 }, (_, i) => flood(port, `127.0.0.${10 + i}`, 32, upload));
    try {
      await until(() => attackers.reduce((sum, attacker) => sum + attacker.state.closedByServer, 0) >= 128, 30_000);
      const results: Array<number | string> = [];
      for (let i = 0; i < 20; i++) results.push(statusOf(await get(port, '127.0.0.30')));
      expect(results.filter((status) => status === 200).length, JSON.stringify(results)).toBeGreaterThanOrEqual(19);
      // Room was made by closing the biggest holders' slowest uploads, and the total is still kept.
      expect(app!.connectionGuard.evicted.slow).toBeGreaterThan(0);
      expect(app!.connectionGuard.held()).toBeLessThanOrEqual(512);
    } finally {
      for (const attacker of attackers) attacker.stop();
    }
  });
});

describe('connection settings', () => {
  it('caps 32 connections per address by default, the total behind a trusted proxy (the proxy caps clients), 5 s to the first request', () => {
    expect(loadConfig({}).timeouts).toMatchObject({ maxConnections: 512, maxConnectionsPerClient: 32, firstRequestTimeoutMs: 5000 });
    expect(loadConfig({ TRUST_PROXY: '1' }).timeouts.maxConnectionsPerClient).toBe(512);
    expect(loadConfig({ DC_MAX_CONNECTIONS_PER_IP: '8', DC_FIRST_REQUEST_TIMEOUT_S: '2' }).timeouts).toMatchObject({
      maxConnectionsPerClient: 8,
      firstRequestTimeoutMs: 2000,
    });
    expect(() => loadConfig({ DC_MAX_CONNECTIONS_PER_IP: '0' })).toThrow(/DC_MAX_CONNECTIONS_PER_IP/);
  });
});
