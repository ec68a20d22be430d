/**
 * Cookies in Safari's engine on `npm start`: node scripts/webkit-check.mjs [--build <checkout>] [--url <origin>]
 *
 * WebKit does not store a Secure cookie from plain-HTTP http://localhost (Chromium and Firefox do), so
 * this drives WebKitGTK's MiniBrowser (Debian: `apt-get install webkit2gtk-driver xvfb`) through the
 * W3C WebDriver HTTP protocol (WebKitWebDriver under xvfb-run, plain fetch) against the built server
 * on http://localhost:<port>:
 *   1. a first visit shows the consent banner; Accept All closes it;
 *   2. on the next page the banner stays closed (the consent cookie was kept);
 *   3. an account made through the API signs in on /sign_in and reaches /account;
 *   4. on the next page the header is signed in and /me answers 200 (the session cookie was kept).
 * Each step prints PASS or FAIL; the exit code is the number of failed steps.
 *
 * --build <checkout>: run that checkout's server-dist/main.mjs on its dist/ (default: this one),
 *   with a throwaway database, on a free port. --url <origin>: use a server already running there
 *   instead (an account is still made through its API). WEBKIT_MINIBROWSER: the browser binary.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const API_BASE = '/dc_api/wa_v1';
const PASSWORD = 'Mannheim#2025';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const MINIBROWSER =
  process.env.WEBKIT_MINIBROWSER ??
  [
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/libexec/webkit2gtk-4.1/MiniBrowser',
  ].find((path) => existsSync(path));

const { values: options } = parseArgs({ options: { build: { type: 'string' }, url: { type: 'string' } } });

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * `check()` until it returns a truthy value (then that value) or `ms` pass (then the last value).
 * @template T
 * @param {() => Promise<T>} check
 * @returns {Promise<T | undefined>}
 */
async function poll(check, ms = 15_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value || Date.now() > until) return value;
    await sleep(200);
  }
}

/**
 * A child process in a group of its own, so that stopping it ends what it started (xvfb-run's Xvfb).
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} spawnOptions
 */
