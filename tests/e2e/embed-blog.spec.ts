import { expect, test, type Page } from './support/test';
import { BLOG_CATEGORIES } from '../../widgets/blog/rules';
import { expectNoAxeViolations } from './support/axe';
import { seedConsent } from './support/consent';
import { usePartnerOrigin } from './support/partnerOrigin';
import { useStoredTheme } from './support/theme';

/**
 * Issue 33: on /embed, <dc-blog>'s starting category (attribute `category`, widgets 3.2.0) is picked
 * from the categories of the feed the snippet reads, checked against that feed; the copied snippet,
 * pasted on another origin, opens the magazine on that category.
 */
const partner = usePartnerOrigin();
test.beforeEach(async ({ context }) => seedConsent(context));

const builder = (page: Page) => page.locator('dc-embed-builder');
const categoryField = (page: Page) => builder(page).getByLabel('Category shown first', { exact: true });
const snippetText = async (page: Page) => (await builder(page).getByLabel('Snippet for dc-blog').textContent()) ?? '';
/** A feed of our origin that the test serves itself: one post, in `category`. */
const ONE_CATEGORY_FEED = '/test-feeds/one-category.json';

/** The categories the site's feed has posts in, in the order of the magazine's filter. */
async function siteFeedCategories(page: Page): Promise<string[]> {
  const feed = (await (await page.request.get('/data/blog.json')).json()) as { posts: Array<{ category: string }> };
  return BLOG_CATEGORIES.filter((category) => feed.posts.some((post) => post.category === category));
}

async function openBlogBuilder(page: Page) {
  await page.goto('/embed');
  await builder(page).getByRole('radio', { name: /dc-blog/ }).check();
  await expect(categoryField(page)).toBeVisible();
}

/** The values a select offers (its default first). */
const optionValues = (page: Page) => categoryField(page).locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

test('offers the categories of the feed, and the copied snippet opens the magazine on the chosen one on another origin', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openBlogBuilder(page);
  const categories = await siteFeedCategories(page);
  expect(categories.length).toBeGreaterThan(1);
  await expect.poll(() => optionValues(page)).toEqual(['', ...categories]);
  // The plain label, and the attribute name small beside it.
  await expect(builder(page).locator('.eb-field', { has: page.getByLabel('Category shown first', { exact: true }) }).locator('code.eb-attr')).toHaveText('category');

  const chosen = categories.at(-1)!;
  await categoryField(page).selectOption(chosen);
  await expect.poll(() => snippetText(page)).toContain(`<dc-blog category="${chosen}"></dc-blog>`);
  // The live preview starts on it: the magazine's own filter shows it, and the count says so.
  const preview = page.frameLocator('iframe[title="Live preview of <dc-blog>"]');
  await expect(preview.getByRole('combobox', { name: 'Category' })).toHaveValue(chosen);
  await expect(preview.getByText(/^\d+ of \d+ articles match your filters$/)).toBeVisible();

  await builder(page).getByRole('button', { name: 'Copy snippet' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await snippetText(page));
  partner.page('/insights', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Insights</title></head><body><main>\n${copied}\n</main></body></html>`);
  const visitor = await browser.newContext();
  const site = await visitor.newPage();
  await site.goto(`${partner.origin}/insights`);
  await expect(site.getByRole('combobox', { name: 'Category' })).toHaveValue(chosen);
  const featured = site.locator('dc-blog').locator('article');
  await expect(featured.getByRole('button', { name: `Category: ${chosen}` })).toHaveAttribute('aria-pressed', 'true');
  // The visitor can leave it: Clear shows every category again.
  await site.getByRole('button', { name: 'Clear' }).click();
  await expect(site.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  await visitor.close();
});

test('checks the category against the feed in src: one the feed lacks gets a message and stays out of the snippet', async ({ page }) => {
  await page.route(`**${ONE_CATEGORY_FEED}`, (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ posts: [{ id: 1, category: BLOG_CATEGORIES[0] }] }) }),
  );
  await openBlogBuilder(page);
  const categories = await siteFeedCategories(page);
  const chosen = categories.find((category) => category !== BLOG_CATEGORIES[0])!;
  await expect.poll(() => optionValues(page)).toEqual(['', ...categories]);
  await categoryField(page).selectOption(chosen);
  await expect.poll(() => snippetText(page)).toContain(`category="${chosen}"`);

  await builder(page).getByLabel('Posts feed address', { exact: true }).fill(ONE_CATEGORY_FEED);
  await expect.poll(() => optionValues(page)).toEqual(['', BLOG_CATEGORIES[0]]);
  await expect(builder(page).getByText(`Choose one of: ${BLOG_CATEGORIES[0]}. It is left out of the snippet until then.`)).toBeVisible();
  const snippet = await snippetText(page);
  expect(snippet).toContain(`src="${ONE_CATEGORY_FEED}"`);
  expect(snippet).not.toContain('category=');

  // A feed that cannot be read here keeps every category the magazine can start on, and says so.
  await builder(page).getByLabel('Posts feed address', { exact: true }).fill('/no-such-feed.json');
  await expect(builder(page).getByRole('status').filter({ hasText: 'This feed cannot be read here: every category is offered.' })).toBeVisible();
  await expect.poll(() => optionValues(page)).toEqual(['', ...BLOG_CATEGORIES]);
  await expect.poll(() => snippetText(page)).toContain(`category="${chosen}"`);
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [375, 1280]) {
    test(`the blog's category field, with a category the feed lacks, passes axe, ${theme} theme, ${width} px`, async ({ page, context }) => {
      await useStoredTheme(context, theme);
      await page.setViewportSize({ width, height: 900 });
      await page.route(`**${ONE_CATEGORY_FEED}`, (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ posts: [{ id: 1, category: BLOG_CATEGORIES[0] }] }) }),
      );
      await openBlogBuilder(page);
      const categories = await siteFeedCategories(page);
      await expect.poll(() => optionValues(page)).toEqual(['', ...categories]);
      await categoryField(page).selectOption(categories.find((category) => category !== BLOG_CATEGORIES[0])!);
      await builder(page).getByLabel('Posts feed address', { exact: true }).fill(ONE_CATEGORY_FEED);
      await expect(builder(page).getByText(/^Choose one of: /)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await expectNoAxeViolations(page);
    });
  }
}
