/**
 * npm run lighthouse: Lighthouse (mobile, default throttling) on the built site, per route and
 * theme, the median of N runs: performance score, LCP, TBT, CLS, the JavaScript the page
 * loaded (transfer size, all scripts) and its HTML + stylesheets (transfer size), and the
 * longest main-thread task with its script, to find long tasks at their cause.
 *
 *   npm run lighthouse -- [/route ...] [--runs 3] [--themes light,dark] [--base http://host:port]
 *                         [--against /path/to/an/older/dist] [--via node|nginx] [--reports dir]
 *
 * Without routes it takes every URL of dist/sitemap.xml. Without --base it starts the server
 * (server/main.ts) on LH_PORT (8183) over DIST_DIR (dist) and stops it at the end. With --against
 * it also serves that build (on LH_PORT + 2) and measures both side by side, their runs alternating
 * route by route, so a busy machine weighs on both alike; each cell then reads "before → after".
 * --reports writes every run's full Lighthouse report (JSON) to that folder, numbered in run order
 * and named by route and the port of the build measured (with --against, the older build's is the
 * higher one), to read which requests and main-thread tasks came before the largest paint. Chromium: CHROME_PATH
 * or /usr/bin/chromium. The theme is the browser's prefers-color-scheme
 * (the site follows it when the visitor has not chosen). Prints a Markdown table.
 *
 * --via nginx serves each build as it is deployed (README, Deploying 2): Debian's nginx with the
 * build's own config (server/hosting/nginxConfig.ts) over HTTPS and HTTP/2, a throwaway
 * self-signed certificate (openssl), the API behind it on the Node server. --via node (the
 * default) measures the Node server alone, plain HTTP/1.1. Lighthouse's simulated mobile network
 * (150 ms round trips, 1.6 Mbit/s) costs HTTP/1.1 a handshake and a slow start for each of up to
 * six connections, where HTTP/2 sends a page's files over one: a visitor reaches the site
 * through nginx or a CDN, so the nginx figures are the visitor's, the node figures the worst case.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { nginxConfig } from '../server/hosting/nginxConfig.ts';
import { listSiteFiles } from '../server/hosting/siteFiles.ts';
import { FRAME_SOURCES } from '../server/hosting/siteRules.ts';
import { buildCsp, readScriptHashes } from '../server/securityHeaders.ts';
import { findNginx, startNginx, throwawayCertificate } from './nginxProcess.ts';

const args = process.argv.slice(2);
/**
 * The value after --name (taken out of args), or the fallback without --name.
 * @template {string | null} Fallback
 * @param {string} name
 * @param {Fallback} fallback
 * @returns {string | Fallback}
 */
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = args[index + 1];
  if (value === undefined) {
    console.error(`lighthouse: --${name} needs a value.`);
    process.exit(1);
  }
  args.splice(index, 2);
  return value;
};
const runs = Number(option('runs', '3'));
const themes = option('themes', 'light,dark').split(',');
let base = option('base', null);
const against = option('against', null);
const via = option('via', 'node');
const reports = option('reports', null);
if (reports) mkdirSync(reports, { recursive: true });
if (!['node', 'nginx'].includes(via)) {
  console.error(`lighthouse: --via is node or nginx, not "${via}".`);
  process.exit(1);
}
if (via === 'nginx') {
  const nginx = findNginx();
  if (!nginx.ok) {
    console.error(`lighthouse: --via nginx: ${nginx.reason}`);
    process.exit(1);
  }
}
const dist = resolve(process.env.DIST_DIR ?? 'dist');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

let routes = args.filter((arg) => arg.startsWith('/'));
if (routes.length === 0) {
  const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
  routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
}

const work = mkdtempSync(join(tmpdir(), 'dc-lighthouse-'));
/** @type {import('node:child_process').ChildProcess[]} */
const servers = [];
const stopServers = () =>
  Promise.all(
    servers.map(
      (server) =>
        /** @type {Promise<void>} */ (
          new Promise((done) => {
            if (server.exitCode !== null) return done();
            server.once('exit', done);
            server.kill('SIGTERM');
          })
        ),
    ),
  );

