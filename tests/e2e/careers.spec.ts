import { expect, test, type Page } from './support/test';
import { bothThemesAt, expectNoAxeViolations, expectNoAxeViolationsInViews } from './support/axe';
import { seedConsent } from './support/consent';
import { hydratedNodes, servedAndRendered } from './support/islandMarkup';
import { sitemapPaths } from './support/routes';

const PATH = '/career';
const NO_JOBS = 'No jobs found matching your criteria. Try adjusting your filters.';

const departments = (page: Page) => page.locator('details.careers-dept');
const departmentNames = (page: Page) => page.locator('.careers-dept-name');
const department = (page: Page, name: string) => page.locator('details.careers-dept', { has: page.locator('.careers-dept-name', { hasText: name }) });
const departmentHead = (page: Page, name: string) => department(page, name).locator('> summary');
const job = (page: Page, title: string) => page.locator('details.careers-job', { has: page.locator('.careers-job-title', { hasText: title }) });
const jobHead = (page: Page, title: string) => job(page, title).locator('> summary');
const jobTitles = (page: Page) => page.locator('.careers-job-title');

async function ready(page: Page) {
  await page.goto(PATH);
  await expect(page.locator('dc-careers[data-ready]')).toBeAttached();
}


/** The subject and body of a mailto: link, decoded. */
function mail(href: string) {
  const url = new URL(href);
  return { to: decodeURIComponent(url.pathname), subject: url.searchParams.get('subject'), body: url.searchParams.get('body'), keys: [...url.searchParams.keys()] };
}

test.beforeEach(async ({ context }) => seedConsent(context));

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('all departments and jobs are in the page and open as disclosures', async ({ page }) => {
    await page.goto(PATH);
    await expect(departmentNames(page)).toHaveText(['Data & Analytics', 'Engineering', 'Business & Operations', 'Client Success', 'Marketing']);
    await expect(page.locator('details.careers-job')).toHaveCount(9);
    await expect(page.getByText('9 open positions in 5 departments')).toBeVisible();
    await expect(page.getByLabel('Department')).toBeHidden();

    await departmentHead(page, 'Engineering').click();
    await expect(jobTitles(page).filter({ visible: true })).toHaveText(['Analytics Engineer (dbt & SQL)', 'Azure Data Engineer (Microsoft Fabric)']);
    await jobHead(page, 'Analytics Engineer').click();
    const posting = job(page, 'Analytics Engineer');
    await expect(posting.getByRole('heading', { name: 'Responsibilities' })).toBeVisible();
    await expect(posting.getByRole('heading', { name: 'Must-have requirements' })).toBeVisible();
    await expect(posting.getByRole('heading', { name: 'Nice to have' })).toBeVisible();
    await expect(posting.getByRole('heading', { name: 'Benefits' })).toBeVisible();
    const apply = posting.getByRole('link', { name: 'Apply Now for Analytics Engineer (dbt & SQL)' });
    const { subject } = mail((await apply.getAttribute('href'))!);
    expect(subject).toBe('Application for Analytics Engineer (dbt & SQL) Position');
  });
});

test('the island adopts the served list as it is: the served HTML is what the component renders', async ({ page }) => {
  await ready(page);
  const { served, rendered } = await servedAndRendered(page, 'dc-careers');
  expect(served).toEqual(rendered);
});

test('taking over moves, adds and removes no served node (no indentation for hydration to remove)', async ({ page }) => {
  const nodes = await hydratedNodes(page, PATH, 'dc-careers', '**/data/jobs.json');
  expect(nodes.served).toBeGreaterThan(50);
  expect(nodes).toEqual({ served: nodes.served, kept: nodes.served, now: nodes.served });
});

interface JobPostingLd {
  '@type': string;
  title: string;
  url: string;
  employmentType: string;
  datePosted: string;
  description: string;
  hiringOrganization: { name: string };
  jobLocationType?: string;
  jobLocation?: { address: { addressLocality: string } };
}

