import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * The suite's `test`: Playwright's, plus what its context reuse does not reset.
 *
 * The page tests (project `chromium` in playwright.config.ts) run with `reuseContext`: each worker
 * keeps one browser context and page, and Playwright resets them between tests (cookies, cache,
 * storage and IndexedDB of the origins visited, service workers, other pages, routes, init
 * scripts, the clock, viewport and emulated media). A new page per test cost Chromium about
 * 0.4 CPU-seconds (a renderer process started, the first navigation moving to another one).
 * Permissions are not reset by Playwright, so they are cleared here after each test.
 */
export const test = base.extend<{ resetPermissions: void }>({
  resetPermissions: [
    async ({ context }, use) => {
      await use();
      await context.clearPermissions();
    },
    { auto: true },
  ],
});
