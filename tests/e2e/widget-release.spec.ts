import { expectNoAxeViolations } from './support/axe';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { widgetSnippet, type WidgetFile } from '../../widgets/lib/widgetSnippet';
import { usePartnerOrigin } from './support/partnerOrigin';
import { stubPowerBi } from './support/powerbi';

/**
 * The released widgets on a hostile partner page: another origin with a strict CSP (scripts only
 * from itself and from us, no 'unsafe-inline'), loud global styles and its own `submit` listeners.
 * Each element is loaded from its pinned URL with its SRI hash, in both themes; a wrong hash blocks it.
 */
const ours = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
const release = JSON.parse(readFileSync('dist/widgets/release.json', 'utf8')) as { version: string; elements: Record<string, WidgetFile> };

const partner = usePartnerOrigin();
test.beforeAll(() => {
  partner.page(
    '/hostile.css',
    `body { font: italic 30px/3 serif; color: red; text-transform: uppercase; letter-spacing: 4px; }
     button, input, textarea, select, iframe, [role='tab'] { display: none !important; background: red !important; }
     div, p, span, a, section, h2, h3 { padding: 40px !important; border: 5px dotted lime !important; font-size: 40px !important; }
     * { box-sizing: content-box !important; }`,
    {},
    'text/css',
  );
  // The partner's own theme: its page background follows our tokens (the blog is transparent by design).
  partner.page('/partner-theme.css', 'body { background: var(--dc-bg, #fff); }', {}, 'text/css');
  partner.page(
    '/partner.js',
    `window.partnerSubmits = [];
     document.addEventListener('submit', (event) => { window.partnerSubmits.push(event.constructor.name); if (event instanceof SubmitEvent) event.preventDefault(); });
     window.partnerEvents = [];
     for (const type of ['dc-theme-change', 'dc-consent-change', 'dc-submit', 'dc-report-change', 'dc-blog-load']) {
       document.addEventListener(type, (event) => window.partnerEvents.push({ type, detail: event.detail }));
     }`,
    {},
    'text/javascript',
  );
});

/** The partner's CSP: its own origin and ours, nothing inline. */
const partnerCsp = () =>
  [
    "default-src 'self'",
    `script-src 'self' ${ours}`,
    `style-src 'self' ${ours}`,
    `connect-src 'self' ${ours}`,
    `img-src 'self' ${ours}`,
    'frame-src https://app.powerbi.com',
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');

const ELEMENTS: Array<{ tag: string; attributes: Array<[string, string]>; ready: (page: Page) => Promise<void> }> = [
  { tag: 'dc-theme-toggle', attributes: [], ready: (page) => expect(page.getByRole('button', { name: 'Dark theme' })).toBeVisible() },
  { tag: 'dc-consent', attributes: [['privacy-url', '/privacy']], ready: (page) => expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible() },
  { tag: 'dc-contact-form', attributes: [], ready: (page) => expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible() },
  {
    tag: 'dc-dashboard-gallery',
    // Below the partner's h1: a report title at level 2 keeps the page's heading order (axe best-practice).
    attributes: [['src', `${ours}/data/reports.json`], ['heading-level', '2']],
    ready: (page) => expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true'),
  },
  { tag: 'dc-blog', attributes: [], ready: (page) => expect(page.getByRole('search', { name: 'Filter articles' })).toBeVisible({ timeout: 10_000 }) },
];

function partnerPage(body: string, theme: 'light' | 'dark'): string {
  return `<!doctype html><html lang="en" data-theme="${theme}"><head><meta charset="utf-8"><title>Partner GmbH</title>
<link rel="stylesheet" href="/hostile.css"><link rel="stylesheet" href="/partner-theme.css"><script src="/partner.js"></script></head>
<body><h1>Partner GmbH</h1><form id="partner-form"><label>Newsletter <input name="email"></label><button>Subscribe</button></form>
${body}
</body></html>`;
}

for (const theme of ['light', 'dark'] as const) {
  for (const { tag, attributes, ready } of ELEMENTS) {
    test(`${tag} loads from its pinned URL with SRI on a hostile page with a strict CSP, ${theme} theme`, async ({ page }) => {
      await stubPowerBi(page);
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|integrity/i.test(message.text())) violations.push(message.text());
      });
      const file = release.elements[tag]!;
      const snippet = widgetSnippet({ origin: ours, tag, file, attributes, tokens: true });
      partner.page(`/${tag}-${theme}`, partnerPage(snippet, theme), { 'Content-Security-Policy': partnerCsp() });
      const response = await page.goto(`${partner.origin}/${tag}-${theme}`);
      expect(response?.headers()['content-security-policy']).toContain(`script-src 'self' ${ours}`);
      await ready(page);
      expect(await page.evaluate((name) => customElements.get(name) !== undefined, tag)).toBe(true);
      expect(violations).toEqual([]);

      // The hostile styles do not reach in: inside the shadow root nothing takes their 40px, dotted lime borders or capitals.
      const inside = await page.locator(tag).evaluate((host) => {
        const nodes = [...(host.shadowRoot?.querySelectorAll('button, h2, p, div') ?? [])].slice(0, 20);
        return nodes.map((node) => {
          const style = getComputedStyle(node);
          return { size: parseFloat(style.fontSize), border: style.borderTopStyle, transform: style.textTransform };
        });
      });
      expect(inside.length).toBeGreaterThan(0);
      for (const look of inside) {
        expect(look.size).not.toBe(40);
        expect(look.border).not.toBe('dotted');
        expect(look.transform).toBe('none');
      }
      await expectNoAxeViolations(page, tag);
    });
  }
}

