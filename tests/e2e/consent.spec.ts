import { bothThemesAt, expectNoAxeViolations, expectNoAxeViolationsInViews } from './support/axe';
import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from './support/test';
import { COOKIE_NAME, POLICY_VERSION } from '../../widgets/lib/consentCookie';
import { COOKIE_MAX_AGE_S, type ConsentRecord } from '../../widgets/lib/consentRecord';
import { seedConsent } from './support/consent';
import { layoutShift, recordLayoutShift } from './support/layoutShift';

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
/** A foreign origin for the partner page: another host name for the same loopback server. */
const PARTNER = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}/partner`;

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Cookie preferences' });
/** The dialog's on-demand chunk on the site. */
const DIALOG_CHUNK = /\/assets\/js\/Preferences-[\w-]+\.js$/;

async function consentCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === COOKIE_NAME);
  return cookie ? { cookie, record: JSON.parse(decodeURIComponent(cookie.value)) as ConsentRecord } : null;
}

/** Whether the focused element (looking into the shadow root) is inside the open dialog. */
const focusInDialog = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('dc-consent')?.shadowRoot;
    const active = root?.activeElement;
    return Boolean(active && root?.querySelector('dialog')?.contains(active));
  });

async function expectSpecCookie(context: BrowserContext, categories: ConsentRecord['categories']) {
  const found = await consentCookie(context);
  expect(found, 'consent cookie written').not.toBeNull();
  const { cookie, record } = found!;
  expect(cookie.path).toBe('/');
  expect(cookie.sameSite).toBe('Lax');
  // The suite's site is plain http://localhost: Secure only on https pages, or Safari would drop the
  // cookie there (widgets/consent/cookieScheme.test.ts holds both schemes).
  expect(cookie.secure).toBe(new URL(context.pages()[0]!.url()).protocol === 'https:');
  expect(cookie.httpOnly).toBe(false);
  expect(Math.abs(cookie.expires - (Date.now() / 1000 + COOKIE_MAX_AGE_S))).toBeLessThan(120);
  expect(record.categories).toEqual(categories);
  expect(record.policyVersion).toBe(POLICY_VERSION);
  expect(record.consentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(Date.parse(record.timestamp)).not.toBeNaN();
  expect(record.lastUpdated).toBe(record.timestamp);
  expect(record.timezone.length).toBeGreaterThan(0);
  expect(record.ipMasked).toBe('unavailable');
  expect(record.ipHash).toBe('unavailable');
  expect(record.location).toEqual({ country: 'Unknown', region: 'Unknown', city: 'Unknown' });
  return record;
}

test.describe('on the site', () => {
  test('a first visit shows the banner with three equal choices; Accept All stores every category', async ({ page, context }) => {
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('heading', { name: 'Your privacy choices' })).toBeVisible();
    const boxes = await Promise.all(
      ['Accept All', 'Reject All', 'Customize'].map((name) => banner(page).getByRole('button', { name }).boundingBox()),
    );
    for (const box of boxes) {
      expect(box!.width).toBeCloseTo(boxes[0]!.width, 0);
      expect(box!.height).toBeCloseTo(boxes[0]!.height, 0);
    }
    const weights = await banner(page).getByRole('button').evaluateAll((buttons) =>
      buttons.map((b) => `${getComputedStyle(b).fontWeight} ${getComputedStyle(b).backgroundColor} ${getComputedStyle(b).color}`),
    );
    expect(new Set(weights).size).toBe(1);

    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toBeHidden();
    await expectSpecCookie(context, { strictlyNecessary: true, functional: true, analytics: true, marketing: true });
    expect(logs.some((line) => line.includes('dc-consent: consent saved'))).toBe(true);
    await expect(page.getByRole('status')).toHaveText('Your choices have been saved.');

    await page.reload();
    await expect(page.locator('dc-consent')).toBeAttached();
    await page.waitForFunction(() => Boolean(window.dcConsent));
    await expect(banner(page)).toHaveCount(0);
  });

  test('Reject All keeps only strictly necessary, and a reload shows no banner', async ({ page, context }) => {
    await page.goto('/about');
    await banner(page).getByRole('button', { name: 'Reject All' }).click();
    await expect(banner(page)).toBeHidden();
    await expectSpecCookie(context, { strictlyNecessary: true, functional: false, analytics: false, marketing: false });
    await page.goto('/contact');
    await page.waitForFunction(() => Boolean(window.dcConsent));
    await expect(banner(page)).toHaveCount(0);
  });

  test('Customize opens the dialog; Save Choices stores the toggles; the choice is kept on the next save', async ({ page, context }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Customize' }).click();
    await expect(banner(page)).toHaveCount(0);
    const prefs = dialog(page);
    await expect(prefs).toBeVisible();
    const necessary = prefs.getByRole('switch', { name: 'Strictly necessary' });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    for (const name of ['Functional', 'Analytics', 'Marketing']) {
      await expect(prefs.getByRole('switch', { name })).not.toBeChecked();
      await expect(prefs.getByRole('switch', { name })).toBeEnabled();
    }
    await expect(prefs.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(prefs.getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', '/imprint');
    await expect(prefs.locator('.fx i')).toHaveCount(15);

    // The vendor list with the spec's retention periods.
    for (const summary of await prefs.locator('summary').all()) await summary.click();
    await expect(prefs.getByText('Google Analytics 4')).toBeVisible();
    await expect(prefs.getByText('26 months')).toBeVisible();
    await expect(prefs.getByText('12 months')).toBeVisible();
    await expect(prefs.getByRole('link', { name: 'Privacy policy of the vendor: Google Analytics 4' })).toHaveAttribute(
      'href',
      'https://policies.google.com/privacy',
    );

    await prefs.getByRole('switch', { name: 'Analytics' }).check();
    await prefs.getByRole('button', { name: 'Save Choices' }).click();
    await expect(prefs).toBeHidden();
    const first = await expectSpecCookie(context, { strictlyNecessary: true, functional: false, analytics: true, marketing: false });

    await page.reload();
    await page.waitForFunction(() => Boolean(window.dcConsent));
    await expect(banner(page)).toHaveCount(0);
    // Reopen from the footer: the toggles show the stored choice.
    const settings = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' });
    await settings.click();
    await expect(dialog(page)).toBeVisible();
    await expect(page).not.toHaveURL(/privacy/);
    await expect(dialog(page).getByRole('switch', { name: 'Analytics' })).toBeChecked();
    await dialog(page).getByRole('switch', { name: 'Marketing' }).check();
    await dialog(page).getByRole('button', { name: 'Save Choices' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(settings).toBeFocused();
    const { record } = (await consentCookie(context))!;
    expect(record.categories).toEqual({ strictlyNecessary: true, functional: false, analytics: true, marketing: true });
    expect(record.consentId).toBe(first.consentId);
    expect(record.timestamp).toBe(first.timestamp);
    expect(Date.parse(record.lastUpdated)).toBeGreaterThanOrEqual(Date.parse(first.lastUpdated));
  });

  test('Escape and the close button close the dialog; Tab never leaves it; focus returns to the trigger', async ({ page, context }) => {
    await seedConsent(context);
    await page.goto('/');
    const settings = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' });
    await settings.click();
    await expect(dialog(page)).toBeVisible();
    expect(await focusInDialog(page)).toBe(true);
    for (let i = 0; i < 14; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page), `after Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 14; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(page), `after Shift+Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(settings).toBeFocused();

    await settings.click();
    await dialog(page).getByRole('button', { name: 'Close cookie preferences' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(settings).toBeFocused();
  });

  test('the dialog and its texts load on demand: not for a returning visitor until opened; a failed load is retried', async ({ page, context }) => {
    await seedConsent(context);
    const dialogCode: string[] = [];
    const texts: string[] = [];
    page.on('request', (request) => {
      if (DIALOG_CHUNK.test(request.url())) dialogCode.push(request.url());
      if (request.url().endsWith('/data/consent.json')) texts.push(request.url());
    });
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/');
    await page.waitForFunction(() => Boolean(window.dcConsent));
    await page.waitForLoadState('networkidle');
    expect(dialogCode, 'no dialog code on page load').toEqual([]);
    expect(texts, 'no consent texts on page load').toEqual([]);

    // The network fails once: the click does nothing visible and says why in the console.
    await page.route(DIALOG_CHUNK, (route) => route.abort('connectionrefused'));
    const settings = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' });
    await settings.click();
    await expect.poll(() => errors.some((text) => text.includes('the preferences dialog could not be loaded'))).toBe(true);
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/privacy/);

    // Back online: the next click loads it and opens the dialog.
    await page.unroute(DIALOG_CHUNK);
    await settings.click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
    expect(dialogCode.length).toBe(2);
    expect(texts.length, 'the texts are fetched once the settings are opened').toBe(1);
  });

  test('a first visit loads no dialog code until the visitor reaches for Customize', async ({ page }) => {
    const dialogCode: string[] = [];
    page.on('request', (request) => {
      if (DIALOG_CHUNK.test(request.url())) dialogCode.push(request.url());
    });
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(dialogCode, 'no dialog code while the banner only shows').toEqual([]);

    // The pointer over Customize starts the fetch; the click opens the dialog.
    const loaded = page.waitForRequest(DIALOG_CHUNK);
    const customize = banner(page).getByRole('button', { name: 'Customize' });
    await customize.hover();
    await loaded;
    await customize.click();
    await expect(dialog(page)).toBeVisible();
    expect(dialogCode.length).toBe(1);
  });

  test("a first visit's banner needs no request for its texts; the dialog's texts come when the visitor reaches for Customize, and a failed fetch is retried", async ({ page }) => {
    const texts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/data/consent.json')) texts.push(request.url());
    });
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    // The texts cannot be loaded: the banner still shows, whole, from the texts built into the element.
    await page.route('**/data/consent.json', (route) => route.abort('connectionrefused'));
    await page.goto('/career');
    await expect(banner(page).getByRole('heading', { name: 'Your privacy choices' })).toBeVisible();
    await expect(banner(page).getByText('We use cookies and similar technologies.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(texts, 'no texts request while the banner only shows').toEqual([]);

    // Customize needs them: the fetch fails, the banner stays and says why in the console.
    const customize = banner(page).getByRole('button', { name: 'Customize' });
    await customize.click();
    await expect.poll(() => errors.some((text) => text.includes('could not load the consent texts'))).toBe(true);
    await expect(banner(page)).toBeVisible();
    await expect(customize).not.toHaveAttribute('aria-busy');
    await expect(dialog(page)).toHaveCount(0);

    // Back online: the next click fetches them again and the dialog opens.
    await page.unroute('**/data/consent.json');
    await customize.click();
    await expect(dialog(page)).toBeVisible();
    expect(texts.length).toBe(2);
    await expect(dialog(page).getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  });

  test('Customize by keyboard fetches the dialog on focus; a slow fetch keeps the banner until it opens', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(DIALOG_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const customize = banner(page).getByRole('button', { name: 'Customize' });
    const loaded = page.waitForRequest(DIALOG_CHUNK);
    await customize.focus();
    await loaded;
    await page.keyboard.press('Enter');
    // Still loading: the banner stays, Customize says it is busy, nothing else is lost.
    await expect(customize).toHaveAttribute('aria-busy', 'true');
    await expect(banner(page)).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    release();
    await expect(dialog(page)).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });

  test('closing the dialog without a choice brings the banner back, with focus on Customize (issue 36: it went to <body>)', async ({ page, context }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Customize' }).click();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Customize' })).toBeFocused();
    expect(await consentCookie(context)).toBeNull();
    // The same by keyboard alone, and with the close button.
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Close cookie preferences' }).click();
    await expect(banner(page).getByRole('button', { name: 'Customize' })).toBeFocused();
  });

  test('the German switch changes the dialog texts', async ({ page, context }) => {
    await seedConsent(context);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
    await expect(dialog(page).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await dialog(page).getByRole('button', { name: 'Deutsch' }).click();
    const german = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
    await expect(german).toBeVisible();
    await expect(german).toHaveAttribute('lang', 'de');
    await expect(german.getByRole('button', { name: 'Auswahl speichern' })).toBeVisible();
    await expect(german.getByRole('switch', { name: 'Unbedingt erforderlich' })).toBeDisabled();
    await expect(german.getByRole('link', { name: 'Datenschutzerklärung' })).toBeVisible();
    await german.getByRole('button', { name: 'English' }).click();
    await expect(dialog(page).getByRole('button', { name: 'Save Choices' })).toBeVisible();
  });

  test('the global interface and the events report changes', async ({ page }) => {
    await page.goto('/');
    await page.waitForFunction(() => Boolean(window.dcConsent));
    await page.evaluate(() => {
      const w = window as unknown as { seen: unknown[]; events: unknown[]; off: () => void; dcConsent: NonNullable<Window['dcConsent']> };
      w.seen = [];
      w.events = [];
      w.off = w.dcConsent.onChange((detail) => w.seen.push(detail.categories));
      document.addEventListener('dc-consent-change', (event) => w.events.push((event as CustomEvent).detail.categories));
    });
    expect(await page.evaluate(() => [window.dcConsent!.getRecord(), window.dcConsent!.allows('analytics')])).toEqual([null, false]);

    await banner(page).getByRole('button', { name: 'Reject All' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => window.dcConsent!.allows('functional'))).toBe(false);

    await page.evaluate(() => window.dcConsent!.grant(['functional']));
    const state = await page.evaluate(() => ({
      functional: window.dcConsent!.allows('functional'),
      analytics: window.dcConsent!.allows('analytics'),
      record: window.dcConsent!.getRecord(),
      seen: (window as unknown as { seen: unknown[] }).seen,
      events: (window as unknown as { events: unknown[] }).events,
    }));
    expect(state.functional).toBe(true);
    expect(state.analytics).toBe(false);
    expect(state.record?.categories).toEqual({ strictlyNecessary: true, functional: true, analytics: false, marketing: false });
    const reject = { strictlyNecessary: true, functional: false, analytics: false, marketing: false };
    const grant = { ...reject, functional: true };
    expect(state.seen).toEqual([reject, grant]);
    expect(state.events).toEqual([reject, grant]);

    // Unsubscribed listeners hear nothing more; the events still fire.
    await page.evaluate(() => {
      (window as unknown as { off: () => void }).off();
      return window.dcConsent!.grant(['marketing']);
    });
    expect(await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen.length)).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { events: unknown[] }).events.length)).toBe(3);

    // Google Consent Mode: default denied from <head>, then one update per choice.
    const consentCalls = await page.evaluate(() =>
      ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry))
        .filter((entry) => entry[0] === 'consent'),
    );
    expect(consentCalls[0]).toEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })]);
    expect(consentCalls.at(-1)).toEqual([
      'consent',
      'update',
      expect.objectContaining({ functionality_storage: 'granted', ad_storage: 'granted', analytics_storage: 'denied' }),
    ]);

    // open() and the open event both open the dialog.
    await page.evaluate(() => window.dcConsent!.open());
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await page.evaluate(() => document.dispatchEvent(new CustomEvent('dc-consent-open')));
    await expect(dialog(page)).toBeVisible();
  });

  test('a broken cookie or one of an older policy version asks again', async ({ page, context }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await context.addCookies([{ name: COOKIE_NAME, value: '%7Bnot-json', url: ORIGIN }]);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    expect(errors.some((line) => line.includes('does not contain valid JSON'))).toBe(true);

    await context.clearCookies();
    await seedConsent(context, { analytics: true });
    const stored = (await consentCookie(context))!.record;
    await context.addCookies([
      { name: COOKIE_NAME, value: encodeURIComponent(JSON.stringify({ ...stored, policyVersion: '2024.1' })), url: ORIGIN },
    ]);
    await page.reload();
    await expect(banner(page)).toBeVisible();
    expect(await page.evaluate(() => window.dcConsent!.allows('analytics'))).toBe(false);
  });

  test(`axe finds nothing with the banner and with the dialog open (both themes)`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    // The page around the banner is checked in a11y.spec.ts (every route, banner showing): here the element.
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280), include: 'dc-consent' });

    await banner(page).getByRole('button', { name: 'Customize' }).click();
    await expect(dialog(page)).toBeVisible();
    for (const summary of await dialog(page).locator('summary').all()) await summary.click();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(1280), include: 'dc-consent' });
  });

  test('the banner does not shift the layout or become the largest contentful paint', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await recordLayoutShift(page);
    await page.addInitScript(() => {
      const w = window as unknown as { lcp: { size: number; inConsent: boolean }[] };
      w.lcp = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[]) {
          w.lcp.push({ size: entry.size, inConsent: !entry.element || entry.element.closest('dc-consent') !== null });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    const shift = await layoutShift(page);
    const lcp = await page.evaluate(() => (window as unknown as { lcp: { size: number; inConsent: boolean }[] }).lcp);
    expect(lcp.length).toBeGreaterThan(0);
    expect(lcp.at(-1)!.inConsent, `LCP entries: ${JSON.stringify(lcp)}`).toBe(false);
    expect(shift.value, `moved:\n${shift.sources}`).toBeLessThan(0.01);
  });
});

test.describe('on a foreign page with a hostile stylesheet', () => {
  const fixture = readFileSync(new URL('./fixtures/consent-partner.html', import.meta.url), 'utf8');

  async function openPartner(page: Page, theme: 'light' | 'dark', requests: string[] = []) {
    // The routed partner document counts as a public origin; let it reach the local server like a real site.
    await page.context().grantPermissions(['local-network-access']);
    await page.route(`${PARTNER}/**`, async (route) => {
      const url = route.request().url();
      requests.push(url);
      if (url.endsWith('/ads.js')) return route.fulfill({ contentType: 'text/javascript', body: 'window.__adsRuns = (window.__adsRuns || 0) + 1;' });
      if (url.endsWith('/frame.html')) return route.fulfill({ contentType: 'text/html', body: '<p>map</p>' });
      return route.fulfill({
        contentType: 'text/html',
        body: fixture.replaceAll('__ORIGIN__', ORIGIN).replaceAll('__PARTNER__', PARTNER).replace('__THEME__', theme),
      });
    });
    await page.goto(`${PARTNER}/`);
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`the banner and dialog keep their look (${theme} theme)`, async ({ page }) => {
      await openPartner(page, theme);
      const region = banner(page);
      await expect(region).toBeVisible();
      const accept = region.getByRole('button', { name: 'Accept All' });
      await expect(accept).toBeVisible();
      const look = await region.evaluate((el) => {
        const title = el.querySelector('h2')!;
        const style = getComputedStyle(title);
        return {
          background: getComputedStyle(el).backgroundColor,
          position: getComputedStyle(el).position,
          color: style.color,
          font: style.fontFamily,
          letterSpacing: style.letterSpacing,
          transform: style.textTransform,
          fontSize: parseFloat(getComputedStyle(el).fontSize),
        };
      });
      expect(look.position).toBe('fixed');
      expect(look.background).toBe(theme === 'dark' ? 'rgb(17, 24, 40)' : 'rgb(255, 255, 255)');
      expect(look.color).toBe(theme === 'dark' ? 'rgb(232, 237, 247)' : 'rgb(14, 23, 38)');
      expect(look.font).not.toContain('Comic');
      expect(look.letterSpacing).toBe('normal');
      expect(look.transform).toBe('none');
      expect(look.fontSize).toBe(16);
      const box = (await region.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

      await region.getByRole('button', { name: 'Customize' }).click();
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).getByRole('button', { name: 'Save Choices' })).toBeVisible();
      const panel = await dialog(page).evaluate((el) => getComputedStyle(el.querySelector('.panel')!).backgroundColor);
      expect(panel).toBe(theme === 'dark' ? 'rgb(17, 24, 40)' : 'rgb(255, 255, 255)');
      await page.screenshot({ path: `test-results/consent-partner-${theme}.png` });
    });
  }

  test('held scripts and frames run only after consent, including ones added later', async ({ page }) => {
    const requests: string[] = [];
    await openPartner(page, 'light', requests);
    await expect(banner(page)).toBeVisible();
    const ran = () => page.evaluate(() => (window as unknown as { __analyticsRuns?: number }).__analyticsRuns ?? 0);
    expect(await ran()).toBe(0);
    expect(requests.some((url) => url.endsWith('/ads.js'))).toBe(false);
    await expect(page.locator('#map')).toBeHidden();
    await expect(page.locator('#map')).not.toHaveAttribute('src');
    await expect(page.locator('#map-placeholder')).toBeVisible();

    // Added after load, before consent: held too.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.type = 'text/plain';
      s.dataset.consent = 'analytics';
      s.text = 'window.__lateRuns = (window.__lateRuns || 0) + 1;';
      document.body.append(s);
    });
    expect(await page.evaluate(() => (window as unknown as { __lateRuns?: number }).__lateRuns ?? 0)).toBe(0);

    // Allowing the map from its placeholder grants functional only.
    await page.getByText('Load map').click();
    await expect(page.locator('#map')).toHaveAttribute('src', `${PARTNER}/frame.html`);
    await expect(page.locator('#map-placeholder')).toBeHidden();
    expect(await ran()).toBe(0);
    expect(await page.evaluate(() => window.dcConsent!.allows('functional'))).toBe(true);

    // Analytics allowed: the held analytics scripts run once.
    await page.locator('#reopen').click();
    await dialog(page).getByRole('switch', { name: 'Analytics' }).check();
    await dialog(page).getByRole('button', { name: 'Save Choices' }).click();
    await expect.poll(ran).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __lateRuns?: number }).__lateRuns)).toBe(1);
    expect(requests.some((url) => url.endsWith('/ads.js'))).toBe(false);

    // Added after consent: runs at once.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.type = 'text/plain';
      s.dataset.consent = 'analytics';
      s.text = 'window.__analyticsRuns += 1;';
      document.body.append(s);
    });
    await expect.poll(ran).toBe(2);

    // Marketing through the global: the external script loads.
    await page.evaluate(() => window.dcConsent!.grant(['marketing']));
    await expect.poll(() => page.evaluate(() => (window as unknown as { __adsRuns?: number }).__adsRuns ?? 0)).toBe(1);
    // Saving again runs nothing twice.
    await page.evaluate(() => window.dcConsent!.grant(['functional', 'analytics']));
    expect(await ran()).toBe(2);
  });

  test('axe finds nothing in the element on a foreign page', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPartner(page, 'light');
    await expect(banner(page)).toBeVisible();
    await expectNoAxeViolations(page, 'dc-consent');
  });
});
