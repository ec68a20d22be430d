import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from './support/test';
import { contactFormsAwake } from './support/contactForm';
import { seedConsent } from './support/consent';

/**
 * SPEC 8, the error catalogue, as one table: every message as the SPEC writes it, and the
 * visitor's steps that produce it. Each row drives the real page in Chromium and checks that the
 * message is on screen, so a changed text, a lost rule or a message that never shows fails here
 * (this replaced unit tests that compared each message constant with its own literal).
 *
 * Not in the table, each with the test that produces it: 'Failed to load dashboard' needs the
 * frame's load timeout while the gallery is on screen (portfolio.spec.ts, "a frame that does not
 * load within the timeout"); the sign-up failure's last fallback needs an error without a message,
 * which a browser request cannot produce (tests/unit/validation.test.ts, signUpErrorMessage).
 */

type Step = (page: Page) => Promise<Locator>;

interface Row {
  where: string;
  message: string;
  /** Produces the state on a page the group opened, and returns where the message must show. */
  produce: Step;
}

interface Group {
  where: string;
  /** Opens the page once for the group's rows. */
  open: (page: Page) => Promise<void>;
  rows: Array<Omit<Row, 'where'>>;
  /** A failed load offers to try again (SPEC 8: "shown with Retry"). */
  retry?: true;
}

const contactForm = (page: Page) => page.locator('dc-contact-form').first();

/** Fills the contact form's fields with `values` (missing: emptied) and presses its submit button. */
async function submitContact(page: Page, values: Partial<Record<'Name' | 'Email' | 'Phone' | 'Message', string>>): Promise<Locator> {
  await contactFormsAwake(page);
  const scope = contactForm(page);
  for (const label of ['Name', 'Email', 'Phone', 'Message'] as const) await scope.getByLabel(label, { exact: true }).fill(values[label] ?? '');
  await scope.getByRole('button', { name: 'Send Message' }).click();
  return scope;
}

async function submitSignIn(page: Page, email: string, password: string): Promise<Locator> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  return page.getByRole('main');
}

async function submitSignUp(page: Page, values: { first: string; last: string; email: string; password: string; confirm: string; terms: boolean }): Promise<Locator> {
  await page.getByLabel('First name').fill(values.first);
  await page.getByLabel('Last name').fill(values.last);
  await page.getByLabel('Work email').fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm password').fill(values.confirm);
  await page.getByRole('checkbox', { name: /I agree/ }).setChecked(values.terms);
  await page.getByRole('button', { name: 'Create Account' }).click();
  return page.getByRole('main');
}

async function submitReset(page: Page, email: string): Promise<Locator> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  return page.getByRole('main');
}

const SIGN_UP_OK = { first: 'Jana', last: 'Weber', email: 'jana.weber@example.de', password: 'Mannheim#2025', confirm: 'Mannheim#2025', terms: true };

