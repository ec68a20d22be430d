import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPgPool } from '../../server/db/postgres';
import { CONTACT_ENDPOINT } from '../../shared/contactRequest';
import { databaseBackends } from '../support/databaseBackends';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';

/**
 * The real server process (server/main.ts) and SIGTERM: the request in flight finishes (its
 * body arrives after the signal) and is committed, new connections are refused, the process
 * exits 0; a second signal exits at once; past DC_SHUTDOWN_TIMEOUT_S it exits 1.
 */

vi.setConfig({ testTimeout: 60_000 });

const PORT = 4421;
const BODY = JSON.stringify({ name: 'Jana Weber', email: 'jana.weber@example.de', phone: '+49 621 4305 8870', message: 'Sent while the server shuts down.' });
let dir: string;
let server: ServerProcess | null = null;
const sockets: Socket[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-shutdown-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title>');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.stop('SIGKILL');
  server = null;
});

/** A POST /contact whose head and half its body are sent now; `finish()` sends the rest; `response` is the raw answer. */
function slowPost(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let text = '';
  socket.on('data', (chunk) => (text += String(chunk)));
  socket.on('error', () => {});
  const response = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  const half = Math.floor(BODY.length / 2);
  const started = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      socket.write(`POST ${CONTACT_ENDPOINT} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY.slice(0, half)}`);
      resolve();
    }),
  );
  // The rest is written without ending the socket: a client that half-closes (FIN) right after its
  // body loses an answer that is not ready at once (Node closes such a socket), whatever the shutdown.
  return { started, finish: () => socket.write(BODY.slice(half)), response };
}

const exitCode = (process: ServerProcess) =>
  new Promise<number | null>((resolve) => {
    if (process.child.exitCode !== null) resolve(process.child.exitCode);
    else process.child.once('exit', (code) => resolve(code));
  });

async function refused(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`);
    return false;
  } catch {
    return true;
  }
}

/** The commit of the request in flight and the closing of the database, on both databases. */
const backends = databaseBackends('Graceful shutdown');

/** How many contact requests the database holds (read after the server exited). */
async function contactRequestCount(database: { DATABASE_PATH: string } | { DATABASE_URL: string }): Promise<number> {
  if ('DATABASE_URL' in database) {
    const pool = openPgPool(database.DATABASE_URL);
    try {
      return (await pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM leads')).rows[0]!.n;
    } finally {
      await pool.end();
    }
  }
  const db = new Database(database.DATABASE_PATH, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('graceful shutdown (SIGTERM)', () => {
  for (const [i, backend] of backends.entries()) it.skipIf(backend.skip)(`finishes the request in flight, refuses new connections, commits, closes the database and exits 0 (${backend.name})`, async () => {
    // Ports PORT + 3 and on: the second test uses PORT + 1 and PORT + 2.
    const port = i === 0 ? PORT : PORT + 2 + i;
    const database = await backend.fresh();
    server = await startServerProcess(port, { DIST_DIR: dir, ...database, SMTP_URL: '' });
    const post = slowPost(port);
    await post.started;
    const exited = exitCode(server);
    server.child.kill('SIGTERM');
    const deadline = Date.now() + 10_000;
    while (!(await refused(port)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await refused(port)).toBe(true);
    post.finish();
    const response = await post.response;
    expect(response, server.output()).toMatch(/^HTTP\/1\.1 201 /);
    // Answered after the signal: its connection closes, so the shutdown does not wait for the keep-alive timeout.
    expect(response).toMatch(/\r\nconnection: close\r\n/i);
    expect(await exited, server.output()).toBe(0);
    expect(await contactRequestCount(database)).toBe(1);
  });

  it('a second signal exits at once; an in-flight request that never ends is cut after DC_SHUTDOWN_TIMEOUT_S (exit 1)', async () => {
    server = await startServerProcess(PORT + 1, { DIST_DIR: dir, DATABASE_PATH: join(dir, 'second.sqlite'), SMTP_URL: '', DC_SHUTDOWN_TIMEOUT_S: '30' });
    const post = slowPost(PORT + 1);
    await post.started;
    const exited = exitCode(server);
    server.child.kill('SIGTERM');
    while (!(await refused(PORT + 1))) await new Promise((resolve) => setTimeout(resolve, 50));
    const signalledAt = Date.now();
    server.child.kill('SIGINT');
    expect(await exited).toBe(1);
    expect(Date.now() - signalledAt).toBeLessThan(5000);

    server = await startServerProcess(PORT + 2, { DIST_DIR: dir, DATABASE_PATH: join(dir, 'timeout.sqlite'), SMTP_URL: '', DC_SHUTDOWN_TIMEOUT_S: '1' });
    const stuck = slowPost(PORT + 2);
    await stuck.started;
    const cut = exitCode(server);
    const termAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await cut).toBe(1);
    expect(Date.now() - termAt).toBeGreaterThanOrEqual(900);
  });
});
