import { expect, test } from './support/test';
import { EVERY_VIEW, bothThemesAt, expectNoAxeViolationsInViews } from './support/axe';
import { seedConsent } from './support/consent';

/**
 * Issue 36: axe with the header's menus open, both themes, at 375 and 1280 px (the suite's route
 * checks see them closed; the phone menu's Free Consultation button had 2.76:1 light, 1.97:1 dark).
 * Each menu is opened once and checked in both themes (switched as the header's toggle does, the
 * menu staying open). The consent banner and dialog are checked open in consent.spec.ts.
 */
test.beforeEach(async ({ context, page }) => {
  await seedConsent(context);
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('375 px: the phone menu open, both themes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/services/data_cleanup');
  await page.locator('details[data-mobile-menu] > summary').click();
  const menu = page.getByRole('navigation', { name: 'Main (mobile)' });
  await expect(menu.getByRole('link', { name: 'Free Consultation' })).toBeVisible();
  await expectNoAxeViolationsInViews(page, { views: bothThemesAt(375), check: () => expect(menu.getByRole('link', { name: 'Free Consultation' })).toBeVisible() });
});

test('1280 px: the Services menu open, by hover and by click, both themes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  const trigger = page.getByRole('button', { name: 'Services', exact: true });
  const firstLink = page.locator('#nav-services-menu').getByRole('link').first();
  await trigger.hover();
  await expect(firstLink).toBeVisible();
  await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280), check: () => expect(firstLink).toBeVisible() });
  await trigger.click();
  await page.mouse.move(640, 600);
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280).reverse(), check: () => expect(firstLink).toBeVisible() });
});

test('the not-found page with its header and links, both themes at 375 and 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  expect((await page.goto('/no/such/page'))?.status()).toBe(404);
  await expectNoAxeViolationsInViews(page, { views: EVERY_VIEW });
});
