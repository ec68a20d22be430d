import { expect, test, type BrowserContext, type Page } from './support/test';
import { API_BASE } from '../../shared/constants';
import { PASSKEY_MESSAGES } from '../../shared/passkeys';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { expectNoAxeViolations } from './support/axe';
import { seedConsent } from './support/consent';
import { virtualAuthenticator } from './support/virtualAuthenticator';
import { atPath } from './support/atPath';
import { addStaff as addStaffOn } from './support/staffSession';
import { useSuiteServer } from './support/suiteServer';

/**
 * Staff passkeys (issue 32) in Chromium with a CDP virtual authenticator (CTAP2, internal, resident
 * keys, user verification), against a server process of its own: `npm run staff -- add` (the CLI's
 * function) → the enrollment link → a passkey registered → signed in with a passkey-verified session
 * on the staff console /staff (the staff API answers) → signed out → "Sign in with a passkey" on /sign_in → the staff API again;
 * the used link says so; a client's password session gets 403 from the staff API; axe on the
 * enrollment page and the sign-in page in both themes at 375 and 1280 px.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const own = useSuiteServer('staff', 40);

test.beforeEach(async ({ context }) => {
  await seedConsent(context, {}, own.server.baseURL);
});

/** `npm run staff -- add <email>`: the link it prints. */
const addStaff = (email: string) => addStaffOn(email, own.env);

/** What the staff API answers this browser (its cookies). */
async function staffApiStatus(context: BrowserContext): Promise<number> {
  return (await context.request.get(`${own.server.baseURL}${API_BASE}/staff/leads`)).status();
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((isDark) => localStorage.setItem('dc_theme', JSON.stringify({ isDark, source: 'user-preference' })), theme === 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

async function axeEverywhere(page: Page) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }
  }
}

test('a new staff member registers a passkey from the CLI link, is signed in with it, and signs in again with it', async ({ page, context }) => {
  const email = `anna.${Date.now()}@dataclarity.example`;
  const link = await addStaff(email);
  await virtualAuthenticator(page);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Register Your Passkey' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await axeEverywhere(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The name is required, with the rule's message.
  await page.getByRole('button', { name: 'Register Passkey' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.nameRequired)).toBeVisible();
  await expect(page.getByLabel('Passkey name')).toBeFocused();

  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByRole('button', { name: 'Register Passkey' }).click();
  await page.waitForURL(atPath('/staff'), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Requests' })).toBeVisible();
  expect(await staffApiStatus(context)).toBe(200);

  // The link is used up.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();

  // Signed out, then back in with the passkey from /sign_in.
  const out = await context.request.delete(`${own.server.baseURL}${API_BASE}/session`, { headers: { origin: own.server.baseURL } });
  expect(out.status()).toBe(204);
  expect(await staffApiStatus(context)).toBe(401);
  await page.goto(`${own.server.baseURL}/sign_in`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL(atPath('/staff'), { timeout: 30_000 });
  expect(await staffApiStatus(context)).toBe(200);
});

test('the sign-in page with its passkey button has no axe violations in both themes at 375 and 1280 px', async ({ page }) => {
  await page.goto(`${own.server.baseURL}/sign_in`);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await axeEverywhere(page);
});

test('a used or unknown enrollment link says what to do, with status 410', async ({ page }) => {
  const response = await page.goto(`${own.server.baseURL}/staff/enroll/${'A'.repeat(43)}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register Passkey' })).toBeHidden();
  await axeEverywhere(page);
});

test('a client signed in with a password gets 403 from the staff API', async ({ context }) => {
  const email = `client.${Date.now()}@example.de`;
  const password = 'Mannheim#2025';
  const headers = { origin: own.server.baseURL };
  const created = await context.request.post(`${own.server.baseURL}${API_BASE}/user/register`, {
    headers,
    data: { firstName: 'Jana', lastName: 'Weber', email, password, confirmPassword: password, termsAccepted: true },
  });
  expect(created.status()).toBe(201);
  const signedIn = await context.request.post(`${own.server.baseURL}${API_BASE}/session`, { headers, data: { email, password }, timeout: 30_000 });
  expect(signedIn.status()).toBe(200);
  const answer = await context.request.get(`${own.server.baseURL}${API_BASE}/staff/leads`);
  expect(answer.status()).toBe(403);
  expect((await answer.json()).message).toBe(STAFF_MESSAGES.notStaff);
});
