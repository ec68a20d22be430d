import { expect, test, type Page } from './support/test';
import { API_BASE } from '../../shared/constants';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { PASSKEY_MESSAGES } from '../../shared/passkeys';
import { atPath } from './support/atPath';
import { expectNoAxeViolationsInViews } from './support/axe';
import { seedConsent } from './support/consent';
import { useMailingServer } from './support/mailingServer';
import { holdCode } from './support/holdCode';
import { linkOf, mailTo } from './support/mailbox';
import { confirmEmail, signUpWithForm, uniqueEmail } from './support/accountSteps';
import { virtualAuthenticator } from './support/virtualAuthenticator';

/**
 * Clients' passkeys (issue 32) in Chromium with a CDP virtual authenticator, against a server
 * process of its own whose mails go to the SMTP test server: a client signs up, verifies the
 * address from the mail, adds a passkey on /account, signs out, signs in with "Sign in with a
 * passkey" and lands on /account; renames and removes it; a cancelled ceremony and a browser
 * without WebAuthn say so; a press on "Sign in with a passkey" before its element woke still signs
 * in (its code held back, as tests/e2e/early-actions.spec.ts does). Axe on the Passkeys section in
 * each state (empty, one passkey, rename form, removal question, error), both themes, 375/1280 px.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PASSWORD = 'Mannheim#2025';
/** A sign-in checks a password hash on a low-priority thread, queued behind others on a busy machine. */
const HASHED = { timeout: 30_000 };
const SECTION = '.account-passkeys';

const own = useMailingServer('client-passkeys', 65);

test.beforeEach(async ({ context }) => {
  await seedConsent(context, {}, own.server.baseURL);
});