function start(command, args, spawnOptions) {
  const child = spawn(command, args, { ...spawnOptions, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const group = -(child.pid ?? 0);
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  return {
    child,
    log: () => log,
    /** @returns {Promise<unknown>} */
    stop() {
      if (group === 0 || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const gone = new Promise((done) => child.once('exit', done));
      try {
        process.kill(group, 'SIGTERM');
      } catch {
        return Promise.resolve();
      }
      return Promise.race([gone, sleep(5_000).then(() => process.kill(group, 'SIGKILL'))]);
    },
  };
}

/** @param {string} checkout */
async function startSiteServer(checkout) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'dc-webkit-'));
  const server = start(process.execPath, ['server-dist/main.mjs'], {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_PATH: join(dir, 'dc.sqlite') },
  });
  const up = await poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 30_000);
  if (!up) throw new Error(`the server did not start:\n${server.log()}`);
  return {
    origin: `http://localhost:${port}`,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startDriver() {
  const port = await freePort();
  const driver = start('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], {});
  const base = `http://127.0.0.1:${port}`;
  const ready = await poll(async () => (await (await fetch(`${base}/status`)).json()).value?.ready, 20_000);
  if (!ready) throw new Error(`WebKitWebDriver did not start:\n${driver.log()}`);
  return { base, stop: () => driver.stop() };
}

/**
 * One WebDriver session: each method is one command of the W3C protocol.
 * @param {string} driverBase
 */
async function openSession(driverBase) {
  /**
   * @param {string} method
   * @param {string} path
   * @param {object} [body]
   * @returns {Promise<any>} the answer's `value`
   */
  const call = async (method, path, body) => {
    const answer = await fetch(`${driverBase}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await answer.json();
    if (!answer.ok) throw new Error(`${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  };
  const browserOptions = { binary: MINIBROWSER, args: ['--automation'] };
  const { sessionId, capabilities } = await call('POST', '/session', {
    capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': browserOptions } },
  });
  /** @param {string} path */
  const at = (path) => `/session/${sessionId}${path}`;
  return {
    /** @type {string} */
    version: `${capabilities.browserName} ${capabilities.browserVersion}`,
    /** @param {string} url */
    go: (url) => call('POST', at('/url'), { url }),
    /** @returns {Promise<string>} */
    url: () => call('GET', at('/url')),
    /** @param {string} script @param {unknown[]} args */
    run: (script, ...args) => call('POST', at('/execute/sync'), { script, args }),
    /** A script that answers by calling its last argument. @param {string} script @param {unknown[]} args */
    runAsync: (script, ...args) => call('POST', at('/execute/async'), { script, args }),
    /** @param {string} css @returns {Promise<string>} the element's id */
    find: async (css) => (await call('POST', at('/element'), { using: 'css selector', value: css }))[ELEMENT],
    /** @param {string} element @param {string} text */
    type: (element, text) => call('POST', at(`/element/${element}/value`), { text }),
    /** @param {string} element */
    click: (element) => call('POST', at(`/element/${element}/click`), {}),
    /** A button of a shadow root by its text, as an element id. @param {string} host @param {string} text @returns {Promise<string>} */
    buttonInShadow: async (host, text) =>
      (
        await call('POST', at('/execute/sync'), {
          script:
            'return [...(document.querySelector(arguments[0])?.shadowRoot?.querySelectorAll("button") ?? [])].find((b) => b.textContent.trim() === arguments[1]) ?? null',
          args: [host, text],
        })
      )?.[ELEMENT],
    close: () => call('DELETE', at('')),
  };
}

/** @typedef {Awaited<ReturnType<typeof openSession>>} Browser */

/** @param {string} origin @param {string} email */
async function signUp(origin, email) {
  const answer = await fetch(`${origin.replace('localhost', '127.0.0.1')}${API_BASE}/user/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Jana',
      lastName: 'Weber',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
    }),
  });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}: ${await answer.text()}`);
}

/** @type {boolean[]} */
const results = [];
/** @param {string} step @param {boolean} ok @param {string} [detail] */
function report(step, ok, detail) {
  results.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${step}${detail ? ` (${detail})` : ''}`);
}

/** The names of the cookies a script of the page sees. */
const COOKIE_NAMES = "document.cookie.split('; ').filter(Boolean).map((pair) => pair.split('=')[0]).join(', ')";

/** The consent element's state once it has read the cookie: a record or none, the banner shown or not. */
const CONSENT_STATE = `
  const host = document.querySelector('dc-consent');
  if (!window.dcConsent || !host || !host.shadowRoot) return null;
  return { record: window.dcConsent.getRecord() !== null, banner: host.shadowRoot.querySelector('section.banner') !== null, cookies: ${COOKIE_NAMES} };
`;

/** @param {Browser} browser @param {string} origin */
async function checkConsent(browser, origin) {
  await browser.go(`${origin}/`);
  const first = await poll(async () => {
    const state = await browser.run(CONSENT_STATE);
    return state?.banner ? state : null;
  });
  report('first visit: the consent banner shows', Boolean(first?.banner));
  if (!first?.banner) return;
  await browser.click(await browser.buttonInShadow('dc-consent', 'Accept All'));
  const accepted = await poll(async () => {
    const state = await browser.run(CONSENT_STATE);
    return state && !state.banner && state.record ? state : null;
  });
  report('Accept All closes the banner', Boolean(accepted));

  await browser.go(`${origin}/about`);
  // The element reads the cookie when it starts; the banner would show in the same render.
  const next = await poll(() => browser.run(CONSENT_STATE));
  await sleep(500);
  const settled = await browser.run(CONSENT_STATE);
  report(
    'next page: the banner stays closed (consent cookie kept)',
    Boolean(next && settled && settled.record && !settled.banner),
    `cookies: ${settled?.cookies || 'none'}`,
  );
}

/** Types into the sign-in form and submits it; again if the sign-in island replaced an element meanwhile. */
/** @param {Browser} browser @param {string} email */
async function submitSignIn(browser, email) {
  for (let attempt = 1; ; attempt++) {
    try {
      const field = await browser.find('#sign-in-email');
      await browser.run('arguments[0].value = ""; document.querySelector("#sign-in-password").value = "";', { [ELEMENT]: field });
      await browser.type(field, email);
      await browser.type(await browser.find('#sign-in-password'), PASSWORD);
      await browser.click(await browser.find('form.auth-form button[type=submit]'));
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await sleep(500);
    }
  }
}

/** @param {Browser} browser @param {string} origin */
async function checkSignIn(browser, origin) {
  const email = `webkit.${Date.now()}@example.de`;
  await signUp(origin, email);
  await browser.go(`${origin}/sign_in`);
  // Where the consent cookie was lost, the banner is back and covers the form: answer it again.
  if ((await poll(() => browser.run(CONSENT_STATE)))?.banner) await browser.click(await browser.buttonInShadow('dc-consent', 'Accept All'));
  await submitSignIn(browser, email);
  // /account shows the account's address once GET /me answered with the session.
  const account = await poll(
    async () =>
      new URL(await browser.url()).pathname === '/account' && (await browser.run('return document.body.innerText')).includes(email),
    30_000,
  );
  report('sign-in reaches /account and shows the account', Boolean(account), `at ${await browser.url()}`);

  await browser.go(`${origin}/about`);
  const header = await browser.run('return document.documentElement.hasAttribute("data-signed-in")');
  const me = await browser.runAsync(`fetch('${API_BASE}/me').then((r) => arguments[0](r.status), (e) => arguments[0](String(e)))`);
  const cookies = await browser.run(`return ${COOKIE_NAMES}`);
  report(
    'next page: signed in (session cookie kept)',
    header === true && me === 200,
    `header signed in: ${header}, GET /me: ${me}, cookies: ${cookies || 'none'}`,
  );
}

/** @type {(() => Promise<unknown>)[]} */
const stops = [];
try {
  for (const [program, hint] of /** @type {const} */ ([
    ['xvfb-run', 'xvfb'],
    ['WebKitWebDriver', 'webkit2gtk-driver'],
  ])) {
    if (!process.env.PATH?.split(':').some((dir) => existsSync(join(dir, program))))
      throw new Error(`${program} is missing: apt-get install ${hint}`);
  }
  if (!MINIBROWSER) throw new Error('MiniBrowser not found (webkit2gtk-driver): set WEBKIT_MINIBROWSER');
  let origin = options.url;
  if (!origin) {
    const server = await startSiteServer(resolve(options.build ?? '.'));
    stops.push(server.stop);
    origin = server.origin;
  }
  const driver = await startDriver();
  stops.push(driver.stop);
  const browser = await openSession(driver.base);
  stops.push(() => browser.close().catch(() => undefined));
  console.log(`${browser.version} against ${origin}`);
  await checkConsent(browser, origin);
  await checkSignIn(browser, origin);
} catch (error) {
  report('the check ran', false, error instanceof Error ? error.message : String(error));
} finally {
  for (const stop of stops.reverse()) await stop();
}
process.exitCode = results.filter((ok) => !ok).length;
