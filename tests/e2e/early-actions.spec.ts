import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInViews } from './support/axe';
import { seedConsent } from './support/consent';

/**
 * Issue 34: what a visitor does in the served HTML before an island's code has run is picked up
 * when it wakes. Each test holds the island's code back (its request waits until the test lets it
 * go), runs the page at 4× CPU slowdown (a mid-range phone), does the visitor's first action on
 * the served markup, lets the code load, and checks the result of that action.
 */


/** Holds every request matching `glob` until the returned function is called. */
async function holdCode(page: Page, glob: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The page runs at a quarter of this machine's CPU speed, as Lighthouse's mobile profile does. */
async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}


test.beforeEach(async ({ context }) => seedConsent(context));

test.describe('careers', () => {
  test('a search typed before the island woke filters the list when it wakes', async ({ page }) => {
    const release = await holdCode(page, '**/assets/js/careers-island-*.js');
    await slowCpu(page);
    await page.goto('/career');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.pressSequentially('zzzzqq');
    await expect(page.locator('dc-careers')).not.toHaveAttribute('data-ready');
    release();
    await expect(page.locator('dc-careers')).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await expect(page.getByText('No jobs found matching your criteria.')).toBeVisible();
    await expect(page.locator('.careers-count')).toHaveText('0 of 9 open positions match');
    await expect(search).toHaveValue('zzzzqq');
  });

  test('a department chosen and a keyword typed before the island woke give the filtered list and its count', async ({ page }) => {
    const release = await holdCode(page, '**/assets/js/careers-island-*.js');
    await slowCpu(page);
    await page.goto('/career');
    await page.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Engineering' });
    await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('dbt');
    release();
    await expect(page.locator('dc-careers')).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await expect(page.locator('.careers-count')).toHaveText('1 of 9 open positions match');
    await expect(page.locator('details.careers-dept')).toHaveCount(1);
    await expect(page.locator('details.careers-job')).toHaveCount(1);
    await expect(page.locator('details.careers-job summary')).toContainText('Analytics Engineer');
    await expect(page.getByRole('combobox', { name: 'Department' })).toHaveValue('engineering');
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  });
});

test.describe('FAQ', () => {
  test('a search typed before the island woke shows the empty state when it wakes', async ({ page }) => {
    const release = await holdCode(page, '**/assets/js/faq-island-*.js');
    await slowCpu(page);
    await page.goto('/frequently_asked_questions');
    const search = page.getByRole('searchbox', { name: 'Search questions' });
    await search.pressSequentially('zzzzqq');
    release();
    await expect(page.locator('dc-faq')).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await expect(page.getByText('No results found')).toBeVisible();
    await expect(page.locator('.faq-status')).toHaveText('0 of 10 questions');
    await expect(search).toHaveValue('zzzzqq');
  });

  test('a category chip pressed before the island woke is the chosen category when it wakes', async ({ page }) => {
    const release = await holdCode(page, '**/assets/js/faq-island-*.js');
    await slowCpu(page);
    await page.goto('/frequently_asked_questions');
    const chip = page.locator('.faq-chips').getByRole('button', { name: /^Data Cleanup/ });
    await chip.click();
    release();
    await expect(page.locator('dc-faq')).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('dc-faq').getByRole('heading', { level: 2 })).toHaveText(['Data Cleanup']);
    await expect(page.locator('.faq-status')).toHaveText(/^\d of 10 questions$/);
  });
});

test.describe('blog filters (/blog, public element dc-blog on the site)', () => {
  test('a search typed in the served filter bar before the element woke shows the empty state when it wakes', async ({ page }) => {
    const release = await holdCode(page, '**/assets/js/blog-*.js');
    await slowCpu(page);
    await page.goto('/blog', { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await search.pressSequentially('zzzzqq');
    await expect(page.locator('dc-blog')).not.toHaveAttribute('data-ready');
    release();
    await expect(page.locator('dc-blog')).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your filters to see more results.')).toBeVisible();
    await expect(page.locator('dc-blog .blog-count')).toHaveText('0 of 6 articles match your filters');
    await expect(search).toHaveValue('zzzzqq');
    await expect(page).toHaveURL(/[?&]q=zzzzqq/);
  });

  test('a category chosen and a topic chip pressed before the element woke give the filtered list and its count', async ({ page }) => {
    const release = await holdCode(page, '**/assets/js/blog-*.js');
    await slowCpu(page);
    await page.goto('/blog', { waitUntil: 'commit' });
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Engineering' });
    const chip = page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: '#power-bi' });
    await chip.click();
    release();
    await expect(page.locator('dc-blog')).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await expect(page.locator('dc-blog .blog-count')).toHaveText('2 of 6 articles match your filters');
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Engineering');
    await expect(page.getByRole('button', { name: 'Clear' })).toBeVisible();
    for (const category of await page.locator('dc-blog .blog-side-category').allTextContents()) expect(category).toBe('Engineering');
  });
});

