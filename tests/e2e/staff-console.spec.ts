import { expect, test, type Browser, type BrowserContext, type Page } from './support/test';
import { API_BASE } from '../../shared/constants';
import { PASSKEY_MESSAGES } from '../../shared/passkeys';
import { STAFF_MESSAGES } from '../../shared/staffMessages';
import { EMAIL_INVALID, FIRST_NAME_TOO_SHORT } from '../../shared/validation';
import { atPath } from './support/atPath';
import { expectNoAxeViolationsInViews } from './support/axe';
import { seedConsent } from './support/consent';
import { virtualAuthenticator } from './support/virtualAuthenticator';
import { contactFormsAwake } from './support/contactForm';
import { useMailingServer } from './support/mailingServer';
import { stubPowerBi } from './support/powerbi';
import { PASSWORD, addStaff as addStaffOn, consentedContext, mailedEnrollmentLink, signedInClient as signedInClientOn } from './support/staffSession';

/**
 * The staff console /staff (issue 32) in Chromium against a server process of its own with the SMTP
 * test server: a staff member enrolled from the CLI's link lands on /staff and, signed out, comes
 * back there with "Sign in with a passkey"; a request sent from /contact appears in the inbox, is
 * opened, noted, marked handled and exported with the inbox's filters; search and filters narrow
 * the list and live in the URL; a failed delivery is retried once the mail server is back; the
 * clients view deactivates a client; staff give a client dashboards, which that client (and no
 * other) sees on /account; a client is renamed, their request opened from the clients view, and
 * deleted (they can no longer sign in); a colleague is invited, the mail arrives, its link registers
 * a passkey and opens the console, and the staff role is taken back; a client's session sees the
 * refusal and nothing of the console; axe on the inbox, an open request, the clients view (its name form with an error, a
 * client's requests, the delete question), the staff view (an invitation refused and sent) and the
 * audit log in both themes at 375 and 1280 px. One staff browser context runs through the tests in order.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let staff: BrowserContext;
let page: Page;
const stamp = Date.now();
const staffEmail = `lena.${stamp}@dataclarity.example`;

const own = useMailingServer('staff-console', 50, {
  // One refused attempt and a request has failed: the console's retry is then the way on.
  LEAD_RETRY_MAX_ATTEMPTS: '1',
  LEAD_RETRY_BASE_S: '1',
  LEAD_RETRY_MAX_S: '1',
  DC_CONTACT_RATE_MAX: '100',
});

test.afterAll(async () => {
  await staff?.close();
});

/** `npm run staff -- add <email>`: the link it prints. */
const addStaff = (email: string) => addStaffOn(email, own.env);

/** A context with consent given (no banner over the console). */
const newContext = (browser: Browser) => consentedContext(browser, own.server.baseURL);

/** A client account signed in with its password in `context`. */
const signedInClient = (context: BrowserContext, email: string) => signedInClientOn(context, own.server.baseURL, email);

