import type { Page } from '@playwright/test';

/**
 * Holds every request matching `glob` until the returned function is called: an island's or an
 * element's code that has not arrived yet, so a test can act on the served markup first.
 */
export async function holdCode(page: Page, glob: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
