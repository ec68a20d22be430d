/**
 * npm run bench: static serving throughput on loopback, our server against nginx.
 * Serves the built dist/ (npm run build first) with
 *   - the production server (server-dist/main.mjs, what `npm run serve` runs: one Node process),
 *     on BENCH_PORT (8181), and
 *   - nginx (Debian's nginx/nginx-light, NGINX_PATH or /usr/sbin/nginx), one worker,
 *     sendfile, gzip_static on the build's .gz copies, started here with a generated
 *     config in a temp prefix on BENCH_PORT+1; skipped with a message if not installed.
 * For an HTML page, a JS chunk and the stylesheet it prints req/s, p99 latency and the server's
 * CPU time per request (user + system, read from /proc for the server's processes) with Brotli and
 * with gzip, and our/nginx ratios with gzip (autocannon, BENCH_CONNECTIONS=200 connections,
 * BENCH_SECONDS=5 s per run after a 1 s warm-up). On a small machine the load generator shares
 * the cores with the server, so one run swings by a third: each cell is the median of
 * BENCH_ROUNDS (3) runs, ours and nginx's taken in turn, so a busy moment hits both. CPU per
 * request is the steadier figure of the two: it does not depend on how fast the client asks.
 * With two or more cores and taskset (util-linux), the servers run on core 0 and the load
 * generator on core 1: unpinned, the scheduler put them on one core in some runs, and the same
 * build measured 50k or 86k requests in 5 s.
 * Debian's nginx has no Brotli module, so the Brotli rows have no nginx figure. Both servers and
 * their temp files are removed at the end, also on failure or Ctrl-C.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const dist = resolve(process.env.DIST_DIR ?? 'dist');
const port = Number(process.env.BENCH_PORT ?? 8181);
const nginxPort = port + 1;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const nginxPath = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => path && existsSync(path));

const serverModule = resolve('server-dist/main.mjs');
if (!existsSync(join(dist, 'index.html')) || !existsSync(serverModule)) {
  console.error(`bench: no built site in ${dist} or no ${serverModule}; run npm run build first.`);
  process.exit(1);
}
for (const [name, value] of /** @type {Array<[string, number]>} */ ([['BENCH_SECONDS', seconds], ['BENCH_CONNECTIONS', connections], ['BENCH_ROUNDS', rounds]])) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`bench: ${name} must be a whole number of at least 1, got ${JSON.stringify(process.env[name])}.`);
    process.exit(1);
  }
}

/** @type {Record<string, { file: string, imports: string[] }>} */
const manifest = JSON.parse(readFileSync(join(dist, 'assets/js/manifest.json'), 'utf8'));
const runtime = Object.values(manifest).flatMap((entry) => entry.imports).find((file) => file.includes('/runtime-'));
const stylesheetName = readdirSync(join(dist, 'assets/css')).find((name) => /^site-.*\.css$/.test(name));
if (!runtime || !stylesheetName) {
  console.error(`bench: the build in ${dist} has no ${runtime ? 'site stylesheet (assets/css/site-*.css)' : 'runtime chunk in assets/js/manifest.json'}; run npm run build first.`);
  process.exit(1);
}
const stylesheet = `/assets/css/${stylesheetName}`;
const targets = [
  { name: 'HTML page', path: '/about' },
  { name: 'JS chunk', path: runtime },
  { name: 'stylesheet', path: stylesheet },
];

const work = mkdtempSync(join(tmpdir(), 'dc-bench-'));
/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
const cleanup = async () => {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise((done) => {
          child.once('exit', done);
          child.kill('SIGTERM');
        }),
    ),
  );
  rmSync(work, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup().finally(() => process.exit(130));
});

const taskset = ['/usr/bin/taskset', '/bin/taskset'].find((path) => existsSync(path));
const pinned = taskset !== undefined && availableParallelism() >= 2;
// This process (autocannon) on core 1, every thread of it; the servers on core 0 (start below).
if (pinned && spawnSync(taskset, ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' }).status !== 0) {
  console.error('bench: taskset could not pin the load generator to core 1.');
  process.exit(1);
}

/**
 * Starts a server, on core 0 when pinned; cleanup() stops it.
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
const start = (command, args, env) => {
  const [file, argv] = pinned ? [taskset, ['-c', '0', command, ...args]] : [command, args];
  const child = spawn(file, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
};

/**
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 */
const waitFor = async (url, child) => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${url} did not answer within 20 s`);
};

/** nginx config: what a static deployment of dist/ would run, one worker (like our one Node process). */
// Under root the workers would drop to nobody, who cannot read a checkout in a private directory.
const nginxConfig = () => `${process.getuid?.() === 0 ? 'user root root;\n' : ''}
worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  open_file_cache max=1000 inactive=60s;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${dist};
    gzip_static on;
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;

/**
 * @param {string} url
 * @param {string} encoding
 * @returns {Promise<import('autocannon').Result>}
 */
const bench = (url, encoding) =>
  new Promise((done, fail) => {
    autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': encoding } }, (error, result) =>
      error ? fail(error) : done(result),
    );
  });

/**
 * Checks the server sends `url` with the expected encoding before it is measured.
 * @param {string} url
 * @param {string} encoding
 */
const check = async (url, encoding) => {
  const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
  const got = response.headers.get('content-encoding');
  await response.arrayBuffer();
  if (!response.ok || got !== encoding) throw new Error(`${url} with ${encoding}: status ${response.status}, content-encoding ${got}`);
};

