import { expect, test, type Page } from './support/test';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { API_BASE, INTERVALS } from '../../shared/constants';
import { signUpBody } from '../support/signUp';
import { axeViolations } from './support/axe';
import { seedConsent } from './support/consent';
import { useMailingServer } from './support/mailingServer';
import { atPath } from './support/atPath';
import { linkOf, mailTo as mailFrom } from './support/mailbox';
import { confirmEmail, signUpWithForm, uniqueEmail } from './support/accountSteps';

/**
 * Issue 31's mail flows in Chromium against a server process of their own whose mails go to a
 * real SMTP server in the test (tests/support/smtpSink): sign up → the verification mail → its
 * link → sign in → the account page (axe in both themes at 375 px) → change name, password and
 * email (mails read) → sign out everywhere; forgot password → mail → reset → the old sessions
 * are gone; the reset without JavaScript.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PASSWORD = 'Mannheim#2025';
const NEW_PASSWORD = 'Heidelberg#2026';
/** A sign-in or a password change checks a password hash on a low-priority thread, queued behind others on a busy machine. */
const HASHED = { timeout: 30_000 };

const own = useMailingServer('account-mail', 30);

test.beforeEach(async ({ context }) => {
  await seedConsent(context, {}, own.server.baseURL);
});

/** The mail of `kind` to `address` (the n-th, from 1), once it has arrived. */
const mailTo = (address: string, kind: string, nth = 1) => mailFrom(own.sink, address, kind, nth);

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function register(page: Page, email: string) {
  const response = await page.request.post(`${own.server.baseURL}${API_BASE}/user/register`, { data: signUpBody(email) });
  expect(response.status()).toBe(201);
}

async function expectAxeInBothThemes(page: Page) {
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 740 });
  for (const dark of [false, true]) {
    await page.evaluate((isDark) => localStorage.setItem('dc_theme', JSON.stringify({ isDark, source: 'user-preference' })), dark);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
    await expect(page.getByRole('heading', { name: 'Your requests' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize(desktop);
}

test('sign up → verify by mail → sign in → the account page → change name, password, email → sign out everywhere', async ({ page, browser }) => {
  const email = uniqueEmail('journey');
  await signUpWithForm(page, own.server.baseURL, email, PASSWORD);
  await expect(page.getByText(/We have sent a link to your email address/)).toBeVisible();

  const verification = await mailTo(email, 'email-verification');
  expect(verification.parsed.subject).toBe('Confirm your email address for DataClarity');
  await confirmEmail(page, linkOf(verification));
  // The link works once.
  await page.goto(linkOf(verification));
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();

  await page.goto(`${own.server.baseURL}/sign_in?next=/account`);
  await signIn(page, email);
  await expect(page).toHaveURL(atPath('/account'), HASHED);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toHaveCount(0);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expectAxeInBothThemes(page);

  // Name.
  const nameForm = page.getByRole('form', { name: 'Your name' });
  await nameForm.getByLabel('First name').fill('Janina');
  await nameForm.getByRole('button', { name: 'Save name' }).click();
  await expect(nameForm.getByRole('status')).toHaveText('Your name has been saved.');
  await expect(page.getByText('Janina Weber')).toBeVisible();

  // Password: another device is signed out, a mail tells the address.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(`${own.server.baseURL}/sign_in`);
  await signIn(otherPage, email);
  await expect(otherPage).toHaveURL(atPath('/account'), HASHED);
  const passwordForm = page.getByRole('form', { name: 'Password' });
  await passwordForm.getByLabel('Current password').fill(PASSWORD);
  await passwordForm.getByLabel('New password', { exact: true }).fill('weak');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByText('Password must be at least 8 characters long')).toBeVisible();
  await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await passwordForm.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByRole('status')).toHaveText(/Your password has been changed/, HASHED);
  expect((await otherPage.request.get(`${own.server.baseURL}${API_BASE}/me`)).status()).toBe(401);
  await other.close();
  expect((await mailTo(email, 'password-changed')).parsed.subject).toBe('Your DataClarity password was changed');

  // Email: a link to the new address, a notice to the old one, the change only once the link is opened.
  const newEmail = uniqueEmail('changed');
  const emailForm = page.getByRole('form', { name: 'Email address' });
  await emailForm.getByLabel('New email address').fill(newEmail);
  await emailForm.getByLabel('Current password').fill(NEW_PASSWORD);
  await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(emailForm.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.emailChangeSent, HASHED);
  expect((await mailTo(email, 'email-change-notice')).parsed.text).toContain(newEmail);
  const change = await mailTo(newEmail, 'email-change');
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  await page.goto(linkOf(change));
  await page.getByRole('button', { name: 'Confirm Email Address' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.emailChanged)).toBeVisible();
  await page.goto(`${own.server.baseURL}/account`);
  await expect(page.getByText(newEmail)).toBeVisible();

  // Sign out everywhere.
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(`${own.server.baseURL}/`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
});

test('forgot password → the neutral message after 2 s → mail → a new password → the old sessions are gone', async ({ page, browser }) => {
  const email = uniqueEmail('reset');
  await register(page, email);
  const before = await browser.newContext();
  const old = await before.request.post(`${own.server.baseURL}${API_BASE}/session`, { data: { email, password: PASSWORD }, headers: { origin: own.server.baseURL } });
  expect(old.status()).toBe(200);

  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto(`${own.server.baseURL}/reset_password`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('button', { name: 'Sending Reset Link...' })).toBeDisabled();
  // The page also holds the text for the no-JavaScript answer (hidden until it is the URL's target).
  const neutral = page.getByRole('form', { name: 'Reset your password' }).getByRole('status').getByText(ACCOUNT_MESSAGES.resetSent);
  await page.clock.runFor(INTERVALS.resetSubmitMs - 100);
  await expect(neutral).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(neutral).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.clock.resume();

  const mail = await mailTo(email, 'password-reset');
  const link = linkOf(mail);
  const response = await page.goto(link);
  expect(response!.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Heidelberg');
  await expect(page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem').filter({ hasText: 'A number' })).toHaveAttribute('data-met', 'false');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await expect(page.getByRole('list', { name: 'Password requirements' }).locator('[data-met="false"]')).toHaveCount(0);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible(HASHED);
  expect((await before.request.get(`${own.server.baseURL}${API_BASE}/me`)).status()).toBe(401);
  await before.close();
  await mailTo(email, 'password-changed');

  // The link is used up: the page says so and offers a new one.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/reset_password');
  await page.goto(`${own.server.baseURL}/sign_in`);
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(atPath('/account'), HASHED);
});

test('without JavaScript: ask for a link, set a new password, sign in', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await seedConsent(context, {}, own.server.baseURL);
  const page = await context.newPage();
  const email = uniqueEmail('nojs');
  await register(page, email);
  await page.goto(`${own.server.baseURL}/reset_password`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page).toHaveURL(/\/reset_password#reset-sent$/);
  await expect(page.getByText(ACCOUNT_MESSAGES.resetSent)).toBeVisible();

  await page.goto(linkOf(await mailTo(email, 'password-reset')));
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill('Different#2026');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/sign_in#password-reset-done$/, HASHED);
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordReset)).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(atPath('/account'), HASHED);
  await context.close();
});
