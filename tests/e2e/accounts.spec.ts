import { expect, test, type APIRequestContext, type Page } from './support/test';
import { USER_MESSAGES } from '../../server/api/users';
import type { User } from '../../shared/user';
import { API_BASE, INTERVALS } from '../../shared/constants';
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FIRST_NAME_TOO_SHORT,
  LAST_NAME_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_REQUIRED,
  SIGN_IN_PASSWORD_TOO_SHORT,
  SIGN_UP_PASSWORD_TOO_SHORT,
  SIGN_UP_PASSWORD_WEAK,
  TERMS_NOT_ACCEPTED,
} from '../../shared/validation';
import { ACCOUNT_MESSAGES } from '../../shared/accountMessages';
import { seedConsent } from './support/consent';
import { bothThemesAt, expectNoAxeViolationsInViews } from './support/axe';
import { uniqueEmail } from './support/accountSteps';

/** The administrator token of the e2e server (playwright.config.ts). */
const ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token';
const PASSWORD = 'Mannheim#2025';

async function allUsers(request: APIRequestContext): Promise<User[]> {
  const response = await request.get(`${API_BASE}/user/all-users`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as User[];
}


const CLOCK_START = Date.UTC(2026, 0, 15, 9, 0, 0);

/** Fills /sign_up with Jana Weber's valid details, accepts the terms and submits. */
async function submitValidSignUp(page: Page): Promise<void> {
  await page.getByLabel('First name').fill('Jana');
  await page.getByLabel('Last name').fill('Weber');
  await page.getByLabel('Work email').fill('jana@example.de');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * Pauses the fake clock (installed at CLOCK_START) before the page loads: after `clock.install()`
 * time would otherwise flow with real time, so
 * a slow step could fire a timer early. From here only runFor moves it.
 */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(CLOCK_START + 60_000);
}

/** Collects console output, to prove the password never reaches it. */
function recordConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(message.text()));
  return lines;
}

// Real scrypt hashing on the server and axe on full pages: slow on a busy CI machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context }) => {
  await seedConsent(context);
});

