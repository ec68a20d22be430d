import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from './support/test';
import { axeViolations, bothThemesAt, expectNoAxeViolationsInViews } from './support/axe';
import { ASPECT_STORAGE_KEY } from '../../widgets/dashboard-gallery/aspectRatio';
import { DASHBOARD_LOAD_TIMEOUT_MS } from '../../widgets/lib/reports';
import { SPEC_REPORT_TITLES } from '../support/specReports';
import { seedConsent } from './support/consent';
import { POWER_BI_URL, hangPowerBi, holdPowerBi, stubPowerBi } from './support/powerbi';

const reports = JSON.parse(readFileSync('site/_data/reports.json', 'utf8')) as { title: string; description: string; iframeHtml: string }[];
const srcOf = (html: string) => /src="([^"]+)"/.exec(html)![1]!;


const gallery = (page: Page, selector = 'dc-dashboard-gallery') => page.locator(selector);
const frameOf = (scope: Locator) => scope.locator('iframe');

test.beforeEach(async ({ context }) => {
  // A returning visitor who allowed functional content (no banner; frames may load).
  await seedConsent(context, { functional: true });
});

test.describe('/portfolio page', () => {
  test('without JavaScript the page describes every report', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard portfolio' })).toBeVisible();
    for (const report of reports) {
      await expect(page.getByRole('heading', { level: 3, name: report.title, exact: true })).toBeVisible();
      await expect(page.getByText(report.description)).toBeVisible();
    }
    await expect(page.getByText('Last updated Mar 10, 2025')).toBeVisible();
    await context.close();
  });

  test('six report tabs, the first selected; tabs follow the WAI-ARIA pattern', async ({ page }) => {
    await stubPowerBi(page);
    await page.goto('/portfolio');
    const tablist = page.getByRole('tablist', { name: 'Finance reports' });
    const tabs = tablist.getByRole('tab');
    await expect(tabs).toHaveText([...SPEC_REPORT_TITLES]);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Overview', exact: true })).toBeVisible();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('Last updated Mar 10, 2025')).toBeVisible();
    await expect(panel.getByText('Report 1 of 6')).toBeVisible();

    // Roving tabindex: one tab stop, on the selected tab.
    await expect(tabs.nth(0)).toHaveAttribute('tabindex', '0');
    await expect(tabs.nth(1)).toHaveAttribute('tabindex', '-1');

    // Arrow keys move focus (wrapping), Home/End jump; Enter or Space selects (manual activation).
    await tabs.first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(5)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(0)).toBeFocused();
    await page.keyboard.press('End');
    await expect(tabs.nth(5)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tabs.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(2)).toBeFocused();
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'false');
    await expect(tabs.nth(2)).toHaveAttribute('tabindex', '0');
    await expect(page.getByRole('tabpanel', { name: 'Balance Sheet Analysis' })).toBeVisible();
    await expect(panel.getByText('Last updated Feb 26, 2025')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
  });

  test('the frame shows loading, then the report; changing report resets to loading', async ({ page }) => {
    const powerBi = await holdPowerBi(page);
    await page.goto('/portfolio', { waitUntil: 'domcontentloaded' });
    const g = gallery(page);
    await expect(g.getByRole('status').filter({ hasText: 'Loading dashboard' })).toBeVisible();
    const frame = frameOf(g);
    await expect(frame).toHaveAttribute('src', srcOf(reports[0]!.iframeHtml));
    await expect(frame).toHaveAttribute('title', 'Finance - Overview');
    await expect(frame).toHaveAttribute('loading', 'lazy');
    await expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    await expect(frame).toHaveAttribute('allowfullscreen', /.*/);
    await expect.poll(() => powerBi.requested.length).toBe(1);

    await powerBi.release();
    await expect(g.getByText('Loading dashboard')).toHaveCount(0);
    await expect(page.frameLocator('dc-dashboard-gallery iframe').getByText('€48.2M')).toBeVisible();

    // Another report: loading again, no error, then loaded.
    await g.getByRole('tab', { name: 'Income Statement' }).click();
    await expect(g.getByText('Loading dashboard')).toBeVisible();
    await expect(g.getByText('Failed to load dashboard')).toHaveCount(0);
    await expect(frameOf(g)).toHaveAttribute('src', srcOf(reports[3]!.iframeHtml));
    await expect(frameOf(g)).toHaveAttribute('title', 'Finance - Income Statement');
    await expect.poll(() => powerBi.requested.length).toBe(2);
    await powerBi.release();
    await expect(g.getByText('Loading dashboard')).toHaveCount(0);
    await expect(g.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', srcOf(reports[3]!.iframeHtml));
    await expect(g.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('target', '_blank');
  });

  test('a frame that does not load within the timeout shows the failure with Open in new tab; Try again reloads', async ({ page }) => {
    await page.clock.install();
    const requested = await hangPowerBi(page);
    await page.goto('/portfolio', { waitUntil: 'domcontentloaded' });
    const g = gallery(page);
    await expect(g.getByText('Loading dashboard')).toBeVisible();
    // The timeout counts only while the frame is on screen (a frame below the fold may not have started).
    await page.clock.runFor(DASHBOARD_LOAD_TIMEOUT_MS * 2);
    await expect(g.getByText('Loading dashboard')).toBeVisible();
    await g.locator('.stage').scrollIntoViewIfNeeded();
    // Intersection callbacks come with the browser's next rendering update (not the fake clock): a fresh
    // observer's first callback arrives after the gallery's own one, so once it has fired the gallery knows.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver(() => {
            observer.disconnect();
            resolve();
          });
          observer.observe(document.querySelector('dc-dashboard-gallery')!);
        }),
    );
    await page.clock.runFor(100); // lets the visibility callback's effect run (Preact schedules effects on a frame)
    await page.clock.runFor(DASHBOARD_LOAD_TIMEOUT_MS - 1000);
    await expect(g.getByText('Loading dashboard')).toBeVisible();
    await expect(g.getByText('Failed to load dashboard')).toHaveCount(0);
    await page.clock.runFor(1000);
    const alert = g.getByRole('alert');
    await expect(alert).toContainText('Failed to load dashboard');
    await expect(alert.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', srcOf(reports[0]!.iframeHtml));
    await expect(frameOf(g)).toHaveCount(0);
    expect(await axeViolations(page, 'dc-dashboard-gallery')).toEqual([]);

    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(g.getByText('Loading dashboard')).toBeVisible();
    await expect.poll(() => requested.length).toBe(2);

    // Switching report while failed: the new report starts loading with no error.
    await page.clock.runFor(DASHBOARD_LOAD_TIMEOUT_MS);
    await expect(g.getByText('Failed to load dashboard')).toBeVisible();
    await g.getByRole('tab', { name: 'Expense & Cost Control' }).click();
    await expect(g.getByText('Loading dashboard')).toBeVisible();
    await expect(g.getByText('Failed to load dashboard')).toHaveCount(0);
  });

  test('a refused connection never counts as a report: it ends in the failure state or the browser error page, never silence', async ({ page }) => {
    // Cross-origin frames do not report network errors; the browser shows its error page in the frame
    // (a load event) or the frame never loads (timeout). Either way the visitor sees something.
    await page.clock.install();
    await page.route(POWER_BI_URL, (route) => route.abort('connectionrefused'));
    await page.goto('/portfolio', { waitUntil: 'domcontentloaded' });
    const g = gallery(page);
    await g.locator('.stage').scrollIntoViewIfNeeded();
    await page.clock.runFor(100);
    await page.clock.runFor(DASHBOARD_LOAD_TIMEOUT_MS);
    await expect(g.getByText('Loading dashboard')).toHaveCount(0);
    await expect(g.getByRole('link', { name: 'Open in new tab' }).first()).toBeVisible();
  });

  test('aspect ratio: 16:9 by default, the choice survives a reload in the session and not a new session', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 1200 }); // the frame is capped at 80vh
    await stubPowerBi(page);
    await page.goto('/portfolio');
    const g = gallery(page);
    const group = g.getByRole('radiogroup', { name: 'Aspect ratio' });
    await expect(group.getByRole('radio')).toHaveCount(4);
    await expect(group.getByRole('radio', { name: '16:9' })).toBeChecked();
    const stage = g.locator('.stage');
    const ratio = async () => stage.evaluate((el) => el.getBoundingClientRect().width / el.getBoundingClientRect().height);
    await expect.poll(ratio).toBeCloseTo(16 / 9, 1);

    await group.getByRole('radio', { name: '4:3' }).check();
    await expect.poll(ratio).toBeCloseTo(4 / 3, 1);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), ASPECT_STORAGE_KEY)).toBe('4:3');
    await group.getByRole('radio', { name: '21:9' }).check();
    await expect.poll(ratio).toBeCloseTo(21 / 9, 1);
    await group.getByRole('radio', { name: 'Auto' }).check();
    await expect.poll(ratio).toBeCloseTo(1140 / 541.25, 1);
    await group.getByRole('radio', { name: '4:3' }).check();

    await page.reload();
    await expect(gallery(page).getByRole('radio', { name: '4:3' })).toBeChecked();
    await expect.poll(ratio).toBeCloseTo(4 / 3, 1);

    // A new browser session starts at the default.
    const fresh = await browser.newContext();
    await seedConsent(fresh, { functional: true });
    await stubPowerBi(fresh);
    const other = await fresh.newPage();
    await other.goto('/portfolio');
    await expect(gallery(other).getByRole('radio', { name: '16:9' })).toBeChecked();
    await fresh.close();
  });

  test('Copy link copies the report URL and confirms for 2 s', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await stubPowerBi(page);
    await page.goto('/portfolio');
    const g = gallery(page);
    await g.getByRole('tab', { name: 'Variance & Budget Control' }).click();
    // From here the clock moves only when the test says so (a busy machine cannot eat the 2 s). The
    // pause is 5 s ahead of the page's time read just before: 1 s was once in the past by the time
    // the pause arrived. Nothing on the page waits for less (a report frame times out after 20 s).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000);
    await g.getByRole('button', { name: 'Copy link' }).click();
    await expect(g.getByRole('button', { name: 'Link copied' })).toBeVisible();
    await expect(g.getByRole('status').filter({ hasText: 'Link copied to the clipboard' })).toHaveCount(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(srcOf(reports[5]!.iframeHtml));
    await page.clock.runFor(1999);
    await expect(g.getByRole('button', { name: 'Link copied' })).toBeVisible();
    await page.clock.runFor(1);
    await expect(g.getByRole('button', { name: 'Copy link' })).toBeVisible();
  });

  test('a denied clipboard is logged only; the gallery keeps working', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
      });
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await stubPowerBi(page);
    await page.goto('/portfolio');
    const g = gallery(page);
    await g.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => warnings.join('\n')).toContain('could not copy the link');
    await expect(g.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(g.getByRole('button', { name: 'Link copied' })).toHaveCount(0);
    await g.getByRole('tab', { name: 'Overview' }).click();
  });

  test(`axe: page with the loaded gallery, desktop and phone, both themes`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await stubPowerBi(page);
    await page.goto('/portfolio');
    await expect(page.frameLocator('dc-dashboard-gallery iframe').getByText('€48.2M')).toBeVisible();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280) });
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280), include: 'dc-dashboard-gallery' });
  });

  test('at phone width the tabs scroll sideways inside the gallery and the page does not', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await stubPowerBi(page);
    await page.goto('/portfolio');
    const g = gallery(page);
    const tablist = g.getByRole('tablist');
    expect(await tablist.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const last = g.getByRole('tab', { name: 'Variance & Budget Control' });
    await last.click();
    await expect(last).toBeInViewport();
    await expect(last).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('on a partner page', () => {
  // The partner's origin, and ours as partners see it. Chromium blocks a public page from reaching
  // localhost (local network access), so our public origin is proxied to the real test server:
  // the partner page gets our real files with our real (CORS) headers, cross-origin.
  const PARTNER = 'http://partner.example';
  const CDN = 'http://www.dataclarity.test';
  const ours = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
  const fixture = readFileSync('tests/e2e/fixtures/partner-page.html', 'utf8');

  async function openPartnerPage(page: Page, { theme = 'light', consent = '' }: { theme?: string; consent?: string } = {}) {
    const html = fixture.replaceAll('__BASE__', CDN).replaceAll('__THEME__', theme).replace('__CONSENT__', consent);
    await page.route(`${PARTNER}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
    await page.route(`${CDN}/**`, async (route) => {
      const response = await route.fetch({ url: route.request().url().replace(CDN, ours) });
      await route.fulfill({ response });
    });
    await page.goto(`${PARTNER}/berichte`, { waitUntil: 'domcontentloaded' });
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`two galleries work independently despite a hostile stylesheet, ${theme} theme`, async ({ page }) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const requested = await stubPowerBi(page);
      await openPartnerPage(page, { theme });
      const inline = gallery(page, '#inline-gallery');
      const fromSrc = gallery(page, '#src-gallery');

      // Inline JSON, initial selection by the selected attribute.
      await expect(inline.getByRole('tab')).toHaveText(['Sales', 'Hostile', 'Other host', 'Budget']);
      await expect(inline.getByRole('tab', { name: 'Budget' })).toHaveAttribute('aria-selected', 'true');
      // Fetched from src (cross-origin), first report selected.
      await expect(fromSrc.getByRole('tab')).toHaveText([...SPEC_REPORT_TITLES]);
      await expect(fromSrc.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

      // The hostile page styles do not reach in.
      const tab = fromSrc.getByRole('tab', { name: 'Overview' });
      await expect(tab).toBeVisible();
      const look = await tab.evaluate((el) => {
        const s = getComputedStyle(el);
        return { fontSize: s.fontSize, transform: s.textTransform, spacing: s.letterSpacing, display: s.display, color: s.color };
      });
      expect(parseFloat(look.fontSize)).toBeLessThan(18);
      expect(look.transform).toBe('none');
      expect(look.spacing).toBe('normal');
      expect(look.color).not.toBe('rgb(255, 0, 0)');
      await expect(frameOf(inline)).toBeVisible();
      expect(await frameOf(inline).evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(300);

      // Theme: the galleries follow the partner's data-theme through the --dc-* tokens.
      const surface = await fromSrc.locator('.gallery').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(surface).toBe(theme === 'dark' ? 'rgb(17, 24, 40)' : 'rgb(255, 255, 255)');

      // Independent state.
      await fromSrc.getByRole('tab', { name: 'Income Statement' }).click();
      await expect(fromSrc.getByRole('tab', { name: 'Income Statement' })).toHaveAttribute('aria-selected', 'true');
      await expect(inline.getByRole('tab', { name: 'Budget' })).toHaveAttribute('aria-selected', 'true');
      await inline.getByRole('tab', { name: 'Sales' }).click();
      await expect(inline.getByRole('heading', { name: 'Sales' })).toBeVisible();
      await expect(fromSrc.getByRole('heading', { name: 'Income Statement' })).toBeVisible();

      // A hostile snippet: 'Invalid Dashboard', nothing from it runs, the rest keeps working.
      await inline.getByRole('tab', { name: 'Hostile' }).click();
      await expect(inline.getByText('Invalid Dashboard')).toBeVisible();
      await expect(inline.getByText('Unable to parse the provided iframe HTML')).toBeVisible();
      await expect(frameOf(inline)).toHaveCount(0);
      await expect(inline.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
      await inline.getByRole('tab', { name: 'Other host' }).click();
      await expect(inline.getByText('Invalid Dashboard')).toBeVisible();
      expect(await axeViolations(page, '#inline-gallery')).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(requested.some((url) => url.includes('r=x'))).toBe(false);
      await inline.getByRole('tab', { name: 'Budget' }).click();
      await expect(frameOf(inline)).toHaveAttribute('src', 'https://app.powerbi.com/view?r=partner-budget');

      // Events bubble out of the shadow root to document, with their detail.
      const events = await page.evaluate(() => (window as unknown as { __events: { type: string; gallery: string; detail: Record<string, unknown>; bubbles: boolean; composed: boolean }[] }).__events);
      expect(events).toEqual(
        expect.arrayContaining([
          { type: 'dc-report-change', gallery: 'src-gallery', detail: { id: 'income-statement', title: 'Income Statement', index: 3 }, bubbles: true, composed: true },
          { type: 'dc-report-change', gallery: 'inline-gallery', detail: { id: 'hostile', title: 'Hostile', index: 1 }, bubbles: true, composed: true },
          expect.objectContaining({ type: 'dc-report-error', gallery: 'inline-gallery', detail: expect.objectContaining({ id: 'other-host', reason: 'invalid' }) }),
          expect.objectContaining({ type: 'dc-report-load', gallery: 'src-gallery' }),
        ]),
      );
      expect(await axeViolations(page, '#inline-gallery')).toEqual([]);
    });
  }

  test('frames wait for consent where the page manages it; Allow and load grants functional', async ({ page }) => {
    // A stand-in for <dc-consent>'s global (widgets/lib/consentClient.ts contract): nothing allowed yet.
    const consent = `<script>
      (function () {
        var functional = false;
        window.__granted = [];
        window.dcConsent = {
          getRecord: function () { return null; },
          allows: function (category) { return category === 'functional' && functional; },
          onChange: function () { return function () {}; },
          open: function () { window.__opened = true; },
          grant: function (categories) {
            window.__granted.push(categories);
            functional = categories.indexOf('functional') >= 0;
            var categoriesState = { strictlyNecessary: true, functional: functional, analytics: false, marketing: false };
            document.dispatchEvent(new CustomEvent('dc-consent-change', { detail: { record: null, categories: categoriesState }, bubbles: true, composed: true }));
            return Promise.resolve();
          }
        };
      })();
    </script>`;
    const requested = await stubPowerBi(page);
    await openPartnerPage(page, { consent });
    const g = gallery(page, '#src-gallery');
    await expect(g.getByText('This report is hosted by Microsoft Power BI')).toBeVisible();
    await expect(frameOf(g)).toHaveCount(0);
    await expect(frameOf(gallery(page, '#inline-gallery'))).toHaveCount(0);
    expect(requested).toEqual([]);
    expect(await axeViolations(page, '#src-gallery')).toEqual([]);

    await g.getByRole('button', { name: 'Cookie settings' }).click();
    expect(await page.evaluate(() => (window as unknown as { __opened?: boolean }).__opened)).toBe(true);

    await g.getByRole('button', { name: 'Allow and load reports' }).click();
    expect(await page.evaluate(() => (window as unknown as { __granted: string[][] }).__granted)).toEqual([['functional']]);
    await expect(page.frameLocator('#src-gallery iframe').getByText('€48.2M')).toBeVisible();
    // The other gallery hears the same consent change.
    await expect(frameOf(gallery(page, '#inline-gallery'))).toHaveCount(1);
  });

  test('a page without consent management loads frames directly', async ({ page }) => {
    await stubPowerBi(page);
    await openPartnerPage(page);
    await expect(page.frameLocator('#src-gallery iframe').getByText('€48.2M')).toBeVisible();
    await expect(gallery(page, '#src-gallery').getByText('This report is hosted by Microsoft Power BI')).toHaveCount(0);
  });

  test('a broken src shows a message with Retry, not an empty element', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    let fail = true;
    await stubPowerBi(page);
    await openPartnerPage(page);
    // Registered last, so it answers before the proxy: the feed is down until `fail` is cleared.
    await page.route(`${CDN}/data/reports.json`, (route) =>
      fail ? route.fulfill({ status: 503, body: 'busy', headers: { 'Access-Control-Allow-Origin': '*' } }) : route.fallback(),
    );
    await page.reload({ waitUntil: 'domcontentloaded' });
    const g = gallery(page, '#src-gallery');
    await expect(g.getByRole('alert')).toContainText('The reports could not be loaded.');
    expect(warnings.join('\n')).toContain('HTTP 503');
    fail = false;
    await g.getByRole('button', { name: 'Retry' }).click();
    await expect(g.getByRole('tab')).toHaveCount(6);
  });
});
