import { expect, test, type Page } from './support/test';
import { bothThemesAt, expectNoAxeViolationsInViews } from './support/axe';
import { seedConsent } from './support/consent';

const PATH = '/press';
const FEED = '**/data/press.json';
const STORED = '**/dc_api/wa_v1/press';

const cards = (page: Page) => page.locator('article.press-card');
const cardTitles = (page: Page) => page.locator('.press-card-title a');
const loadingText = (page: Page) => page.getByText('Loading press coverage...');

/** A fake clock that stands still until the test moves it (install() alone lets time flow). */
async function stopClock(page: Page) {
  const start = new Date('2025-03-03T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
}

/** Opens the page with a stopped clock, lets the simulated 1 s pass, and waits for the list. */
async function loaded(page: Page) {
  await stopClock(page);
  await page.goto(PATH);
  await expect(loadingText(page)).toBeVisible();
  await page.clock.runFor(1000);
  await expect(loadingText(page)).toBeHidden();
}


const item = (overrides: Record<string, unknown>) => ({
  id: 'x',
  title: 'A title',
  source: 'A source',
  outlet_type: 'Magazine',
  date: '2024-05-01',
  url: 'https://example.com/a',
  excerpt: 'An excerpt.',
  ...overrides,
});

test.beforeEach(async ({ context }) => seedConsent(context));

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the six items are in the page, newest first, with their dates', async ({ page }) => {
    await page.goto(PATH);
    await expect(cards(page)).toHaveCount(6);
    await expect(cardTitles(page).first()).toContainText('DataClarity GmbH founded in Mannheim');
    await expect(cardTitles(page).last()).toContainText('From month-end spreadsheets to one semantic model');
    await expect(page.locator('.press-card-date')).toHaveText(['Jan 20, 2025', 'Dec 9, 2024', 'Nov 21, 2024', 'Oct 17, 2024', 'Sep 24, 2024', 'Aug 29, 2024']);
    // Only staff get it, from the element: the served page has no button that would do nothing.
    await expect(page.getByRole('button', { name: 'Add press item' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Why dashboards go unused/ })).toHaveAttribute('href', /^https:\/\//);
  });
});

test('shows the loading state for the simulated second, then the fetched list', async ({ page }) => {
  let requested = 0;
  await page.route(FEED, async (route) => {
    requested += 1;
    await route.continue();
  });
  await stopClock(page);
  await page.goto(PATH);
  await expect(loadingText(page)).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.clock.runFor(900);
  expect(requested).toBe(0);
  await expect(loadingText(page)).toBeVisible();
  await page.clock.runFor(100);
  await expect(cards(page)).toHaveCount(6);
  expect(requested).toBe(1);
  await expect(page.getByRole('status').filter({ hasText: 'articles' })).toHaveText('6 articles');
  await expect(page.locator('.press-card-outlet, .press-outlet').first()).toHaveText('Online newswire');
});

test('loads none of the blog code: the date order it shares with the blog is a module of its own', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await loaded(page);
  await expect(cards(page)).toHaveCount(6);
  const code = await Promise.all(scripts);
  expect(code.length).toBeGreaterThan(0);
  // The text of the blog feed check (widgets/blog/rules.ts validateFeed), which /press used to load.
  expect(code.filter((text) => text.includes('The blog feed is not a list of posts'))).toEqual([]);
  expect(code.some((text) => text.includes('Loading press coverage...'))).toBe(true);
});