test.describe('/sign_up', () => {
  async function fillSignUp(page: Page, email: string) {
    await page.getByLabel('First name').fill('Jana');
    await page.getByLabel('Last name').fill('Weber');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  }

  test('creates a user that the admin API lists, then goes to /sign_in after 3 s', async ({ page, request }) => {
    const consoleLines = recordConsole(page);
    await page.clock.install({ time: CLOCK_START });
    await pauseClock(page);
    await page.goto('/sign_up');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
    const email = uniqueEmail('signup');
    await fillSignUp(page, email);

    const registered = page.waitForResponse((r) => r.url().endsWith(`${API_BASE}/user/register`));
    await page.getByRole('button', { name: 'Create Account' }).click();
    const response = await registered;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ email, termsAccepted: true });

    await expect(page.getByRole('heading', { name: 'Welcome to DataClarity, Jana!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);

    const user = (await allUsers(request)).find((u) => u.email === email);
    expect(user).toMatchObject({ firstName: 'Jana', lastName: 'Weber', email, active: true });
    expect(JSON.stringify(user)).not.toContain(PASSWORD);

    await page.clock.runFor(INTERVALS.signUpRedirectMs - 100);
    await expect(page).toHaveURL(/\/sign_up$/);
    await page.clock.runFor(100);
    await expect(page).toHaveURL(/\/sign_in$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    expect(consoleLines.join('\n')).not.toContain(PASSWORD);
    expect(page.url()).not.toContain(PASSWORD);
  });

  test("shows the server's message for an email that is already registered", async ({ page, request }) => {
    const email = uniqueEmail('duplicate');
    const first = await request.post(`${API_BASE}/user/register`, {
      data: { firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD, confirmPassword: PASSWORD, termsAccepted: true },
    });
    expect(first.status()).toBe(201);

    await page.goto('/sign_up');
    await fillSignUp(page, email.toUpperCase());
    await page.getByRole('button', { name: 'Create Account' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(USER_MESSAGES.duplicateEmail);
    // Nothing typed is lost, and the person can try again.
    await expect(page.getByLabel('Work email')).toHaveValue(email.toUpperCase());
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect((await allUsers(request)).filter((u) => u.email === email)).toHaveLength(1);
  });

  test('checks each field as it changes and every field on submit', async ({ page }) => {
    await page.goto('/sign_up');
    const firstName = page.getByLabel('First name');
    await firstName.fill('J');
    await expect(page.getByText(FIRST_NAME_TOO_SHORT)).toBeVisible();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await firstName.fill('Jo');
    await expect(page.getByText(FIRST_NAME_TOO_SHORT)).toHaveCount(0);

    await page.getByLabel('Password', { exact: true }).fill('short');
    await expect(page.getByText(SIGN_UP_PASSWORD_TOO_SHORT)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('longenough');
    await expect(page.getByText(SIGN_UP_PASSWORD_WEAK)).toBeVisible();
    const requirements = page.getByRole('list', { name: 'Password requirements' });
    await expect(requirements.getByRole('listitem').filter({ hasText: 'At least 8 characters' })).toContainText('(done)');
    await expect(requirements.getByRole('listitem').filter({ hasText: 'An uppercase letter' })).toContainText('(not yet)');
    await page.getByLabel('Confirm password').fill('different');
    await expect(page.getByText(PASSWORDS_DO_NOT_MATCH)).toBeVisible();

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(LAST_NAME_TOO_SHORT)).toBeVisible();
    await expect(page.getByText(EMAIL_INVALID)).toBeVisible();
    await expect(page.getByText(TERMS_NOT_ACCEPTED)).toBeVisible();
    await expect(page.getByLabel('Last name')).toBeFocused();

    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await expect(page.getByText(TERMS_NOT_ACCEPTED)).toHaveCount(0);
  });

  test('has show/hide toggles on both password fields with new-password autocomplete', async ({ page }) => {
    await page.goto('/sign_up');
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password');
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await expect(confirm).toHaveAttribute('autocomplete', 'new-password');
    await expect(page.getByLabel('First name')).toHaveAttribute('autocomplete', 'given-name');

    const showPassword = page.getByRole('button', { name: 'Show password', exact: true });
    const showConfirm = page.getByRole('button', { name: 'Show password confirmation' });
    await showPassword.click();
    await expect(showPassword).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(confirm).toHaveAttribute('type', 'password');
    await showConfirm.click();
    await expect(confirm).toHaveAttribute('type', 'text');
    await showPassword.click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('links to sign in, reset password, the terms and the privacy policy', async ({ page }) => {
    await page.goto('/sign_up');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/sign_in');
    await expect(main.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms_and_conditions');
    await expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy_policy');
    await expect(main.getByRole('complementary').getByRole('listitem')).toHaveCount(6);
    await page.setViewportSize({ width: 375, height: 740 });
    await main.getByText('Account menu').click();
    await expect(main.getByRole('link', { name: 'Reset Password' })).toHaveAttribute('href', '/reset_password');
  });
});

test.describe('/sign_in', () => {
  test('validates, clears an error on edit, and says when the server refuses the credentials', async ({ page }) => {
    const consoleLines = recordConsole(page);
    await page.goto('/sign_in');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    for (const benefit of ['Secure Access', 'Quick Login', 'Full Features']) {
      await expect(page.getByRole('heading', { name: benefit })).toBeVisible();
    }
    await expect(page.getByText('Trusted by 10,000+ companies worldwide')).toBeVisible();

    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    await submit.click();
    await expect(page.getByText(EMAIL_REQUIRED)).toBeVisible();
    await expect(page.getByText(PASSWORD_REQUIRED)).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeFocused();

    await page.getByLabel('Email address').fill('jana@example');
    await expect(page.getByText(EMAIL_REQUIRED)).toHaveCount(0);
    await expect(page.getByText(PASSWORD_REQUIRED)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await submit.click();
    await expect(page.getByText(EMAIL_INVALID)).toBeVisible();
    await expect(page.getByText(SIGN_IN_PASSWORD_TOO_SHORT)).toBeVisible();

    await page.getByLabel('Email address').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('secret-123456');
    // The answer is held back until the busy state has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${API_BASE}/session`, async (route) => {
      await held;
      await route.continue();
    });
    await submit.click();
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    release();
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.signInFailed })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    expect(page.url()).toMatch(/\/sign_in$/);
    expect(page.url()).not.toContain('secret');
    expect(consoleLines.join('\n')).not.toContain('secret-123456');
  });

  test('has a labelled show/hide toggle and the right autocomplete', async ({ page }) => {
    await page.goto('/sign_in');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await expect(page.getByLabel('Email address')).toHaveAttribute('autocomplete', 'username');
    const toggle = page.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('links to sign up and reset password, also in the phone-width menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/sign_in');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset_password');
    await expect(main.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/sign_up');
    const menu = main.getByRole('navigation', { name: 'Account pages' });
    await menu.getByText('Account menu').click();
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Reset Password' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });
});

test.describe('/reset_password', () => {
  test('validates, then Sending Reset Link... for 2 s and the same neutral message for every address (issue 31)', async ({ page }) => {
    await page.clock.install({ time: CLOCK_START });
    await pauseClock(page);
    await page.goto('/reset_password');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
    await expect(page.getByText('Trusted by 10,000+ companies worldwide')).toBeVisible();
    await expect(page.getByRole('complementary').getByRole('listitem')).toHaveCount(3);

    const submit = page.getByRole('button', { name: 'Send Reset Link' });
    await submit.click();
    await expect(page.getByText(EMAIL_REQUIRED)).toBeVisible();
    await page.getByLabel('Email address').fill('jana');
    await expect(page.getByText(EMAIL_REQUIRED)).toHaveCount(0);
    await submit.click();
    await expect(page.getByText(EMAIL_INVALID)).toBeVisible();
    await page.getByLabel('Email address').fill('jana@example.de');
    await expect(page.getByText(EMAIL_INVALID)).toHaveCount(0);

    await submit.click();
    const busy = page.getByRole('button', { name: 'Sending Reset Link...' });
    await expect(busy).toBeDisabled();
    await page.clock.runFor(INTERVALS.resetSubmitMs - 100);
    await expect(busy).toBeDisabled();
    const neutral = page.getByRole('form', { name: 'Reset your password' }).getByRole('status').getByText(ACCOUNT_MESSAGES.resetSent);
    await expect(neutral).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(neutral).toBeVisible();
    await expect(submit).toBeEnabled();
    // It stays until the address changes (the SPEC's 3 s toast told whether the address had an account).
    await page.clock.runFor(INTERVALS.resetToastMs);
    await expect(neutral).toBeVisible();
    await page.getByLabel('Email address').fill('nobody@example.de');
    await expect(neutral).toHaveCount(0);
  });

  test('links to sign up, also in the phone-width menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/reset_password');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Sign Up', exact: true }).first()).toHaveAttribute('href', '/sign_up');
    const menu = main.getByRole('navigation', { name: 'Account pages' });
    await menu.getByText('Account menu').click();
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign_up');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/sign_up shows its labelled form and says it needs JavaScript', async ({ page }) => {
    await page.goto('/sign_up');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
    await expect(page.getByLabel(/email/i).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account', exact: true })).toBeDisabled();
    await expect(page.locator('.auth-noscript')).toContainText('This form needs JavaScript.');
    await expect(page.locator('form.auth-form')).toHaveAttribute('method', 'post');
  });

  test('/reset_password posts its form (issue 31: the request works without JavaScript, tests/e2e/accountMail.spec.ts)', async ({ page }) => {
    await page.goto('/reset_password');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Reset Link', exact: true })).toBeEnabled();
    await expect(page.locator('form.auth-form')).toHaveAttribute('method', 'post');
    await expect(page.locator('.auth-noscript')).toHaveCount(0);
  });
});

test.describe('axe with errors and states showing, both themes', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test(`/sign_in with errors and the status note (both themes)`, async ({ page }) => {
    await page.clock.install({ time: CLOCK_START });
    await pauseClock(page);
    await page.goto('/sign_in');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText(EMAIL_REQUIRED)).toBeVisible();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
    await page.route(`**${API_BASE}/session`, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 401, title: 'Unauthorized', message: ACCOUNT_MESSAGES.signInFailed }),
      }),
    );
    await page.getByLabel('Email address').fill('jana@example.de');
    await page.getByLabel('Password', { exact: true }).fill('secret-123456');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.signInFailed })).toBeVisible();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
  });

  test(`/sign_up with every error and with the server's error (both themes)`, async ({ page }) => {
    await page.goto('/sign_up');
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(TERMS_NOT_ACCEPTED)).toBeVisible();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });

    // The failure alert, without spending a registration: the API answers 409 here.
    await page.route(`**${API_BASE}/user/register`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 409, title: 'Conflict', message: USER_MESSAGES.duplicateEmail }),
      }),
    );
    await submitValidSignUp(page);
    await expect(page.getByRole('alert')).toHaveText(USER_MESSAGES.duplicateEmail);
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
  });

  test(`/sign_up success message (both themes)`, async ({ page }) => {
    await page.clock.install({ time: CLOCK_START });
    await pauseClock(page);
    await page.route(`**${API_BASE}/user/register`, (route) =>
      route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({ _id: 'x', firstName: 'Jana', lastName: 'Weber', email: 'jana@example.de', active: true, createdAt: '', updatedAt: '' }),
      }),
    );
    await page.goto('/sign_up');
    await submitValidSignUp(page);
    await expect(page.getByRole('heading', { name: 'Welcome to DataClarity, Jana!' })).toBeFocused();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
  });

  test(`/reset_password with the error and the neutral message (both themes)`, async ({ page }) => {
    await page.clock.install({ time: CLOCK_START });
    await pauseClock(page);
    await page.goto('/reset_password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(EMAIL_REQUIRED)).toBeVisible();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
    await page.getByLabel('Email address').fill('jana@example.de');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.clock.runFor(INTERVALS.resetSubmitMs);
    const neutral = page.getByRole('status').getByText(ACCOUNT_MESSAGES.resetSent);
    await expect(neutral).toBeVisible();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
    await expect(neutral).toBeVisible();
  });
});

