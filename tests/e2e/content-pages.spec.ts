import { expect, test, type Locator } from './support/test';
import { axeViolations } from './support/axe';
import { readFileSync } from 'node:fs';
import { seedConsent } from './support/consent';

/* Services, about, our story and the legal pages (SPEC 2.4, 2.5, 2.17, 9). */

type Json = any;
const data = (name: string): Json => JSON.parse(readFileSync(`site/_data/${name}.json`, 'utf8'));
const company = data('company');
const services: Json[] = data('services');
const about = data('about');
const story = data('story');
const legal = { imprint: data('legal/imprint'), privacy: data('legal/privacy'), terms: data('legal/terms') };

/** Puts the company facts into a data string, as the build does. */
const fill = (text: string): string =>
  text.replace(/\{company\.([\w.]+)\}/g, (_m, path: string) => String(path.split('.').reduce((o: Json, k) => o?.[k], company)));


/** The toggle buttons of a disclosure group and the expanded state of each. */
async function expandedStates(toggles: Locator): Promise<string[]> {
  return toggles.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded') ?? ''));
}

test.describe.configure({ timeout: 60_000 });
test.beforeEach(async ({ context }) => seedConsent(context));

test.describe('service pages', () => {
  for (const service of services) {
    test(`${service.path} presents the service and leads to a free consultation`, async ({ page }) => {
      await page.goto(service.path);
      await expect(page.getByRole('heading', { level: 1, name: fill(service.headline) })).toBeVisible();
      const main = page.getByRole('main');
      for (const key of ['problems', 'approach', 'deliverables', 'outcomes', 'faqs']) {
        await expect(main.getByRole('heading', { level: 2, name: service.sectionTitles[key] })).toBeVisible();
      }
      await expect(main.getByRole('heading', { level: 3, name: service.timeline.title })).toBeVisible();
      await expect(main).toContainText(fill(service.timeline.text));
      const steps = await main.locator('.step h3').allTextContents();
      expect(steps.map((t) => t.replace(/^Step \d+: /, ''))).toEqual(service.approach.map((s: Json) => s.title));
      await expect(main.getByRole('link', { name: service.cta.label }).first()).toHaveAttribute('href', '/free_consultation');
      // The other three services are linked, not this one.
      const others = page.getByRole('navigation', { name: 'Other services' }).getByRole('link');
      await expect(others).toHaveCount(3);
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]');
      expect(ld[0]['@type']).toBe('Service');
      expect(ld[0].name).toBe(service.title);
    });
  }

  test('timelines agree with the FAQ facts', async ({ page }) => {
    await page.goto('/services/strategy_analysis');
    await expect(page.getByRole('main')).toContainText('1-2 weeks');
    await page.goto('/services/reporting_solutions');
    await expect(page.getByRole('main')).toContainText('daily, weekly or monthly');
    await page.goto('/services/data_cleanup');
    await expect(page.getByRole('main')).toContainText('HIPAA');
  });
});

test.describe('about', () => {
  test('Mission and Vision expand on click, at most one open', async ({ page }) => {
    await page.goto('/about');
    const group = page.locator('dc-disclosure-group.mv-grid');
    await expect(group).toHaveAttribute('data-ready', '');
    const mission = page.getByRole('button', { name: 'Our Mission' });
    const vision = page.getByRole('button', { name: 'Our Vision' });
    const missionText = page.getByText(fill(about.mission.cards[0].details.paragraphs[0]));
    const visionText = page.getByText(fill(about.mission.cards[1].details.paragraphs[0]));
    await expect(missionText).toBeHidden();
    await mission.click();
    await expect(mission).toHaveAttribute('aria-expanded', 'true');
    await expect(missionText).toBeVisible();
    await vision.click();
    await expect(vision).toHaveAttribute('aria-expanded', 'true');
    await expect(mission).toHaveAttribute('aria-expanded', 'false');
    await expect(missionText).toBeHidden();
    await expect(visionText).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await vision.click();
    expect(await expandedStates(group.locator('button[aria-expanded]'))).toEqual(['false', 'false']);
    await expect(visionText).toBeHidden();
    // By keyboard alone.
    await mission.focus();
    await page.keyboard.press('Enter');
    await expect(mission).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(mission).toHaveAttribute('aria-expanded', 'false');
  });

  test('the timeline opens one milestone at a time and a second click closes it', async ({ page }) => {
    await page.goto('/about');
    const toggles = page.locator('#timeline .timeline-toggle');
    await expect(toggles).toHaveCount(6);
    await expect(page.locator('#timeline dc-disclosure-group')).toHaveAttribute('data-ready', '');
    const years = await page.locator('#timeline .timeline-year').allTextContents();
    expect(years[0]).toBe('2024');
    expect(years[5]).toBe('2026');
    await toggles.nth(0).click();
    await expect(page.getByText(about.timeline.items[0].achievements[0])).toBeVisible();
    await toggles.nth(3).click();
    expect(await expandedStates(toggles)).toEqual(['false', 'false', 'false', 'true', 'false', 'false']);
    await expect(page.getByText(about.timeline.items[0].achievements[0])).toBeHidden();
    await expect(page.getByText(fill(about.timeline.items[3].achievements[0]))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await toggles.nth(3).click();
    expect(await expandedStates(toggles)).toEqual(Array(6).fill('false'));
  });

  test('shows three leadership profiles with real images, four values and the calls to action', async ({ page }) => {
    await page.goto('/about');
    const team = page.locator('#team');
    const images = team.getByRole('img');
    await expect(images).toHaveCount(3);
    for (const [i, m] of (about.team.members as Json[]).entries()) {
      const img = images.nth(i);
      await expect(img).toHaveAttribute('alt', m.imageAlt);
      await expect(img).toHaveAttribute('width', '400');
      await expect(img).toHaveAttribute('height', '400');
      await expect(img).toHaveAttribute('src', m.image);
      await expect(team.getByRole('heading', { name: m.name })).toBeVisible();
      await expect(team).toContainText(m.role);
      for (const e of m.expertise) await expect(team.getByText(e, { exact: true })).toBeVisible();
    }
    await images.last().scrollIntoViewIfNeeded();
    await expect.poll(() => images.evaluateAll((list) => list.map((img) => (img as HTMLImageElement).naturalWidth))).toEqual([400, 400, 400]);
    await expect(page.locator('#values li')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'Join Early Access' })).toHaveAttribute('href', '/sign_up');
    await page.getByRole('link', { name: 'See Our Vision' }).click();
    await expect(page).toHaveURL(/#mission$/);
    await expect(page.locator('#mission')).toBeInViewport();
  });

  test('has decorative particles', async ({ page }) => {
    await page.goto('/about');
    const particles = page.locator('.about-hero .particles');
    await expect(particles).toHaveAttribute('aria-hidden', 'true');
    await expect(particles.locator('circle')).toHaveCount(about.particles);
  });
});

