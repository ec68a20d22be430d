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

/** Every custom element defined, the network quiet and no island still showing its loading state. */
async function islandsSettled(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('*')).every((el) => !el.localName.includes('-') || customElements.get(el.localName)),
  );
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.press-loading')).toHaveCount(0);
  await expect(page.locator('dc-blog .blog[data-state="loading"]')).toHaveCount(0);
}

for (const path of sitemapPaths()) {
  test(`${path} does not shift while its islands upgrade`, async ({ page }) => {
    await page.goto(path);
    await islandsSettled(page);
    const shift = await layoutShift(page);
    expect(shift.value, `moved:\n${shift.sources}`).toBeLessThan(0.01);
  });
}
