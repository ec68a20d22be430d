import { rmSync } from 'node:fs';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink';

/**
 * A server process of a suite's own with the SMTP test server as its mail server, one per worker:
 * port E2E_PORT + `offset` + the worker's index, a fresh SQLite file named for the suite, mail
 * polled every second. The suite stops both in its afterAll.
 */
export async function startMailingServer(name: string, offset: number, workerIndex: number): Promise<{ server: ServerProcess; sink: SmtpSink }> {
  const port = Number(process.env.E2E_PORT ?? 4173) + offset + workerIndex;
  const dbFile = `test-results/${name}-e2e-${port}.sqlite`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
  const sink = await startSmtpSink();
  const server = await startServerProcess(port, { DATABASE_PATH: dbFile, SMTP_URL: sink.url, SITE_URL: `http://localhost:${port}`, LEAD_POLL_S: '1' });
  return { server, sink };
}
