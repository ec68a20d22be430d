import { chromium, defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/support/chromium';
import { CHEAP_HASH_ENV } from './tests/support/seedPassword';

/**
 * End-to-end tests in a real headless Chromium against the built site served
 * by the real server (npm run build first; npm test does both).
 */
const port = Number(process.env.E2E_PORT ?? 4173);
let playwrightChromium: string | undefined;
try {
  playwrightChromium = chromium.executablePath();
} catch {
  playwrightChromium = undefined;
}
const executablePath = findChromium(playwrightChromium);
// The servers a suite starts itself (tests/support/serverProcess.ts) run the build, as the web server below does.
process.env.DC_TEST_SERVER_BUILT = '1';
const PROCESS_SUITES = ['**/hosting.spec.ts', '**/instances.spec.ts', '**/contact-requests.spec.ts', '**/rolling-restart.spec.ts', '**/accountMail.spec.ts', '**/staff.spec.ts', '**/staff-console.spec.ts', '**/client-passkeys.spec.ts', '**/press-staff.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries, in CI neither: a test that passes on its second try hides a race in the test or the
  // product, and is fixed instead.
  retries: 0,
  // Two workers on two cores (E2E_WORKERS overrides): four were measured slower (12.5 against 11.5
  // minutes for the suite), and slow enough to time tests out.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 45_000,
  expect: { timeout: 7_000 },
  // The JSON report feeds `npm run test:slowest` (the slowest tests, to see where the time goes).
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }], ...(process.env.CI ? ([['html', { open: 'never' }]] as const) : [])],
  use: {
    baseURL: `http://localhost:${port}`,
    // No trace by default: recording one for every test (to keep the failing ones) cost about a
    // fifth of the suite's CPU (measured on routes + navigation: 24.5 against 19.5 s of CPU, three
    // runs each). A failure still leaves its error-context.md (the page's aria snapshot) and a
    // screenshot; E2E_TRACE=retain-on-failure records traces when hunting one.
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    // Decorative motion off by default: it only costs CPU here. Tests of motion opt back in.
    reducedMotion: 'reduce',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  // The suites that start processes of their own (server instances, nginx, PostgreSQL, an SMTP
  // server) run serially and take longest: listed first, they start at once on one worker while the
  // other works through the page tests, instead of ending the run alone.
  projects: [
    { name: 'processes', testMatch: PROCESS_SUITES, use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: CHROMIUM_ARGS } } },
    // The page tests share one context and page per worker, reset between tests by Playwright
    // (tests/e2e/support/test.ts says what is reset and what it adds): a new page per test cost
    // Chromium about 0.4 CPU-seconds. E2E_REUSE=0 gives each test a new context (to check a test's isolation).
    { name: 'chromium', testIgnore: PROCESS_SUITES, use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: CHROMIUM_ARGS }, reuseContext: process.env.E2E_REUSE !== '0' } },
  ],
  webServer: {
    command: 'node --enable-source-maps server-dist/main.mjs',
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      ...CHEAP_HASH_ENV,
      LOG_LEVEL: 'warn',
      DATABASE_PATH: process.env.E2E_DATABASE_PATH ?? `test-results/e2e-${port}.sqlite`,
      DC_ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token',
      // Every contact test posts from 127.0.0.1: the per-IP lead limit (5 per 10 min) would stop the suite.
      DC_CONTACT_RATE_MAX: '1000',
      // The same for the connections per client address (32): the workers' browsers all connect from 127.0.0.1.
      DC_MAX_CONNECTIONS_PER_IP: '512',
      // Failed sign-ins from 127.0.0.1 across runs on the same database file.
      DC_SIGN_IN_IP_RATE_MAX: '1000',
    },
  },
});