test.describe('our story', () => {
  test('shows the chapters, milestones with status, and the founding team of three', async ({ page }) => {
    await page.goto('/our_story');
    const main = page.getByRole('main');
    for (const section of [story.howItBegan, story.earlyDays, story.milestones, story.future, story.foundingTeam]) {
      await expect(main.getByRole('heading', { level: 2, name: fill(section.title) })).toBeVisible();
    }
    const statuses = await page.locator('#milestones .timeline-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-status')));
    expect(statuses).toEqual(story.milestones.items.map((i: Json) => i.status));
    await expect(page.locator('#milestones .timeline-status').first()).toHaveText('Completed');
    const founders = page.locator('.founder');
    await expect(founders).toHaveCount(3);
    await expect(founders.filter({ hasText: 'Business founder' })).toHaveCount(2);
    await expect(founders.filter({ hasText: 'Technical founder' })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Join Our Journey' })).toHaveAttribute('href', '/sign_up');
    await expect(page.getByRole('link', { name: 'Watch Our Story' })).toHaveAttribute('href', '#how-it-began');
  });

  test('milestones open one at a time and close on a second click', async ({ page }) => {
    await page.goto('/our_story');
    const toggles = page.locator('#milestones .timeline-toggle');
    await expect(page.locator('#milestones dc-disclosure-group')).toHaveAttribute('data-ready', '');
    await toggles.nth(4).click();
    await expect(page.getByText(fill(story.milestones.items[4].achievements[0]))).toBeVisible();
    await toggles.nth(1).click();
    expect(await expandedStates(toggles)).toEqual(['false', 'true', 'false', 'false', 'false', 'false']);
    await toggles.nth(1).click();
    expect(await expandedStates(toggles)).toEqual(Array(6).fill('false'));
  });
});