test.describe('home tabs', () => {
  test('a technology tab pressed before its script ran is the open tab when it runs', async ({ page }) => {
    const release = await holdCode(page, '**/assets/js/tech-stack-*.js');
    await slowCpu(page);
    await page.goto('/', { waitUntil: 'commit' });
    const tab = page.getByRole('tab', { name: 'Databases & Warehousing' });
    await tab.click();
    release();
    await expect(page.locator('dc-tech-stack')).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#tech-panel-database')).toBeVisible();
    await expect(page.locator('#tech-panel-analytics')).toBeHidden();
  });

  test('a why-choose-us tab pressed before its script ran is the open tab when it runs', async ({ page }) => {
    await page.clock.install();
    const release = await holdCode(page, '**/assets/js/why-choose-us-*.js');
    await slowCpu(page);
    await page.goto('/', { waitUntil: 'commit' });
    // The rotation does not move on while the test looks.
    await page.clock.pauseAt(Date.now() + 60_000);
    const tab = page.getByRole('tab', { name: 'Outcomes' });
    await tab.click();
    release();
    await expect(page.locator('dc-why-choose-us')).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#why-panel-outcomes')).toBeVisible();
    await expect(page.locator('#why-panel-why')).toBeHidden();
  });
});

test.describe('portfolio gallery (public element)', () => {
  test('a report chosen in the served list before the gallery woke is the open report when it wakes', async ({ page }) => {
    const release = await holdCode(page, '**/assets/js/dashboard-gallery-*.js');
    await page.addInitScript(() => {
      const seen: unknown[] = [];
      Object.assign(window, { reportChanges: seen });
      document.addEventListener('dc-report-change', (event) => seen.push((event as CustomEvent).detail));
    });
    await slowCpu(page);
    await page.goto('/portfolio', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Show report for Balance Sheet Analysis' }).click();
    release();
    const tab = page.getByRole('tab', { name: 'Balance Sheet Analysis' });
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
    await expect(page.locator('dc-dashboard-gallery').getByRole('heading', { level: 3, name: 'Balance Sheet Analysis' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { reportChanges: unknown[] }).reportChanges)).toEqual([
      { id: 'balance-sheet-analysis', title: 'Balance Sheet Analysis', index: 2 },
    ]);
  });
});

test.describe('contact form (public element)', () => {
  test('a visitor typing in the served form keeps typing in the same field when the element takes over', async ({ page }) => {
    const release = await holdCode(page, '**/assets/js/contact-form-*.js');
    await slowCpu(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const name = page.locator('dc-contact-form').getByLabel('Name', { exact: true });
    await name.pressSequentially('Jana');
    release();
    // The element's own form replaces the served one (which it removes), with the value typed so far.
    await expect(page.locator('dc-contact-form > form')).toHaveCount(0, { timeout: 20_000 });
    await page.keyboard.type(' Weber');
    await expect(name).toHaveValue('Jana Weber');
    await expect(name).toBeFocused();
  });
});

test('axe: FAQ with a search typed before it woke, both themes at 375 and 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const release = await holdCode(page, '**/assets/js/faq-island-*.js');
  await page.goto('/frequently_asked_questions');
  await page.getByRole('searchbox', { name: 'Search questions' }).pressSequentially('power');
  release();
  await expect(page.locator('dc-faq')).toHaveAttribute('data-ready', '');
  await expect(page.locator('.faq-status')).toHaveText(/of 10 questions$/);
  await expectNoAxeViolationsInViews(page);
});

test("axe: the portfolio's served report list with Show report, before the gallery woke, both themes at 375 and 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const release = await holdCode(page, '**/assets/js/dashboard-gallery-*.js');
  await page.goto('/portfolio', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: 'Show report for Overview' })).toBeVisible();
  await expectNoAxeViolationsInViews(page);
  release();
});