/**
 * CPU seconds (user + system) used so far by a process and its descendants (Linux /proc); null elsewhere.
 * @param {number | undefined} pid undefined for a process that did not start
 * @returns {number | null}
 */
const cpuSeconds = (pid) => {
  if (pid === undefined) return null;
  try {
    const ticks = Number(process.env.CLK_TCK ?? 100);
    const stats = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map((name) => {
        try {
          // pid (comm) state ppid ... utime(14) stime(15): comm may hold spaces and ') ', so split after the last ') '.
          const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
          return { pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
        } catch {
          return null; // exited meanwhile
        }
      })
      .filter((stat) => stat !== null);
    const family = new Set([pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const stat of stats) {
        if (!family.has(stat.pid) && family.has(stat.ppid)) {
          family.add(stat.pid);
          grew = true;
        }
      }
    }
    return stats.filter((stat) => family.has(stat.pid)).reduce((sum, stat) => sum + stat.ticks, 0) / ticks;
  } catch {
    return null;
  }
};

/**
 * @param {string} base
 * @param {string} path
 * @param {string} encoding
 * @param {number | undefined} pid the server's process
 */
const measure = async (base, path, encoding, pid) => {
  await check(base + path, encoding);
  await new Promise((done) => autocannon({ url: base + path, connections, duration: 1, headers: { 'accept-encoding': encoding } }, done));
  const cpuBefore = cpuSeconds(pid);
  const result = await bench(base + path, encoding);
  const cpuAfter = cpuSeconds(pid);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${base}${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) / result.requests.total) * 1e6;
  return { rps: result.requests.average, p99: result.latency.p99, cpu: cpuPerRequest };
};

/**
 * The median of the values that are not null; null for none.
 * @param {Array<number | null>} values
 * @returns {number | null}
 */
const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle];
  const lower = sorted.length % 2 ? upper : sorted[middle - 1];
  if (upper === undefined || lower === undefined) return null;
  return sorted.length % 2 ? upper : (lower + upper) / 2;
};
/**
 * Each figure's median over the runs (rounds >= 1, so rps and p99 have one; NaN for no runs).
 * @param {Array<Awaited<ReturnType<typeof measure>>>} runs
 */
const medians = (runs) => ({
  rps: median(runs.map((run) => run.rps)) ?? NaN,
  p99: median(runs.map((run) => run.p99)) ?? NaN,
  cpu: median(runs.map((run) => run.cpu)),
});
/** @param {number | null} value */
const us = (value) => (value === null ? '–' : value.toFixed(0));

try {
  const ours = `http://127.0.0.1:${port}`;
  const server = start(process.execPath, [serverModule], {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DIST_DIR: dist,
    DATABASE_PATH: join(work, 'bench.sqlite'),
    // Every load connection comes from 127.0.0.1: the per-client cap would refuse most of them.
    DC_MAX_CONNECTIONS_PER_IP: String(Math.max(512, connections)),
    DC_MAX_CONNECTIONS: String(Math.max(512, connections + 64)),
  });
  await waitFor(`${ours}/healthz`, server);

  /** @type {{ base: string, pid: number | undefined } | null} nginx, when it is installed */
  let theirs = null;
  if (nginxPath) {
    writeFileSync(join(work, 'nginx.conf'), nginxConfig());
    mkdirSync(join(work, 'logs'));
    const nginx = start(nginxPath, ['-p', work, '-c', join(work, 'nginx.conf')]);
    theirs = { base: `http://127.0.0.1:${nginxPort}`, pid: nginx.pid };
    await waitFor(`${theirs.base}/about`, nginx);
  } else {
    console.log('bench: nginx not installed (apt-get install nginx-light, or set NGINX_PATH): only our server is measured.');
  }

  console.log(
    `bench: ${connections} connections, ${seconds} s per run, median of ${rounds} runs taken in turn, loopback; ` +
      `our server is one Node process, nginx one worker${pinned ? ', both on core 0, the load generator on core 1' : ' (not pinned to cores: no taskset or one core)'}. ` +
      'CPU: the server\'s user + system time per request.',
  );
  console.log('| File | Encoding | Our server req/s | p99 ms | CPU µs/req | nginx req/s | p99 ms | CPU µs/req | ours / nginx req/s | nginx / ours CPU |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const target of targets) {
    for (const encoding of ['br', 'gzip']) {
      const compared = encoding === 'gzip' ? theirs : null;
      const oursRuns = [];
      const theirRuns = [];
      for (let round = 0; round < rounds; round += 1) {
        oursRuns.push(await measure(ours, target.path, encoding, server.pid));
        if (compared) theirRuns.push(await measure(compared.base, target.path, encoding, compared.pid));
      }
      const a = medians(oursRuns);
      const b = compared ? medians(theirRuns) : null;
      const cpuRatio = b && a.cpu && b.cpu ? `${(b.cpu / a.cpu).toFixed(2)}×` : '–';
      const nginxCells = b
        ? `${Math.round(b.rps)} | ${b.p99} | ${us(b.cpu)} | ${(a.rps / b.rps).toFixed(2)}× | ${cpuRatio}`
        : `– | – | – | ${theirs ? 'no brotli in nginx' : '–'} | –`;
      console.log(`| ${target.name} \`${target.path}\` | ${encoding} | ${Math.round(a.rps)} | ${a.p99} | ${us(a.cpu)} | ${nginxCells} |`);
    }
  }
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
