import { expect, test, type Browser, type BrowserContext, type Page } from './support/test';
import { API_BASE } from '../../shared/constants';
import { PRESS_MESSAGES, PRESS_TITLE_REQUIRED, PRESS_URL_INVALID, PRESS_URL_REQUIRED } from '../../shared/pressItems';
import { expectNoAxeViolationsInViews } from './support/axe';
import { consentedContext, enrolledStaff, signedInClient } from './support/staffSession';
import { useSuiteServer } from './support/suiteServer';

/**
 * Press items staff store (issue 32) in Chromium against a server process of its own: a staff
 * member (enrolled from the CLI's link with a virtual authenticator) adds an item in the console's
 * Press view, and an anonymous visitor sees it on /press after a reload; staff add one from /press's
 * own form; anonymous visitors and clients get no add button; staff edit and remove in the console
 * (after a question), and visitors see the change; an API refusal shows as the API words it; axe on
 * the Press view and on /press with the staff form open, both themes, 375 and 1280 px. One staff
 * browser context runs through the tests in order.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const own = useSuiteServer('press-staff', 80);
let staff: BrowserContext;
let page: Page;
const stamp = Date.now();
const staffEmail = `mara.${stamp}@dataclarity.example`;
const CONSOLE_TITLE = `DataClarity on KPI definitions ${stamp}`;
const EDITED_TITLE = `DataClarity on one KPI glossary ${stamp}`;
const PAGE_TITLE = `Mannheim data day talk ${stamp}`;

test.afterAll(async () => {
  await staff?.close();
});

const cards = (on: Page) => on.locator('article.press-card');
const cardTitles = (on: Page) => on.locator('.press-card-title a');
const addButton = (on: Page) => on.getByRole('button', { name: 'Add press item' });

/** /press once the simulated second has passed and the list (built and stored) is shown. */
async function pressLoaded(on: Page): Promise<void> {
  await on.goto(`${own.server.baseURL}/press`);
  await expect(on.getByText('Loading press coverage...')).toBeHidden({ timeout: 15_000 });
  await expect(cards(on).first()).toBeVisible();
}

/** /press in a new context of a visitor who is not signed in. */
async function anonymousPress(browser: Browser): Promise<{ context: BrowserContext; visitor: Page }> {
  const context = await consentedContext(browser, own.server.baseURL);
  const visitor = await context.newPage();
  await pressLoaded(visitor);
  return { context, visitor };
}

