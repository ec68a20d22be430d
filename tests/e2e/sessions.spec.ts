import { expect, test, type APIRequestContext, type Page } from './support/test';
import { bothThemesAt, expectNoAxeViolationsInViews } from './support/axe';
import { ACCOUNT_MESSAGES, SIGN_IN_FRAGMENTS } from '../../shared/accountMessages';
import { API_BASE } from '../../shared/constants';
import { seedConsent } from './support/consent';
import { atPath } from './support/atPath';
import { DOT_SEGMENT_REDIRECTS } from '../support/openRedirectSpellings';

/**
 * Sign-in sessions in a real browser against the e2e server: sign in with and without
 * JavaScript, the header's signed-in state on static pages (both menus), the account page with
 * its devices, signing out one device, all others and this one.
 */
const PASSWORD = 'Mannheim#2025';
/** A sign-in checks a password hash on a low-priority thread, queued behind others on a busy machine. */
const SIGN_IN = { timeout: 30_000 };

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await seedConsent(context);
});

function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.de`;
}

async function registerUser(request: APIRequestContext, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const response = await request.post(`${API_BASE}/user/register`, {
    data: { firstName: 'Jana', lastName: 'Weber', email, password: PASSWORD, confirmPassword: PASSWORD, termsAccepted: true },
  });
  expect(response.status()).toBe(201);
  return email;
}

async function signInWithForm(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const header = (page: Page) => page.getByRole('banner');

test('sign in → the account page → header knows on static pages → sign out', async ({ page, request }) => {
  const email = await registerUser(request, 'session');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign_in\?next=%2Faccount$/);
  await signInWithForm(page, email);
  await expect(page).toHaveURL(atPath('/account'), SIGN_IN);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByRole('definition').getByText(email)).toBeVisible();
  await expect(page.getByText('Jana Weber')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(/^Chrome on (Windows|Linux)/);

  const cookies = await page.context().cookies();
  // Plain HTTP on localhost: no Secure, so no __Host- prefix (WebKit keeps no Secure cookie there).
  const session = cookies.find((c) => c.name === 'dc_session')!;
  expect(session).toMatchObject({ httpOnly: true, secure: false, sameSite: 'Lax', path: '/' });
  expect(cookies.find((c) => c.name === 'dc_signed_in')).toMatchObject({ value: '1', httpOnly: false });

  // A static page: no API request, the signed-in header from the first paint.
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(API_BASE)) apiCalls.push(r.url());
  });
  await page.goto('/about');
  await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeHidden();
  await expect(header(page).getByRole('link', { name: 'Sign Up' })).toBeHidden();
  expect(apiCalls).toEqual([]);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.locator('details[data-mobile-menu] > summary').click();
  const mobile = page.getByRole('navigation', { name: 'Main (mobile)' });
  await expect(mobile.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(mobile.getByRole('link', { name: 'Sign In' })).toBeHidden();
  await mobile.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Account' })).toBeHidden();
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('dc_session');
  expect((await page.request.get(`${API_BASE}/me`)).status()).toBe(401);
});

test('a visitor who never signed in gets the same page bytes and sends no API request', async ({ page, request }) => {
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(API_BASE)) apiCalls.push(r.url());
  });
  await page.goto('/about');
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Account' })).toBeHidden();
  expect(apiCalls).toEqual([]);
  const plain = await (await request.get('/about')).text();
  const withHint = await (await request.get('/about', { headers: { Cookie: 'dc_signed_in=1' } })).text();
  expect(withHint).toBe(plain);
});

test('signs out one other device and then all others; they are signed out', async ({ page, browser, request }) => {
  const email = await registerUser(request, 'devices');
  const others = await Promise.all([browser.newContext(), browser.newContext()]);
  for (const context of others) {
    const other = await context.newPage();
    await other.goto('/sign_in');
    await signInWithForm(other, email);
    await expect(other).toHaveURL(atPath('/account'), SIGN_IN);
  }
  await page.goto('/sign_in?next=/account');
  await signInWithForm(page, email);
  const devices = page.getByRole('list').filter({ hasText: 'This device' }).getByRole('listitem');
  await expect(devices).toHaveCount(3, SIGN_IN);
  await page.getByRole('button', { name: /^Sign out: / }).first().click();
  await expect(devices).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Signed out 1 other device(s).' })).toBeVisible();
  await expect(devices).toHaveCount(1);
  for (const context of others) {
    expect((await context.request.get(`${API_BASE}/me`)).status()).toBe(401);
    await context.close();
  }
});

test('the account page passes axe in both themes at 375 and 1280 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const email = await registerUser(request, 'axe-account');
  await page.goto('/sign_in');
  await signInWithForm(page, email);
  await expect(page.getByRole('definition').getByText(email)).toBeVisible(SIGN_IN);
  await expectNoAxeViolationsInViews(page);
});

test("a no-JavaScript sign-in's outcome passes axe in both themes", async ({ page }) => {
  await page.goto(`/sign_in#${SIGN_IN_FRAGMENTS.throttled}`);
  await expect(page.getByText(ACCOUNT_MESSAGES.signInThrottled)).toBeVisible();
  await expect(page.getByText(ACCOUNT_MESSAGES.signInFailed)).toBeHidden();
  await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
});

test('after sign-in, a `next` that a URL parser makes into another host stays on this site, with the island and with the form post', async ({ page, browser, request }) => {
  const email = await registerUser(request, 'next');
  // A browser reads //evil.example as another host: should anything go there, the test sees it.
  const left: string[] = [];
  const signInEverySpelling = async (on: Page) => {
    await on.route((url) => url.hostname.endsWith('evil.example'), (route) => {
      left.push(route.request().url());
      return route.abort();
    });
    for (const next of DOT_SEGMENT_REDIRECTS.slice(0, 4)) {
      await on.goto(`/sign_in?next=${encodeURIComponent(next)}`);
      await signInWithForm(on, email);
      await expect(on, next).toHaveURL(atPath('/account'), SIGN_IN);
      expect((await on.request.delete(`${API_BASE}/session`, { headers: { origin: new URL(on.url()).origin } })).status()).toBe(204);
    }
    await on.unrouteAll();
  };
  await signInEverySpelling(page);
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
  try {
    await signInEverySpelling(await noScript.newPage());
  } finally {
    await noScript.close();
  }
  expect(left).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('signs in with the form post (303 to next), shows a failure on /sign_in, signs out with the form', async ({ page, request }) => {
    const email = await registerUser(request, 'nojs');
    await page.goto('/sign_in?next=/about');
    await signInWithForm(page, email, 'Wrong#Password1');
    await expect(page).toHaveURL(new RegExp(`/sign_in\\?next=%2Fabout#${SIGN_IN_FRAGMENTS.failed}$`), SIGN_IN);
    await expect(page.getByText(ACCOUNT_MESSAGES.signInFailed)).toBeVisible();
    await expect(page.getByText(ACCOUNT_MESSAGES.signInThrottled)).toBeHidden();

    await signInWithForm(page, email);
    await expect(page).toHaveURL(atPath('/about'), SIGN_IN);
    expect((await page.request.get(`${API_BASE}/me`)).status()).toBe(200);

    await page.goto('/account');
    await expect(page.locator('.account-alert')).toContainText('The account page needs JavaScript.');
    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get(`${API_BASE}/me`)).status()).toBe(401);
  });
});
