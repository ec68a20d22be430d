/**
 * Debian's nginx as a child process, for the hosting tests (tests/e2e/hosting.spec.ts) and for
 * `npm run lighthouse --via nginx`: a main config in a temporary folder (pid, temp paths, logs
 * there; mime.types from /etc/nginx) that includes the generated http-context file, listening where
 * that file says. `findNginx()` says why it cannot run, for a skip message;
 * scripts/ensure-test-deps.mjs installs nginx-light where it can.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type NginxAvailability = { ok: true; bin: string; mimeTypes: string } | { ok: false; reason: string };

export function findNginx(): NginxAvailability {
  const bin = [process.env.NGINX_PATH, '/usr/sbin/nginx'].find((path): path is string => !!path && existsSync(path));
  if (!bin) return { ok: false, reason: 'nginx is not installed (Debian/Ubuntu: apt-get install nginx-light, or set NGINX_PATH); `npm test` installs it when run as root.' };
  const mimeTypes = '/etc/nginx/mime.types';
  if (!existsSync(mimeTypes)) return { ok: false, reason: `nginx found at ${bin} but not ${mimeTypes}` };
  return { ok: true, bin, mimeTypes };
}

export interface NginxServer {
  stop(): Promise<void>;
  errorLog(): string;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts nginx with `httpConfig` (http-context text) that listens on 127.0.0.1:`port`. */
export async function startNginx(httpConfig: string, port: number): Promise<NginxServer> {
  const found = findNginx();
  if (!found.ok) throw new Error(found.reason);
  const dir = mkdtempSync(join(tmpdir(), 'dc-nginx-'));
  chmodSync(dir, 0o755);
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, sub));
    chmodSync(join(dir, sub), 0o777); // workers may run as another user (nobody) under root
  }
  writeFileSync(join(dir, 'site.conf'), httpConfig);
  const errorLog = join(dir, 'error.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      // Under root the workers would drop to `nobody`, who cannot read a checkout inside a private
      // directory (a clean clone in `mktemp -d` is 0700): they run as the user running the tests.
      ...(process.getuid?.() === 0 ? ['user root root;'] : []),
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  include ${found.mimeTypes};`,
      '  default_type application/octet-stream;',
      '  access_log off;',
      `  client_body_temp_path ${join(dir, 'client_body')};`,
      `  proxy_temp_path ${join(dir, 'proxy')};`,
      `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
      `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
      `  scgi_temp_path ${join(dir, 'scgi')};`,
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(found.bin, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readLog = () => output + (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '');
  const deadline = Date.now() + 20_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = readLog();
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    errorLog: readLog,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A throwaway self-signed certificate and key for 127.0.0.1, or why there is none (no openssl). */
export function throwawayCertificate(dir: string): { certificate: string; key: string } | string {
  const paths = { certificate: join(dir, 'cert.pem'), key: join(dir, 'key.pem') };
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', paths.key, '-out', paths.certificate], { stdio: 'ignore' });
    return paths;
  } catch (error) {
    return `openssl could not make a certificate: ${(error as Error).message}`;
  }
}