async function signInWithPassword(page: Page, email: string) {
  await page.goto(`${own.server.baseURL}/sign_in?next=/account`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(atPath('/account'), HASHED);
}

const section = (page: Page) => page.locator(SECTION);
const axeOnSection = (page: Page) => expectNoAxeViolationsInViews(page, { include: SECTION });

test('an account whose address is not verified is told to verify before it can add a passkey, and asks for the mail right there', async ({ page }) => {
  const email = uniqueEmail('unverified');
  await signUpWithForm(page, own.server.baseURL, email, PASSWORD);
  await signInWithPassword(page, email);
  const passkeys = section(page);
  await expect(passkeys.getByText(PASSKEY_MESSAGES.verifyFirst)).toBeVisible();
  await expect(passkeys.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  await axeOnSection(page);
  await passkeys.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(passkeys.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.verificationSent);
  // The second verification mail (the first came with the sign-up) arrives.
  expect(linkOf(await mailTo(own.sink, email, 'email-verification', 2))).toMatch(/\/verify_email\//);
});

test('a client signs up, verifies, adds a passkey on /account, signs in with it and lands on /account, renames and removes it', async ({ page }) => {
  const authenticator = await virtualAuthenticator(page);
  const email = uniqueEmail('passkey');
  await signUpWithForm(page, own.server.baseURL, email, PASSWORD);
  await confirmEmail(page, linkOf(await mailTo(own.sink, email, 'email-verification')));

  await signInWithPassword(page, email);
  const passkeys = section(page);
  await expect(passkeys.getByRole('heading', { level: 2, name: 'Passkeys' })).toBeVisible();
  await expect(passkeys.getByText('You have not added a passkey yet.')).toBeVisible();
  await axeOnSection(page);

  // The name is required, with the rule's message: the error state.
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByText(PASSKEY_MESSAGES.nameRequired)).toBeVisible();
  await expect(passkeys.getByLabel('Passkey name')).toBeFocused();
  await axeOnSection(page);

  // A closed dialog (the authenticator cannot verify its user) says so, and the name stays.
  await authenticator.setUserVerified(false);
  await passkeys.getByLabel('Passkey name').fill('Work laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByText(PASSKEY_MESSAGES.cancelled)).toBeVisible({ timeout: 20_000 });
  await expect(passkeys.getByLabel('Passkey name')).toHaveValue('Work laptop');
  await axeOnSection(page);

  await authenticator.setUserVerified(true);
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByText('Passkey “Work laptop” added. You can now sign in with it.')).toBeVisible({ timeout: 20_000 });
  await expect(passkeys.getByRole('listitem').filter({ hasText: 'Work laptop' })).toContainText('last used never');
  await axeOnSection(page);

  // Signed out, then back in with the passkey, on the account page.
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(`${own.server.baseURL}/`);
  await page.goto(`${own.server.baseURL}/sign_in`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(atPath('/account'), { timeout: 30_000 });
  const item = passkeys.getByRole('listitem').filter({ hasText: 'Work laptop' });
  await expect(item).not.toContainText('last used never');

  // Rename: the form, then a new name.
  await passkeys.getByRole('button', { name: 'Rename: Work laptop' }).click();
  const newName = passkeys.getByRole('textbox', { name: 'New name for “Work laptop”' });
  await expect(newName).toBeFocused();
  await axeOnSection(page);
  await newName.fill('Desk laptop');
  await passkeys.getByRole('button', { name: 'Save name' }).click();
  await expect(passkeys.getByText('Passkey renamed.')).toBeVisible();
  await expect(passkeys.getByRole('listitem').filter({ hasText: 'Desk laptop' })).toBeVisible();

  // Remove: the question first (Cancel keeps it), then it goes; the password still signs in.
  await passkeys.getByRole('button', { name: 'Remove: Desk laptop' }).click();
  await expect(passkeys.getByRole('group', { name: /Remove the passkey “Desk laptop”\?/ })).toBeVisible();
  await expect(passkeys.getByRole('button', { name: 'Remove passkey' })).toBeFocused();
  await axeOnSection(page);
  await passkeys.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(passkeys.getByText('Passkey removed.')).toBeVisible();
  await expect(passkeys.getByText('You have not added a passkey yet.')).toBeVisible();
  const api = await page.request.get(`${own.server.baseURL}${API_BASE}/me/passkeys`);
  expect((await api.json()).passkeys).toEqual([]);
});

test('a browser without WebAuthn is told passkeys are not available, with no Add button', async ({ page, context }) => {
  const email = uniqueEmail('nowebauthn');
  const headers = { origin: own.server.baseURL };
  const created = await context.request.post(`${own.server.baseURL}${API_BASE}/user/register`, {
    headers,
    data: { firstName: 'Jana', lastName: 'Weber', email, password: PASSWORD, confirmPassword: PASSWORD, termsAccepted: true },
  });
  expect(created.status()).toBe(201);
  await page.addInitScript(() => {
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  });
  await signInWithPassword(page, email);
  await expect(section(page).getByText('Passkeys are not available in this browser.', { exact: false })).toBeVisible();
  await expect(section(page).getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
});

test('a press on “Sign in with a passkey” before its element woke still signs in', async ({ page, context }) => {
  await virtualAuthenticator(page);
  const email = uniqueEmail('early');
  const headers = { origin: own.server.baseURL };
  const created = await context.request.post(`${own.server.baseURL}${API_BASE}/user/register`, {
    headers,
    data: { firstName: 'Jana', lastName: 'Weber', email, password: PASSWORD, confirmPassword: PASSWORD, termsAccepted: true },
  });
  expect(created.status()).toBe(201);
  // A passkey needs a proved address.
  await confirmEmail(page, linkOf(await mailTo(own.sink, email, 'email-verification')));
  await signInWithPassword(page, email);
  await section(page).getByLabel('Passkey name').fill('Phone');
  await section(page).getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section(page).getByText('Passkey “Phone” added. You can now sign in with it.')).toBeVisible({ timeout: 20_000 });
  expect((await context.request.delete(`${own.server.baseURL}${API_BASE}/session`, { headers })).status()).toBe(204);

  const release = await holdCode(page, '**/assets/js/passkey-sign-in-*.js');
  await page.goto(`${own.server.baseURL}/sign_in`, { waitUntil: 'commit' });
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await button.click();
  expect(await page.evaluate(() => customElements.get('dc-passkey-sign-in') === undefined)).toBe(true);
  release();
  await expect(page).toHaveURL(atPath('/account'), { timeout: 30_000 });
  await expect(section(page).getByRole('listitem').filter({ hasText: 'Phone' })).not.toContainText('last used never');
});
