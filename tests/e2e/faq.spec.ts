import { expect, test, type Page } from './support/test';
import { bothThemesAt, expectNoAxeViolations, expectNoAxeViolationsInViews } from './support/axe';
import { seedConsent } from './support/consent';
import { hydratedNodes, servedAndRendered } from './support/islandMarkup';

const PATH = '/frequently_asked_questions';

const questions = (page: Page) => page.locator('details.faq-item > summary');
const question = (page: Page, text: string) => page.locator('details.faq-item > summary', { hasText: text });
const answerOf = (page: Page, text: string) => page.locator('details.faq-item', { hasText: text }).locator('.faq-answer');

/** The island has taken over the served list (it fetched /data/faq.json). */
async function ready(page: Page) {
  await page.goto(PATH);
  await expect(page.locator('dc-faq[data-ready]')).toBeAttached();
}


test.beforeEach(async ({ context }) => seedConsent(context));

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every question and answer is in the page, and answers open', async ({ page }) => {
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(page.getByText('Everything you need to know about our dashboard services')).toBeVisible();
    await expect(questions(page)).toHaveCount(10);
    for (const topic of ['Strategy Analysis', 'Data Cleanup', 'PowerBI Dashboard', 'Reporting Solution']) {
      await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
    }
    // The search and the chips need the script: they are not shown without it.
    await expect(page.getByPlaceholder('Search frequently asked questions...')).toBeHidden();

    await question(page, 'How long does the strategy analysis phase take?').click();
    await question(page, 'How do you handle sensitive and personal data?').click();
    await expect(answerOf(page, 'How long does the strategy analysis').getByText('1-2 weeks')).toBeVisible();
    await expect(answerOf(page, 'sensitive and personal data').getByText(/GDPR.*HIPAA/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Our Team' })).toHaveAttribute('href', '/contact');
  });
});

test('FAQPage structured data lists the ten questions with their answers', async ({ page }) => {
  await page.goto(PATH);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as {
    '@type': string;
    mainEntity: { name: string; acceptedAnswer: { text: string } }[];
  };
  expect(ld['@type']).toBe('FAQPage');
  expect(ld.mainEntity).toHaveLength(10);
  expect(ld.mainEntity[0]!.name).toBe('How long does the strategy analysis phase take?');
  expect(ld.mainEntity[0]!.acceptedAnswer.text).toContain('1-2 weeks');
});

test('the island adopts the served list as it is: the served HTML is what the component renders', async ({ page }) => {
  await ready(page);
  const { served, rendered } = await servedAndRendered(page, 'dc-faq');
  expect(served).toEqual(rendered);
});

test('taking over moves, adds and removes no served node (no indentation for hydration to remove)', async ({ page }) => {
  const nodes = await hydratedNodes(page, PATH, 'dc-faq', '**/data/faq.json');
  expect(nodes.served).toBeGreaterThan(50);
  expect(nodes).toEqual({ served: nodes.served, kept: nodes.served, now: nodes.served });
});

test('search matches question or answer, case-insensitively; chips filter by category and combine', async ({ page }) => {
  await ready(page);
  const search = page.getByRole('searchbox', { name: 'Search questions' });
  await expect(search).toHaveAttribute('placeholder', 'Search frequently asked questions...');
  const chips = page.getByRole('group', { name: 'Category' });
  await expect(chips.getByRole('button')).toHaveText(['All10', 'Strategy Analysis3', 'Data Cleanup2', 'PowerBI Dashboard3', 'Reporting Solution2']);

  await search.fill('hipaa');
  await expect(questions(page)).toHaveText(['How do you handle sensitive and personal data?']);
  await expect(page.getByRole('status').filter({ hasText: 'questions' })).toHaveText('1 of 10 questions');

  await search.fill('LICENCES'); // in a question only
  await expect(questions(page)).toHaveText(['Which Power BI licences do we need?']);

  await search.fill('week'); // in answers only
  await expect(questions(page)).toHaveCount(3);
  await chips.getByRole('button', { name: /PowerBI Dashboard/ }).click();
  await expect(chips.getByRole('button', { name: /PowerBI Dashboard/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(questions(page)).toHaveText(['How quickly will we see our first Power BI dashboard?']);

  await search.fill('');
  await expect(questions(page)).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 2, name: 'PowerBI Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Data Cleanup' })).toHaveCount(0);

  await chips.getByRole('button', { name: /Reporting Solution/ }).click();
  await expect(questions(page)).toHaveText([
    'How often can automated reports be delivered?',
    'Can different recipients receive different data in the same report?',
  ]);
  await expect(answerOf(page, 'How often can automated reports').locator('p')).toContainText(/daily, weekly or monthly/i);

  // All switches the category filter off.
  await chips.getByRole('button', { name: /^All/ }).click();
  await expect(questions(page)).toHaveCount(10);
});

test('no match shows the empty state', async ({ page }) => {
  await ready(page);
  await page.getByRole('searchbox', { name: 'Search questions' }).fill('blockchain');
  await expect(page.getByText('No results found', { exact: true })).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms or category filter', { exact: true })).toBeVisible();
  await expect(questions(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the accordion keeps several answers open, and a second click closes one', async ({ page }) => {
  await ready(page);
  const first = 'How long does the strategy analysis phase take?';
  const second = 'Do you offer training for our team?';
  await question(page, first).click();
  await question(page, second).click();
  await expect(answerOf(page, first)).toBeVisible();
  await expect(answerOf(page, second)).toBeVisible();
  await expect(answerOf(page, second)).toContainText(/training/i);

  await question(page, first).click();
  await expect(answerOf(page, first)).toBeHidden();
  await expect(answerOf(page, second)).toBeVisible();

  // Open entries stay open while the list is filtered.
  await page.getByRole('searchbox', { name: 'Search questions' }).fill('training');
  await expect(answerOf(page, second)).toBeVisible();
});

test('keyboard: Enter on a question opens it', async ({ page }) => {
  await ready(page);
  const summary = question(page, 'Which Power BI licences do we need?');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(answerOf(page, 'Which Power BI licences')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(answerOf(page, 'Which Power BI licences')).toBeHidden();
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a menu picks the category; Escape and a choice close it', async ({ page }) => {
    await ready(page);
    await expect(page.getByRole('group', { name: 'Category' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Category All' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#faq-menu-list');
    await expect(menu).toBeVisible();
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByRole('button', { name: /Data Cleanup/ }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Category Data Cleanup' })).toBeVisible();
    await expect(questions(page)).toHaveText([
      'How do you handle sensitive and personal data?',
      'How do you make sure our data stays clean after the project?',
    ]);
  });
});

test(`axe: answers open and a category chosen, both themes`, async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await ready(page);
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: /Data Cleanup/ }).click();
  await question(page, 'How do you handle sensitive and personal data?').click();
  await question(page, 'How do you make sure our data stays clean').click();
  await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
});
