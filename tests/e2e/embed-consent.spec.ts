import { expect, test, type Page } from './support/test';
import { expectNoAxeViolationsInViews } from './support/axe';
import { seedConsent } from './support/consent';
import { usePartnerOrigin } from './support/partnerOrigin';

/**
 * Issue 33: on /embed a marketer describes their own site in <dc-consent> (categories, vendors,
 * links, language), and the snippet, pasted into a page on another origin, shows that and not ours.
 */
const ours = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
const strictCsp = `default-src 'self'; script-src ${ours}; style-src 'self' ${ours}; img-src 'self'; object-src 'none'`;

const partner = usePartnerOrigin();
test.beforeEach(async ({ context }) => seedConsent(context));

const builder = (page: Page) => page.locator('dc-embed-builder');
const snippetText = async (page: Page) => (await builder(page).getByLabel('Snippet for dc-consent').textContent()) ?? '';
/** Opens every vendor list of the dialog. */
async function openVendorLists(dialog: ReturnType<Page['getByRole']>) {
  for (const details of await dialog.locator('details').all()) await details.evaluate((el) => ((el as HTMLDetailsElement).open = true));
}

const vendor = (page: Page, n: number) => builder(page).getByRole('group', { name: new RegExp(`^Vendor ${n}`) });

async function openConsent(page: Page) {
  await page.goto('/embed');
  await builder(page).getByRole('radio', { name: /dc-consent/ }).check();
  await expect(builder(page).getByRole('radio', { name: /My site/ })).toBeChecked();
}

/** The form as a marketer fills it: functional and marketing, two vendors of their own, their links. */
async function describeOwnSite(page: Page) {
  await openConsent(page);
  const form = builder(page);
  await form.getByRole('checkbox', { name: 'Analytics' }).uncheck();
  await form.getByRole('checkbox', { name: 'Functional' }).check();
  await form.getByRole('checkbox', { name: 'Marketing' }).check();
  const first = vendor(page, 1);
  await first.getByLabel('Name').fill('Acme Ads');
  await first.getByLabel('Category').selectOption({ label: 'Marketing' });
  await first.getByLabel('What it does').fill('Shows our ads to people who visited this shop.');
  await first.getByLabel('Cookies it sets').fill('_acme_id');
  await first.getByLabel('How long it keeps them').fill('90 days');
  await first.getByLabel('Privacy policy link').fill('https://acme.example/privacy');
  await form.getByRole('button', { name: 'Add a vendor' }).click();
  const second = vendor(page, 2);
  await second.getByLabel('Name').fill('ChatBox');
  await second.getByLabel('Category').selectOption({ label: 'Functional' });
  await second.getByLabel('What it does').fill('The chat window in the corner.');
  await second.getByLabel('How long it keeps them').fill('Until the chat ends');
  await second.getByLabel('Privacy policy link').fill('https://chat.example/privacy');
  await form.getByLabel('Privacy policy link', { exact: true }).first().fill('/datenschutz');
}

test('bad vendor fields get the element\'s message and stay out of the snippet until fixed', async ({ page }) => {
  await describeOwnSite(page);
  const second = vendor(page, 2);
  const link = second.getByLabel('Privacy policy link');
  await link.fill('http://chat.example/privacy');
  await expect(second.getByText("Enter the address of the vendor's privacy policy, starting with https://.")).toBeVisible();
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(second.getByText('This vendor is left out of the snippet until every field is right.')).toBeVisible();
  await expect.poll(() => snippetText(page)).toContain('"name": "Acme Ads"');
  expect(await snippetText(page)).not.toContain('ChatBox');
  await link.fill('https://chat.example/privacy');
  await expect.poll(() => snippetText(page)).toContain('"name": "ChatBox"');
  // A vendor of a category the page does not use would never be shown: said, and left out.
  await builder(page).getByRole('checkbox', { name: 'Functional' }).uncheck();
  await expect(second.getByText('Tick this category above first, or choose one the page uses.')).toBeVisible();
  await expect.poll(() => snippetText(page)).not.toContain('ChatBox');
  // "Same as dataclarity.de": no inline content, our texts (fetched), no vendors of the form.
  await builder(page).getByRole('radio', { name: /Same as dataclarity\.de/ }).check();
  await expect.poll(() => snippetText(page)).not.toContain('application/json');
  expect(await snippetText(page)).toMatch(/<dc-consent privacy-url="\/datenschutz" imprint-url="\/legal"><\/dc-consent>$/);
});

