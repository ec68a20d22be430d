import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { sitemapPaths } from './support/routes';
import { useStoredTheme } from './support/theme';

/**
 * One page load per route and theme drives the per-route checks: in the light
 * theme the route's status, landmarks and metadata, in both themes axe (with the
 * consent banner showing, as a first-time visitor sees the page).
 */
const paths = sitemapPaths();

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

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

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context, page }) => {
      await useStoredTheme(context, theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });
    for (const path of paths) {
      test(`${path} has no violations${theme === 'light' ? ', answers 200 with header, main, footer and metadata' : ''}`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        if (theme === 'light') await expectPageBasics(page, path);
        await expectNoAxeViolations(page);
      });
    }
    test('the not-found page has no violations', async ({ page }) => {
      const response = await page.goto('/not-a-page');
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoAxeViolations(page);
    });
  });
}

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

for (const theme of ['light', 'dark'] as const) {
  test(`/blog with motion on, frozen mid-animation, has no violations (${theme} theme)`, async ({ context, page }) => {
    await useStoredTheme(context, theme);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/blog');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('#blog-featured-title')).toBeVisible();
    await expect(page.locator('dc-blog .blog-featured')).toBeVisible();
    expect(await freezeAnimationsMidway(page)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });
}

