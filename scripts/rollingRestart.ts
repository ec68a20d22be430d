/**
 * A rolling restart through the project's own nginx config, shared by the bench
 * (scripts/bench-rolling-restart.ts, prints figures) and the test (tests/e2e/rolling-restart.spec.ts,
 * a pass/fail verdict): two API instances (the built server-dist/main.mjs) on one PostgreSQL
 * database behind the build's generated nginx config, a bounded load of clients through nginx
 * (static pages, sign-ups, contact requests), and a restart of one instance: SIGTERM, its exit code, start again,
 * wait until its /readyz answers 200.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { nginxConfig } from '../server/hosting/nginxConfig';
import { listSiteFiles } from '../server/hosting/siteFiles';
import { FRAME_SOURCES } from '../server/hosting/siteRules';
import { buildCsp, readScriptHashes } from '../server/securityHeaders';
import { startNginx, type NginxServer } from './nginxProcess';
import { freePort } from '../tests/support/postgres';

export interface ClusterOptions {
  /** The built site (dist/). */
  dist: string;
  databaseUrl: string;
  smtpUrl: string;
  /** More environment for both instances (DC_ADMIN_TOKEN, DC_SHUTDOWN_TIMEOUT_S, …). */
  env?: Record<string, string>;
  /** Show the instances' logs on this process's stdout/stderr (the bench) instead of keeping them (the test). */
  inheritOutput?: boolean;
}

export interface Instance {
  port: number;
  child: ChildProcess;
  /** What the process wrote so far (empty with `inheritOutput`). */
  output(): string;
}

export interface Cluster {
  /** nginx's address: http://127.0.0.1:<port>. */
  base: string;
  instances: Instance[];
  nginx: NginxServer;
  /** SIGTERM to instance `index`, waits for its exit, starts it again on its port and waits for /readyz; the exit code. */
  restart(index: number): Promise<number | null>;
  stop(): Promise<void>;
}

/** The environment of an instance in the cluster: limits out of the load's way, contact requests mailed at once. */
function instanceEnv(port: number, options: ClusterOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DIST_DIR: options.dist,
    DATABASE_URL: options.databaseUrl,
    SMTP_URL: options.smtpUrl,
    // nginx is the only client of the instances: the client's address is its X-Forwarded-For.
    TRUST_PROXY: '1',
    DC_CONTACT_RATE_MAX: '1000000',
    DC_REGISTER_RATE_MAX: '1000000',
    DC_REGISTER_GLOBAL_RATE_MAX: '1000000',
    // The overload guard answers 503 while the event loop lags past 1 s: on a loaded test machine
    // that is the machine, not the restart this measures.
    DC_OVERLOAD_EVENT_LOOP_DELAY_MS: '30000',
    LEAD_POLL_S: '1',
    // Longer than nginx's upstream keep-alive, so nginx, not the instance, ends idle connections.
    DC_KEEP_ALIVE_TIMEOUT_S: '75',
    DC_SHUTDOWN_TIMEOUT_S: '30',
    // Longer than nginx's upstream keepalive_timeout (2 s): see DC_SHUTDOWN_DELAY_S in server/ops/settings.ts.
    DC_SHUTDOWN_DELAY_S: '3',
    ...options.env,
  };
}

