import closeWithGrace from 'close-with-grace';
import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown (close-with-grace): on SIGTERM or SIGINT the instance
 * 1. marks itself draining: /readyz answers 503 and every answer says `Connection: close`, and
 *    its listener stops accepting: a new connection is refused (a proxy moves the request, a POST
 *    too, to another instance, since nothing was sent), the connections already open are served;
 * 2. waits `delayMs` (DC_SHUTDOWN_DELAY_S, 0), so a proxy lets go of its idle connections first;
 * 3. closes: idle connections are closed, the requests in flight finish; the API's onClose hooks stop the outbox (no further claim, claims handed back,
 *    a mail being sent finished) and close the database;
 * 4. exits 0. Past `timeoutMs` (DC_SHUTDOWN_TIMEOUT_S, 10) it exits 1; a second signal exits 1 at
 *    once. An uncaught error closes the same way and exits 1.
 */
export interface ShutdownOptions {
  timeoutMs: number;
  delayMs: number;
}

export function closeOnSignals(app: FastifyInstance, options: ShutdownOptions): void {
  closeWithGrace(
    {
      delay: options.timeoutMs,
      logger: { error: (message: unknown) => app.log.error(message) },
      // SIGHUP and the like keep their default; beforeExit is not a shutdown of a listening server.
      skip: ['SIGHUP', 'SIGQUIT', 'SIGILL', 'SIGTRAP', 'SIGABRT', 'SIGBUS', 'SIGFPE', 'SIGSEGV', 'SIGUSR2', 'beforeExit'],
      onSecondSignal: (signal: string) => app.log.warn({ signal }, 'second signal: exiting at once'),
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error: shutting down');
      else app.log.info({ signal }, 'shutting down: draining');
      await drain(app, options.delayMs);
      await app.close();
      app.log.info('shut down cleanly');
    },
  );
}

/**
 * Steps 1 to 3 up to the hooks. The listener closes when the drain starts, not after the delay:
 * behind nginx, every answer of the drain closes its connection, so nginx opens new ones to this
 * instance all the time; closing the listener at the end reset the connections still in the
 * kernel's accept queue, whose requests nginx had sent (a POST answered 502 in
 * tests/e2e/rolling-restart.spec.ts). At the drain's start nginx reuses kept-alive connections and
 * hardly opens new ones. Resolves once every connection has ended.
 */
export async function drain(app: FastifyInstance, delayMs: number): Promise<void> {
  app.lifecycle.draining = true;
  const server = app.server;
  if (!server.listening) return;
  // net.Server's own close: stops accepting without http.Server's closing of idle connections,
  // which waits for the delay. It calls back once every connection has ended.
  const ended = new Promise<void>((resolve) => Server.prototype.close.call(server, () => resolve()));
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  server.closeIdleConnections();
  await ended;
}
