import { startSmtpSink, type SmtpSink } from '../../support/smtpSink';
import { setByHook } from '../../support/setByHook';
import { useSuiteServer, type SuiteServer } from './suiteServer';
import { test } from './test';

/**
 * A server process of a spec's own (./suiteServer) with the SMTP test server as its mail server,
 * mail polled every second, and what `env` adds. Call it at the top of the spec: it registers the
 * hooks that start both before the spec's tests and stop them after them.
 */
export interface MailingServer extends SuiteServer {
  readonly sink: SmtpSink;
}

export function useMailingServer(name: string, offset: number, env: Record<string, string> = {}): MailingServer {
  let sink: SmtpSink | undefined;
  test.beforeAll(async () => {
    sink = await startSmtpSink();
  });
  const own = useSuiteServer(name, offset, () => ({ SMTP_URL: setByHook(sink, 'sink').url, LEAD_POLL_S: '1', ...env }));
  test.afterAll(async () => {
    await sink?.stop();
  });
  return {
    get server() {
      return own.server;
    },
    get env() {
      return own.env;
    },
    get sink() {
      return setByHook(sink, 'sink');
    },
  };
}