/** @type {ReturnType<typeof throwawayCertificate> | null} */
let tls = null;
const certificate = () => {
  tls ??= throwawayCertificate(work);
  if (typeof tls === 'string') throw new Error(`--via nginx needs a throwaway certificate: ${tls}`);
  return tls;
};
/** @type {import('./nginxProcess.ts').NginxServer[]} */
const nginxServers = [];

/**
 * Serves a build on a port: its API on the Node server, and with --via nginx its files through
 * nginx (HTTPS, HTTP/2, the build's config) on port + 10. Resolves with the base URL visitors use.
 * @param {string} distDir
 * @param {number} port
 */
const serve = async (distDir, port) => {
  const api = await serveNode(distDir, port);
  if (via === 'node') return api;
  const files = listSiteFiles(distDir);
  const csp = buildCsp(readScriptHashes(distDir), FRAME_SOURCES);
  const listen = `127.0.0.1:${port + 10}`;
  nginxServers.push(await startNginx(nginxConfig(files, csp, { root: distDir, listen, api: [`127.0.0.1:${port}`], tls: { ...certificate(), httpListen: `127.0.0.1:${port + 11}` } }), port + 10));
  return `https://${listen}`;
};

/**
 * Serves a build with the site's own server (server/main.ts) on a port; resolves with its base URL when it answers.
 * @param {string} distDir
 * @param {number} port
 * @returns {Promise<string>}
 */
