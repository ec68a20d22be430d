import { expect, test, type Page } from './support/test';
import { expectNoAxeViolationsInViews } from './support/axe';
import { seedConsent } from './support/consent';
import { usePartnerOrigin } from './support/partnerOrigin';
import { stubPowerBi } from './support/powerbi';

/**
 * Issue 33: on /embed a marketer pastes their own Power BI reports (the "Publish to web" link or
 * the embed code) into <dc-dashboard-gallery>, names, describes, dates and orders them, and the
 * snippet carries them inline: pasted on another origin, the gallery shows both reports without
 * anything hosted.
 */
const ours = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
const strictCsp = `default-src 'self'; script-src ${ours}; style-src 'self' ${ours}; frame-src https://app.powerbi.com; object-src 'none'`;
const code = (key: string, title?: string) =>
  `<iframe${title ? ` title="${title}"` : ''} width="1140" height="541.25" src="https://app.powerbi.com/view?r=${key}" frameborder="0" allowFullScreen="true"></iframe>`;

const partner = usePartnerOrigin();
test.beforeEach(async ({ context }) => {
  await seedConsent(context);
  await stubPowerBi(context);
});

const builder = (page: Page) => page.locator('dc-embed-builder');
const snippetText = async (page: Page) => (await builder(page).getByLabel('Snippet for dc-dashboard-gallery').textContent()) ?? '';
const report = (page: Page, n: number) => builder(page).getByRole('group', { name: new RegExp(`^Report ${n}`) });

/** Two pasted reports: the second names itself (its iframe's title), the first is named by hand. */
async function pasteTwoReports(page: Page) {
  await page.goto('/embed');
  await builder(page).getByRole('radio', { name: /dc-dashboard-gallery/ }).check();
  await builder(page).getByRole('radio', { name: /My Power BI reports/ }).check();
  await report(page, 1).getByLabel('Power BI link or embed code').fill(code('sales'));
  await expect(report(page, 1).getByText('Give the report a title: it names its tab.')).toBeVisible();
  await report(page, 1).getByLabel('Title').fill('Sales Pipeline');
  await report(page, 1).getByLabel('Category').fill('Sales');
  await report(page, 2).getByLabel('Power BI link or embed code').fill(code('stock', 'Stock Levels'));
  await expect(report(page, 2).getByLabel('Title')).toHaveValue('Stock Levels');
  await report(page, 2).getByLabel('Category').fill('Operations');
}

test('a pasted code that is not a Power BI frame gets the gallery\'s message and stays out of the snippet', async ({ page }) => {
  await pasteTwoReports(page);
  await builder(page).getByRole('button', { name: 'Add a report' }).click();
  const third = report(page, 3);
  await third.getByLabel('Power BI link or embed code').fill('<iframe src="https://evil.example/report"></iframe>');
  await expect(third.getByText('Invalid Dashboard: The iframe src host "evil.example" is not an allowed Power BI host.')).toBeVisible();
  await expect(third.getByLabel('Power BI link or embed code')).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => snippetText(page)).toContain('"title": "Stock Levels"');
  expect(await snippetText(page)).not.toContain('evil.example');
  // The report list is inline: no `src`, no connect-src.
  expect(await snippetText(page)).toContain('<dc-dashboard-gallery>\n<script type="application/json">');
  await expect(builder(page).getByLabel('CSP lines for dc-dashboard-gallery')).not.toContainText('connect-src');
  await third.getByRole('button', { name: 'Remove report 3' }).click();
  await expect(report(page, 3)).toHaveCount(0);
});

