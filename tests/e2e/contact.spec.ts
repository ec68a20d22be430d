import { bothThemesAt, expectNoAxeViolationsInViews } from './support/axe';
import { expect, test, type Locator, type Page } from './support/test';
import { INTERVALS } from '../../shared/constants';
import { contactFormsAwake } from './support/contactForm';
import { seedConsent } from './support/consent';

/** Issue 8: <dc-contact-form>, /contact (facts, consent-gated map, quick info) and /free_consultation. */

const T0 = new Date('2026-03-02T09:00:00+01:00');
const MAP_HOST = /^https:\/\/([a-z0-9-]+\.)*openstreetmap\.org\//;
const VALID = { name: '  Jana Weber ', email: ' jana.weber@example.de ', phone: '+49 (621) 4305-8870', message: 'We would like to talk about our monthly reporting.' };

const form = (page: Page) => page.locator('dc-contact-form').first();
const field = (scope: Locator, label: string | RegExp) => scope.getByLabel(label, { exact: typeof label === 'string' });

/** Installs a paused fake clock before the page loads (the spec's 2 s and 3 s states). */
async function withPausedClock(page: Page, path: string) {
  await page.clock.install({ time: T0 });
  await page.goto(path);
  await contactFormsAwake(page);
  await page.clock.pauseAt(new Date(T0.getTime() + 60_000));
}

async function fillValid(scope: Locator) {
  await contactFormsAwake(scope.page());
  await field(scope, 'Name').fill(VALID.name);
  await field(scope, 'Email').fill(VALID.email);
  await field(scope, 'Phone').fill(VALID.phone);
  await field(scope, /Message|What would you like to discuss/).fill(VALID.message);
}

/** Records the `submit` CustomEvents that reach document. */
async function recordSubmitEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __submits: unknown[] };
    w.__submits = [];
    document.addEventListener('submit', (event) => {
      const e = event as unknown as CustomEvent;
      w.__submits.push({ detail: e.detail ?? null, bubbles: e.bubbles, composed: e.composed, tag: (e.target as Element).localName });
    });
  });
}
const submits = (page: Page) => page.evaluate(() => (window as unknown as { __submits: unknown[] }).__submits);

/** Every request that leaves the site's own origin (there must be none before consent). */
function recordThirdParty(page: Page, origin: string) {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) urls.push(url);
  });
  return urls;
}

/** The map host answers from a local stub. */
async function stubMapHost(page: Page) {
  await page.route(MAP_HOST, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map stub</title><p>OpenStreetMap stub: office marker</p>' }),
  );
}

