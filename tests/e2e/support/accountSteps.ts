import { ACCOUNT_MESSAGES } from '../../../shared/accountMessages';
import { expect, type Page } from './test';

/** A sign-up checks and hashes a password on a low-priority thread, queued behind others on a busy machine. */
const HASHED = { timeout: 30_000 };

/** An address no earlier run used (a spec's database file outlives a run). */
export function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.de`;
}

/** A visitor signs up as Jana Weber with /sign_up's form on `baseURL` and is welcomed. */
export async function signUpWithForm(page: Page, baseURL: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseURL}/sign_up`);
  await page.getByLabel('First name').fill('Jana');
  await page.getByLabel('Last name').fill('Weber');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to DataClarity, Jana!' })).toBeVisible(HASHED);
}

/** The verification mail's link opened and confirmed: the page says the address is verified. */
export async function confirmEmail(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Email Address' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Email Address' }).click();
  await expect(page).toHaveURL(/\/verify_email#email-verified$/);
  await expect(page.getByText(ACCOUNT_MESSAGES.emailVerified)).toBeVisible();
}
