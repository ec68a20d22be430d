/**
 * Makes sure the programs the tests run against exist, with no manual step:
 *   chromium    end-to-end tests (CHROME_PATH, Playwright's own browser, or /usr/bin/chromium)
 *   java        the Nu Html Checker (vnu-jar) over dist/
 *   nginx       the generated nginx config and the static-serving benchmark
 *   postgresql  the PostgreSQL store tests (initdb / pg_ctl / postgres)
 * What is found is used; what is missing is installed in one apt-get call when running as root
 * on Debian/Ubuntu. Elsewhere it says what is missing: chromium is required (exit 1), the others
 * are optional and the tests that need them skip with a message naming the package. With CI=true
 * every program is required (exit 1), as the tests themselves then fail instead of skipping
 * (tests/support/missingProgram.ts).
 *
 * `node scripts/ensure-test-deps.mjs [chromium] [java] [nginx] [postgresql]` checks only those.
 * Prints one line per program; writes nothing else.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Where each program may be; the first existing path wins.
 * @type {Record<string, { required: boolean, packages: string[], paths: () => Array<string | undefined> }>}
 */
const TOOLS = {
  chromium: {
    required: true,
    packages: ['chromium', 'fonts-liberation'],
    paths: () => [process.env.CHROME_PATH, safe(() => chromium.executablePath()), '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'],
  },
  java: {
    required: false,
    packages: ['default-jre-headless'],
    paths: () => [process.env.JAVA_HOME && `${process.env.JAVA_HOME}/bin/java`, '/usr/bin/java'],
  },
  nginx: {
    required: false,
    packages: ['nginx-light'],
    paths: () => [process.env.NGINX_PATH, '/usr/sbin/nginx'],
  },
  postgresql: {
    required: false,
    packages: ['postgresql'],
    paths: () => [process.env.PG_BIN && `${process.env.PG_BIN}/postgres`, ...postgresBins()],
  },
};

/** @returns {string[]} */
function postgresBins() {
  const root = '/usr/lib/postgresql';
  const versions = safe(() => readdirSync(root)) ?? [];
  return versions.sort((a, b) => Number(b) - Number(a)).map((version) => `${root}/${version}/bin/postgres`);
}

/**
 * @template T
 * @param {() => T} fn
 * @returns {T | undefined}
 */
function safe(fn) {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** @param {string} name */
function locate(name) {
  return TOOLS[name]?.paths().find((path) => path && existsSync(path));
}

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(TOOLS);
for (const name of wanted) if (!(name in TOOLS)) throw new Error(`ensure-test-deps: unknown program '${name}' (known: ${Object.keys(TOOLS).join(', ')})`);

const missing = wanted.filter((name) => !locate(name));
if (missing.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const osRelease = safe(() => readFileSync('/etc/os-release', 'utf8')) ?? '';
  const isDebian = /^(ID|ID_LIKE)=.*(debian|ubuntu)/m.test(osRelease);
  if (isRoot && isDebian) {
    const packages = missing.flatMap((name) => TOOLS[name]?.packages ?? []);
    console.log(`test deps: installing Debian packages ${packages.join(' ')} (apt-get)...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
    } catch (error) {
      console.error(`test deps: apt-get failed (${error instanceof Error ? error.message : String(error)}); tests that need ${missing.join(', ')} will say so.`);
    }
  }
}

let failed = false;
for (const name of wanted) {
  const path = locate(name);
  const tool = TOOLS[name];
  if (!tool) continue;
  if (path) console.log(`test deps: ${name} at ${path}`);
  else if (tool.required) {
    failed = true;
    console.error(`test deps: no ${name} found. Install it (Debian/Ubuntu: apt-get install ${tool.packages.join(' ')}) or set CHROME_PATH.`);
  } else if (process.env.CI) {
    // In CI every program is installed here; a missing one would let its tests skip unseen.
    failed = true;
    console.error(`test deps: no ${name} found, and CI=true does not let its tests skip (Debian/Ubuntu: apt-get install ${tool.packages.join(' ')}).`);
  } else console.warn(`test deps: no ${name}; the tests that need it will skip (Debian/Ubuntu: apt-get install ${tool.packages.join(' ')}).`);
}
if (failed) process.exit(1);
