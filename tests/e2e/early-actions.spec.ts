import { expect, test, type CDPSession, type Page } from './support/test';
import { holdCode } from './support/holdCode';
import { bothThemesAt, expectNoAxeViolationsInViews } from './support/axe';
import { seedConsent } from './support/consent';

/**
 * Issue 34: what a visitor does in the served HTML before an island's code has run is picked up
 * when it wakes. Each test holds the island's code back (its request waits until the test lets it
 * go), runs the page at 4× CPU slowdown (a mid-range phone), does the visitor's first action on
 * the served markup, lets the code load, and checks the result of that action.
 */

let throttled: CDPSession | null = null;

/** The page runs at a quarter of this machine's CPU speed, as Lighthouse's mobile profile does. */
async function slowCpu(page: Page): Promise<void> {
  throttled = await page.context().newCDPSession(page);
  await throttled.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

// The page is kept for the worker's next test (support/test.ts): its CPU gets its full speed back.
test.afterEach(async () => {
  await throttled?.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await throttled?.detach();
  throttled = null;
});

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

test.describe('site header (site-nav)', () => {
  test('the Services menu opened before the header woke stays open when it wakes, and is then the island\'s menu', async ({ page }) => {
    const release = await holdCode(page, '**/assets/js/site-nav-*.js');
    await slowCpu(page);
    await page.goto('/about', { waitUntil: 'commit' });
    const trigger = page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('button', { name: 'Services' });
    const menu = page.locator('#nav-services-menu');
    // Before the script runs, CSS opens the menu on the trigger's focus (a click focuses it).
    await trigger.click();
    await expect(menu).toBeVisible();
    await expect(page.locator('dc-site-nav')).not.toHaveAttribute('data-ready');
    release();
    await expect(page.locator('dc-site-nav')).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe('Mission/Vision and timelines (disclosure-group)', () => {
  test('entries pressed before the group woke are the open entries when it wakes', async ({ page }) => {
    const release = await holdCode(page, '**/assets/js/disclosure-group-*.js');
    await slowCpu(page);
    await page.goto('/about', { waitUntil: 'commit' });
    const vision = page.getByRole('button', { name: 'Our Vision' });
    const mission = page.getByRole('button', { name: 'Our Mission' });
    await vision.click();
    await mission.click();
    // A timeline entry pressed twice is closed again; the one pressed after it is open.
    const timeline = page.locator('dc-disclosure-group.timeline-group');
    const first = timeline.getByRole('button').nth(0);
    const second = timeline.getByRole('button').nth(1);
    await first.click();
    await first.click();
    await second.click();
    await expect(page.locator('#mv-mission-details')).toBeHidden();
    release();
    await expect(page.locator('dc-disclosure-group.mv-grid')).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await expect(timeline).toHaveAttribute('data-ready', '');
    await expect(mission).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#mv-mission-details')).toBeVisible();
    await expect(vision).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#mv-vision-details')).toBeHidden();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(timeline.locator('.timeline-panel:visible')).toHaveCount(1);
    await expect(page.locator('#about-milestone-2')).toBeVisible();
  });
});

test.describe('section menu (quick-nav)', () => {
  test('the menu opened and a section chosen before its script ran are kept when it runs', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const release = await holdCode(page, '**/assets/js/quick-nav-*.js');
    await slowCpu(page);
    await page.goto('/about', { waitUntil: 'commit' });
    const toggle = page.locator('dc-quick-nav').getByText('Jump to section');
    const links = page.getByRole('navigation', { name: 'Jump to section' });
    // Without the script the menu is a <details> of anchor links: both work at once.
    await toggle.click();
    await links.getByRole('link', { name: 'Leadership' }).click();
    await expect(page).toHaveURL(/#team$/);
    release();
    await expect(page.locator('dc-quick-nav')).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await expect(page).toHaveURL(/#team$/);
    await expect(links).toBeVisible();
    await links.getByRole('link', { name: 'Timeline' }).click();
    await expect(page).toHaveURL(/#timeline$/);
    await expect(links).toBeHidden();
    await expect(page.locator('#timeline')).toBeFocused();
  });
});

test.describe('office map', () => {
  test('before the map woke it offers the map link and no load button that cannot work yet; once woken the button loads the map', async ({ page }) => {
    await page.route(/^https:\/\/([a-z0-9-]+\.)*openstreetmap\.org\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map stub</title><p>OpenStreetMap stub</p>' }),
    );
    const release = await holdCode(page, '**/assets/js/office-map-*.js');
    await slowCpu(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const map = page.locator('dc-office-map');
    await expect(map.getByRole('link', { name: 'Open map in a new tab' })).toBeVisible();
    await expect(map.getByRole('heading', { name: 'The map is waiting for your consent' })).toBeVisible();
    await expect(map.getByRole('button')).toHaveCount(0);
    release();
    await expect(map).toHaveAttribute('data-ready', '', { timeout: 20_000 });
    await map.getByRole('button', { name: 'Allow and load map' }).click();
    await expect(map.locator('iframe')).toBeFocused();
    await expect(map.getByRole('link', { name: 'Open map in a new tab' })).toBeHidden();
    // The keyboard goes on from the map.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: /^View larger map/ })).toBeFocused();
  });
});

test('axe: /about with Mission and a timeline entry opened before the group woke, both themes at 375 and 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const release = await holdCode(page, '**/assets/js/disclosure-group-*.js');
  await page.goto('/about', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Our Mission' }).click();
  await page.locator('dc-disclosure-group.timeline-group').getByRole('button').first().click();
  release();
  await expect(page.locator('dc-disclosure-group.timeline-group')).toHaveAttribute('data-ready', '');
  await expect(page.locator('#mv-mission-details')).toBeVisible();
  await expect(page.locator('#about-milestone-1')).toBeVisible();
  await expectNoAxeViolationsInViews(page);
});

test("axe: the header's Services menu open across the header's waking, at 1280 px in both themes", async ({ page }) => {
  const release = await holdCode(page, '**/assets/js/site-nav-*.js');
  await page.goto('/about', { waitUntil: 'commit' });
  const trigger = page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('button', { name: 'Services' });
  await trigger.click();
  release();
  await expect(page.locator('dc-site-nav')).toHaveAttribute('data-ready', '');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
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