test('the snippet of a partner\'s own consent, pasted on another origin, shows its categories and vendors, not ours, in English and German', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await describeOwnSite(page);
  await builder(page).getByLabel('Language', { exact: true }).selectOption('de');
  await expect.poll(() => snippetText(page)).toContain('"name": "ChatBox"');
  await expect(builder(page).getByLabel('CSP lines for dc-consent')).toHaveText(`script-src ${ours};\nstyle-src ${ours}`);
  await builder(page).getByRole('button', { name: 'Copy snippet' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await snippetText(page));
  expect(copied).toContain('<dc-consent lang="de">');

  partner.page('/shop', `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Shop</title></head><body><main><h1>Shop</h1></main>\n${copied}\n</body></html>`, {
    'Content-Security-Policy': strictCsp,
  });
  // A first visitor of the partner's shop (no consent cookie).
  const visitor = await browser.newContext();
  const shop = await visitor.newPage();
  const requests: string[] = [];
  shop.on('request', (request) => requests.push(request.url()));
  await shop.goto(`${partner.origin}/shop`);
  const banner = shop.getByRole('region', { name: 'Cookie-Einwilligung' });
  await expect(banner.getByRole('heading', { name: 'Ihre Datenschutz-Einstellungen' })).toBeVisible();
  await expect(banner).not.toContainText('Dashboards');
  await banner.getByRole('button', { name: 'Anpassen' }).click();
  const german = shop.getByRole('dialog', { name: 'Cookie-Einstellungen' });
  await expect(german.getByRole('switch')).toHaveCount(3);
  await expect(german.getByRole('switch', { name: 'Funktional' })).toBeVisible();
  await expect(german.getByRole('switch', { name: 'Marketing' })).toBeVisible();
  await expect(german.getByRole('switch', { name: 'Statistik' })).toHaveCount(0);
  await expect(german).not.toContainText('Power-BI');
  await expect(german.getByText('Anbieter (1)')).toHaveCount(2);
  await openVendorLists(german);
  await expect(german.getByText('Acme Ads')).toBeVisible();
  await expect(german.getByText('_acme_id')).toBeVisible();
  await expect(german.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');

  await german.getByRole('button', { name: 'English' }).click();
  const english = shop.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(english.getByRole('switch', { name: 'Functional' })).toBeVisible();
  await expect(english.getByRole('switch', { name: 'Analytics' })).toHaveCount(0);
  await openVendorLists(english);
  await expect(english.getByText('ChatBox')).toBeVisible();
  await expect(english.getByText('The chat window in the corner.')).toBeVisible();
  await expect(english.getByText('Shows our ads to people who visited this shop.')).toBeVisible();
  await expect(english).not.toContainText('Google Analytics');
  await expect(english).not.toContainText('Microsoft Clarity');
  await expect(english).not.toContainText('portfolio');
  await expect(english.getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', '/legal');
  await english.getByRole('button', { name: 'Save Choices' }).click();
  await expect(english).toBeHidden();
  // Its content was inline: no texts were fetched from us, only the script and our colours.
  expect(requests.filter((url) => url.startsWith(ours)).map((url) => new URL(url).pathname)).toEqual([
    '/widgets/dc-tokens.css',
    expect.stringMatching(/^\/widgets\/v3\/dc-consent\.[0-9a-f]{16}\.js$/),
  ]);
  await visitor.close();
});

test('"My site" with two vendors and an error showing passes axe, both themes at 375 and 1280 px, with no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await describeOwnSite(page);
  await vendor(page, 2).getByLabel('Privacy policy link').fill('not a link');
  await expect(vendor(page, 2).getByText("Enter the address of the vendor's privacy policy, starting with https://.")).toBeVisible();
  await expectNoAxeViolationsInViews(page, { check: async () => expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true) });
});
