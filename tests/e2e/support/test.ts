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
 * Permissions and, in Chromium, the mouse are not reset by Playwright: after each test the
 * permissions are cleared here and the mouse goes back to the corner a new page has it in, so no
 * test starts with something under the pointer that the previous test left there.
 */
export const test = base.extend<{ resetReused: void }>({
  resetReused: [
    async ({ context }, use) => {
      await use();
      await context.clearPermissions();
      for (const page of context.pages()) await page.mouse.move(0, 0);
    },
    { auto: true },
  ],
});