test('staff add an item in the console; an anonymous visitor sees it on /press, with no add button, after a reload too', async ({ browser }) => {
  staff = await consentedContext(browser, own.server.baseURL);
  page = await staff.newPage();
  await enrolledStaff(page, staffEmail, own.env);
  await page.getByRole('navigation', { name: 'Console views' }).getByRole('link', { name: 'Press' }).click();
  await expect(page).toHaveURL(/[?&]view=press/);
  await expect(page.getByRole('heading', { level: 2, name: 'Press' })).toBeFocused();
  await expect(page.getByText(/No press items are stored yet/)).toBeVisible();

  // The form's rule, with its messages under each field.
  const form = page.getByRole('form', { name: 'Add a press item' });
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(form.getByText(PRESS_TITLE_REQUIRED, { exact: true })).toBeVisible();
  await expect(form.getByText(PRESS_URL_REQUIRED, { exact: true })).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();
  await form.getByLabel('Title').fill(CONSOLE_TITLE);
  await form.getByLabel('URL', { exact: true }).fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(form.getByText(PRESS_URL_INVALID, { exact: true })).toBeVisible();
  await expect(form.getByLabel('URL', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolationsInViews(page);

  await form.getByLabel('URL', { exact: true }).fill('https://www.example.com/kpi-definitions');
  await form.getByLabel('Source (optional)').fill('Computerwoche');
  await form.getByLabel('Outlet type').selectOption('Online magazine');
  await form.getByLabel('Date (optional)').fill('2025-02-14');
  await form.getByLabel('Excerpt (optional)').fill('Why one glossary of KPIs saves a month of reconciling every year.');
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${CONSOLE_TITLE}” was added to the press page.` })).toBeVisible();
  const list = page.getByRole('list', { name: 'Stored press items' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(CONSOLE_TITLE);
  await expect(list).toContainText('Computerwoche · Online magazine · Feb 14, 2025');
  await expect(list).toContainText(`Added by ${staffEmail}`);
  await expect(form.getByLabel('Title')).toHaveValue('');
  await expectNoAxeViolationsInViews(page);

  const { context, visitor } = await anonymousPress(browser);
  await expect(cards(visitor)).toHaveCount(7);
  await expect(visitor.getByRole('status').filter({ hasText: 'articles' })).toHaveText('7 articles');
  // Newest first among the built ones: Feb 14, 2025 is the newest of all.
  await expect(cardTitles(visitor).first()).toContainText(CONSOLE_TITLE);
  await expect(cards(visitor).first()).toContainText('Feb 14, 2025');
  await expect(addButton(visitor)).toHaveCount(0);
  await expect(visitor.getByRole('form', { name: 'Add a press item' })).toHaveCount(0);
  await visitor.getByRole('searchbox', { name: 'Search' }).fill('computerwoche');
  await expect(cardTitles(visitor)).toHaveText([new RegExp(CONSOLE_TITLE), /the bottleneck is data quality/]);
  await visitor.reload();
  await expect(visitor.getByText('Loading press coverage...')).toBeHidden({ timeout: 15_000 });
  await expect(cardTitles(visitor).first()).toContainText(CONSOLE_TITLE);
  await expect(addButton(visitor)).toHaveCount(0);
  // The public list names no staff member.
  const publicList = await visitor.request.get(`${own.server.baseURL}${API_BASE}/press`);
  expect(await publicList.text()).not.toContain(staffEmail);
  await context.close();
});

test('a signed-in client sees the stored items but no add button', async ({ browser }) => {
  const context = await consentedContext(browser, own.server.baseURL);
  await signedInClient(context, own.server.baseURL, `press.client.${stamp}@example.de`);
  const client = await context.newPage();
  await pressLoaded(client);
  await expect(cardTitles(client).first()).toContainText(CONSOLE_TITLE);
  await expect(addButton(client)).toHaveCount(0);
  await context.close();
});

test('staff add an item from the form on /press: it is stored, stays after a reload and every visitor sees it', async ({ browser }) => {
  await pressLoaded(page);
  await addButton(page).click();
  const form = page.getByRole('form', { name: 'Add a press item' });
  await expect(form).toBeVisible();
  await expect(form).toContainText('saved and shown on this page to every visitor');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form.getByText(PRESS_TITLE_REQUIRED, { exact: true })).toBeVisible();
  await expect(form.getByText(PRESS_URL_REQUIRED, { exact: true })).toBeVisible();
  await expectNoAxeViolationsInViews(page);

  await form.getByLabel('Title').fill(PAGE_TITLE);
  await form.getByLabel('URL').fill('https://example.org/data-day');
  await form.getByLabel('Source').fill('Data Day Mannheim');
  await form.getByLabel('Outlet type').selectOption('Event');
  await form.getByLabel('Date').fill('2024-09-30');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `“${PAGE_TITLE}” was saved.` })).toBeVisible();
  await expect(cards(page)).toHaveCount(8);
  // In date order: Feb 14, 2025 (stored), then the built Jan 20, Dec 9, Nov 21 and Oct 17; before Sep 24, 2024.
  const titles = await cardTitles(page).allTextContents();
  expect(titles.findIndex((title) => title.includes(PAGE_TITLE))).toBe(5);

  await page.reload();
  await expect(page.getByText('Loading press coverage...')).toBeHidden({ timeout: 15_000 });
  await expect(cards(page)).toHaveCount(8);
  await expect(addButton(page)).toBeVisible();

  const { context, visitor } = await anonymousPress(browser);
  await expect(cards(visitor)).toHaveCount(8);
  await expect(visitor.getByRole('link', { name: new RegExp(PAGE_TITLE) })).toHaveAttribute('href', 'https://example.org/data-day');
  await context.close();
});

test('staff edit and remove items in the console; visitors see the change; a refusal of the API is shown', async ({ browser }) => {
  await page.goto(`${own.server.baseURL}/staff?view=press`);
  const list = page.getByRole('list', { name: 'Stored press items' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // Newest added first.
  await expect(list.getByRole('listitem').first()).toContainText(PAGE_TITLE);

  await page.getByRole('button', { name: `Edit: ${CONSOLE_TITLE}` }).click();
  const form = page.getByRole('form', { name: `Edit “${CONSOLE_TITLE}”` });
  await expect(form.getByLabel('Title')).toHaveValue(CONSOLE_TITLE);
  await expect(form.getByLabel('Outlet type')).toHaveValue('Online magazine');
  await form.getByLabel('Title').fill(EDITED_TITLE);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${EDITED_TITLE}” was saved.` })).toBeVisible();
  await expect(list).toContainText(EDITED_TITLE);
  await expect(list).toContainText(`changed by ${staffEmail}`);

  // Removed elsewhere meanwhile (another tab): saving says so in the API's words.
  await page.getByRole('button', { name: `Edit: ${PAGE_TITLE}` }).click();
  const items = (await (await staff.request.get(`${own.server.baseURL}${API_BASE}/staff/press`)).json()) as { items: Array<{ id: string; title: string }> };
  const other = items.items.find((item) => item.title === PAGE_TITLE)!;
  expect((await staff.request.delete(`${own.server.baseURL}${API_BASE}/staff/press/${other.id}`, { headers: { origin: own.server.baseURL } })).status()).toBe(204);
  await page.getByRole('form', { name: `Edit “${PAGE_TITLE}”` }).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: PRESS_MESSAGES.notFound })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // Remove asks first; Cancel keeps the item.
  await page.getByRole('button', { name: `Remove: ${EDITED_TITLE}` }).click();
  const asked = page.getByRole('group', { name: /^Remove “/ });
  await expect(asked).toContainText('Visitors no longer see it.');
  await expect(asked.getByRole('button', { name: 'Remove' })).toBeFocused();
  await expectNoAxeViolationsInViews(page);
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  const { context, visitor } = await anonymousPress(browser);
  await expect(cardTitles(visitor).first()).toContainText(EDITED_TITLE);
  await expect(visitor.getByText(CONSOLE_TITLE, { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: `Remove: ${EDITED_TITLE}` }).click();
  await page.getByRole('group', { name: /^Remove “/ }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${EDITED_TITLE}” was removed from the press page.` })).toBeVisible();
  await expect(page.getByText(/No press items are stored yet/)).toBeVisible();

  // A new visitor (no cached list) sees the six built items again.
  await context.close();
  const fresh = await anonymousPress(browser);
  await expect(cards(fresh.visitor)).toHaveCount(6);
  await fresh.context.close();

  // Every change is in the audit log.
  await page.getByRole('navigation', { name: 'Console views' }).getByRole('link', { name: 'Audit log' }).click();
  for (const action of ['press.added', 'press.edited', 'press.removed']) await expect(page.getByText(action, { exact: true }).first()).toBeVisible();
});
