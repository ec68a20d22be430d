import { expect, test, type Page } from '@playwright/test';
import { seedConsent } from './support/consent';
import { layoutShift, recordLayoutShift } from './support/layoutShift';
import { sitemapPaths } from './support/routes';

/**
 * The islands upgrade server-rendered markup; none of them may move what the visitor already
 * sees. Every route at phone width (where wrapped controls are tallest), from the first paint
 * until its islands have loaded their data.
 */
test.beforeEach(async ({ context, page }) => {
  await seedConsent(context);
  await page.setViewportSize({ width: 375, height: 800 });
  await recordLayoutShift(page);
});

/**
 * Every custom element defined, no island still showing its loading state, and no resource of the
 * page or of its same-origin frames finished in the last 500 ms. (Not Playwright's `networkidle`:
 * with /embed's srcdoc preview frame it once never came on a busy machine, though every request had
 * finished.)
 */
async function islandsSettled(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('*')).every((el) => !el.localName.includes('-') || customElements.get(el.localName)),
  );
  await expect(page.locator('.press-loading')).toHaveCount(0);
  await expect(page.locator('dc-blog .blog[data-state="loading"]')).toHaveCount(0);
  await expect(page.locator('dc-careers:not([data-ready]):not([data-island-error]), dc-faq:not([data-ready]):not([data-island-error])')).toHaveCount(0);
  for (const frame of page.frames().slice(1)) {
    if (frame.url() === 'about:srcdoc') await expect(frame.locator('dc-blog .blog[data-state="loading"]')).toHaveCount(0);
  }
  await page.waitForFunction(
    () => {
      const documents = [document, ...Array.from(document.querySelectorAll('iframe')).map((frame) => frame.contentDocument)];
      let resources = 0;
      for (const doc of documents) resources += doc?.defaultView?.performance.getEntriesByType('resource').length ?? 0;
      const quiet = window as unknown as { dcResources?: number; dcSince?: number };
      const now = performance.now();
      if (document.readyState !== 'complete' || resources !== quiet.dcResources) {
        quiet.dcResources = resources;
        quiet.dcSince = now;
        return false;
      }
      return now - (quiet.dcSince ?? now) >= 500;
    },
    undefined,
    { polling: 100 },
  );
}

for (const path of sitemapPaths()) {
  test(`${path} does not shift while its islands upgrade`, async ({ page }) => {
    await page.goto(path);
    await islandsSettled(page);
    const shift = await layoutShift(page);
    expect(shift.value, `moved:\n${shift.sources}`).toBeLessThan(0.01);
  });
}
