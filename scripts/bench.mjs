/**
 * npm run bench: static serving throughput on loopback, our server against nginx.
 * Serves the built dist/ (npm run build first) with
 *   - the real server (server/main.ts, one Node process), on BENCH_PORT (8181), and
 *   - nginx (Debian's nginx/nginx-light, NGINX_PATH or /usr/sbin/nginx), one worker,
 *     sendfile, gzip_static on the build's .gz copies, started here with a generated
 *     config in a temp prefix on BENCH_PORT+1; skipped with a message if not installed.
 * For an HTML page, a JS chunk and the stylesheet it prints req/s and p99 latency
 * (autocannon, BENCH_CONNECTIONS=200 connections, BENCH_SECONDS=5 s per run after a
 * 1 s warm-up) with Brotli and with gzip, and our/nginx ratio with gzip. Debian's nginx
 * has no Brotli module, so the Brotli row has no nginx figure. Both servers and their
 * temp files are removed at the end, also on failure or Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const dist = resolve(process.env.DIST_DIR ?? 'dist');
const port = Number(process.env.BENCH_PORT ?? 8181);
const nginxPort = port + 1;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const nginxPath = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => path && existsSync(path));

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`bench: no built site in ${dist}; run npm run build first.`);
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(join(dist, 'assets/js/manifest.json'), 'utf8'));
const runtime = Object.values(manifest).flatMap((entry) => entry.imports).find((file) => file.includes('/runtime-'));
const stylesheet = `/assets/css/${readdirSync(join(dist, 'assets/css')).find((name) => /^site-.*\.css$/.test(name))}`;
const targets = [
  { name: 'HTML page', path: '/about' },
  { name: 'JS chunk', path: runtime },
  { name: 'stylesheet', path: stylesheet },
];

const work = mkdtempSync(join(tmpdir(), 'dc-bench-'));
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

const start = (command, args, env) => {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
};

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

const bench = (url, encoding) =>
  new Promise((done, fail) => {
    autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': encoding } }, (error, result) =>
      error ? fail(error) : done(result),
    );
  });

/** Checks the server sends `url` with the expected encoding before it is measured. */
const check = async (url, encoding) => {
  const response = await fetch(url, { headers: { 'accept-encoding': encoding }, decompress: false });
  const got = response.headers.get('content-encoding');
  await response.arrayBuffer();
  if (!response.ok || got !== encoding) throw new Error(`${url} with ${encoding}: status ${response.status}, content-encoding ${got}`);
};

const measure = async (base, path, encoding) => {
  await check(base + path, encoding);
  await new Promise((done) => autocannon({ url: base + path, connections, duration: 1, headers: { 'accept-encoding': encoding } }, done));
  const result = await bench(base + path, encoding);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${base}${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
};

try {
  const ours = `http://127.0.0.1:${port}`;
  const server = start(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DIST_DIR: dist,
    DATABASE_PATH: join(work, 'bench.sqlite'),
  });
  await waitFor(`${ours}/healthz`, server);

  let theirs = null;
  if (nginxPath) {
    writeFileSync(join(work, 'nginx.conf'), nginxConfig());
    mkdirSync(join(work, 'logs'));
    const nginx = start(nginxPath, ['-p', work, '-c', join(work, 'nginx.conf')]);
    theirs = `http://127.0.0.1:${nginxPort}`;
    await waitFor(`${theirs}/about`, nginx);
  } else {
    console.log('bench: nginx not installed (apt-get install nginx-light, or set NGINX_PATH): only our server is measured.');
  }

  console.log(`bench: ${connections} connections, ${seconds} s per run, loopback; our server is one Node process, nginx one worker.`);
  console.log('| File | Encoding | Our server req/s | p99 ms | nginx req/s | p99 ms | ours / nginx |');
  console.log('|---|---|---|---|---|---|---|');
  for (const target of targets) {
    for (const encoding of ['br', 'gzip']) {
      const a = await measure(ours, target.path, encoding);
      const b = theirs && encoding === 'gzip' ? await measure(theirs, target.path, encoding) : null;
      const nginxCells = b ? `${Math.round(b.rps)} | ${b.p99} | ${(a.rps / b.rps).toFixed(2)}×` : `– | – | ${theirs ? 'no brotli in nginx' : '–'}`;
      console.log(`| ${target.name} \`${target.path}\` | ${encoding} | ${Math.round(a.rps)} | ${a.p99} | ${nginxCells} |`);
    }
  }
} catch (error) {
  console.error(`bench failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
