import { expect, test } from './support/test';
import { seedConsent } from './support/consent';
import { currentTheme } from './support/theme';

// A returning visitor: the consent banner would cover the footer links these tests click.
test.beforeEach(async ({ context }) => seedConsent(context));

const background = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('light by default; the toggle switches the look and stores the choice', async ({ page }) => {
  await page.goto('/');
  expect(await currentTheme(page)).toBe('light');
  const lightBackground = await background(page);
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await currentTheme(page)).toBe('dark');
  expect(await background(page)).not.toBe(lightBackground);
  const stored = await page.evaluate(() => localStorage.getItem('dc_theme'));
  expect(JSON.parse(stored!)).toEqual({ isDark: true, source: 'user-preference' });

  await toggle.click();
  expect(await currentTheme(page)).toBe('light');
  expect(await background(page)).toBe(lightBackground);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('dc_theme')))!)).toEqual({ isDark: false, source: 'user-preference' });
});

test('the choice survives navigation and reload, applied before the first paint', async ({ page }) => {
  // Record the theme at the moment <body> is created: nothing can be painted before that.
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (document.body) {
        (window as unknown as { __themeAtBody: string | null }).__themeAtBody = document.documentElement.getAttribute('data-theme');
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Dark theme' }).click();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Imprint' }).click();
  await expect(page).toHaveURL(/\/imprint$/);
  expect(await page.evaluate(() => (window as unknown as { __themeAtBody: string }).__themeAtBody)).toBe('dark');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { __themeAtBody: string }).__themeAtBody)).toBe('dark');
});

test('an unreadable stored value falls back to light', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('dc_theme', '{not json'));
  await page.goto('/about');
  expect(await currentTheme(page)).toBe('light');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
});

test('two toggles stay in step, and other tabs follow', async ({ page, context }) => {
  await page.goto('/contact');
  const other = await context.newPage();
  await other.goto('/about');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect.poll(() => currentTheme(other)).toBe('dark');
  await expect(other.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
});