test.describe('the mail links’ pages', () => {
  const TRUST = 'Trusted by 10,000+ companies worldwide';

  test('a dead link says so in the page’s heading; the trust claim stands only on sign-in and reset (SPEC 2.10, 2.12)', async ({ page }) => {
    for (const [path, live] of [
      ['/reset_password/', 'Choose a New Password'],
      ['/verify_email/', 'Confirm Your Email Address'],
      ['/staff/enroll/', 'Register Your Passkey'],
    ] as const) {
      await page.goto(`${path}${'A'.repeat(43)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works', exact: true }), path).toBeVisible();
      await expect(page.getByRole('heading', { name: live }), path).toHaveCount(0);
      await expect(page.getByText(TRUST), path).toHaveCount(0);
    }
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(375) });
    for (const path of ['/sign_up', '/verify_email', '/staff/enroll']) {
      await page.goto(path);
      await expect(page.getByText(TRUST), path).toHaveCount(0);
    }
    for (const path of ['/sign_in', '/reset_password']) {
      await page.goto(path);
      await expect(page.getByText(TRUST), path).toBeVisible();
    }
  });

  test('a confirmed address is all /verify_email#email-verified says, under a heading the sticky header leaves in view', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/verify_email#email-verified');
      await expect(page.getByText(ACCOUNT_MESSAGES.emailVerified)).toBeVisible();
      await expect(page.getByText('Open this page from the link in the mail')).toBeHidden();
      const header = (await page.getByRole('banner').boundingBox())!;
      const heading = (await page.getByRole('heading', { level: 1, name: 'Confirm Your Email Address' }).boundingBox())!;
      expect(heading.y, `${width} px`).toBeGreaterThanOrEqual(header.y + header.height);
    }
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
  });
});
