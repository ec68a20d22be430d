import { spawn, type ChildProcess } from 'node:child_process';
import { CHEAP_HASH_ENV } from './seedPassword';

/**
 * The real server (server/main.ts, or its build: serverEntry) in a child process of the test, with its own port, database
 * file and environment (an SMTP_URL pointing at the test's SMTP sink), so a test can stop it
 * gracefully or with SIGKILL and start it again on the same database.
 */
export interface ServerProcess {
  baseURL: string;
  child: ChildProcess;
  /** stderr and stdout so far (the server's log). */
  output(): string;
  /** SIGTERM (graceful) or SIGKILL (a crash); resolves when the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
}

/**
 * What the child runs: the source through tsx's loader (unit tests, before any build), or the built
 * bundle when DC_TEST_SERVER_BUILT is set (playwright.config.ts sets it: the browser tests run
 * against the build, like their web server, and a start costs 1.3 CPU-seconds instead of 2.8).
 */
function serverEntry(): string[] {
  return process.env.DC_TEST_SERVER_BUILT ? ['--enable-source-maps', 'server-dist/main.mjs'] : ['--import', 'tsx', 'server/main.ts'];
}

export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  // One process (node with tsx's loader, no wrapper), so SIGKILL really kills the server. The port
  // must be free: an old server still answering /healthz would pass for the new one.
  if (await answers(port)) throw new Error(`port ${port} is already in use`);
  const child = spawn(process.execPath, serverEntry(), {
    env: { ...process.env, ...CHEAP_HASH_ENV, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseURL = `http://localhost:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    if (await answers(port)) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not start on ${port}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    child,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
