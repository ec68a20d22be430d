import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setByHook } from '../../support/setByHook';
import { test } from './test';

/**
 * A partner's website for the tests: a real second origin (http://127.0.0.1:<free port>, while our
 * server is http://localhost:<E2E_PORT>) that serves the pages a test puts into it, each with the
 * headers the test gives (a strict Content-Security-Policy, typically).
 */
export interface PartnerOrigin {
  origin: string;
  /** Serves `body` at `path` with `headers` (replacing an earlier page at that path). */
  page(path: string, body: string, headers?: Record<string, string>, contentType?: string): void;
  close(): Promise<void>;
}

export async function startPartnerOrigin(): Promise<PartnerOrigin> {
  const pages = new Map<string, { body: string; headers: Record<string, string>; contentType: string }>();
  const server: Server = createServer((request, response) => {
    const entry = pages.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (!entry) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': entry.contentType, 'Cache-Control': 'no-store', ...entry.headers }).end(entry.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    page(path, body, headers = {}, contentType = 'text/html; charset=utf-8') {
      pages.set(path, { body, headers, contentType });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A partner origin for the whole spec: call it at the top of the spec; it registers the hooks that
 * start the origin before the spec's tests and close it after them. Pages can be put into it from
 * a later beforeAll or a test.
 */
export function usePartnerOrigin(): Omit<PartnerOrigin, 'close'> {
  let partner: PartnerOrigin | undefined;
  test.beforeAll(async () => {
    partner = await startPartnerOrigin();
  });
  test.afterAll(async () => partner?.close());
  return {
    get origin() {
      return setByHook(partner, 'partner origin').origin;
    },
    page: (...args) => setByHook(partner, 'partner origin').page(...args),
  };
}
