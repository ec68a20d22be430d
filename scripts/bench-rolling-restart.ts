/**
 * npx tsx scripts/bench-rolling-restart.ts [--seconds 20] [--clients 8] [--pause-ms 100]: two API instances
 * (server-dist/main.mjs) on one throwaway PostgreSQL behind the build's nginx config (needs
 * `npm run build`), a bounded load through nginx (static pages, sign-ups, contact requests) while the instances
 * are restarted one after the other with SIGTERM; prints requests, errors (unexpected statuses and
 * connection errors), p99 latency during the restarts, and whether every acknowledged contact request was
 * mailed exactly once. A bench, not a test: it prints figures (tests/e2e/rolling-restart.spec.ts is
 * the test, on the same code: ./rollingRestart).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadFigures, mailsPerContactRequest, startCluster, startLoad } from './rollingRestart';
import { startPostgres } from '../tests/support/postgres';
import { startSmtpSink } from '../tests/support/smtpSink';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '20' }, clients: { type: 'string', default: '8' }, 'pause-ms': { type: 'string', default: '100' } },
});
const pauseMs = Number(values['pause-ms']);
const pg = await startPostgres();
const sink = await startSmtpSink();
const cluster = await startCluster({
  dist: resolve('dist'),
  databaseUrl: await pg.createDatabase('rolling'),
  smtpUrl: sink.url,
  inheritOutput: true,
  env: { LOG_LEVEL: 'error', DC_SHUTDOWN_TIMEOUT_S: process.env.DC_SHUTDOWN_TIMEOUT_S ?? '30' },
});
const load = startLoad(cluster.base, { clients: Number(values.clients), pauseMs });
const seconds = Number(values.seconds);
await new Promise((done) => setTimeout(done, (seconds * 1000) / 4));
load.restarting = true;
const restartStarted = performance.now();
for (let i = 0; i < 2; i++) {
  const code = await cluster.restart(i);
  if (code !== 0) console.log(`bench-rolling-restart: instance ${i + 1} exited ${code}`);
}
const restartMs = performance.now() - restartStarted;
load.restarting = false;
await new Promise((done) => setTimeout(done, (seconds * 1000) / 4));
await load.stop();

const deadline = Date.now() + 60_000;
while (sink.received.length < load.contactRequestIds.size && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
await new Promise((done) => setTimeout(done, 2000));
const mailed = mailsPerContactRequest(sink.received.map((mail) => mail.parsed.messageId));
const once = [...load.contactRequestIds].filter((id) => mailed.get(id) === 1).length;
console.log(
  `bench-rolling-restart: ${values.clients} page/contact-request clients and 1 sign-up client, ${pauseMs} ms between requests: ${loadFigures(load)}; ` +
    `restart of both instances took ${(restartMs / 1000).toFixed(1)} s; ` +
    `${load.contactRequestIds.size} leads acknowledged, ${once} mailed exactly once, ${[...mailed.values()].filter((count) => count > 1).length} more than once`,
);
await cluster.stop();
await sink.stop();
await pg.stop();
process.exit(0);
