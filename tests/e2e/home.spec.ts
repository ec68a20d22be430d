import { expect, test, type Page } from './support/test';
import { axeViolations, bothThemesAt, expectNoAxeViolationsInViews } from './support/axe';
import { readFileSync } from 'node:fs';
import { INTERVALS } from '../../shared/constants';
import { badgeTone } from '../../site/_pageData/proficiency';
import { seedConsent } from './support/consent';

/* Home page (SPEC 2.3): hero, metrics card, technology stack tabs, why-choose-us tabs. */

type Json = any;
const data = (name: string): Json => JSON.parse(readFileSync(`site/_data/${name}.json`, 'utf8'));
const home = data('home');
const techStack = data('techStack');
const why = data('whyChooseUs');
const companyName: string = data('company').name;

const metricButtons = (page: Page) => page.getByRole('region', { name: home.metrics.title }).getByRole('button');
const whyTab = (page: Page, name: string | RegExp) =>
  page.getByRole('tablist', { name: 'Why choose us' }).getByRole('tab', { name });

/** Fake timers that do not move unless the test moves them (page.clock.runFor). */
async function freezeClock(page: Page) {
  const start = new Date('2026-01-05T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}


test.beforeEach(async ({ context }) => seedConsent(context));
test.describe.configure({ timeout: 60_000 });

test.describe('hero', () => {
  test('shows the headline, both calls to action and the static progress bar', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Excellence Redefined' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Your Transformation' })).toHaveAttribute('href', '/free_consultation');
    await expect(page.getByRole('link', { name: 'Watch Demo' })).toHaveAttribute('href', '/portfolio');
    const bar = page.getByRole('progressbar', { name: 'Data Cleaning in Progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '73');
    await expect(page.locator('.hero-progress')).toContainText('73%');
    await expect(page.locator('.hero-progress')).toContainText('2.3M records');
    const services = page.getByRole('list', { name: home.services.title });
    await expect(services.getByRole('listitem')).toHaveText(
      ['Predictive Analytics', 'Interactive Dashboards', 'Data Security', 'Strategic Insights'].map((t) => new RegExp(t)),
    );
  });

  test('has 50 decorative particles that take no layout and stop under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    const particles = page.locator('.home-hero .particles');
    await expect(particles).toHaveAttribute('aria-hidden', 'true');
    await expect(particles.locator('circle')).toHaveCount(50);
    expect(await particles.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
    // They drift in layers, each animated as a whole (a compositor animation), not circle by circle.
    const layers = particles.locator('svg.particles-layer');
    await expect(layers).toHaveCount(5);
    for (const name of await layers.evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName))) expect(name).toMatch(/^dc-drift/);
    expect(await particles.locator('circle').first().evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await layers.first().evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });

  test('publishes Organization structured data', async ({ page }) => {
    await page.goto('/');
    const json = await page.locator('script[type="application/ld+json"]').first().textContent();
    const ld = JSON.parse(json ?? '{}');
    expect(ld['@type']).toBe('Organization');
    expect(ld.name).toBe(companyName);
    expect(ld.address.addressLocality).toBe('Mannheim');
    expect(ld.foundingDate).toBe('2025');
    expect(ld.founders).toHaveLength(3);
  });
});

test.describe('metrics card', () => {
  test('shows the four figures and advances the highlight every 3 s', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    const buttons = metricButtons(page);
    await expect(buttons).toHaveCount(4);
    for (const [i, m] of (home.metrics.items as Json[]).entries()) {
      await expect(buttons.nth(i)).toContainText(m.value);
      await expect(buttons.nth(i)).toContainText(m.label);
    }
    await expect(page.locator('dc-metrics-card')).toHaveAttribute('data-ready', '');
    await expect(buttons.nth(0)).toHaveAttribute('aria-pressed', 'true');
    await page.clock.runFor(INTERVALS.metricsMs - 1);
    await expect(buttons.nth(0)).toHaveAttribute('aria-pressed', 'true');
    await page.clock.runFor(1);
    await expect(buttons.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(buttons.nth(0)).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText(home.metrics.items[1].description)).toBeVisible();
    await expect(page.getByText(home.metrics.items[0].description)).toBeHidden();
    await page.clock.runFor(INTERVALS.metricsMs * 3);
    await expect(buttons.nth(0)).toHaveAttribute('aria-pressed', 'true');
  });

  test('follows a click and continues from the chosen figure', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    const buttons = metricButtons(page);
    await expect(page.locator('dc-metrics-card')).toHaveAttribute('data-ready', '');
    await buttons.nth(2).click();
    await expect(buttons.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(home.metrics.items[2].description)).toBeVisible();
    // While the pointer rests on the card the highlight stays.
    await page.clock.runFor(INTERVALS.metricsMs * 2);
    await expect(buttons.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await page.mouse.move(1, 1);
    await page.clock.runFor(INTERVALS.metricsMs);
    await expect(buttons.nth(3)).toHaveAttribute('aria-pressed', 'true');
  });

  test('stops its timer when the element leaves the page', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    await expect(page.locator('dc-metrics-card')).toHaveAttribute('data-ready', '');
    const first = await page.evaluate(() => {
      const card = document.querySelector('dc-metrics-card')!;
      (window as unknown as { detached: Element }).detached = card;
      card.remove();
      return card.querySelector('[data-metric]')!.getAttribute('aria-pressed');
    });
    expect(first).toBe('true');
    await page.clock.runFor(INTERVALS.metricsMs * 2);
    const after = await page.evaluate(() =>
      (window as unknown as { detached: Element }).detached.querySelector('[data-metric]')!.getAttribute('aria-pressed'),
    );
    expect(after).toBe('true');
  });
});

