/**
 * A throwaway PostgreSQL server for tests: Debian's binaries (/usr/lib/postgresql/<v>/bin, or
 * PG_BIN), initdb into a temporary folder, started with pg_ctl on a free local port, trust auth
 * for local connections, fsync off (test data only). As root (CI) the server runs as the
 * `postgres` OS user, which PostgreSQL requires, and owns its folder.
 *
 * `findPostgres()` says why it cannot run (no binaries, no postgres user) so a test can skip
 * with that message; scripts/ensure-test-deps.mjs installs the package where it can.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresServer {
  /** postgres://dc@127.0.0.1:<port>/postgres */
  adminUrl: string;
  port: number;
  /** A fresh, empty database; its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

export type PostgresAvailability = { ok: true; bin: string } | { ok: false; reason: string };

export function findPostgres(): PostgresAvailability {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) candidates.push(join(root, version, 'bin'));
  }
  const bin = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!bin) {
    return { ok: false, reason: 'PostgreSQL is not installed (Debian/Ubuntu: apt-get install postgresql, or set PG_BIN); `npm test` installs it when run as root.' };
  }
  if (isRoot() && postgresUid() === null) {
    return { ok: false, reason: 'running as root but there is no `postgres` OS user to run PostgreSQL as (the postgresql package creates it).' };
  }
  return { ok: true, bin };
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function postgresUid(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** A free TCP port on 127.0.0.1 (asked from the kernel, then released for the server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(bin: string, program: string, args: string[]): void {
  const command = join(bin, program);
  if (isRoot()) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
  else execFileSync(command, args, { stdio: 'pipe' });
}

/**
 * How long a hook that starts PostgreSQL may take: initdb and the first start take 2-5 s on a quiet
 * machine and over 10 s (Vitest's default hook timeout) when both cores are busy.
 */
export const POSTGRES_START_MS = 120_000;

export interface StartPostgresOptions {
  /**
   * Production durability (fsync, synchronous_commit, full_page_writes on) instead of the tests'
   * fast settings; for benchmarks that compare databases (scripts/bench-contact-requests.mjs).
   */
  durable?: boolean;
}

export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const found = findPostgres();
  if (!found.ok) throw new Error(found.reason);
  const dir = mkdtempSync(join(tmpdir(), 'dc-pg-'));
  const data = join(dir, 'data');
  if (isRoot()) {
    const owner = postgresUid()!;
    chownSync(dir, owner.uid, owner.gid);
  }
  const port = await freePort();
  try {
    run(found.bin, 'initdb', ['-D', data, '-U', 'dc', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} ${options.durable ? '' : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off '}-c max_connections=100`;
    run(found.bin, 'pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', serverOptions, '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${stderr}`, { cause: error });
  }
  const adminUrl = `postgres://dc@127.0.0.1:${port}/postgres`;
  let counter = 0;
  return {
    adminUrl,
    port,
    async createDatabase(name = `dc_test_${process.pid}_${++counter}`) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://dc@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      try {
        run(found.bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