test('a wrong integrity hash blocks the file: the element is never defined', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => errors.push(message.text()));
  const file = release.elements['dc-contact-form']!;
  const wrong = { ...file, integrity: `sha384-${Buffer.alloc(48, 7).toString('base64')}` };
  partner.page('/wrong-hash', partnerPage(widgetSnippet({ origin: ours, tag: 'dc-contact-form', file: wrong }), 'light'), {
    'Content-Security-Policy': partnerCsp(),
  });
  await page.goto(`${partner.origin}/wrong-hash`);
  await expect.poll(() => errors.join('\n')).toMatch(/integrity/i);
  expect(await page.evaluate(() => customElements.get('dc-contact-form') === undefined)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Send us a message' })).toHaveCount(0);
});

test("the contact form's submit does not reach the partner's own submit listeners as a native submit", async ({ page }) => {
  const file = release.elements['dc-contact-form']!;
  partner.page('/submit', partnerPage(widgetSnippet({ origin: ours, tag: 'dc-contact-form', file }), 'light'), {
    'Content-Security-Policy': partnerCsp(),
  });
  await page.goto(`${partner.origin}/submit`);
  const form = page.locator('dc-contact-form');
  await form.getByLabel('Name', { exact: true }).fill('Jana Weber');
  await form.getByLabel('Email', { exact: true }).fill('jana.weber@example.de');
  await form.getByLabel(/Phone/).fill('+49 621 1234567');
  await form.getByLabel(/Message/).fill('We would like a Power BI review.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Processing...').first()).toBeVisible();
  // The form's native submit stays in its shadow root; what reaches the page is a CustomEvent.
  const seen = await page.evaluate(() => (window as unknown as { partnerSubmits: string[] }).partnerSubmits);
  expect(seen).not.toContain('SubmitEvent');
  expect(seen.every((name) => name === 'CustomEvent')).toBe(true);
  // The partner's own form still gets its native submit.
  await page.locator('#partner-form').evaluate((partnerForm) => (partnerForm as HTMLFormElement).requestSubmit());
  expect(await page.evaluate(() => (window as unknown as { partnerSubmits: string[] }).partnerSubmits)).toContain('SubmitEvent');
});

test('the release files carry their cache headers, and release.json matches the files', async ({ request }) => {
  for (const [tag, file] of Object.entries(release.elements)) {
    const pinned = await request.get(file.pinned);
    expect(pinned.status(), tag).toBe(200);
    expect(pinned.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(pinned.headers()['access-control-allow-origin']).toBe('*');
    const { createHash } = await import('node:crypto');
    expect(`sha384-${createHash('sha384').update(await pinned.body()).digest('base64')}`).toBe(file.integrity);
    const latest = await request.get(file.latest);
    expect(latest.headers()['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect((await latest.body()).equals(await pinned.body())).toBe(true);
    expect((await request.get(`/widgets/${tag}.js`)).status()).toBe(200);
  }
  const manifest = await request.get('/widgets/custom-elements.json');
  expect((await manifest.json()).schemaVersion).toBe('2.1.0');
  expect((await request.get('/widgets/dc-widgets.d.ts')).headers()['content-type']).toBe('text/plain; charset=utf-8');
});
