import { rmSync } from 'node:fs';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { setByHook } from '../../support/setByHook';
import { test } from './test';

/**
 * A server process of a spec's own (the `processes` project), one per worker: port E2E_PORT +
 * `offset` + the worker's index, a fresh SQLite file named for the spec
 * (test-results/<name>-e2e-<port>.sqlite), SITE_URL its own origin, and what `env()` adds (read as
 * the server starts). Call it at the top of the spec: it registers the hooks that start the server
 * before the spec's tests and stop it after them. Its fields can be read from those hooks and tests.
 */
export interface SuiteServer {
  readonly server: ServerProcess;
  /** The server's environment: the staff CLI runs on the same database with it. */
  readonly env: Record<string, string>;
}

export function useSuiteServer(name: string, offset: number, env: () => Record<string, string> = () => ({})): SuiteServer {
  let server: ServerProcess | undefined;
  let serverEnv: Record<string, string> | undefined;
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from its first parameter's pattern; this hook needs none.
  test.beforeAll(async ({}, workerInfo) => {
    const port = Number(process.env.E2E_PORT ?? 4173) + offset + workerInfo.workerIndex;
    const dbFile = `test-results/${name}-e2e-${port}.sqlite`;
    for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
    serverEnv = { DATABASE_PATH: dbFile, SITE_URL: `http://localhost:${port}`, ...env() };
    server = await startServerProcess(port, serverEnv);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      return setByHook(server, 'server');
    },
    get env() {
      return setByHook(serverEnv, 'env');
    },
  };
}
