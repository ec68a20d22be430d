import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Route } from '@playwright/test';

/** Every Power BI host of the default allow-list (shared/embed.ts DEFAULT_ALLOWED_HOSTS). */
export const POWER_BI_URL = /^https:\/\/app\.(powerbi\.(com|cn|de)|(high\.|mil\.)?powerbigov\.us)\//;

/** A local page that looks like a report, served in place of Power BI (not reachable from test machines). */
export const STUB_HTML = readFileSync('tests/e2e/fixtures/powerbi-stub.html', 'utf8');

type Target = Page | BrowserContext;

/** Power BI answers with the stub report. Returns the URLs requested. */
export async function stubPowerBi(target: Target): Promise<string[]> {
  const requested: string[] = [];
  await target.route(POWER_BI_URL, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: STUB_HTML });
  });
  return requested;
}

/** Power BI never answers (the request hangs), as behind a filtering proxy. */
export async function hangPowerBi(target: Target): Promise<string[]> {
  const requested: string[] = [];
  await target.route(POWER_BI_URL, (route) => {
    requested.push(route.request().url());
    // Never fulfilled: the frame stays without a load event.
  });
  return requested;
}

/** Power BI requests wait until released; lets a test see the loading state before the load. */
export async function holdPowerBi(target: Target): Promise<{ release: () => Promise<void>; requested: string[] }> {
  const held: Route[] = [];
  const requested: string[] = [];
  await target.route(POWER_BI_URL, (route) => {
    requested.push(route.request().url());
    held.push(route);
  });
  return {
    requested,
    release: async () => {
      for (const route of held.splice(0)) await route.fulfill({ status: 200, contentType: 'text/html', body: STUB_HTML });
    },
  };
}