test('the list carries no JobPosting data: each job links to its own page, which does', async ({ page }) => {
  await page.goto(PATH);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  const links = page.locator('details.careers-job a.careers-job-link');
  await expect(links).toHaveCount(9);
  const paths = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
  expect(sitemapPaths().filter((path) => path.startsWith('/career/')).sort()).toEqual([...paths].sort());
  for (const path of paths) {
    expect(path).toMatch(/^\/career\/[a-z0-9]+(-[a-z0-9]+)*$/);
    await page.goto(path);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const posting = JSON.parse((await scripts.textContent())!) as JobPostingLd;
    expect(posting['@type']).toBe('JobPosting');
    expect(posting.title).toBe(title);
    expect(new URL(posting.url).pathname).toBe(path);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(posting.url);
    expect(posting.hiringOrganization.name).toBe('DataClarity GmbH');
    expect(posting.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(['FULL_TIME', 'PART_TIME']).toContain(posting.employmentType);
    expect(posting.jobLocationType === 'TELECOMMUTE' || posting.jobLocation?.address.addressLocality === 'Berlin').toBe(true);
    // What the data says is on the page (Google's guidelines): the description and every list item.
    const shown = (await page.getByRole('main').textContent())!.replace(/\s+/g, " ");
    const texts = await page.evaluate(
      (html) => [...new DOMParser().parseFromString(html, 'text/html').body.querySelectorAll('p, h3, li')].map((node) => node.textContent),
      posting.description,
    );
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) expect(shown).toContain(text);
  }
});