test.describe('contact form', () => {
  test.beforeEach(async ({ context }) => seedConsent(context));

  test('blur shows the exact SPEC 8 message; typing clears it', async ({ page }) => {
    await page.goto('/contact');
    const scope = form(page);
    const cases: Array<{ label: string; bad: string; message: string; more: string }> = [
      { label: 'Name', bad: ' J ', message: 'Name must be at least 2 characters', more: 'a' },
      { label: 'Email', bad: 'jana weber@example.de', message: 'Please enter a valid email address', more: 'x' },
      { label: 'Phone', bad: '0123', message: 'Please enter a valid phone number', more: '4' },
      { label: 'Message', bad: '123456789', message: 'Message must be at least 10 characters', more: '0' },
    ];
    const required: Record<string, string> = {
      Name: 'Name is required',
      Email: 'Email is required',
      Phone: 'Phone number is required',
      Message: 'Message is required',
    };
    for (const { label, bad, message, more } of cases) {
      const input = field(scope, label);
      // Empty, then blur: "required".
      await input.focus();
      await input.blur();
      await expect(scope.getByText(required[label]!, { exact: true })).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
      const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
      expect(errorId, `${label} error is referenced by aria-describedby`).toBeTruthy();
      await expect(scope.locator(`[id="${errorId}"]`)).toHaveText(required[label]!);

      // Typing clears the error at once, before any blur.
      await input.pressSequentially(bad);
      await expect(scope.getByText(required[label]!, { exact: true })).toHaveCount(0);
      await expect(input).toHaveAttribute('aria-invalid', 'false');

      // Invalid value, then blur: the rule's message.
      await input.blur();
      await expect(scope.getByText(message, { exact: true })).toBeVisible();
      await input.focus();
      await input.press('End');
      await input.pressSequentially(more);
      await expect(scope.getByText(message, { exact: true })).toHaveCount(0);
    }
    // Valid values blur without errors.
    await field(scope, 'Name').fill('Jo');
    await field(scope, 'Name').blur();
    await expect(field(scope, 'Name')).toHaveAttribute('aria-invalid', 'false');
    await expect(scope.locator('.field-error:not(:empty)')).toHaveCount(2); // email and phone are still wrong (checked again when focus left them)
  });

  test('a submit with errors is blocked: every message shows and focus moves to the first invalid field', async ({ page }) => {
    await recordSubmitEvents(page);
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await withPausedClock(page, '/contact');
    const scope = form(page);
    await field(scope, 'Name').fill('Jana');
    await field(scope, 'Message').fill('too short');
    await scope.getByRole('button', { name: 'Send Message' }).click();

    await expect(scope.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(scope.getByText('Phone number is required', { exact: true })).toBeVisible();
    await expect(scope.getByText('Message must be at least 10 characters', { exact: true })).toBeVisible();
    await expect(field(scope, 'Email')).toBeFocused();
    await expect(field(scope, 'Name')).toHaveAttribute('aria-invalid', 'false');

    await page.clock.runFor(INTERVALS.contactSubmitMs + INTERVALS.contactSentMs);
    await expect(scope.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(scope.getByRole('status')).toHaveText('');
    expect(await submits(page)).toEqual([]);
    expect(logs.filter((line) => line.includes('submitted'))).toEqual([]);
    // The typed values are kept.
    await expect(field(scope, 'Name')).toHaveValue('Jana');

    // Only the message is wrong: focus goes there.
    await field(scope, 'Email').fill('jana@example.de');
    await field(scope, 'Phone').fill('+49 621 4305 8870');
    await field(scope, 'Phone').press('Enter');
    await expect(field(scope, 'Message')).toBeFocused();
    expect(await submits(page)).toEqual([]);
  });

  test('a valid submit: Processing... for 2 s, ✓ Message Sent! for 3 s, then a cleared form', async ({ page }) => {
    await recordSubmitEvents(page);
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await withPausedClock(page, '/contact');
    const scope = form(page);
    await fillValid(scope);
    const stored = page.waitForResponse((response) => response.url().endsWith('/dc_api/wa_v1/contact') && response.request().method() === 'POST');
    await scope.getByRole('button', { name: 'Send Message' }).click();

    const button = scope.locator('button[type="submit"]');
    await expect(button).toHaveText('Processing...');
    await expect(button).toBeDisabled();
    const trimmed = { name: 'Jana Weber', email: 'jana.weber@example.de', phone: '+49 (621) 4305-8870', message: VALID.message };
    expect(await submits(page)).toEqual([{ detail: trimmed, bubbles: true, composed: true, tag: 'dc-contact-form' }]);
    // The page posts to the site's endpoint (issue 17) and logs no personal data.
    expect((await stored).status()).toBe(201);
    expect(logs.filter((line) => line.includes('jana.weber@example.de') || line.includes('Jana Weber'))).toEqual([]);

    await page.clock.runFor(INTERVALS.contactSubmitMs - 1);
    await expect(button).toHaveText('Processing...');
    await page.clock.runFor(1);
    await expect(button).toHaveText('✓ Message Sent!');
    await expect(button).toBeDisabled();
    await expect(scope.getByRole('status')).toContainText('Message sent');
    // A second click while sent does nothing.
    await button.click({ force: true });
    expect(await submits(page)).toHaveLength(1);

    await page.clock.runFor(INTERVALS.contactSentMs - 1);
    await expect(button).toHaveText('✓ Message Sent!');
    await expect(field(scope, 'Name')).toHaveValue(VALID.name);
    await page.clock.runFor(1);
    await expect(button).toHaveText('Send Message');
    await expect(button).toBeEnabled();
    for (const label of ['Name', 'Email', 'Phone', 'Message']) await expect(field(scope, label)).toHaveValue('');
    await expect(scope.locator('.field-error:not(:empty)')).toHaveCount(0);
    await expect(scope.getByRole('status')).toHaveText('');
  });

  test('/free_consultation has the consultation variant with the same rules', async ({ page }) => {
    await withPausedClock(page, '/free_consultation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book your free data consultation');
    for (const heading of ['What you get', 'How it runs', 'Who you talk to']) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Daniel Köhler' })).toBeVisible();
    const scope = form(page);
    await expect(scope.getByRole('heading', { name: 'Request your free consultation' })).toBeVisible();
    await field(scope, 'Name').focus();
    await field(scope, 'Name').blur();
    await expect(scope.getByText('Name is required', { exact: true })).toBeVisible();
    await fillValid(scope);
    await scope.getByRole('button', { name: 'Request Free Consultation' }).click();
    await expect(scope.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await page.clock.runFor(INTERVALS.contactSubmitMs);
    await expect(scope.getByRole('button', { name: '✓ Message Sent!' })).toBeDisabled();
    await page.clock.runFor(INTERVALS.contactSentMs);
    await expect(scope.getByRole('button', { name: 'Request Free Consultation' })).toBeEnabled();
    await expect(field(scope, 'Name')).toHaveValue('');
  });
});

/** Each field of a form as a person and the browser meet it: label, type and the attributes that shape typing. */
async function fieldsOf(scope: Locator) {
  return scope.locator('input:not([type="hidden"]):not([tabindex="-1"]), textarea').evaluateAll((controls) =>
    controls.map((control) => {
      const root = control.getRootNode() as Document | ShadowRoot;
      const label = root.querySelector(`label[for="${control.id}"]`)?.textContent?.trim() ?? '';
      const names = ['name', 'type', 'autocomplete', 'inputmode', 'placeholder', 'minlength', 'maxlength', 'pattern', 'spellcheck', 'rows', 'required'];
      return { label, tag: control.localName, attributes: Object.fromEntries(names.map((name) => [name, control.getAttribute(name)])) };
    }),
  );
}

test.describe('one description of the contact fields', () => {
  for (const path of ['/contact', '/free_consultation']) {
    test(`${path}: the element and the form without JavaScript have the same fields`, async ({ browser, page, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const noScript = await context.newPage();
      await noScript.goto(path);
      const served = await fieldsOf(noScript.locator('dc-contact-form form'));
      await context.close();

      await page.goto(path);
      await contactFormsAwake(page);
      const element = await fieldsOf(form(page).locator('form.cf-form'));
      expect(served.map((entry) => entry.attributes.name)).toEqual(['name', 'email', 'phone', 'message']);
      expect(element).toEqual(served);
    });
  }
});

test.describe('/contact page', () => {
  test('shows the contact facts and promises in its HTML, also without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/contact');
    const info = page.getByRole('complementary', { name: 'Contact information' });
    await expect(info).toContainText('Augustaanlage 32');
    await expect(info).toContainText('68165 Mannheim, Germany');
    await expect(info.getByRole('link', { name: 'hello@dataclarity.de' })).toHaveAttribute('href', 'mailto:hello@dataclarity.de');
    await expect(info.getByRole('link', { name: '+49 621 4305 8870' })).toHaveAttribute('href', 'tel:+4962143058870');
    await expect(info).toContainText('Monday to Friday');
    await expect(info).toContainText('9:00 AM to 6:00 PM CET');
    await expect(info.getByRole('link', { name: 'www.dataclarity.de' })).toBeVisible();
    await expect(page.getByText("We'll get back to you within 24 hours").first()).toBeVisible();
    await expect(page.getByText('Available 24/7').first()).toBeVisible();
    // Without the script the form is a real form posting to the contact request endpoint; the map stays a placeholder with a link.
    const staticForm = page.locator('dc-contact-form form');
    await expect(staticForm).toHaveAttribute('action', '/dc_api/wa_v1/contact');
    await expect(staticForm.getByRole('button', { name: 'Send Message' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Allow and load map' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Open map in a new tab' })).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=49\.47807&mlon=8\.48071/);
    await context.close();
  });

  test('has LocalBusiness and Organization structured data', async ({ page }) => {
    await seedConsent(page.context());
    await page.goto('/contact');
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json!) as Array<Record<string, any>>;
    const types = data.map((item) => item['@type']);
    expect(types).toEqual(['Organization', 'LocalBusiness']);
    const office = data[1]!;
    expect(office.address).toMatchObject({ streetAddress: 'Augustaanlage 32', postalCode: '68165', addressLocality: 'Mannheim' });
    expect(office.geo).toMatchObject({ latitude: 49.47807, longitude: 8.48071 });
    expect(office.openingHoursSpecification[0]).toMatchObject({ opens: '09:00', closes: '18:00' });
  });

  test('the quick-info menu appears at phone width and opens', async ({ page, context }) => {
    await seedConsent(context);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/contact');
    const menu = page.locator('details.quick-info');
    await expect(menu.locator('summary')).toBeVisible();
    await expect(menu.getByRole('link', { name: /Call/ })).toBeHidden();
    await menu.locator('summary').click();
    await expect(menu.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+4962143058870');
    await expect(menu.getByRole('link', { name: /Email/ })).toHaveAttribute('href', 'mailto:hello@dataclarity.de');
    await menu.getByRole('link', { name: /Write a message/ }).click();
    await expect(page).toHaveURL(/#contact-form$/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(menu).toBeHidden();
  });
});

test.describe('office map and consent', () => {
  test('no request to the map host before consent; Allow and load map loads it', async ({ page, context, baseURL }) => {
    await seedConsent(context); // functional: false
    await stubMapHost(page);
    const thirdParty = recordThirdParty(page, baseURL!);
    await page.goto('/contact', { waitUntil: 'networkidle' });
    const map = page.locator('dc-office-map');
    await expect(map.getByRole('heading', { name: 'The map is waiting for your consent' })).toBeVisible();
    await expect(map).toContainText('Augustaanlage 32, 68165 Mannheim, Germany');
    await expect(map.getByRole('link', { name: 'Open map in a new tab' })).toHaveAttribute('target', '_blank');
    await map.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(thirdParty).toEqual([]);
    await expect(map.locator('iframe')).toHaveCount(0);

    await map.getByRole('button', { name: 'Allow and load map' }).click();
    const frame = map.locator('iframe');
    await expect(frame).toHaveAttribute('title', /Map of the DataClarity Mannheim office/);
    await expect(page.frameLocator('dc-office-map iframe').getByText('OpenStreetMap stub')).toBeVisible();
    expect(thirdParty.length).toBeGreaterThan(0);
    expect(thirdParty.every((url) => MAP_HOST.test(url))).toBe(true);
    expect(thirdParty[0]).toContain('/export/embed.html?');
    expect(decodeURIComponent(thirdParty[0]!)).toContain('marker=49.47807,8.48071');
    await expect(map.getByRole('button', { name: 'Allow and load map' })).toBeHidden();
    await expect(frame).toBeFocused();
  });

  test('with functional consent the map loads at once, and goes when consent is withdrawn', async ({ page, context }) => {
    await seedConsent(context, { functional: true });
    await stubMapHost(page);
    await page.goto('/contact');
    const map = page.locator('dc-office-map');
    await expect(page.frameLocator('dc-office-map iframe').getByText('OpenStreetMap stub')).toBeVisible();
    await expect(map.getByRole('heading', { name: 'The map is waiting for your consent' })).toBeHidden();

    // The consent element announces a withdrawal (the contract of widgets/lib/consentClient.ts).
    await page.evaluate(() => {
      const categories = { strictlyNecessary: true, functional: false, analytics: false, marketing: false };
      document.dispatchEvent(new CustomEvent('dc-consent-change', { detail: { record: null, categories }, bubbles: true, composed: true }));
    });
    await expect(map.locator('iframe')).toHaveCount(0);
    await expect(map.getByRole('button', { name: 'Allow and load map' })).toBeVisible();
  });

  test('a consent given elsewhere (banner, dialog) loads the map', async ({ page, context }) => {
    await seedConsent(context);
    await stubMapHost(page);
    await page.goto('/contact');
    const map = page.locator('dc-office-map');
    await expect(map.getByRole('button', { name: 'Allow and load map' })).toBeVisible();
    await page.evaluate(() => {
      const categories = { strictlyNecessary: true, functional: true, analytics: false, marketing: false };
      document.dispatchEvent(new CustomEvent('dc-consent-change', { detail: { record: null, categories }, bubbles: true, composed: true }));
    });
    await expect(page.frameLocator('dc-office-map iframe').getByText('OpenStreetMap stub')).toBeVisible();
  });
});

test.describe('embedded on a foreign page', () => {
  // Another origin (127.0.0.1 vs localhost); the page itself comes from page.route. Here both are
  // loopback addresses, which Chromium lets a page load from only with the local-network-access
  // permission (in production partner and widget host are public and no permission is involved).
  test.beforeEach(async ({ context }) => context.grantPermissions(['local-network-access']));
  const partnerUrl = (baseURL: string | undefined) => `${baseURL!.replace('localhost', '127.0.0.1')}/__partner/page.html`;
  const HOSTILE = `
    * { color: rgb(255, 0, 255) !important; font-family: 'Comic Sans MS', cursive !important; letter-spacing: 6px !important; line-height: 4 !important; text-transform: uppercase !important; }
    body { font-size: 30px; }
    form, input, textarea, button, label, h2, p { display: none !important; }
    button { background: red !important; }
    dc-contact-form { padding: 0; }
  `;

  test('fires a bubbling, composed submit event with the values, untouched by hostile styles', async ({ page, baseURL }) => {
    const PARTNER = partnerUrl(baseURL);
    await page.route(PARTNER, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>Partner</title><style>${HOSTILE}</style>
          <script type="module" src="${baseURL}/widgets/dc-contact-form.js"></script></head>
          <body><main><h1>Partner page</h1>
          <dc-contact-form id="one" heading="Talk to our data partner" heading-level="2"></dc-contact-form>
          <dc-contact-form id="two" variant="consultation" submit-label="Book now"></dc-contact-form>
          </main></body></html>`,
      }),
    );
    await page.clock.install({ time: T0 });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto(PARTNER);
    await page.evaluate(() => {
      const w = window as unknown as { __events: unknown[] };
      w.__events = [];
      document.addEventListener('submit', (event) => {
        const e = event as unknown as CustomEvent;
        w.__events.push({ id: (e.target as Element).id, detail: e.detail, bubbles: e.bubbles, composed: e.composed });
      });
    });
    const one = page.locator('#one');
    const two = page.locator('#two');
    await expect(one.getByRole('heading', { name: 'Talk to our data partner', level: 2 })).toBeVisible();
    await expect(two.getByRole('button', { name: 'Book now' })).toBeVisible();

    // The hostile sheet reaches neither the inside nor (through inheritance) the text.
    const looks = await one.locator('input[name="name"]').evaluate((input) => {
      const style = getComputedStyle(input);
      const label = getComputedStyle(input.closest('.field')!.querySelector('label')!);
      const button = getComputedStyle(input.closest('form')!.querySelector('button')!);
      return { display: style.display, color: label.color, transform: label.textTransform, spacing: label.letterSpacing, family: label.fontFamily, buttonBg: button.backgroundColor };
    });
    expect(looks.display).toBe('block');
    expect(looks.color).not.toBe('rgb(255, 0, 255)');
    expect(looks.transform).toBe('none');
    expect(looks.spacing).toBe('normal');
    expect(looks.family).not.toContain('Comic');
    expect(looks.buttonBg).not.toBe('rgb(255, 0, 0)');

    // Two instances keep their own state.
    await field(one, 'Name').focus();
    await field(one, 'Name').blur();
    await expect(one.getByText('Name is required')).toBeVisible();
    await expect(two.getByText('Name is required')).toHaveCount(0);

    await fillValid(two);
    await two.getByRole('button', { name: 'Book now' }).click();
    await expect(two.getByRole('button', { name: 'Processing...' })).toBeVisible();
    const events = await page.evaluate(() => (window as unknown as { __events: unknown[] }).__events);
    expect(events).toEqual([
      {
        id: 'two',
        detail: { name: 'Jana Weber', email: 'jana.weber@example.de', phone: '+49 (621) 4305-8870', message: VALID.message },
        bubbles: true,
        composed: true,
      },
    ]);
    await expect(one.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(warnings).toEqual([]);
  });

  test('a bad attribute gets a console warning and a working default', async ({ page, baseURL }) => {
    const PARTNER = partnerUrl(baseURL);
    await page.route(PARTNER, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>Partner</title>
          <script type="module" src="${baseURL}/widgets/dc-contact-form.js"></script></head>
          <body><dc-contact-form variant="newsletter" heading-level="9"></dc-contact-form></body></html>`,
      }),
    );
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(PARTNER);
    await expect(page.getByRole('heading', { name: 'Send us a message', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    await expect.poll(() => warnings.join('\n')).toContain('variant="newsletter"');
    expect(warnings.join('\n')).toContain('heading-level="9"');
  });
});

test.describe('axe, both themes', () => {
  test.beforeEach(async ({ context }) => {
    await seedConsent(context);
  });

  for (const path of ['/contact', '/free_consultation']) {
    test(`${path}: no violations with every error showing`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      const scope = form(page);
      await field(scope, 'Email').fill('not an email');
      await scope.locator('button[type="submit"]').click();
      await expect(scope.locator('.field-error:not(:empty)')).toHaveCount(4);
      await expectNoAxeViolationsInViews(page);
    });
  }

  test('/contact: no violations in the sent state, with the map loaded, and with quick info open', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await stubMapHost(page);
    await page.clock.install({ time: T0 });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/contact');
    await page.locator('details.quick-info summary').click();
    await fillValid(form(page));
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await page.clock.runFor(INTERVALS.contactSubmitMs);
    await expect(form(page).getByRole('button', { name: '✓ Message Sent!' })).toBeVisible();
    await page.getByRole('button', { name: 'Allow and load map' }).click();
    await expect(page.locator('dc-office-map iframe')).toBeVisible();
    await expectNoAxeViolationsInViews(page, { views: bothThemesAt(375) });
  });
});