const serveNode = async (distDir, port) => {
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`lighthouse: no built site in ${distDir}; run npm run build first.`);
    process.exit(1);
  }
  const server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', DIST_DIR: distDir, DATABASE_PATH: join(work, `lh-${port}.sqlite`) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(server);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return url;
    } catch {
      if (attempt > 200) throw new Error(`the server for ${distDir} did not start`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
};

const port = Number(process.env.LH_PORT ?? 8183);
/** @type {string | null} The older build's base URL with --against (set once it is served). */
let before = null;

/**
 * The middle value; NaN (a run without that figure) sorts last.
 * @param {number[]} values
 */
const median = (values) => {
  const sorted = [...values].sort((a, b) => Number(Number.isNaN(a)) - Number(Number.isNaN(b)) || a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('lighthouse: no runs to take the median of (--runs is at least 1)');
  return middle;
};

/**
 * @typedef {{ score: number, lcp: number, tbt: number, cls: number, js: number, htmlCss: number, longest: string }} Run
 */
let reportCount = 0;
/**
 * One Lighthouse run: the figures this project tracks.
 * @param {number} port
 * @param {string} url
 * @returns {Promise<Run>}
 */
const measure = async (port, url, attempt = 1) => {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const report = /** @type {string} */ (result.report); // one output, 'json': one string
  if (reports) {
    reportCount += 1;
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
    writeFileSync(join(reports, `${String(reportCount).padStart(3, '0')}-${name}-${new URL(url).port}.json`), report);
  }
  /**
   * An audit of the performance category, which every run has.
   * @param {string} id
   */
  const audit = (id) => {
    const found = lhr.audits[id];
    if (!found) throw new Error(`Lighthouse's report of ${url} has no ${id} audit`);
    return found;
  };
  // A run Lighthouse could not finish (a page that did not paint in time on a busy machine, say)
  // has no metrics: it is tried again once, then the route's row says why instead of numbers.
  const cls = audit('cumulative-layout-shift').numericValue;
  if (lhr.runtimeError || cls === undefined) {
    const reason = lhr.runtimeError?.code ?? audit('cumulative-layout-shift').errorMessage ?? 'no metrics';
    if (attempt < 2) return measure(port, url, attempt + 1);
    throw new Error(`Lighthouse could not measure ${url} twice: ${reason}`);
  }
  const category = lhr.categories.performance;
  if (!category) throw new Error(`Lighthouse's report of ${url} has no performance category`);
  /** The items of a table audit (network-requests, long-tasks), with the fields read of them. */
  const tableItems = (/** @type {import('lighthouse').Result['audits'][string] | undefined} */ found) =>
    found?.details && 'items' in found.details ? found.details.items : [];
  const requests = /** @type {Array<{ resourceType?: string, transferSize?: number }>} */ (tableItems(audit('network-requests')));
  /** @param {string[]} types */
  const transfer = (types) => requests.filter((item) => item.resourceType !== undefined && types.includes(item.resourceType)).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const tasks = /** @type {Array<{ duration: number, url: string }>} */ (tableItems(lhr.audits['long-tasks']));
  const longest = tasks.reduce((/** @type {(typeof tasks)[number] | null} */ best, task) => (!best || task.duration > best.duration ? task : best), null);
  return {
    score: Math.round((category.score ?? 0) * 100),
    // NaN, printed as such, for a figure the run has not.
    lcp: audit('largest-contentful-paint').numericValue ?? NaN,
    tbt: audit('total-blocking-time').numericValue ?? NaN,
    cls,
    js: transfer(['Script']),
    htmlCss: transfer(['Document', 'Stylesheet']),
    longest: longest ? `${Math.round(longest.duration)} ms ${String(longest.url).replace(base ?? '', '')}` : '–',
  };
};

/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toFixed(1);
/**
 * The median run's figures of one build, as table cells.
 * @param {Run[]} results
 */
const cells = (results) => {
  const score = median(results.map((r) => r.score));
  const middle = results.find((r) => r.score === score);
  if (!middle) throw new Error('lighthouse: no run has the median score');
  return [
    String(score),
    String(Math.round(median(results.map((r) => r.lcp)))),
    String(Math.round(median(results.map((r) => r.tbt)))),
    median(results.map((r) => r.cls)).toFixed(3),
    kb(median(results.map((r) => r.js))),
    kb(median(results.map((r) => r.htmlCss))),
    middle.longest.replace(base ?? '', '').replace(before ?? base ?? '', ''),
  ];
};

try {
  // Served inside the try: whatever started is stopped in the finally, also when a later start fails.
  base ??= await serve(dist, port);
  // port + 2: with --via nginx each build takes its port, port + 10 (HTTPS) and port + 11 (HTTP).
  if (against) before = await serve(resolve(against), port + 2);
  console.log(
    `Lighthouse ${JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version}, mobile, default throttling, median of ${runs} run(s), ${before ? `${against} → ${dist}` : base}, ${via === 'nginx' ? 'nginx (HTTPS, HTTP/2)' : 'Node server (HTTP/1.1)'}`,
  );
  console.log('| Route | Theme | Score | LCP ms | TBT ms | CLS | JS KB | HTML+CSS KB | Longest task (median run) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const theme of themes) {
    mkdirSync(join(work, `profile-${theme}`));
    const chrome = await chromeLauncher.launch({
      chromePath,
      userDataDir: join(work, `profile-${theme}`),
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', ...(via === 'nginx' ? ['--ignore-certificate-errors'] : []), `--blink-settings=preferredColorScheme=${theme === 'dark' ? 0 : 1}`],
    });
    try {
      for (const route of routes) {
        const after = [];
        const older = [];
        try {
          for (let run = 0; run < runs; run += 1) {
            if (before) older.push(await measure(chrome.port, before + route));
            after.push(await measure(chrome.port, base + route));
          }
        } catch (error) {
          // One route Lighthouse cannot measure does not end the table: its row says why.
          console.log(`| ${route} | ${theme} | ${error instanceof Error ? error.message : String(error)} |`);
          continue;
        }
        const now = cells(after);
        const row = before ? cells(older).map((cell, index) => (cell === now[index] ? cell : `${cell} → ${now[index]}`)) : now;
        console.log(`| ${route} | ${theme} | ${row.join(' | ')} |`);
      }
    } finally {
      await chrome.kill();
    }
  }
} finally {
  await Promise.all(nginxServers.map((server) => server.stop()));
  await stopServers();
  rmSync(work, { recursive: true, force: true });
}
