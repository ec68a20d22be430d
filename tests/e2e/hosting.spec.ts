import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './support/test';
import { headersFile } from '../../server/hosting/headersFile';
import { API_PAGE_PATTERN, FRAME_SOURCES } from '../../server/hosting/siteRules';
import { nginxConfig } from '../../server/hosting/nginxConfig';
import { redirectsFile } from '../../server/hosting/redirectsFile';
import { listSiteFiles, type SiteFile } from '../../server/hosting/siteFiles';
import { buildCsp, readScriptHashes } from '../../server/securityHeaders';
import { freePort } from '../support/postgres';
import { skipForMissing } from '../support/missingProgram';
import { findNginx, startNginx, throwawayCertificate, type NginxServer } from '../../scripts/nginxProcess';
import { API_BASE } from '../../shared/constants';
import { startServerProcess } from '../support/serverProcess';
import { signUpBody } from '../support/signUp';
import { atPath } from './support/atPath';
import { seedConsent } from './support/consent';
import {
  COMPARED_HEADERS,
  diffAnswers,
  fetchAnswer,
  fetchAnswerHttp2,
  headersFromFile,
  parseHeadersFile,
  parseRedirectsFile,
  redirectFromFile,
  type Answer,
} from './support/hostAnswers';

/**
 * The same site on every host: Debian's nginx with the generated deploy config on the built
 * dist/, the generated _headers/_redirects (read as Netlify and Cloudflare Pages read them) and
 * the Node server (playwright's webServer) must give the same answers to every file, every
 * spelling of every page, the redirects, not-found paths and the API.
 */
const dist = resolve('dist');
const nodeURL = `http://localhost:${Number(process.env.E2E_PORT ?? 4173)}`;
const nginx = findNginx();

function checkPaths(files: readonly SiteFile[]): string[] {
  const paths = new Set<string>();
  for (const file of files) {
    paths.add(file.url);
    if (file.page && file.url !== '/') {
      const bare = file.url.replace(/\/$/, '');
      paths.add(`${bare}/`).add(bare).add(`${bare}/index.html`).add(`${bare}/?ref=mail`).add(`${bare}//`);
    }
  }
  for (const path of [
    '/index.html',
    '/index.html?x=1',
    '/privacy-policy',
    '/privacy-policy/?utm=1',
    '/no-such-page',
    '/no-such-page/',
    '/services/no-such-service/index.html',
    '/blog/no-such-post/',
    '/blog/no-such-post',
    '/blog/feed.xml/',
    '/widgets/no-such-widget.js',
    '/data/no-such.json',
    '/assets/',
    '/assets/js/',
    '/.csp.json',
    '/_headers',
    '/_redirects',
    '/assets/.hidden',
    '/healthz',
    '/dc_api/wa_v1/nothing',
    '/dc_api/wa_v1/user/all-users',
    // The pages of the account mails' links, answered by the API (an unknown token: the dead-link state).
    `/reset_password/${'x'.repeat(43)}`,
    `/verify_email/${'x'.repeat(43)}`,
  ]) {
    paths.add(path);
  }
  return [...paths];
}

