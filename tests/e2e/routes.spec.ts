import { expect, test } from './support/test';
import { PLACEHOLDER_ROUTES, SPEC_ROUTES, sitemapPaths } from './support/routes';

const paths = sitemapPaths();

test('the sitemap lists every route of the spec', () => {
  for (const route of SPEC_ROUTES) expect(paths).toContain(route);
});

// Each route's status, landmarks and metadata are checked in a11y.spec.ts, on the same page load as axe.

test('every page has a unique title and description', async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(titles.get(title), `title of ${path} repeats ${titles.get(title)}`).toBeUndefined();
    expect(descriptions.get(description), `description of ${path} repeats ${descriptions.get(description)}`).toBeUndefined();
    titles.set(title, path);
    descriptions.set(description, path);
  }
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/this/does/not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The data you're looking for seems to have been processed elsewhere.")).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the not-found page has the site header, footer and links to the pages most visitors want (issue 36)', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main', exact: true })).toBeAttached();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const way = page.getByRole('navigation', { name: 'Where most visitors go from here' });
  for (const name of ['Our services', 'Portfolio', 'Blog', 'FAQ', 'Contact']) await expect(way.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  await way.getByRole('link', { name: /^FAQ/ }).click();
  await expect(page).toHaveURL(/\/frequently_asked_questions$/);
});

test('Go Back on the not-found page returns to the previous page', async ({ page }) => {
  await page.goto('/about');
  await page.goto('/missing-page');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test('/privacy-policy redirects permanently to /privacy_policy', async ({ request, page }) => {
  const response = await request.get('/privacy-policy', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toMatch(/\/privacy_policy$/);
  await page.goto('/privacy-policy');
  await expect(page).toHaveURL(/\/privacy_policy$/);
});

test('a trailing slash redirects to the canonical URL', async ({ request }) => {
  const response = await request.get('/about/', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toMatch(/\/about$/);
});

test('sitemap.xml and robots.txt are served', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain('<urlset');
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
});

for (const path of PLACEHOLDER_ROUTES) {
  test(`${path} shows the under-construction page`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByLabel('Requested path')).toHaveText(path);
    const bar = page.getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuenow', '75');
    const phases = page.getByRole('list', { name: 'Project phases' }).getByRole('listitem');
    await expect(phases).toHaveCount(5);
    await expect(phases.nth(0)).toContainText('Planning');
    await expect(phases.nth(0)).toContainText('Done');
    await expect(phases.nth(4)).toContainText('Launch');
    await expect(page.getByText('Estimated Launch: Coming Soon')).toBeVisible();
  });
}

test('the progress bar animates to 75% after 500 ms', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/training');
  const fill = page.locator('.progress-fill');
  const animation = await fill.evaluate((element) => {
    const style = getComputedStyle(element);
    return { delay: style.animationDelay, name: style.animationName, width: element.getBoundingClientRect().width / element.parentElement!.getBoundingClientRect().width };
  });
  expect(animation.name).toBe('dc-progress');
  expect(animation.delay).toBe('0.5s');
  await expect.poll(() => fill.evaluate((element) => element.getBoundingClientRect().width / element.parentElement!.getBoundingClientRect().width)).toBeCloseTo(0.75, 2);
});
