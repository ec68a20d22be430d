/**
 * npx tsx scripts/bench-rolling-restart.ts [--seconds 20] [--clients 8] [--pause-ms 100]: two API instances
 * (server/main.ts) on one throwaway PostgreSQL behind the build's nginx config (needs dist/),
 * a bounded load through nginx (static pages, sign-ups, leads) while the instances are restarted
 * one after the other with SIGTERM; prints requests, errors (statuses ≥ 500 and connection errors),
 * p99 latency during the restarts, and whether every acknowledged lead was mailed exactly once.
 * A bench, not a test: it prints figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { nginxConfig } from '../server/hosting/nginxConfig';
import { listSiteFiles } from '../server/hosting/siteFiles';
import { FRAME_SOURCES } from '../server/hosting/siteRules';
import { buildCsp, readScriptHashes } from '../server/securityHeaders';
import { startNginx } from './nginxProcess';
import { freePort, startPostgres } from '../tests/support/postgres';
import { startSmtpSink } from '../tests/support/smtpSink';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '20' }, clients: { type: 'string', default: '8' }, 'pause-ms': { type: 'string', default: '100' } },
});
/** Each client's pause between its requests: a bounded load, not a flood. */
const pauseMs = Number(values['pause-ms']);
const dist = resolve('dist');
const pg = await startPostgres();
const sink = await startSmtpSink();
const databaseUrl = await pg.createDatabase('rolling');
const ports = [await freePort(), await freePort()];
const env = (port: number) => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'error',
  DIST_DIR: dist,
  DATABASE_URL: databaseUrl,
  SMTP_URL: sink.url,
  TRUST_PROXY: '1',
  DC_CONTACT_RATE_MAX: '1000000',
  DC_REGISTER_RATE_MAX: '1000000',
  DC_REGISTER_GLOBAL_RATE_MAX: '1000000',
  LEAD_POLL_S: '1',
  DC_KEEP_ALIVE_TIMEOUT_S: '75',
  DC_SHUTDOWN_TIMEOUT_S: process.env.DC_SHUTDOWN_TIMEOUT_S ?? '30',
});
const startInstance = async (port: number): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['server-dist/main.mjs'], { env: env(port), stdio: ['ignore', 'inherit', 'inherit'] });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
};
const instances = [await startInstance(ports[0]!), await startInstance(ports[1]!)];
const nginxPort = await freePort();
const files = listSiteFiles(dist);
const csp = buildCsp(readScriptHashes(dist), FRAME_SOURCES);
const nginx = await startNginx(nginxConfig(files, csp, { root: dist, listen: `127.0.0.1:${nginxPort}`, api: ports.map((port) => `127.0.0.1:${port}`) }), nginxPort);
const base = `http://127.0.0.1:${nginxPort}`;

let running = true;
let restarting = false;
const results: Array<{ ms: number; ok: boolean; during: boolean; detail: string }> = [];
const leadIds = new Set<string>();
let n = 0;
const client = async () => {
  while (running) {
    const i = n++;
    const kind = i % 3;
    const started = performance.now();
    const during = restarting;
    let ok = false;
    let detail: string;
    try {
      if (kind === 0) {
        const response = await fetch(`${base}/about`);
        await response.arrayBuffer();
        ok = response.status === 200;
        detail = `GET ${response.status}`;
      } else if (kind === 1) {
        const response = await fetch(`${base}/dc_api/wa_v1/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Jana Weber', email: `lead${i}@example.de`, phone: '+49 621 4305 8870', message: `Lead ${i} during a rolling restart.` }),
        });
        ok = response.status === 201;
        if (ok) leadIds.add(((await response.json()) as { id: string }).id);
        else await response.arrayBuffer();
        detail = `lead ${response.status}`;
      } else {
        const response = await fetch(`${base}/dc_api/wa_v1/user/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ firstName: 'Jana', lastName: 'Weber', email: `user${i}@example.de`, password: 'Mannheim#2025', confirmPassword: 'Mannheim#2025', termsAccepted: true }),
        });
        await response.arrayBuffer();
        ok = response.status === 201 || response.status === 503; // 503 = hash queue full (by design, with Retry-After)
        detail = `sign-up ${response.status}`;
      }
    } catch (error) {
      detail = `${(error as { cause?: { code?: string } }).cause?.code ?? String(error)}`;
    }
    results.push({ ms: performance.now() - started, ok, during, detail });
    await new Promise((done) => setTimeout(done, pauseMs));
  }
};
const clients = Array.from({ length: Number(values.clients) }, () => client());
const seconds = Number(values.seconds);
await new Promise((done) => setTimeout(done, (seconds * 1000) / 4));
restarting = true;
const restartStarted = performance.now();
for (let i = 0; i < 2; i++) {
  const exited = new Promise<number | null>((done) => instances[i]!.once('exit', (code) => done(code)));
  instances[i]!.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) console.log(`bench-rolling-restart: instance ${i + 1} exited ${code}`);
  instances[i] = await startInstance(ports[i]!);
}
const restartMs = performance.now() - restartStarted;
restarting = false;
await new Promise((done) => setTimeout(done, (seconds * 1000) / 4));
running = false;
await Promise.all(clients);

const deadline = Date.now() + 60_000;
while (sink.received.length < leadIds.size && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
await new Promise((done) => setTimeout(done, 2000));
const mailed = new Map<string, number>();
for (const mail of sink.received) {
  const id = /Lead id:\s+(\S+)/.exec(mail.parsed.text ?? '')?.[1];
  if (id) mailed.set(id, (mailed.get(id) ?? 0) + 1);
}
const failed = results.filter((result) => !result.ok);
const during = results.filter((result) => result.during).map((result) => result.ms).sort((a, b) => a - b);
const p99 = during.length ? during[Math.min(during.length - 1, Math.floor(during.length * 0.99))]! : 0;
const once = [...leadIds].filter((id) => mailed.get(id) === 1).length;
console.log(
  `bench-rolling-restart: ${results.length} requests (${values.clients} clients, ${pauseMs} ms between requests), ${failed.length} failed` +
    `${failed.length ? ` (${[...new Set(failed.map((result) => result.detail))].join(', ')})` : ''}; ` +
    `restart of both instances took ${(restartMs / 1000).toFixed(1)} s, ${during.length} requests during it, p99 ${p99.toFixed(0)} ms; ` +
    `${leadIds.size} leads acknowledged, ${once} mailed exactly once, ${[...mailed.values()].filter((count) => count > 1).length} more than once`,
);
for (const child of instances) child.kill('SIGTERM');
await nginx.stop();
await sink.stop();
await pg.stop();
process.exit(0);