/** A request posted to the contact API (as the form sends it). */
async function postContactRequest(values: { name: string; email: string; message: string; variant?: string }): Promise<void> {
  const response = await fetch(`${own.server.baseURL}${API_BASE}/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ variant: 'contact', phone: '+49 621 4305 8870', ...values }),
  });
  expect(response.status, await response.text()).toBeLessThan(300);
}

const inbox = () => page.locator('.staff-table tbody tr');
const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name }) });

test('signed out, /staff says staff sign in with a passkey and links to the sign-in page; it is not indexed nor in the sitemap', async ({ page: visitor }) => {
  const response = await visitor.goto(`${own.server.baseURL}/staff`);
  expect(response?.status()).toBe(200);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(visitor.getByRole('heading', { name: 'Staff sign in with a passkey' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Sign in with a passkey' })).toHaveAttribute('href', '/sign_in?next=%2Fstaff');
  await expect(visitor.getByRole('navigation', { name: 'Console views' })).toHaveCount(0);
  expect(await (await visitor.request.get(`${own.server.baseURL}/sitemap.xml`)).text()).not.toContain('/staff');
});

test('a staff member enrolled from the CLI link lands on /staff, and a passkey sign-in brings them back there', async ({ browser }) => {
  staff = await newContext(browser);
  page = await staff.newPage();
  await virtualAuthenticator(page);
  await page.goto(await addStaff(staffEmail));
  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByRole('button', { name: 'Register Passkey' }).click();
  await page.waitForURL(atPath('/staff'), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Requests' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');

  const out = await staff.request.delete(`${own.server.baseURL}${API_BASE}/session`, { headers: { origin: own.server.baseURL } });
  expect(out.status()).toBe(204);
  // A `next` that leaves the site is not followed (shared/nextPath): the server's page is.
  await page.goto(`${own.server.baseURL}/sign_in?next=${encodeURIComponent('//evil.example/staff')}`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL(atPath('/staff'), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Requests' })).toBeVisible();
});

test('a request sent from /contact appears in the inbox, is opened, noted, marked handled and exported with the filters', async ({ browser }) => {
  const name = `Clara Contact ${stamp}`;
  const email = `clara.${stamp}@example.de`;
  const message = `Our quarterly reporting takes days (${stamp}).`;
  const visitor = await newContext(browser);
  const contact = await visitor.newPage();
  await contact.goto(`${own.server.baseURL}/contact`);
  await contactFormsAwake(contact);
  const form = contact.locator('dc-contact-form').first();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone', { exact: true }).fill('0621 4305 8870');
  await form.getByLabel('Message', { exact: true }).fill(message);
  const sent = contact.waitForResponse((answer) => answer.url().endsWith(`${API_BASE}/contact`) && answer.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).status()).toBeLessThan(300);
  await visitor.close();
  await own.sink.waitFor(1);

  await page.goto(`${own.server.baseURL}/staff`);
  await expect(row(name)).toBeVisible();
  await expect(row(name)).toContainText('Delivered');
  await expect(page.getByText(/^1–\d+ of \d+ requests$/)).toBeVisible();
  await expectNoAxeViolationsInViews(page);

  await row(name).getByRole('link', { name }).click();
  await expect(page).toHaveURL(/[?&]lead=/);
  const heading = page.getByRole('heading', { level: 2, name: `Request from ${name}` });
  await expect(heading).toBeFocused();
  for (const text of [email, '0621 4305 8870', message, `${own.server.baseURL}/contact`, 'Attempt 1', 'Accepted by the mail server']) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await page.getByLabel('Note (only staff see it)').fill('Called back on Monday; sending a proposal.');
  await page.getByRole('button', { name: 'Save Note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note saved.' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark Handled' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked handled.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark Not Handled' })).toBeVisible();
  await expectNoAxeViolationsInViews(page);

  // Reloaded, the request stays open with its note; Back returns to the inbox.
  await page.reload();
  await expect(page.getByLabel('Note (only staff see it)')).toHaveValue('Called back on Monday; sending a proposal.');
  await page.getByRole('link', { name: 'Back to requests' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Requests' })).toBeFocused();
  await expect(row(name).getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();

  // The filters narrow the list, sit in the URL, and the CSV link carries them.
  await page.getByLabel('Handled').selectOption('true');
  await page.getByLabel('Search').fill(`${stamp}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`handled=true&q=${stamp}`));
  await expect(inbox()).toHaveCount(1);
  const csv = page.getByRole('link', { name: 'Export CSV' });
  await expect(csv).toHaveAttribute('href', `${API_BASE}/staff/leads.csv?handled=true&q=${stamp}`);
  const exported = await staff.request.get(`${own.server.baseURL}${await csv.getAttribute('href')}`);
  expect(exported.status()).toBe(200);
  const lines = (await exported.text()).trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(email);
  await page.reload();
  await expect(page.getByLabel('Handled')).toHaveValue('true');
  await expect(page.getByLabel('Search')).toHaveValue(`${stamp}`);
  await expect(inbox()).toHaveCount(1);
});

test('search and the filters narrow the inbox; Back restores the previous list', async () => {
  await postContactRequest({ name: `Ben Search ${stamp}`, email: `ben.${stamp}@example.de`, message: `A forecast model for 2027, ref ${stamp}-B.` });
  await postContactRequest({ name: `Dora Consult ${stamp}`, email: `dora.${stamp}@example.de`, message: 'We need a Power BI consultation.', variant: 'consultation' });
  await own.sink.waitFor(3);
  await page.goto(`${own.server.baseURL}/staff`);
  await expect(row(`Dora Consult ${stamp}`)).toBeVisible();
  await page.getByLabel('Search').fill('forecast model');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(inbox()).toHaveCount(1);
  await expect(row(`Ben Search ${stamp}`)).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.getByLabel('Kind').selectOption('consultation');
  await expect(inbox()).toHaveCount(1);
  await expect(row(`Dora Consult ${stamp}`)).toBeVisible();
  await page.getByLabel('Handled').selectOption('true');
  await expect(page.getByText('No requests match these filters.')).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Handled')).toHaveValue('');
  await expect(row(`Dora Consult ${stamp}`)).toBeVisible();
});