test.describe('host-ready output', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  // Read in beforeAll, not at collection: without a built dist/ only these tests fail.
  let files: SiteFile[] = [];
  let csp = '';
  let paths: string[] = [];
  const nodeAnswers = new Map<string, Answer>();

  test.beforeAll(async () => {
    files = listSiteFiles(dist);
    csp = buildCsp(readScriptHashes(dist), FRAME_SOURCES);
    paths = checkPaths(files);
    for (const path of paths) nodeAnswers.set(path, await fetchAnswer(nodeURL, path));
  });

  test('the built _headers and _redirects are the ones the description gives', () => {
    expect(readFileSync(resolve(dist, '_headers'), 'utf8')).toBe(headersFile(files, csp));
    expect(readFileSync(resolve(dist, '_redirects'), 'utf8')).toBe(redirectsFile(files));
  });

  test('_headers gives every file the Node server headers; _redirects its redirects', () => {
    const headerRules = parseHeadersFile(readFileSync(resolve(dist, '_headers'), 'utf8'));
    const redirectRules = parseRedirectsFile(readFileSync(resolve(dist, '_redirects'), 'utf8'));
    const diffs: string[] = [];
    let compared = 0;
    const nonPageFiles = new Set(files.filter((file) => !file.page).map((file) => file.url));
    for (const path of paths) {
      // Spellings a CDN normalises by itself, not by these files: doubled slashes, a file with a slash.
      if (path.includes('//') || (path.endsWith('/') && nonPageFiles.has(path.slice(0, -1)))) continue;
      const node = nodeAnswers.get(path)!;
      const redirect = redirectFromFile(redirectRules, path);
      if (node.status === 301 || redirect) {
        compared++;
        if (node.status !== redirect?.status || node.location !== redirect.location) {
          diffs.push(`${path} redirect: node=${node.status} ${node.location} _redirects=${JSON.stringify(redirect)}`);
        }
        continue;
      }
      if (node.status !== 200 || path.startsWith('/dc_api') || path === '/healthz' || new RegExp(API_PAGE_PATTERN).test(path)) continue;
      compared++;
      const fromFile = headersFromFile(headerRules, path.split('?')[0]!);
      for (const name of COMPARED_HEADERS) {
        const expected = node.headers[name] ?? null;
        // Vary: the Node server adds accept-encoding for its compression; a CDN adds its own.
        const actual = name === 'vary' ? mergeVary(fromFile.vary, expected) : (fromFile[name] ?? null);
        if (actual !== expected) diffs.push(`${path} ${name}: node=${JSON.stringify(expected)} _headers=${JSON.stringify(actual)}`);
      }
    }
    console.log(`_headers/_redirects vs Node: ${compared} paths compared, ${diffs.length} differences`);
    expect(diffs).toEqual([]);
    expect(compared).toBeGreaterThan(files.length);
  });

  test.describe('nginx with deploy config', () => {
    test.skip(skipForMissing('nginx', nginx.ok ? null : nginx.reason));
    let server: NginxServer | undefined;
    let nginxURL = '';

    test.beforeAll(async () => {
      const port = await freePort();
      nginxURL = `http://127.0.0.1:${port}`;
      const api = new URL(nodeURL);
      const config = nginxConfig(files, csp, { root: dist, listen: `127.0.0.1:${port}`, api: [`127.0.0.1:${api.port}`] });
      server = await startNginx(config, port);
    });

    test.afterAll(async () => {
      await server?.stop();
    });

    test('answers every path exactly as the Node server does', async () => {
      const diffs: string[] = [];
      for (const path of paths) {
        diffs.push(...diffAnswers(path, nodeAnswers.get(path)!, await fetchAnswer(nginxURL, path), 'node', 'nginx'));
      }
      console.log(`nginx vs Node: ${paths.length} paths compared, ${diffs.length} differences`);
      expect(diffs, server?.errorLog()).toEqual([]);
      // The comparison covered the interesting answers, not only 200s.
      const statuses = new Set([...nodeAnswers.values()].map((answer) => answer.status));
      expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 301, 401, 404]));
    });

    test('with a certificate, answers over HTTPS and HTTP/2 as over plain HTTP', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'dc-tls-'));
      try {
        const tls = throwawayCertificate(dir);
        if (typeof tls === 'string') {
          test.skip(skipForMissing('openssl', tls));
          return;
        }
        const port = await freePort();
        const httpPort = await freePort();
        const config = nginxConfig(files, csp, {
          root: dist,
          listen: `127.0.0.1:${port}`,
          api: [`127.0.0.1:${new URL(nodeURL).port}`],
          tls: { ...tls, httpListen: `127.0.0.1:${httpPort}` },
        });
        expect(config).toContain(`listen 127.0.0.1:${port} ssl http2;`);
        const secure = await startNginx(config, port);
        try {
          const diffs: string[] = [];
          for (const path of paths) diffs.push(...diffAnswers(path, await fetchAnswer(nginxURL, path), await fetchAnswerHttp2(`https://127.0.0.1:${port}`, path), 'http', 'https'));
          console.log(`nginx over HTTP/2 vs HTTP/1.1: ${paths.length} paths compared, ${diffs.length} differences`);
          expect(diffs, secure.errorLog()).toEqual([]);
          // Plain HTTP: every request, any method, path or query, to the same URL over HTTPS.
          for (const [method, path] of [['GET', '/'], ['GET', '/about?utm=x&y=%20z'], ['HEAD', '/blog/'], ['POST', '/dc_api/wa_v1/contact'], ['GET', '/healthz'], ['GET', '/no-such-page']] as const) {
            const answer = await fetch(`http://127.0.0.1:${httpPort}${path}`, { method, redirect: 'manual' });
            expect(answer.status, `${method} ${path}`).toBe(301);
            expect(answer.headers.get('location'), `${method} ${path}`).toBe(`https://127.0.0.1:${port}${path}`);
          }
        } finally {
          await secure.stop();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test('signs in through nginx on a port other than 443: the API is sent the Host with its port', async ({ page, context }) => {
      // An API of its own: a fresh database, and this sign-up outside the e2e server's per-IP limit.
      const apiPort = await freePort();
      const dbFile = `test-results/hosting-e2e-${apiPort}.sqlite`;
      const api = await startServerProcess(apiPort, { DATABASE_PATH: dbFile });
      let proxy: NginxServer | undefined;
      try {
        const port = await freePort();
        const origin = `http://127.0.0.1:${port}`;
        proxy = await startNginx(nginxConfig(files, csp, { root: dist, listen: `127.0.0.1:${port}`, api: [`127.0.0.1:${apiPort}`] }), port);
        const { email, password } = signUpBody('jana.weber@example.de');
        const registered = await fetch(`${origin}${API_BASE}/user/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(signUpBody(email)) });
        expect(registered.status, proxy.errorLog()).toBe(201);

        // The browser's Origin names the port; the cross-site guard compares it with the Host nginx sends on.
        await seedConsent(context, {}, origin);
        await page.goto(`${origin}/sign_in`);
        await page.getByLabel('Email address').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await expect(page).toHaveURL(atPath('/account'), { timeout: 30_000 });
        await expect(page.getByRole('definition').getByText(email)).toBeVisible();

        // Still refused: the same host on another port is another origin.
        const foreign = await fetch(`${origin}${API_BASE}/session`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${apiPort}` },
          body: JSON.stringify({ email, password }),
        });
        expect(foreign.status).toBe(403);
      } finally {
        await proxy?.stop();
        await api.stop();
        for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
      }
    });

    test('sends the build\'s gzip copies as they are, not compressed again per request', async () => {
      const script = files.find((file) => file.file.startsWith('assets/js/runtime-'))!;
      for (const [path, file] of [['/about', 'about/index.html'], [script.url, script.file]] as const) {
        const answer = await rawGet(nginxURL + path, { 'Accept-Encoding': 'gzip' });
        expect(answer.encoding, path).toBe('gzip');
        expect(answer.body.equals(readFileSync(resolve(dist, `${file}.gz`))), `${path} is dist/${file}.gz byte for byte`).toBe(true);
      }
    });
  });
});

/** One GET without decoding (fetch would unzip the body): its Content-Encoding and raw bytes. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((done, fail) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
      response.on('error', fail);
    }).on('error', fail);
  });
}

function mergeVary(fromFile: string | undefined, node: string | null): string | null {
  if (node === null) return fromFile ?? null;
  const names = new Set((fromFile ?? '').split(',').map((part) => part.trim().toLowerCase()).filter(Boolean));
  if (node.includes('accept-encoding')) names.add('accept-encoding');
  return [...names].sort().join(', ') || null;
}