test('each job has a page of its own: its details, apply by mail, and the way back to every position', async ({ page }) => {
  await ready(page);
  await departmentHead(page, 'Engineering').click();
  await jobHead(page, 'Analytics Engineer').click();
  await job(page, 'Analytics Engineer').getByRole('link', { name: 'Job page for Analytics Engineer (dbt & SQL)' }).click();
  await expect(page).toHaveURL(/\/career\/analytics-engineer-dbt$/);
  await expect(page).toHaveTitle(/^Analytics Engineer \(dbt & SQL\)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Engineer (dbt & SQL)' })).toBeVisible();
  await expect(page.getByText('Careers · Engineering')).toBeVisible();
  for (const name of ['Responsibilities', 'Must-have requirements', 'Nice to have', 'Benefits']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  const { subject } = mail((await page.getByRole('link', { name: 'Apply Now for Analytics Engineer (dbt & SQL)' }).getAttribute('href'))!);
  expect(subject).toBe('Application for Analytics Engineer (dbt & SQL) Position');
  await expect(page.getByRole('link', { name: /^Job page/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'All open positions' }).click();
  await expect(page).toHaveURL(/\/career$/);
});

test('search matches title or description case-insensitively', async ({ page }) => {
  await ready(page);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('DBT'); // in a title
  await expect(departmentNames(page)).toHaveText(['Engineering']);
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText('1 of 9 open positions match');
  await departmentHead(page, 'Engineering').click();
  await expect(jobTitles(page)).toHaveText(['Analytics Engineer (dbt & SQL)']);

  await search.fill('COACH YOUR CLIENT'); // only in a description
  await expect(departmentNames(page)).toHaveText(['Data & Analytics']);

  await search.fill('Berlin hub'); // a benefit, not title or description: no match
  await expect(page.getByText(NO_JOBS, { exact: true })).toBeVisible();
});

test('the three dropdowns filter and combine with the search', async ({ page }) => {
  await ready(page);
  await expect(page.getByLabel('Department').locator('option')).toHaveText([
    'All Departments', 'Data & Analytics', 'Engineering', 'Business & Operations', 'Client Success', 'Marketing',
  ]);
  await expect(page.getByLabel('Location').locator('option')).toHaveText(['All Locations', 'Remote (EU)', 'Hybrid (Berlin)']);
  await expect(page.getByLabel('Employment type').locator('option')).toHaveText(['All Types', 'Full-time', 'Part-time']);

  await page.getByLabel('Department').selectOption({ label: 'Marketing' });
  await expect(departmentNames(page)).toHaveText(['Marketing']);
  await page.getByLabel('Department').selectOption({ label: 'All Departments' });

  await page.getByLabel('Location').selectOption('Hybrid (Berlin)');
  await expect(departmentNames(page)).toHaveText(['Data & Analytics', 'Engineering', 'Business & Operations']);
  await expect(page.locator('details.careers-job')).toHaveCount(4);

  await page.getByLabel('Employment type').selectOption('Part-time');
  await expect(departmentNames(page)).toHaveText(['Business & Operations']);
  await departmentHead(page, 'Business & Operations').click();
  await expect(jobTitles(page)).toHaveText(['Finance & Operations Coordinator (Part-time)']);

  await page.getByRole('searchbox', { name: 'Search' }).fill('marketing');
  await expect(page.getByText(NO_JOBS, { exact: true })).toBeVisible();
  await expect(departments(page)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(departments(page)).toHaveCount(5);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(page.getByLabel('Location')).toHaveValue('');
});

test('one department open at a time; opening another closes it and its jobs; several jobs open', async ({ page }) => {
  await ready(page);
  await departmentHead(page, 'Data & Analytics').click();
  await expect(department(page, 'Data & Analytics')).toHaveAttribute('open', '');
  await jobHead(page, 'Senior Power BI Consultant').click();
  await jobHead(page, 'BI Analyst').click();
  await expect(job(page, 'Senior Power BI Consultant').locator('.careers-job-description')).toBeVisible();
  await expect(job(page, 'BI Analyst').locator('.careers-job-description')).toBeVisible();

  await departmentHead(page, 'Engineering').click();
  await expect(department(page, 'Engineering')).toHaveAttribute('open', '');
  await expect(department(page, 'Data & Analytics')).not.toHaveAttribute('open', '');
  await expect(page.locator('details.careers-dept[open]')).toHaveCount(1);

  // Back to the first department: its jobs were closed with it.
  await departmentHead(page, 'Data & Analytics').click();
  await expect(page.locator('details.careers-job[open]')).toHaveCount(0);
  await expect(department(page, 'Engineering')).not.toHaveAttribute('open', '');

  // A second click collapses the open department.
  await departmentHead(page, 'Data & Analytics').click();
  await expect(page.locator('details.careers-dept[open]')).toHaveCount(0);
});

test('Apply opens a mailto to the HR contact with the SPEC subject and an encoded body', async ({ page }) => {
  await ready(page);
  await departmentHead(page, 'Data & Analytics').click();
  await jobHead(page, 'BI Analyst (DAX & Data Modelling)').click();
  const posting = job(page, 'BI Analyst (DAX & Data Modelling)');
  const contact = (await posting.locator('.careers-contact-name').textContent())!;
  const address = (await posting.locator('.careers-contact-mail').textContent())!;
  const href = (await posting.getByRole('link', { name: /^Apply Now/ }).getAttribute('href'))!;
  // The '&' of the title is encoded: it cannot start another field of the link.
  expect(href).toContain('DAX%20%26%20Data');
  const parsed = mail(href);
  expect(parsed.keys).toEqual(['subject', 'body']);
  expect(parsed.to).toBe(address);
  expect(parsed.subject).toBe('Application for BI Analyst (DAX & Data Modelling) Position');
  expect(parsed.body).toContain(`Dear ${contact},`);
  expect(parsed.body).toContain('BI Analyst (DAX & Data Modelling) position');
  expect(parsed.body).toContain('[Your Name]');
  await expect(posting.getByRole('link', { name: address })).toHaveAttribute('href', `mailto:${address}`);
});

test(`axe: a department and two jobs open, both themes`, async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await ready(page);
  await departmentHead(page, 'Engineering').click();
  await jobHead(page, 'Analytics Engineer').click();
  await jobHead(page, 'Azure Data Engineer').click();
  await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
});