test.describe('legal pages', () => {
  test('imprint: provider, register, B2B-only dispute resolution and no data protection officer', async ({ page }) => {
    await page.goto('/imprint');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();
    for (const s of legal.imprint.sections as Json[]) await expect(main.getByRole('heading', { level: 2, name: s.title, exact: true })).toBeVisible();
    for (const fact of [company.legalName, company.register.court, company.register.number, company.vatId, company.email, company.phone]) {
      await expect(main.getByText(fact, { exact: true }).first()).toBeVisible();
    }
    for (const p of company.partners as Json[]) await expect(main).toContainText(p.name);
    await expect(main).toContainText('neither willing nor obliged');
    await expect(main).toContainText('not appointed a data protection officer');
  });

  test('privacy policy: January 2025, eleven sections and the retention periods', async ({ page }) => {
    await page.goto('/privacy_policy');
    const main = page.getByRole('main');
    await expect(main).toContainText('Last updated January 2025');
    const headings = await main.locator('.legal-body h2').allTextContents();
    expect(headings).toEqual(legal.privacy.sections.map((s: Json) => s.title));
    expect(headings).toHaveLength(11);
    for (const c of ['Server logs are kept for 14 days', '10 years', 'kept for 3 years', 'within one month']) await expect(main).toContainText(c);
    await expect(main.getByRole('link', { name: company.supervisoryAuthority.email })).toHaveAttribute('href', `mailto:${company.supervisoryAuthority.email}`);
  });

  test('terms: effective January 1, 2025, eleven sections and the legal contact block', async ({ page }) => {
    await page.goto('/terms_and_conditions');
    const main = page.getByRole('main');
    await expect(main).toContainText('Effective January 1, 2025');
    const headings = await main.locator('.legal-body h2').allTextContents();
    expect(headings.slice(0, 11)).toEqual(legal.terms.sections.map((s: Json) => s.title));
    expect(headings[11]).toBe('Legal contact');
    for (const c of ['within 14 days net', '9 percentage points above the base interest rate', '19%', '12 months', 'Berlin', 'CISG']) {
      await expect(main).toContainText(c);
    }
    await expect(main.getByRole('link', { name: company.legalContact.email }).last()).toBeVisible();
  });

  test('on desktop a table of contents links to every section', async ({ page }) => {
    await page.goto('/terms_and_conditions');
    const toc = page.getByRole('navigation', { name: 'Contents' });
    await expect(toc).toBeVisible();
    await expect(toc.getByRole('link')).toHaveCount(12);
    await toc.getByRole('link', { name: '10. Governing law and jurisdiction' }).click();
    await expect(page).toHaveURL(/#governing-law$/);
    await expect(page.getByRole('heading', { name: '10. Governing law and jurisdiction' })).toBeInViewport();
    await expect(page.getByRole('navigation', { name: 'Jump to section' })).toBeHidden();
  });
});

test.describe('quick navigation at phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const cases = [
    { path: '/about', menu: 'Jump to section', link: 'Values', target: '#values' },
    { path: '/our_story', menu: 'Jump to chapter', link: 'The Future', target: '#future' },
    { path: '/privacy_policy', menu: 'Jump to section', link: '6. Retention periods', target: '#retention' },
    { path: '/imprint', menu: 'Jump to section', link: 'Copyright', target: '#copyright' },
  ];
  for (const c of cases) {
    test(`${c.path}: scrolls to the chosen section and closes`, async ({ page }) => {
      await page.goto(c.path);
      await expect(page.locator('dc-quick-nav')).toHaveAttribute('data-ready', '');
      const toggle = page.locator('.quick-nav-toggle');
      await expect(toggle).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Contents' })).toBeHidden();
      await toggle.click();
      const menu = page.getByRole('navigation', { name: c.menu });
      await expect(menu).toBeVisible();
      if (c.path === '/about') expect(await axeViolations(page)).toEqual([]);
      await menu.getByRole('link', { name: c.link, exact: true }).click();
      await expect(menu).toBeHidden();
      await expect(page.locator(c.target)).toBeInViewport();
      await expect(page.locator(c.target)).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`${c.target}$`));
      // The sticky menu stays in reach and does not cover the section heading.
      const headingTop = await page.locator(`${c.target} h2`).first().evaluate((h) => h.getBoundingClientRect().top);
      const toggleBottom = await toggle.evaluate((t) => t.getBoundingClientRect().bottom);
      expect(headingTop).toBeGreaterThanOrEqual(toggleBottom);
    });
  }

  test('closes on Escape and returns focus to its toggle', async ({ page }) => {
    await page.goto('/our_story');
    await expect(page.locator('dc-quick-nav')).toHaveAttribute('data-ready', '');
    const toggle = page.locator('.quick-nav-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Jump to chapter' })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Jump to chapter' })).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('without JavaScript every page reads completely', () => {
  test.use({ javaScriptEnabled: false });

  test('about: mission details and every milestone achievement are shown', async ({ page }) => {
    await page.goto('/about');
    for (const card of about.mission.cards as Json[]) {
      for (const p of card.details.paragraphs) await expect(page.getByText(fill(p))).toBeVisible();
    }
    for (const item of about.timeline.items as Json[]) {
      for (const a of item.achievements) await expect(page.getByText(fill(a), { exact: true })).toBeVisible();
    }
  });

  test('our story: every milestone achievement is shown', async ({ page }) => {
    await page.goto('/our_story');
    for (const item of story.milestones.items as Json[]) {
      for (const a of item.achievements) await expect(page.getByText(fill(a), { exact: true })).toBeVisible();
    }
    for (const p of story.howItBegan.paragraphs) await expect(page.getByText(fill(p))).toBeVisible();
  });

  test('service and legal pages show their full text', async ({ page }) => {
    await page.goto('/services/powerbi_dashboards');
    const service = services.find((s) => s.slug === 'powerbi_dashboards');
    for (const f of service.faqs) await expect(page.getByText(f.answer)).toBeVisible();
    await page.goto('/terms_and_conditions');
    await expect(page.getByRole('heading', { name: '11. Final provisions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Legal contact' })).toBeVisible();
  });
});
