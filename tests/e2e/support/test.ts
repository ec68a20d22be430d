import { test as base, type Clock } from '@playwright/test';

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
 *
 * A clock a test leaves paused (`clock.pauseAt`) is resumed here, awaited, before Playwright's
 * reset. Otherwise Playwright resumes it itself when the test's connection to the context goes,
 * without waiting: its "resume" init script (`globalThis.__pwClock.controller.log(...)`) can then
 * land after the reset removed the clock, and the next test's page throws "Cannot read
 * properties of undefined (reading 'controller')" as it loads (seen once, in blog-sanitizer.spec
 * after accounts.spec's "/sign_up success message" on the same worker).
 */
export const test = base.extend<{ resetReused: void }>({
  resetReused: [
    async ({ context }, use) => {
      const paused = leftPaused(context.clock);
      await use();
      if (paused.now()) await context.clock.resume();
      paused.stop();
      await context.clearPermissions();
      for (const page of context.pages()) await page.mouse.move(0, 0);
    },
    { auto: true },
  ],
});

/** Whether the test's last word to the clock was `pauseAt` (`now`); `stop` puts the clock's own methods back. */
function leftPaused(clock: Clock): { now: () => boolean; stop: () => void } {
  let paused = false;
  const { pauseAt, resume } = clock;
  clock.pauseAt = async (...args: Parameters<Clock['pauseAt']>) => {
    await pauseAt.apply(clock, args);
    paused = true;
  };
  clock.resume = async () => {
    await resume.apply(clock);
    paused = false;
  };
  return {
    now: () => paused,
    stop: () => {
      clock.pauseAt = pauseAt;
      clock.resume = resume;
    },
  };
}