async function ready(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts server-dist/main.mjs on `port`; resolves once its /readyz answers 200 (fails if it exits first or after 60 s). */
async function startInstance(port: number, options: ClusterOptions): Promise<Instance> {
  const child = spawn(process.execPath, ['server-dist/main.mjs'], {
    env: instanceEnv(port, options),
    stdio: ['ignore', options.inheritOutput ? 'inherit' : 'pipe', options.inheritOutput ? 'inherit' : 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!(await ready(port))) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance on ${port} was not ready within 60 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, child, output: () => log };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const ports = [await freePort(), await freePort()];
  // Started together: both run the migrations at once, the advisory lock makes that safe.
  const instances = await Promise.all(ports.map((port) => startInstance(port, options)));
  const nginxPort = await freePort();
  const csp = buildCsp(readScriptHashes(options.dist), FRAME_SOURCES);
  const config = nginxConfig(listSiteFiles(options.dist), csp, {
    root: options.dist,
    listen: `127.0.0.1:${nginxPort}`,
    api: ports.map((port) => `127.0.0.1:${port}`),
  });
  let nginx: NginxServer;
  try {
    nginx = await startNginx(config, nginxPort);
  } catch (error) {
    for (const instance of instances) instance.child.kill('SIGKILL');
    throw error;
  }
  return {
    base: `http://127.0.0.1:${nginxPort}`,
    instances,
    nginx,
    async restart(index) {
      const old = instances[index]!;
      const exited = exitOf(old.child);
      old.child.kill('SIGTERM');
      const code = await exited;
      instances[index] = await startInstance(old.port, options);
      return code;
    },
    async stop() {
      await Promise.all(
        instances.map((instance) => {
          const exited = exitOf(instance.child);
          instance.child.kill('SIGTERM');
          return exited;
        }),
      );
      await nginx.stop();
    },
  };
}

export type RequestKind = 'page' | 'contact-request' | 'sign-up';

export interface LoadResult {
  kind: RequestKind;
  ms: number;
  ok: boolean;
  /** Sent while an instance was being restarted. */
  during: boolean;
  /** "GET 200", "contact-request 201", or the connection error's code (ECONNRESET, …). */
  detail: string;
}

export interface Load {
  results: LoadResult[];
  /** Ids of the contact requests nginx answered 201 for. */
  contactRequestIds: Set<string>;
  /** Marks the requests sent from now on as "during the restart" (or not). */
  restarting: boolean;
  /** Resolves once `count` requests have been answered (or failed) in all. */
  answered(count: number): Promise<void>;
  /** Stops the clients after their current request; resolves when all have stopped. */
  stop(): Promise<void>;
}

export interface LoadOptions {
  /** Clients sending static pages and contact requests in turn. */
  clients: number;
  /**
   * Clients sending only sign-ups (default 1). Each sign-up waits for a password hash that takes
   * about a second of CPU, and a hash that waits more than 10 s for its turn is refused with 503 (by
   * design, ../server/users/hashQueue): on a busy machine a test keeps to one sign-up at a time.
   */
  signUpClients?: number;
  /** Each client's pause between its requests: a bounded load, not a flood. */
  pauseMs: number;
}

/**
 * `clients` clients, each sending one request at a time through nginx, in turn a static page and a
 * contact request, and `signUpClients` clients sending sign-ups (every one with a new address), until stopped. A request fails when its
 * status is not the expected one (200, 201, 201) or the connection fails.
 */
export function startLoad(base: string, options: LoadOptions): Load {
  let running = true;
  let n = 0;
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const load: Load = {
    results: [],
    contactRequestIds: new Set(),
    restarting: false,
    answered: (count) => new Promise((resolve) => {
      if (load.results.length >= count) resolve();
      else waiters.push({ count, resolve });
    }),
    stop: async () => {
      running = false;
      await clients;
    },
  };
  const record = (result: LoadResult) => {
    load.results.push(result);
    for (const waiter of [...waiters]) {
      if (load.results.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const post = (path: string, body: unknown) =>
    fetch(`${base}/dc_api/wa_v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const one = async (kind: RequestKind, i: number): Promise<Omit<LoadResult, 'ms' | 'during'>> => {
    try {
      if (kind === 'page') {
        const response = await fetch(`${base}/about`);
        await response.arrayBuffer();
        return { kind, ok: response.status === 200, detail: `GET ${response.status}` };
      }
      if (kind === 'contact-request') {
        const response = await post('/contact', {
          name: 'Jana Weber',
          email: `contact${i}@example.de`,
          phone: '+49 621 4305 8870',
          message: `Contact request ${i} during a rolling restart.`,
        });
        const ok = response.status === 201;
        if (ok) load.contactRequestIds.add(((await response.json()) as { id: string }).id);
        else await response.arrayBuffer();
        return { kind, ok, detail: `contact-request ${response.status}` };
      }
      const response = await post('/user/register', {
        firstName: 'Jana',
        lastName: 'Weber',
        email: `user${i}@example.de`,
        password: 'Mannheim#2025',
        confirmPassword: 'Mannheim#2025',
        termsAccepted: true,
      });
      await response.arrayBuffer();
      return { kind, ok: response.status === 201, detail: `sign-up ${response.status}` };
    } catch (error) {
      return { kind, ok: false, detail: (error as { cause?: { code?: string } }).cause?.code ?? String(error) };
    }
  };
  const client = async (kinds: readonly RequestKind[]) => {
    for (let turn = 0; running; turn++) {
      const during = load.restarting;
      const started = performance.now();
      const result = await one(kinds[turn % kinds.length]!, n++);
      record({ ...result, ms: performance.now() - started, during: during || load.restarting });
      if (running) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  };
  const clients = Promise.all([
    ...Array.from({ length: options.clients }, (_, i) => client(i % 2 === 0 ? ['page', 'contact-request'] : ['contact-request', 'page'])),
    ...Array.from({ length: options.signUpClients ?? 1 }, () => client(['sign-up'])),
  ]);
  return load;
}

/** The n-th percentile (0..100) of `values`, 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** How many mails each contact request id got, read from the mails' Message-IDs (<lead-<id>@…>, one per contact request). */
export function mailsPerContactRequest(messageIds: ReadonlyArray<string | undefined>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const messageId of messageIds) {
    const id = /^<lead-([^@>]+)@/.exec(messageId ?? '')?.[1];
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** The figures of a run, one line: requests, failures (by detail), requests and p99 during the restarts. */
export function loadFigures(load: Load): string {
  const failed = load.results.filter((result) => !result.ok);
  const during = load.results.filter((result) => result.during).map((result) => result.ms);
  const kinds = (kind: RequestKind) => load.results.filter((result) => result.kind === kind).length;
  return (
    `${load.results.length} requests (${kinds('page')} pages, ${kinds('contact-request')} contact requests, ${kinds('sign-up')} sign-ups), ${failed.length} failed` +
    `${failed.length ? ` (${[...new Set(failed.map((result) => result.detail))].join(', ')})` : ''}; ` +
    `${during.length} during the restarts, p99 ${percentile(during, 99).toFixed(0)} ms`
  );
}
