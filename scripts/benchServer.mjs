/**
 * The server a load benchmark (bench-signup-flood.mjs, bench-sign-in.mjs) measures, and the run
 * around it: BASE_URL when it is set, else a server this process starts on PORT (or the
 * benchmark's own default port) on 127.0.0.1 with a temporary SQLite database; that server is
 * stopped and its database removed at the end, whether the benchmark finished or failed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForHealth } from './benchProbe.mjs';

/**
 * @typedef {object} BenchServer How to start the server when BASE_URL is not set.
 * @property {number} defaultPort the port when PORT is not set
 * @property {string[]} args node's arguments: the server's entry (and a loader)
 * @property {Record<string, string>} env set besides PORT, HOST, LOG_LEVEL=error and DATABASE_PATH (limits high enough not to hide the load)
 */

/**
 * Runs `measure` against the benchmark's server once it answers /healthz, and exits the process
 * with the code `measure` returns (1, after printing the error, when it throws).
 * @param {BenchServer} server
 * @param {(base: string) => Promise<number>} measure
 * @returns {Promise<never>}
 */
export async function runAgainstServer({ defaultPort, args, env }, measure) {
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  /** @type {string | undefined} */
  let dataDir;
  let code = 1;
  try {
    let base = process.env.BASE_URL;
    if (!base) {
      const port = Number(process.env.PORT ?? defaultPort);
      dataDir = mkdtempSync(join(tmpdir(), 'dc-bench-'));
      base = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, args, {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'error',
          DATABASE_PATH: join(dataDir, 'bench.sqlite'),
          ...env,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
    }
    await waitForHealth(base);
    code = await measure(base);
  } catch (error) {
    console.error(error);
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) {
      const running = child;
      running.kill('SIGTERM');
      await new Promise((resolve) => running.once('exit', resolve));
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(code);
}