/** A page of our own origin with nothing but one element and its script (the manifest's file). */
async function elementPage(page: Page, element: string, html: string): Promise<void> {
  const manifest = JSON.parse(readFileSync('dist/assets/js/manifest.json', 'utf8')) as Record<string, { file: string }>;
  await page.route('**/catalogue-test', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Catalogue</title></head><body><main>${html}</main><script type="module" src="${manifest[element]!.file}"></script></body></html>`,
    }),
  );
  await page.goto('/catalogue-test');
}

const CATALOGUE: Group[] = [
  {
    where: 'Contact',
    open: (page) => page.goto('/contact').then(() => undefined),
    rows: [
      { message: 'Name is required', produce: (page) => submitContact(page, {}) },
      { message: 'Name must be at least 2 characters', produce: (page) => submitContact(page, { Name: ' J ' }) },
      { message: 'Email is required', produce: (page) => submitContact(page, {}) },
      { message: 'Please enter a valid email address', produce: (page) => submitContact(page, { Email: 'jana weber@example.de' }) },
      { message: 'Phone number is required', produce: (page) => submitContact(page, {}) },
      { message: 'Please enter a valid phone number', produce: (page) => submitContact(page, { Phone: '0123' }) },
      { message: 'Message is required', produce: (page) => submitContact(page, {}) },
      { message: 'Message must be at least 10 characters', produce: (page) => submitContact(page, { Message: '123456789' }) },
    ],
  },
  {
    where: 'Sign in',
    open: (page) => page.goto('/sign_in').then(() => undefined),
    rows: [
      { message: 'Email is required', produce: (page) => submitSignIn(page, '', 'secret-123456') },
      { message: 'Please enter a valid email address', produce: (page) => submitSignIn(page, 'jana@example', 'secret-123456') },
      { message: 'Password is required', produce: (page) => submitSignIn(page, 'jana@example.de', '') },
      { message: 'Password must be at least 6 characters', produce: (page) => submitSignIn(page, 'jana@example.de', '12345') },
    ],
  },
  {
    where: 'Sign up',
    open: (page) => page.goto('/sign_up').then(() => undefined),
    rows: [
      { message: 'First name must be at least 2 characters long', produce: (page) => submitSignUp(page, { ...SIGN_UP_OK, first: 'J' }) },
      { message: 'Last name must be at least 2 characters long', produce: (page) => submitSignUp(page, { ...SIGN_UP_OK, last: 'W' }) },
      { message: 'Please enter a valid email address', produce: (page) => submitSignUp(page, { ...SIGN_UP_OK, email: 'jana@example' }) },
      { message: 'Password must be at least 8 characters long', produce: (page) => submitSignUp(page, { ...SIGN_UP_OK, password: 'Ma#2025', confirm: 'Ma#2025' }) },
      {
        message: 'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character (@$!%*?&)',
        produce: (page) => submitSignUp(page, { ...SIGN_UP_OK, password: 'mannheim2025', confirm: 'mannheim2025' }),
      },
      { message: 'Passwords do not match', produce: (page) => submitSignUp(page, { ...SIGN_UP_OK, confirm: 'Mannheim#2026' }) },
      { message: 'You must accept the terms and conditions', produce: (page) => submitSignUp(page, { ...SIGN_UP_OK, terms: false }) },
    ],
  },
  {
    where: 'Reset password',
    open: (page) => page.goto('/reset_password').then(() => undefined),
    rows: [
      { message: 'Email is required', produce: (page) => submitReset(page, '') },
      { message: 'Please enter a valid email address', produce: (page) => submitReset(page, 'jana') },
    ],
  },
  {
    where: 'Dashboards',
    open: (page) =>
      elementPage(
        page,
        'dc-dashboard-gallery',
        `<dc-dashboard-gallery label="Reports"><script type="application/json">${JSON.stringify([
          { id: 'bad', title: 'Bad snippet', category: 'Finance', iframeHtml: '<iframe src="https://evil.example/report"></iframe>' },
        ])}</script></dc-dashboard-gallery>`,
      ),
    rows: [
      { message: 'Invalid Dashboard', produce: async (page) => page.locator('dc-dashboard-gallery') },
      { message: 'Unable to parse the provided iframe HTML', produce: async (page) => page.locator('dc-dashboard-gallery') },
    ],
  },
  {
    where: 'Press',
    open: async (page) => {
      await page.route('**/data/press.json', (route) => route.fulfill({ status: 500, body: 'unavailable' }));
      await page.clock.install();
      await page.goto('/press');
      await page.clock.runFor(1000); // SPEC 9: the press load waits 1 s
    },
    retry: true,
    rows: [
      { message: 'Error Loading Press Data', produce: async (page) => page.getByRole('heading', { name: 'Error Loading Press Data' }) },
      { message: 'Failed to load press data. Please try again.', produce: async (page) => page.getByRole('main') },
    ],
  },
  {
    where: 'Blog',
    open: async (page) => {
      await page.route('**/data/blog.json', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
      await page.goto('/blog');
    },
    retry: true,
    rows: [{ message: 'Failed to load blog posts. Please try again.', produce: async (page) => page.getByRole('alert') }],
  },
  {
    where: 'Not found',
    open: (page) => page.goto('/no-such-page').then(() => undefined),
    rows: [{ message: 'Page Not Found', produce: async (page) => page.getByRole('heading', { level: 1 }) }],
  },
];

test.beforeEach(async ({ context }) => seedConsent(context));

for (const group of CATALOGUE) {
  test(`SPEC 8, ${group.where}: ${group.rows.map((row) => `'${row.message}'`).join(', ')}`, async ({ page }) => {
    await group.open(page);
    for (const row of group.rows) {
      const scope = await row.produce(page);
      await expect(scope.getByText(row.message, { exact: true }).first(), `${group.where}: '${row.message}'`).toBeVisible();
    }
    if (group.retry) await expect(page.getByRole('button', { name: /Retry|Try again/ }).first()).toBeVisible();
  });
}