test.describe('technology stack', () => {
  test('each category tab shows its four technologies with the right badge colour', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    const tablist = page.getByRole('tablist', { name: 'Technology categories' });
    const tabs = tablist.getByRole('tab');
    await expect(tabs).toHaveCount(6);
    await expect(page.locator('dc-tech-stack')).toHaveAttribute('data-ready', '');
    for (const category of techStack.categories as Json[]) {
      const tab = tablist.getByRole('tab', { name: category.title });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel', { name: category.title });
      await expect(panel).toBeVisible();
      await expect(page.locator('dc-tech-stack').getByRole('tabpanel')).toHaveCount(1);
      // One round trip per category: name, description, badge text and colour class of each item.
      const items = await panel.locator('.tech-item').evaluateAll((nodes) =>
        nodes.map((node) => ({
          name: node.querySelector('h4')?.textContent?.trim(),
          description: node.querySelector(':scope > p')?.textContent?.trim(),
          badge: node.querySelector('.badge')?.textContent?.replace(/\s+/g, ' ').trim(),
          tone: [...(node.querySelector('.badge')?.classList ?? [])].find((c) => c.startsWith('badge-')),
        })),
      );
      expect(items).toEqual(
        (category.technologies as Json[]).map((tech) => ({
          name: tech.name,
          description: tech.description,
          badge: expect.stringMatching(new RegExp(`^${tech.proficiency}%`)),
          tone: `badge-${badgeTone(tech.proficiency)}`,
        })),
      );
      await expect(panel.getByRole('link', { name: `Explore ${category.title}` })).toHaveAttribute('href', category.servicePath);
    }
  });

  test('badge colours: green from 90, blue from 85, yellow below', async ({ page }) => {
    await page.goto('/');
    const colours = await page.evaluate(() => {
      const read = (cls: string) => getComputedStyle(document.querySelector(`.tech .${cls}`)!).color;
      return { green: read('badge-green'), blue: read('badge-blue'), yellow: read('badge-yellow') };
    });
    expect(new Set(Object.values(colours)).size).toBe(3);
    // Power BI 96 (green), Python 88 (blue), Tableau 82 (yellow), Microsoft Fabric exactly 90, Prophet exactly 85.
    await expect(page.locator('.tech-item', { hasText: 'Tableau' }).locator('.badge')).toHaveClass(/badge-yellow/);
    await expect(page.locator('.tech-item', { hasText: 'Microsoft Fabric' }).locator('.badge')).toHaveClass(/badge-green/);
    await expect(page.locator('.tech-item', { hasText: 'Prophet' }).locator('.badge')).toHaveClass(/badge-blue/);
  });

  test('follows the WAI-ARIA tabs keyboard pattern', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('dc-tech-stack')).toHaveAttribute('data-ready', '');
    const tablist = page.getByRole('tablist', { name: 'Technology categories' });
    const tabs = tablist.getByRole('tab');
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(1)).toHaveAttribute('tabindex', '0');
    await expect(tabs.nth(0)).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('End');
    await expect(tabs.nth(5)).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: techStack.categories[5].title })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(5)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tabs.nth(0)).toBeFocused();
    // Tab moves from the selected tab into its panel.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: techStack.categories[0].title })).toBeFocused();
  });

  test('shows the side panels and core capabilities', async ({ page }) => {
    await page.goto('/');
    const facts = page.getByRole('list', { name: 'Technology facts' });
    for (const p of techStack.panels as Json[]) {
      await expect(facts.getByText(p.value, { exact: true })).toBeVisible();
      await expect(facts.getByText(p.label, { exact: true })).toBeVisible();
    }
    const side = page.getByRole('complementary', { name: techStack.capabilities.title });
    for (const item of techStack.capabilities.items as string[]) await expect(side.getByText(item)).toBeVisible();
  });
});