test('a failed load shows the error with Retry, and Retry recovers', async ({ page }) => {
  await page.route(FEED, (route) => route.abort('failed'));
  await stopClock(page);
  await page.goto(PATH);
  await page.clock.runFor(1000);
  await expect(page.getByRole('heading', { name: 'Error Loading Press Data' })).toBeVisible();
  await expect(page.getByText('Failed to load press data. Please try again.')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);

  await page.unroute(FEED);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(loadingText(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Error Loading Press Data' })).toBeHidden();
  await page.clock.runFor(1000);
  await expect(cards(page)).toHaveCount(6);
});

test('an HTTP error or malformed data also shows the error state', async ({ page }) => {
  await page.route(FEED, (route) => route.fulfill({ status: 500, body: 'oops' }));
  await loaded(page);
  await expect(page.getByRole('heading', { name: 'Error Loading Press Data' })).toBeVisible();

  await page.unroute(FEED);
  await page.route(FEED, (route) => route.fulfill({ json: [item({ url: 'javascript:alert(1)' })] }));
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.clock.runFor(1000);
  await expect(page.getByRole('heading', { name: 'Error Loading Press Data' })).toBeVisible();
});

test('search on title or source, case-insensitive; year filter from the data; combined', async ({ page }) => {
  await loaded(page);
  const search = page.getByRole('searchbox', { name: 'Search' });
  const year = page.getByLabel('Year');
  await expect(year.locator('option')).toHaveText(['All Years', '2025', '2024']);

  await search.fill('COMPUTERWOCHE'); // a source
  await expect(cardTitles(page)).toHaveText([/the bottleneck is data quality/]);
  await expect(page.getByRole('status').filter({ hasText: 'articles' })).toHaveText('1 of 6 articles');

  await search.fill('dashboards go'); // a title
  await expect(cardTitles(page)).toHaveText([/Why dashboards go unused/]);

  await search.fill('Mittelstand BI'); // excerpts are not searched: 'Mittelstand' alone is only in a title
  await expect(cards(page)).toHaveCount(1);

  await search.fill('');
  await year.selectOption('2025');
  await expect(cards(page)).toHaveCount(1);
  await year.selectOption('2024');
  await expect(cards(page)).toHaveCount(5);
  await search.fill('founders');
  await expect(cardTitles(page)).toHaveText([/founders want to end spreadsheet chaos/]);

  await search.fill('PresseBox'); // a 2025 item while 2024 is chosen
  await expect(page.getByText('No press items found.', { exact: true })).toBeVisible();
  await expect(page.getByText('Try adjusting your filters to see more results', { exact: true })).toBeVisible();
});

test('an empty feed says there is no coverage; undated items show last with "Date not available"', async ({ page }) => {
  await page.route(FEED, (route) => route.fulfill({ json: [] }));
  await loaded(page);
  await expect(page.getByText('No press items found.', { exact: true })).toBeVisible();
  await expect(page.getByText('No press coverage available at the moment', { exact: true })).toBeVisible();

  await page.unroute(FEED);
  await page.route(FEED, (route) =>
    route.fulfill({
      json: [
        item({ id: 'undated', title: 'Undated piece', date: '' }),
        item({ id: 'old', title: 'Older piece', date: '2023-03-05' }),
        item({ id: 'new', title: 'Newer piece', date: '2024-11-30' }),
      ],
    }),
  );
  await page.reload();
  await page.clock.runFor(1000);
  await expect(cardTitles(page)).toHaveText([/Newer piece/, /Older piece/, /Undated piece/]);
  await expect(page.locator('.press-card-date')).toHaveText(['Nov 30, 2024', 'Mar 5, 2023', 'Date not available']);
  await expect(page.getByLabel('Year').locator('option')).toHaveText(['All Years', '2024', '2023']);
});

test('stored items join the built ones in date order, with the count and the year filter; no add button for a visitor', async ({ page }) => {
  await page.route(STORED, (route) =>
    route.fulfill({
      json: [
        item({ id: 'stored-new', title: 'Stored interview', source: 'Stored Weekly', date: '2025-03-01', url: 'https://example.com/stored-new' }),
        item({ id: 'stored-old', title: 'Stored talk', date: '2023-06-01', url: 'https://example.com/stored-old' }),
        // The same article as a built one: shown once.
        item({ id: 'stored-copy', title: 'Copy of a built item', url: 'https://www.computerwoche.de/article/2024/10/mittelstand-bi-datenqualitaet-nicht-das-tool.html' }),
      ],
    }),
  );
  await loaded(page);
  await expect(cards(page)).toHaveCount(8);
  await expect(page.getByRole('status').filter({ hasText: 'articles' })).toHaveText('8 articles');
  await expect(cardTitles(page).first()).toHaveText(/Stored interview/);
  await expect(cardTitles(page).last()).toHaveText(/Stored talk/);
  await expect(page.getByText('Copy of a built item')).toHaveCount(0);
  await expect(page.getByLabel('Year').locator('option')).toHaveText(['All Years', '2025', '2024', '2023']);
  await page.getByLabel('Year').selectOption('2023');
  await expect(cardTitles(page)).toHaveText([/Stored talk/]);
  await page.getByLabel('Year').selectOption('');
  await page.getByRole('searchbox', { name: 'Search' }).fill('stored weekly');
  await expect(cardTitles(page)).toHaveText([/Stored interview/]);
  await expect(page.getByRole('status').filter({ hasText: 'articles' })).toHaveText('1 of 8 articles');
  // Only staff get the form (tests/e2e/press-staff.spec.ts); a visitor not signed in does not even ask.
  await expect(page.getByRole('button', { name: 'Add press item' })).toHaveCount(0);
  await expect(page.locator('#press-form')).toHaveCount(0);
});

test('stored items that cannot be loaded leave the built list as it is', async ({ page }) => {
  await page.route(STORED, (route) => route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }));
  await loaded(page);
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Error Loading Press Data' })).toHaveCount(0);
  await page.unroute(STORED);
  await page.route(STORED, (route) => route.fulfill({ json: [item({ url: 'javascript:alert(1)' })] }));
  await page.reload();
  await page.clock.runFor(1000);
  await expect(cards(page)).toHaveCount(6);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
});

test.describe('grid columns', () => {
  for (const [width, columns] of [[375, 1], [800, 2], [1280, 3]] as const) {
    test(`${columns} column(s) at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await loaded(page);
      const tops = await page.locator('.press-grid-item').evaluateAll((items) => items.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(tops.filter((top) => top === tops[0])).toHaveLength(columns);
    });
  }
});

// axe runs on its own timers: these tests use the real clock.
test.describe('axe, both themes', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('loading state', async ({ page }) => {
    await page.route(FEED, () => undefined); // never answers: the page stays loading
    await page.goto(PATH);
    await expect(loadingText(page)).toBeVisible();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
  });

  test('error state', async ({ page }) => {
    await page.route(FEED, (route) => route.abort('failed'));
    await page.goto(PATH);
    await expect(page.getByRole('heading', { name: 'Error Loading Press Data' })).toBeVisible();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
  });

  // The staff's open form with its errors: tests/e2e/press-staff.spec.ts.
  test('a filtered empty list', async ({ page }) => {
    await page.goto(PATH);
    await expect(cards(page)).toHaveCount(6);
    await expect(page.locator('dc-press .press-toolbar')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('no such outlet');
    await expect(page.getByText('No press items found.', { exact: true })).toBeVisible();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
  });
});
