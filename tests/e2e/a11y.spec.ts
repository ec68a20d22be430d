import { expect, test, type Page } from './support/test';
import { bothThemesAt, expectNoAxeViolations, expectNoAxeViolationsInViews } from './support/axe';
import { sitemapPaths } from './support/routes';
import { layoutShift, recordLayoutShift } from './support/layoutShift';
import { magazineShown } from './support/magazine';
import { useStoredTheme } from './support/theme';

/**
 * One page load per route drives the per-route checks, as a first-time visitor on a phone sees the
 * page (375 px, the consent banner showing):
 * - nothing moves while its islands upgrade (from the first paint until their data has loaded);
 * - the route's status, landmarks and metadata;
 * - axe in the light theme at 375 px, then, after the visitor's own switch to the dark theme (the
 *   header's toggle) at 1280 px, axe again: each theme and each width is checked once per route.
 * A theme applied before the first paint from a stored choice is tested in theme.spec.ts.
 */
const paths = sitemapPaths();


async function expectPageBasics(page: Page, path: string): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  expect((await page.title()).length).toBeGreaterThan(5);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path === '/' ? '/' : path}$`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{30,}/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/** Switches to the dark theme as a visitor does, with the header's toggle (a reload where a page has none). */
async function switchToDark(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Dark theme' }).first();
  if (await toggle.isVisible()) await toggle.click();
  else {
    await page.evaluate(() => localStorage.setItem('dc_theme', JSON.stringify({ isDark: true, source: 'user-preference' })));
    await page.reload();
  }
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

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

test.describe('every route', () => {
  // Two axe runs and the islands' settling on one load: more than the default on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ context, page }) => {
    await useStoredTheme(context, 'light');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 375, height: 800 });
    await recordLayoutShift(page);
  });

  for (const path of paths) {
    test(`${path}: 200, no layout shift, header, main, footer and metadata, no violations (light 375 px, dark 1280 px)`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await islandsSettled(page);
      const shift = await layoutShift(page);
      expect(shift.value, `moved:\n${shift.sources}`).toBeLessThan(0.01);
      await expectPageBasics(page, path);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 720 });
      await switchToDark(page);
      await expectNoAxeViolations(page);
    });
  }
});

/**
 * Motion on (no reduced-motion preference): the entrance animations must not be measured as low
 * contrast midway. Every running or filled animation on the page, in shadow roots too, is paused
 * at the middle of its duration and axe runs on that frame (it once found 110 color-contrast
 * nodes on /blog mid-fade).
 */
async function freezeAnimationsMidway(page: Page): Promise<number> {
  return page.evaluate(() => {
    const roots: Array<Document | ShadowRoot> = [document];
    for (const element of document.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    let frozen = 0;
    for (const root of roots) {
      const animations = root instanceof Document ? root.getAnimations() : root.getAnimations();
      for (const animation of animations) {
        const duration = Number(animation.effect?.getTiming().duration ?? 0);
        animation.pause();
        animation.currentTime = Number.isFinite(duration) ? duration / 2 : 0;
        frozen++;
      }
    }
    return frozen;
  });
}

test('/blog with motion on, frozen mid-animation, has no violations (both themes)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/blog');
  // The served copy and the element's own are both in the page until the element shows its magazine whole.
  await magazineShown(page);
  await expect(page.locator('#blog-featured-title')).toBeVisible();
  await expect(page.locator('dc-blog .blog-featured')).toBeVisible();
  expect(await freezeAnimationsMidway(page)).toBeGreaterThan(0);
  await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
});