test.describe('why choose us', () => {
  const labels = (why.tabs as Json[]).map((t) => String(t.label).replace('{company.name}', companyName));

  test('has the four tabs with their content', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    await expect(page.getByRole('tablist', { name: 'Why choose us' }).getByRole('tab')).toHaveText(labels);
    await expect(page.locator('dc-why-choose-us')).toHaveAttribute('data-ready', '');
    await page.mouse.move(1, 1);
    const panel = () => page.locator('.why-panel:visible');
    await expect(panel().locator('.usp')).toHaveCount(6);
    await whyTab(page, 'How We Work').click();
    await expect(panel().locator('.process-step')).toHaveCount(4);
    await expect(panel().getByRole('heading', { name: 'What you get' })).toHaveCount(4);
    await whyTab(page, 'Differentiators').click();
    await expect(panel().getByRole('table').locator('tbody tr')).toHaveCount(8);
    await expect(panel()).toContainText('2-4 weeks');
    await expect(panel()).toContainText('8-12 weeks');
    await expect(panel().getByRole('table').getByText('Yes', { exact: true }).first()).toBeAttached();
    await expect(panel().getByRole('table').getByText('No', { exact: true }).first()).toBeAttached();
    await whyTab(page, 'Outcomes').click();
    for (const k of why.kpis as Json[]) {
      await expect(panel().getByText(k.value, { exact: true })).toBeVisible();
      await expect(panel().getByText(k.label, { exact: true })).toBeVisible();
    }
    await expect(panel().locator('blockquote')).toContainText(why.testimonial.quote);
    await expect(panel()).toContainText(why.testimonial.author);
  });

  test('advances every 4 s, not while the pointer is over the content', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    await expect(page.locator('dc-why-choose-us')).toHaveAttribute('data-ready', '');
    await page.mouse.move(1, 1);
    await expect(whyTab(page, labels[0]!)).toHaveAttribute('aria-selected', 'true');
    await page.clock.runFor(INTERVALS.whyChooseUsMs - 1);
    await expect(whyTab(page, labels[0]!)).toHaveAttribute('aria-selected', 'true');
    await page.clock.runFor(1);
    await expect(whyTab(page, 'How We Work')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'How We Work' })).toBeVisible();

    await page.locator('[data-why-content]').hover();
    await page.clock.runFor(INTERVALS.whyChooseUsMs * 3);
    await expect(whyTab(page, 'How We Work')).toHaveAttribute('aria-selected', 'true');
    await page.mouse.move(1, 1);
    await page.clock.runFor(INTERVALS.whyChooseUsMs);
    await expect(whyTab(page, 'Differentiators')).toHaveAttribute('aria-selected', 'true');
  });

  test('pauses while keyboard focus is inside and restarts the interval from a chosen tab', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    await expect(page.locator('dc-why-choose-us')).toHaveAttribute('data-ready', '');
    await page.mouse.move(1, 1);
    await whyTab(page, labels[0]!).focus();
    await page.keyboard.press('ArrowRight');
    await expect(whyTab(page, 'How We Work')).toBeFocused();
    await page.clock.runFor(INTERVALS.whyChooseUsMs * 2);
    await expect(whyTab(page, 'How We Work')).toHaveAttribute('aria-selected', 'true');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(INTERVALS.whyChooseUsMs);
    await expect(whyTab(page, 'Differentiators')).toHaveAttribute('aria-selected', 'true');
  });

  test(`every tab panel passes axe in the both themes`, async ({ page }) => {
    // No fake clock here (axe needs real timers); keyboard focus in the tab list holds the rotation.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.locator('dc-why-choose-us')).toHaveAttribute('data-ready', '');
    await whyTab(page, labels[0]!).focus();
    for (const label of labels.slice(1)) {
      await page.keyboard.press('ArrowRight');
      await expect(whyTab(page, label)).toHaveAttribute('aria-selected', 'true');
      await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280), include: '#why-choose-us' });
    }
  });

  test.describe('at phone width', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the tabs are a dropdown that closes when a tab is chosen', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('dc-why-choose-us')).toHaveAttribute('data-ready', '');
      const toggle = page.locator('[data-why-toggle]');
      await toggle.scrollIntoViewIfNeeded();
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(whyTab(page, 'Outcomes')).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(whyTab(page, 'Outcomes')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await whyTab(page, 'Outcomes').click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(whyTab(page, 'Outcomes')).toBeHidden();
      await expect(toggle).toContainText('Outcomes');
      await expect(page.getByRole('tabpanel', { name: 'Outcomes' })).toBeVisible();
      await toggle.click();
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
    });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every word of the page is readable', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Excellence Redefined' })).toBeVisible();
    for (const m of home.metrics.items as Json[]) await expect(page.getByText(m.description)).toBeVisible();
    for (const category of techStack.categories as Json[]) {
      await expect(page.getByRole('heading', { name: category.title, exact: true })).toBeVisible();
      for (const tech of category.technologies as Json[]) await expect(page.getByText(tech.description)).toBeVisible();
    }
    await expect(page.getByRole('tablist')).toHaveCount(0);
    for (const tab of why.tabs as Json[]) await expect(page.getByRole('heading', { name: tab.title })).toBeVisible();
    await expect(page.getByText(why.testimonial.quote)).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
  });
});