test('a gallery built from two pasted snippets, reordered, shows both on another origin, the chosen one first', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await pasteTwoReports(page);
  // Stock Levels first, Sales Pipeline shown first.
  await report(page, 2).getByRole('button', { name: 'Move Stock Levels up' }).click();
  await expect(report(page, 1)).toHaveAccessibleName('Report 1: Stock Levels');
  await builder(page).getByLabel('Report shown first', { exact: true }).selectOption({ label: 'Sales Pipeline' });
  await expect.poll(() => snippetText(page)).toContain('selected="sales-pipeline"');
  const snippet = await snippetText(page);
  expect(snippet.indexOf('Stock Levels')).toBeLessThan(snippet.indexOf('Sales Pipeline'));
  // The live preview shows them too.
  const preview = page.frameLocator('iframe[title="Live preview of <dc-dashboard-gallery>"]');
  await expect(preview.getByRole('tab', { name: 'Sales Pipeline' })).toHaveAttribute('aria-selected', 'true');
  await builder(page).getByRole('button', { name: 'Copy snippet' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(snippet);

  partner.page('/reports', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Our reports</title></head><body><main>\n${copied}\n</main></body></html>`, {
    'Content-Security-Policy': strictCsp,
  });
  const visitor = await browser.newContext();
  await seedConsent(visitor);
  const powerBi = await stubPowerBi(visitor);
  const site = await visitor.newPage();
  await site.goto(`${partner.origin}/reports`);
  const tabs = site.getByRole('tab');
  await expect(tabs).toHaveText(['Stock Levels', 'Sales Pipeline']);
  await expect(site.getByRole('tab', { name: 'Sales Pipeline' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => powerBi).toContain('https://app.powerbi.com/view?r=sales');
  await site.getByRole('tab', { name: 'Stock Levels' }).click();
  await expect.poll(() => powerBi).toContain('https://app.powerbi.com/view?r=stock');
  await visitor.close();
});

test('a "Publish to web" link and an embed code, with a description and a date, show in the preview and on another origin', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/embed');
  await builder(page).getByRole('radio', { name: /dc-dashboard-gallery/ }).check();
  await builder(page).getByRole('radio', { name: /My Power BI reports/ }).check();
  // Power BI's dialog shows the link first: pasted with the new line a copy often carries.
  await report(page, 1).getByLabel('Power BI link or embed code').fill('https://app.powerbi.com/view?r=sales\n');
  await expect(report(page, 1).getByText(/^Invalid Dashboard/)).toHaveCount(0);
  await report(page, 1).getByLabel('Title').fill('Sales Pipeline');
  await report(page, 1).getByLabel('Description').fill('Open deals by stage and region.');
  await report(page, 1).getByLabel('Last updated').fill('2026-03-31');
  await report(page, 2).getByLabel('Power BI link or embed code').fill(code('stock', 'Stock Levels'));
  await expect(report(page, 2).getByLabel('Title')).toHaveValue('Stock Levels');

  await expect.poll(() => snippetText(page)).toContain('"lastUpdated": "2026-03-31"');
  const snippet = await snippetText(page);
  expect(snippet).toContain('"description": "Open deals by stage and region."');
  // The link is carried as the plain embed code Power BI would give for it ('<' written as \u003c in the JSON).
  expect(snippet).toContain('"iframeHtml": "\\u003ciframe src=\\"https://app.powerbi.com/view?r=sales\\">\\u003c/iframe>"');
  expect(snippet).toContain('"title": "Stock Levels"');
  const preview = page.frameLocator('iframe[title="Live preview of <dc-dashboard-gallery>"]');
  await expect(preview.getByRole('tab')).toHaveText(['Sales Pipeline', 'Stock Levels']);
  await expect(preview.getByText('Open deals by stage and region.')).toBeVisible();
  await expect(preview.locator('time[datetime="2026-03-31"]')).toHaveText('Mar 31, 2026');
  await builder(page).getByRole('button', { name: 'Copy snippet' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(snippet);

  partner.page('/link-reports', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Our reports</title></head><body><main>\n${copied}\n</main></body></html>`, {
    'Content-Security-Policy': strictCsp,
  });
  const visitor = await browser.newContext();
  await seedConsent(visitor);
  const powerBi = await stubPowerBi(visitor);
  const site = await visitor.newPage();
  await site.goto(`${partner.origin}/link-reports`);
  await expect(site.getByRole('tab')).toHaveText(['Sales Pipeline', 'Stock Levels']);
  await expect(site.getByText('Last updated Mar 31, 2026')).toBeVisible();
  await expect.poll(() => powerBi).toContain('https://app.powerbi.com/view?r=sales');
  await site.getByRole('tab', { name: 'Stock Levels' }).click();
  await expect(site.getByText('Last updated date not available')).toBeVisible();
  await expect.poll(() => powerBi).toContain('https://app.powerbi.com/view?r=stock');
  await visitor.close();
});

test('pasted reports with an error showing pass axe, both themes at 375 and 1280 px, with no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await pasteTwoReports(page);
  await builder(page).getByRole('button', { name: 'Add a report' }).click();
  await report(page, 3).getByLabel('Power BI link or embed code').fill('http://app.powerbi.com/view?r=old');
  await expect(report(page, 3).getByText('Invalid Dashboard: The link must use https, not http:')).toBeVisible();
  await report(page, 1).getByLabel('Description').fill('Open deals by stage and region.');
  await report(page, 1).getByLabel('Last updated').fill('2026-03-31');
  await expectNoAxeViolationsInViews(page, { check: async () => expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true) });
});
