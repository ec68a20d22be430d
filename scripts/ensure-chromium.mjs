/**
 * Makes sure a Chromium exists for the end-to-end tests, with no manual step:
 * CHROME_PATH, Playwright's own browser, or the system's /usr/bin/chromium.
 * When none is found and we run as root on Debian/Ubuntu, installs the
 * 'chromium' package with apt-get. Otherwise explains what to do and fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const candidates = [process.env.CHROME_PATH, safe(() => chromium.executablePath()), '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const found = candidates.find((path) => path && existsSync(path));
if (found) {
  console.log(`e2e: using Chromium at ${found}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const osRelease = safe(() => readFileSync('/etc/os-release', 'utf8')) ?? '';
const isDebian = /^(ID|ID_LIKE)=.*(debian|ubuntu)/m.test(osRelease);
if (!isRoot || !isDebian) {
  console.error(
    'e2e: no Chromium found. Install one (Debian/Ubuntu: apt-get install chromium; elsewhere: npx playwright install chromium) or set CHROME_PATH.',
  );
  process.exit(1);
}

console.log('e2e: no Chromium found; installing Debian package "chromium" (apt-get)...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'], { stdio: 'inherit', env });
if (!existsSync('/usr/bin/chromium')) {
  console.error('e2e: apt-get finished but /usr/bin/chromium is missing.');
  process.exit(1);
}
console.log('e2e: installed /usr/bin/chromium');

function safe(fn) {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