test('a failed delivery is retried from the request once the mail server takes mail again', async () => {
  const name = `Fritz Failed ${stamp}`;
  own.sink.refusing = true;
  await postContactRequest({ name, email: `fritz.${stamp}@example.de`, message: 'Please call me about data cleanup.' });
  await expect.poll(() => own.sink.refusals, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.goto(`${own.server.baseURL}/staff?status=failed`);
  await expect(async () => {
    await page.reload();
    await expect(row(name)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await row(name).getByRole('link', { name }).click();
  await expect(page.getByText('Mailbox temporarily unavailable', { exact: false }).first()).toBeVisible();
  own.sink.refusing = false;
  const mails = own.sink.received.length;
  await page.getByRole('button', { name: 'Retry Delivery' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Delivery queued: it is tried now.' })).toBeVisible();
  await own.sink.waitFor(mails + 1, 20_000);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Accepted by the mail server')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Retry Delivery' })).toHaveCount(0);
});

test('a request is deleted after a confirmation', async () => {
  const name = `Dora Consult ${stamp}`;
  await page.goto(`${own.server.baseURL}/staff`);
  await row(name).getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Delete Request' }).click();
  await expect(page.getByRole('button', { name: 'Delete for Good' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Request from ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Request' }).click();
  await page.getByRole('button', { name: 'Delete for Good' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The request was deleted.' })).toBeVisible();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test('the clients view deactivates a client (their session ends) and shows the API refusal for oneself; the audit log lists it', async ({ browser }) => {
  const clientEmail = `client.${stamp}@example.de`;
  const client = await newContext(browser);
  await signedInClient(client, clientEmail);

  await page.getByRole('link', { name: 'Clients' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Clients' })).toBeFocused();
  await page.getByLabel('Search accounts').fill(clientEmail);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/view=clients&cq=/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectNoAxeViolationsInViews(page);
  await page.getByRole('button', { name: `Deactivate: ${clientEmail}` }).click();
  const asked = page.getByRole('group', { name: /^Deactivate / });
  await expect(asked).toContainText(`Deactivate Jana Weber (${clientEmail})?`);
  await asked.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${clientEmail} is deactivated.` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Reactivate: ${clientEmail}` })).toBeVisible();
  expect((await client.request.get(`${own.server.baseURL}${API_BASE}/me`)).status()).toBe(401);
  await client.close();

  await page.getByLabel('Search accounts').fill(staffEmail);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Deactivate: ${staffEmail}` }).click();
  await page.getByRole('group', { name: /^Deactivate / }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('alert')).toHaveText(STAFF_MESSAGES.notYourself);

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Audit log' })).toBeFocused();
  await expect(page.getByRole('cell', { name: 'account.deactivated' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'lead.deleted' }).first()).toBeVisible();
  await expectNoAxeViolationsInViews(page);
});

const REPORT = (name: string) =>
  `<iframe title="${name}" width="1140" height="541.25" src="https://app.powerbi.com/view?r=${name}&amp;pageName=p1" frameborder="0" allowFullScreen="true"></iframe>`;

test('staff give client A two dashboards (a bad code refused with the gallery message, reordered, one removed); A sees exactly those two on /account, B none and whom to contact', async ({
  browser,
}) => {
  const emailA = `dash.a.${stamp}@example.de`;
  const emailB = `dash.b.${stamp}@example.de`;
  const clientA = await browser.newContext();
  await seedConsent(clientA, { functional: true }, own.server.baseURL);
  await signedInClient(clientA, emailA);
  const clientB = await newContext(browser);
  await signedInClient(clientB, emailB);

  await page.getByRole('link', { name: 'Clients' }).click();
  await page.getByLabel('Search accounts').fill(emailA);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Dashboards: ${emailA}` }).click();
  const panel = page.getByRole('region', { name: 'Dashboards of Jana Weber' });
  await expect(panel.getByRole('heading', { level: 3, name: 'Dashboards of Jana Weber' })).toBeFocused();
  await expect(panel.getByText('This client has no dashboards yet.')).toBeVisible();

  const add = async (title: string, category: string, snippet: string) => {
    await panel.getByLabel('Title').fill(title);
    await panel.getByLabel('Category (optional)').fill(category);
    await panel.getByLabel('Power BI embed code or link').fill(snippet);
    await panel.getByRole('button', { name: 'Add dashboard' }).click();
  };
  await add('Sales overview', 'Sales', '<iframe src="https://evil.example/view?r=1"></iframe>');
  await expect(panel.getByRole('alert')).toHaveText(
    'Invalid Dashboard: The iframe src host "evil.example" is not an allowed Power BI host.',
  );
  await expect(panel.getByLabel('Power BI embed code or link')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolationsInViews(page);
  await panel.getByLabel('Power BI embed code or link').fill(REPORT('sales'));
  await panel.getByRole('button', { name: 'Add dashboard' }).click();
  await expect(panel.getByRole('status').filter({ hasText: '“Sales overview” added.' })).toBeVisible();
  await add('Operations', 'Operations', 'https://app.powerbi.com/view?r=operations');
  await expect(panel.getByRole('status').filter({ hasText: '“Operations” added.' })).toBeVisible();
  await add('Old report', '', REPORT('old'));
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  await panel.getByRole('button', { name: 'Move up: Operations' }).click();
  await expect(panel.getByRole('status').filter({ hasText: '“Operations” is now 1 of 3.' })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveText([/^Operations/, /^Sales overview/, /^Old report/]);
  await panel.getByRole('button', { name: 'Remove: Old report' }).click();
  await panel
    .getByRole('group', { name: /^Remove “Old report”/ })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(panel.getByRole('status').filter({ hasText: '“Old report” removed.' })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveText([/^Operations/, /^Sales overview/]);
  await expectNoAxeViolationsInViews(page);

  const requested = await stubPowerBi(clientA);
  const viewA = await clientA.newPage();
  await viewA.goto(`${own.server.baseURL}/account`);
  const yours = viewA.getByRole('region', { name: 'Your dashboards' });
  await expect(yours.getByRole('tab')).toHaveText(['Operations', 'Sales overview']);
  await expect(yours.getByRole('heading', { level: 3, name: 'Operations' })).toBeVisible();
  await expect.poll(() => requested.some((url) => url.startsWith('https://app.powerbi.com/view?r=operations'))).toBe(true);
  await expectNoAxeViolationsInViews(viewA);

  const viewB = await clientB.newPage();
  await viewB.goto(`${own.server.baseURL}/account`);
  const none = viewB.getByRole('region', { name: 'Your dashboards' });
  await expect(none.getByText('No dashboards yet.', { exact: false })).toBeVisible();
  await expect(none.getByRole('link', { name: 'hello@dataclarity.de' })).toHaveAttribute('href', 'mailto:hello@dataclarity.de');
  await expect(none.getByRole('tab')).toHaveCount(0);
  await expect(viewB.getByText('Sales overview')).toHaveCount(0);
  expect(await (await clientB.request.get(`${own.server.baseURL}${API_BASE}/me/dashboards`)).json()).toEqual({ reports: [] });
  await expectNoAxeViolationsInViews(viewB);
  await clientA.close();
  await clientB.close();
});

test("the clients view renames a client, shows their request and deletes them (they can no longer sign in); never oneself", async ({ browser }) => {
  const email = `rita.${stamp}@example.de`;
  const message = `We need a KPI dashboard for our stores (${stamp}).`;
  const client = await newContext(browser);
  await signedInClient(client, email);
  await postContactRequest({ name: `Rita Request ${stamp}`, email, message });

  await page.getByRole('link', { name: 'Clients' }).click();
  await page.getByLabel('Search accounts').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('row')).toHaveCount(2);

  // The name, by the account page's rules: a refused field keeps what was typed and says why.
  await page.getByRole('button', { name: `Edit name: ${email}` }).click();
  const editor = page.getByRole('region', { name: `Name of ${email}` });
  await expect(editor.getByRole('heading', { level: 3 })).toBeFocused();
  await editor.getByLabel('First name').fill('R');
  await editor.getByLabel('Last name').fill('Richter');
  await editor.getByRole('button', { name: 'Save Name' }).click();
  await expect(editor.getByText(FIRST_NAME_TOO_SHORT)).toBeVisible();
  await expect(editor.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByLabel('First name')).toBeFocused();
  await expect(editor.getByLabel('First name')).toHaveValue('R');
  await expectNoAxeViolationsInViews(page);
  await editor.getByLabel('First name').fill('Rita');
  await editor.getByRole('button', { name: 'Save Name' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${email} is now named Rita Richter.` })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Rita Richter', exact: true })).toBeVisible();
  await expect(editor).toHaveCount(0);

  // Their requests, each opening the inbox's request view.
  await page.getByRole('button', { name: `Requests: ${email}` }).click();
  const requests = page.getByRole('region', { name: 'Requests from Rita Richter' });
  await expect(requests.getByRole('heading', { level: 3 })).toBeFocused();
  const request = requests.getByRole('row').filter({ hasText: message });
  await expect(request).toHaveCount(1);
  await expectNoAxeViolationsInViews(page);
  await request.getByRole('link').click();
  await expect(page).toHaveURL(/[?&]lead=/);
  await expect(page.getByRole('heading', { level: 2, name: `Request from Rita Request ${stamp}` })).toBeFocused();
  await expect(page.getByText(message, { exact: true })).toBeVisible();

  // Deleted after a question that names the account; the client is signed out for good.
  await page.getByRole('link', { name: 'Clients' }).click();
  await expect(page.getByLabel('Search accounts')).toHaveValue(email);
  await page.getByRole('button', { name: `Delete: ${email}` }).click();
  const asked = page.getByRole('group', { name: /^Delete the account of / });
  await expect(asked).toContainText(`Delete the account of Rita Richter (${email}) for good?`);
  await expect(asked.getByRole('button', { name: 'Delete Account' })).toBeFocused();
  await expectNoAxeViolationsInViews(page);
  await asked.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The account ${email} was deleted.` })).toBeVisible();
  await expect(page.getByText('No accounts match.')).toBeVisible();
  expect((await client.request.get(`${own.server.baseURL}${API_BASE}/me`)).status()).toBe(401);
  const again = await client.request.post(`${own.server.baseURL}${API_BASE}/session`, { headers: { origin: own.server.baseURL }, data: { email, password: PASSWORD }, timeout: 30_000 });
  expect(again.status()).toBe(401);
  await client.close();

  await page.getByLabel('Search accounts').fill(staffEmail);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Delete: ${staffEmail}` }).click();
  await page.getByRole('group', { name: /^Delete the account of / }).getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(STAFF_MESSAGES.notYourselfDelete);
});

test('a staff member invites a colleague: the mail arrives, its link registers a passkey and opens the console; the role can be taken back', async ({ browser }) => {
  const colleague = `max.${stamp}@dataclarity.example`;
  await page.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Staff' })).toBeFocused();
  const members = page.getByRole('list', { name: 'Staff members' });
  await expect(members.getByRole('listitem').filter({ hasText: staffEmail })).toContainText('You');
  await expect(members.getByRole('button', { name: `Remove staff role: ${staffEmail}` })).toHaveCount(0);

  const field = page.getByLabel('Work email address');
  await field.fill('max@dataclarity');
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(EMAIL_INVALID)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('max@dataclarity');
  await expectNoAxeViolationsInViews(page);

  await field.fill(colleague);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${colleague}. They become staff when they use the link` })).toBeVisible();
  // Not staff before the link is used: listed as invited, not among the members.
  const invited = page.getByRole('list', { name: 'Invited' });
  await expect(invited.getByRole('listitem').filter({ hasText: colleague })).toContainText('Link not used yet');
  await expect(members.getByRole('listitem').filter({ hasText: colleague })).toHaveCount(0);
  await expectNoAxeViolationsInViews(page);

  // The mail, through the outbox to the SMTP server, with the one-time link.
  await expect.poll(() => own.sink.received.some((mail) => mail.envelope.to.includes(colleague)), { timeout: 20_000 }).toBe(true);
  const mail = own.sink.received.find((received) => received.envelope.to.includes(colleague))!;
  expect(mail.parsed.subject).toBe('You are invited to the DataClarity staff console');
  const link = (mail.parsed.text ?? '').match(/^(http:\/\/\S+\/staff\/enroll\/[A-Za-z0-9_-]{43})$/m)?.[1];
  expect(link, mail.parsed.text).toBeDefined();

  const theirs = await newContext(browser);
  const view = await theirs.newPage();
  await virtualAuthenticator(view);
  await view.goto(link!);
  await view.getByLabel('Passkey name').fill('Max laptop');
  await view.getByRole('button', { name: 'Register Passkey' }).click();
  await view.waitForURL(atPath('/staff'), { timeout: 30_000 });
  await expect(view.getByRole('heading', { level: 2, name: 'Requests' })).toBeVisible();
  // Staff now: a member, no longer an invitation.
  await page.reload();
  await expect(members.getByRole('listitem').filter({ hasText: colleague })).toBeVisible();
  await expect(invited).toHaveCount(0);

  // Taken back after a question: their console closes.
  await page.getByRole('button', { name: `Remove staff role: ${colleague}` }).click();
  const asked = page.getByRole('group', { name: /^Remove the staff role of / });
  await expect(asked).toContainText(colleague);
  await asked.getByRole('button', { name: 'Remove Staff Role' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${colleague} is no longer staff.` })).toBeVisible();
  await expect(members.getByRole('listitem').filter({ hasText: colleague })).toHaveCount(0);
  await view.reload();
  await expect(view.getByRole('heading', { name: 'Staff sign in with a passkey' })).toBeVisible();
  await theirs.close();

  await page.getByRole('link', { name: 'Audit log' }).click();
  for (const action of ['staff.removed', 'staff.invited', 'account.deleted', 'account.renamed']) {
    await expect(page.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
  }
});

test('your passkeys: the last one cannot be removed (the API says why), and it can be renamed', async () => {
  await page.getByRole('link', { name: 'Your passkeys' }).click();
  await expect(page.getByText('Work laptop', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Remove: Work laptop' }).click();
  await page.getByRole('group', { name: /^Remove the passkey/ }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('alert')).toHaveText(PASSKEY_MESSAGES.lastPasskey);
  await page.getByRole('button', { name: 'Rename: Work laptop' }).click();
  const field = page.getByLabel('New name for Work laptop');
  await field.fill(' ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.nameRequired)).toBeVisible();
  await field.fill('Office laptop');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey renamed.' })).toBeVisible();
  await expect(page.getByText('Office laptop', { exact: true })).toBeVisible();
});

test('a client session sees that the console is for staff, and nothing of its data', async ({ browser }) => {
  const client = await newContext(browser);
  await signedInClient(client, `other.${stamp}@example.de`);
  const view = await client.newPage();
  const answers: number[] = [];
  view.on('response', (answer) => {
    if (answer.url().includes(`${API_BASE}/staff/`)) answers.push(answer.status());
  });
  await view.goto(`${own.server.baseURL}/staff`);
  await expect(view.getByRole('heading', { name: 'This area is for DataClarity staff' })).toBeVisible();
  await expect(view.getByRole('alert')).toHaveText(STAFF_MESSAGES.notStaff);
  await expect(view.getByRole('navigation', { name: 'Console views' })).toHaveCount(0);
  await expect(view.locator('.staff-table')).toHaveCount(0);
  await expect(view.getByText(staffEmail)).toHaveCount(0);
  expect(answers).toEqual([403]);
  await expectNoAxeViolationsInViews(view);
  await client.close();
});

test('a staff member signed in with a password is told to sign in with the passkey, and sees nothing of the console', async ({ browser }) => {
  const email = `pia.${stamp}@example.de`;
  const context = await newContext(browser);
  await signedInClient(context, email);
  // Her account exists: the enrollment link goes to her address, and she uses it on another device.
  const link = await mailedEnrollmentLink(email, own.env, own.sink);
  const device = await newContext(browser);
  const enrolling = await device.newPage();
  await virtualAuthenticator(enrolling);
  await enrolling.goto(link);
  await enrolling.getByLabel('Passkey name').fill('Pia phone');
  await enrolling.getByRole('button', { name: 'Register Passkey' }).click();
  await enrolling.waitForURL(atPath('/staff'), { timeout: 30_000 });
  await device.close();
  // Using the link ended every session of the account; she signs in with her password again.
  expect((await context.request.get(`${own.server.baseURL}${API_BASE}/me`)).status()).toBe(401);
  const again = await context.request.post(`${own.server.baseURL}${API_BASE}/session`, { headers: { origin: own.server.baseURL }, data: { email, password: PASSWORD }, timeout: 30_000 });
  expect(again.status()).toBe(200);
  const view = await context.newPage();
  await view.goto(`${own.server.baseURL}/staff`);
  await expect(view.getByRole('heading', { name: 'Sign in with your passkey' })).toBeVisible();
  await expect(view.getByRole('alert')).toHaveText(STAFF_MESSAGES.passkeyRequired);
  await expect(view.getByRole('navigation', { name: 'Console views' })).toHaveCount(0);
  await context.close();
});
