import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown (close-with-grace): on SIGTERM or SIGINT the instance
 * 1. marks itself draining: /readyz answers 503 and every answer says `Connection: close`;
 * 2. waits `delayMs` (DC_SHUTDOWN_DELAY_S, 0), so a balancer polling /readyz stops sending first;
 * 3. closes: the listener stops accepting, the requests in flight finish, idle connections are
 *    closed; the API's onClose hooks stop the outbox (no further claim, claims handed back,
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
      app.lifecycle.draining = true;
      if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      await app.close();
      app.log.info('shut down cleanly');
    },
  );
}
