import { resolve } from 'node:path';
import { expect, test } from './support/test';
import { findNginx } from '../../scripts/nginxProcess';
import { loadFigures, mailsPerContactRequest, startCluster, startLoad, type Cluster } from '../../scripts/rollingRestart';
import { API_BASE } from '../../shared/constants';
import { skipForMissing } from '../support/missingProgram';
import { findPostgres, startPostgres, type PostgresServer } from '../support/postgres';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';

/**
 * Restarts that drop nothing (issue 35): two instances of the built server on one PostgreSQL
 * behind the project's own generated nginx config are restarted one after the other (SIGTERM,
 * exit 0, started again, /readyz) while clients keep loading pages, contact requests and sign-ups through
 * nginx. No request may fail, no client may see a connection error, and every acknowledged contact request
 * is mailed exactly once. The same code prints figures in scripts/bench-rolling-restart.ts.
 *
 * No timing thresholds: the load is bounded (a few clients, one request at a time each), the
 * phases end on conditions (numbers of answered requests, the instances' exits and /readyz, the
 * contact requests' state in the database).
 */
const ADMIN_TOKEN = 'rolling-restart-admin-token';
const CLIENTS = 4;
/** Requests answered before the first restart, and again after the second. */
const AROUND = 30;
const postgres = findPostgres();
const nginx = findNginx();

test.describe('rolling restart behind nginx', () => {
  test.skip(skipForMissing('PostgreSQL', postgres.ok ? null : postgres.reason));
  test.skip(skipForMissing('nginx', nginx.ok ? null : nginx.reason));
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let server: PostgresServer;
  let sink: SmtpSink;
  let cluster: Cluster | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startPostgres();
    sink = await startSmtpSink();
    cluster = await startCluster({
      dist: resolve('dist'),
      databaseUrl: await server.createDatabase('dc_rolling_restart'),
      smtpUrl: sink.url,
      // Drains are bounded by requests in flight (a sign-up waits for its password hash); on a busy
      // machine that can take seconds, and exceeding the timeout would be exit 1, not a drop.
      env: { DC_ADMIN_TOKEN: ADMIN_TOKEN, DC_SHUTDOWN_TIMEOUT_S: '120' },
    });
  });

  test.afterAll(async () => {
    await cluster?.stop();
    await sink?.stop();
    await server?.stop();
  });

  const admin = async <T>(path: string): Promise<T> => {
    const response = await fetch(`http://127.0.0.1:${cluster!.instances[0]!.port}${API_BASE}${path}`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  test('both instances restarted under load: no failed request, no connection error, every contact request mailed exactly once', async () => {
    const c = cluster!;
    const load = startLoad(c.base, { clients: CLIENTS, pauseMs: 50 });
    await load.answered(AROUND);
    load.restarting = true;
    const exitCodes: Array<number | null> = [];
    for (const index of [0, 1]) exitCodes.push(await c.restart(index));
    load.restarting = false;
    await load.answered(load.results.length + AROUND);
    await load.stop();
    // The run's figures in the report (the bench prints the same line).
    test.info().annotations.push({ type: 'figures', description: loadFigures(load) });

    const logs = () => c.instances.map((instance) => instance.output()).join('\n') + c.nginx.errorLog();
    expect(exitCodes, logs()).toEqual([0, 0]);
    const failures = load.results.filter((result) => !result.ok).map((result) => `${result.kind}: ${result.detail}`);
    expect(failures, logs()).toEqual([]);
    // Every kind of request was in flight while an instance went down and came back.
    const during = load.results.filter((result) => result.during);
    expect(new Set(during.map((result) => result.kind))).toEqual(new Set(['page', 'contact-request', 'sign-up']));

    // Every acknowledged contact request reaches the state "sent" (mailed, SMTP accepted it), and no contact request was
    // stored that the clients were not told about (a retried POST would be one).
    const acknowledged = load.contactRequestIds.size;
    await expect
      .poll(async () => (await admin<{ total: number }>('/contact?status=sent&limit=1')).total, { timeout: 60_000, message: 'contact requests in the state sent' })
      .toBe(acknowledged);
    expect((await admin<{ total: number }>('/contact?limit=1')).total).toBe(acknowledged);
    // Once every contact request is sent nothing can mail it again: each Message-ID (one per contact request) arrived once.
    const contactRequestMails = sink.received.filter((mail) => mail.parsed.messageId?.startsWith('<lead-'));
    expect(contactRequestMails).toHaveLength(acknowledged);
    const perContactRequest = mailsPerContactRequest(contactRequestMails.map((mail) => mail.parsed.messageId));
    expect([...perContactRequest.keys()].sort()).toEqual([...load.contactRequestIds].sort());
    expect([...perContactRequest.values()].every((count) => count === 1)).toBe(true);

    // The sign-ups answered 201 are exactly the accounts stored.
    const signUps = load.results.filter((result) => result.kind === 'sign-up').length;
    expect(await admin<unknown[]>('/user/all-users')).toHaveLength(signUps);
  });
});
