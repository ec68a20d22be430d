import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { runStaffCli } from '../../../server/staff/cli';
import { API_BASE } from '../../../shared/constants';
import { signUpBody } from '../../support/signUp';
import type { SmtpSink } from '../../support/smtpSink';
import { atPath } from './atPath';
import { seedConsent } from './consent';
import { virtualAuthenticator } from './virtualAuthenticator';

/**
 * Staff and client sessions for the specs that run a server of their own (staff-console.spec,
 * press-staff.spec): the CLI's enrollment link, a passkey enrolled with Chromium's virtual
 * authenticator (./virtualAuthenticator), a client signed in with a password.
 */
export const PASSWORD = 'Mannheim#2025';

/** `npm run staff -- add <email>` on the server's database (`env`): the link it prints. */
export async function addStaff(email: string, env: Record<string, string>): Promise<string> {
  const lines: string[] = [];
  const code = await runStaffCli(['add', email], { ...process.env, ...env }, { log: (line) => lines.push(line), error: (line) => lines.push(line) });
  expect(code, lines.join('\n')).toBe(0);
  const link = lines.find((line) => line.includes('/staff/enroll/'));
  expect(link, lines.join('\n')).toBeDefined();
  return link!.trim();
}

/**
 * `npm run staff -- add <email>` for an account that exists already: nothing secret is printed, the
 * link goes to the address. The link of the newest invitation mail the SMTP test server received.
 */
export async function mailedEnrollmentLink(email: string, env: Record<string, string>, sink: SmtpSink): Promise<string> {
  const invitations = () => sink.received.filter((mail) => mail.envelope.to.includes(email) && mail.parsed.headers.get('x-dc-mail-kind') === 'staff-invitation');
  const before = invitations().length;
  const lines: string[] = [];
  const code = await runStaffCli(['add', email], { ...process.env, ...env }, { log: (line) => lines.push(line), error: (line) => lines.push(line) });
  expect(code, lines.join('\n')).toBe(0);
  expect(lines.join('\n')).not.toContain('/staff/enroll/');
  await expect.poll(() => invitations().length, { timeout: 20_000 }).toBe(before + 1);
  const link = /^(http:\/\/\S+\/staff\/enroll\/[A-Za-z0-9_-]{43})$/m.exec(invitations()[before]!.parsed.text ?? '')?.[1];
  expect(link).toBeDefined();
  return link!;
}

/** A context with consent given on `baseURL` (no banner over the page). */
export async function consentedContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await seedConsent(context, {}, baseURL);
  return context;
}

/** A client account signed in with its password in `context`. */
export async function signedInClient(context: BrowserContext, baseURL: string, email: string): Promise<void> {
  const headers = { origin: baseURL };
  const created = await context.request.post(`${baseURL}${API_BASE}/user/register`, {
    headers,
    data: signUpBody(email),
  });
  expect(created.status()).toBe(201);
  const signedIn = await context.request.post(`${baseURL}${API_BASE}/session`, { headers, data: { email, password: PASSWORD }, timeout: 30_000 });
  expect(signedIn.status()).toBe(200);
}

/** A new staff member (the CLI's link, a passkey registered) signed in on `page`, which lands on /staff. */
export async function enrolledStaff(page: Page, email: string, env: Record<string, string>): Promise<void> {
  await virtualAuthenticator(page);
  await page.goto(await addStaff(email, env));
  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByRole('button', { name: 'Register Passkey' }).click();
  await page.waitForURL(atPath('/staff'), { timeout: 30_000 });
}
