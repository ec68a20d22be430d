import { expectNoAxeViolationsInViews } from './support/axe';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './support/test';
import { build } from 'esbuild';
import type { WidgetFile } from '../../widgets/lib/widgetSnippet';
import { widgetSnippet } from '../../widgets/lib/widgetSnippet';
import { seedConsent } from './support/consent';
import { usePartnerOrigin } from './support/partnerOrigin';
import { stubPowerBi } from './support/powerbi';

/** /embed (issue 19): the builder, its live preview, the snippet a marketer copies, and a React 19 page. */
const ours = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
const release = JSON.parse(readFileSync('dist/widgets/release.json', 'utf8')) as { version: string; elements: Record<string, WidgetFile> };
const strictCsp = `default-src 'self'; script-src 'self' ${ours}; style-src 'self' ${ours}; connect-src 'self' ${ours}; img-src 'self' ${ours}; frame-src https://app.powerbi.com; object-src 'none'`;

const partner = usePartnerOrigin();

const builder = (page: Page) => page.locator('dc-embed-builder');
const snippetText = (page: Page) => builder(page).getByLabel(/^Snippet for/).textContent();

async function openEmbed(page: Page) {
  await page.goto('/embed');
  await expect(builder(page).getByRole('group', { name: 'Widget' })).toBeVisible();
}

test.describe('the /embed page', () => {
  // The gallery's preview frames Power BI: the local stub answers for it, as everywhere in the suite.
  test.beforeEach(async ({ context }) => {
    await seedConsent(context);
    await stubPowerBi(context);
  });

  test('is linked from the footer and listed in the sitemap', async ({ page, request }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Embed our widgets' }).click();
    await expect(page).toHaveURL(/\/embed$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Embed our widgets on your site' })).toBeVisible();
    expect(await (await request.get('/sitemap.xml')).text()).toContain('/embed</loc>');
  });

  test('the form updates the snippet and the live preview; bad input gets a message and stays out of the snippet', async ({ page }) => {
    await openEmbed(page);
    await builder(page).getByRole('radio', { name: /dc-contact-form/ }).check();
    const file = release.elements['dc-contact-form']!;
    const snippet = await snippetText(page);
    expect(snippet).toContain(`src="${ours}${file.pinned}"`);
    expect(snippet).toContain(`integrity="${file.integrity}" crossorigin="anonymous"`);
    expect(snippet).toContain('<dc-contact-form variant="consultation"></dc-contact-form>');

    await builder(page).getByLabel('Heading', { exact: true }).fill('Book a call with our BI partner');
    await expect.poll(() => snippetText(page)).toContain('heading="Book a call with our BI partner"');
    const preview = page.frameLocator('iframe[title="Live preview of <dc-contact-form>"]');
    await expect(preview.getByRole('heading', { name: 'Book a call with our BI partner' })).toBeVisible();

    const action = builder(page).getByLabel('Send requests to', { exact: true });
    await action.fill('javascript:alert(1)');
    await expect(builder(page).getByText('Enter a web address that starts with https://, http:// or /.')).toBeVisible();
    await expect(action).toHaveAttribute('aria-invalid', 'true');
    expect(await snippetText(page)).not.toContain('action=');
    await expect(action).toHaveValue('javascript:alert(1)');
    await action.fill('https://partner.example/api/contact');
    await expect.poll(() => snippetText(page)).toContain('action="https://partner.example/api/contact"');
    await expect(builder(page).getByLabel(/^CSP lines for/)).toContainText('connect-src https://partner.example');
    await expect(builder(page).getByRole('link', { name: 'Documentation of <dc-contact-form>' })).toHaveAttribute('href', '/embed/dc-contact-form');
  });

  test('speaks plainly: plain labels with the attribute name beside, help as words without Markdown', async ({ page }) => {
    await openEmbed(page);
    await builder(page).getByRole('radio', { name: /dc-contact-form/ }).check();
    const action = builder(page).getByLabel('Send requests to', { exact: true });
    await expect(action).toBeVisible();
    const row = builder(page).locator('.eb-field').filter({ has: page.locator('#eb-dc-contact-form-action') });
    await expect(row.locator('.eb-attr')).toHaveText('action');
    const help = (await builder(page).locator('.eb-hint').allTextContents()).join('\n');
    expect(help).toContain('Without it they go to DataClarity');
    expect(help).not.toMatch(/\]\(|`|\*\*/);
    await expect(builder(page).getByLabel('Form type', { exact: true })).toHaveValue('consultation');
    // The gallery's first report is picked from its list, by title.
    await builder(page).getByRole('radio', { name: /dc-dashboard-gallery/ }).check();
    await builder(page).getByLabel('Report shown first', { exact: true }).selectOption({ label: 'Balance Sheet Analysis' });
    await expect.poll(() => snippetText(page)).toContain('selected="balance-sheet-analysis"');
    await expect(page.frameLocator('iframe[title="Live preview of <dc-dashboard-gallery>"]').getByRole('tab', { name: 'Balance Sheet Analysis' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the snippet box wraps inside its frame at 375 and 1280 px, nothing scrolls the page sideways, and Copy copies it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 375, height: 900 });
    await openEmbed(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const tag of ['dc-contact-form', 'dc-dashboard-gallery', 'dc-consent']) {
        await builder(page).getByRole('radio', { name: new RegExp(tag) }).check();
        const box = builder(page).getByLabel(`Snippet for ${tag}`);
        await expect(box).toContainText(`<${tag}`);
        const fits = await box.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= document.documentElement.clientWidth);
        expect(fits, `${tag} at ${width} px`).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${width} px`).toBe(true);
      await builder(page).getByRole('button', { name: 'Copy snippet' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippetText(page));
    }
  });

  test('works by keyboard: arrows pick the widget, Tab reaches the fields and the Copy button', async ({ page }) => {
    await openEmbed(page);
    const first = builder(page).getByRole('radio', { name: /dc-blog/ });
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect(builder(page).getByRole('radio', { name: /dc-consent/ })).toBeChecked();
    await expect.poll(() => snippetText(page)).toContain('<dc-consent');
    const copy = builder(page).getByRole('button', { name: 'Copy snippet' });
    for (let i = 0; i < 40 && !(await copy.evaluate((el) => el.matches(':focus'))); i++) await page.keyboard.press('Tab');
    await expect(copy).toBeFocused();
  });

  test('Copy puts the snippet on the clipboard and says so for 2 s; pasted into a fresh page with a strict CSP it works', async ({ page, context, browser }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await openEmbed(page);
    await builder(page).getByRole('radio', { name: /dc-dashboard-gallery/ }).check();
    await builder(page).getByLabel('Name of the report tabs', { exact: true }).fill('Partner reports');
    await expect.poll(() => snippetText(page)).toContain('label="Partner reports"');
    // The preview is rebuilt from the change and grows to the gallery's height, moving the Copy button
    // down: the click waits until it has (a click on a button still moving can land beside it).
    const preview = page.locator('iframe[title="Live preview of <dc-dashboard-gallery>"]');
    await expect(preview).not.toHaveAttribute('aria-busy');
    await expect(preview.contentFrame().getByRole('tablist', { name: 'Partner reports' })).toBeVisible();
    // Time stands still from here; only runFor moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await builder(page).getByRole('button', { name: 'Copy snippet' }).click();
    await expect(builder(page).getByRole('button', { name: '✓ Copied!' })).toBeVisible();
    await expect(builder(page).getByRole('status')).toHaveText('Snippet copied to the clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await snippetText(page));
    await page.clock.runFor(1999);
    await expect(builder(page).getByRole('button', { name: '✓ Copied!' })).toBeVisible();
    await page.clock.runFor(1);
    await expect(builder(page).getByRole('button', { name: 'Copy snippet' })).toBeVisible();

    // A fresh page on another origin, with the CSP lines the page listed.
    const cspShown = (await builder(page).getByLabel(/^CSP lines for/).textContent()) ?? '';
    expect(cspShown).toContain(`script-src ${ours}`);
    expect(cspShown).toContain(`connect-src ${ours}`);
    expect(copied).toContain(`src="${ours}/data/reports.json"`);
    const freshContext = await browser.newContext();
    const fresh = await freshContext.newPage();
    await stubPowerBi(fresh);
    partner.page('/pasted', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pasted</title></head><body>\n${copied}\n</body></html>`, {
      'Content-Security-Policy': strictCsp,
    });
    await fresh.goto(`${partner.origin}/pasted`);
    await expect(fresh.getByRole('tablist', { name: 'Partner reports' })).toBeVisible();
    await expect(fresh.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await freshContext.close();
  });

  test('no axe violations with an error showing, the preview loaded and its "nothing is sent" note, both themes at 375 and 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await openEmbed(page);
    await builder(page).getByRole('radio', { name: /dc-contact-form/ }).check();
    await builder(page).getByLabel('Send requests to', { exact: true }).fill('not a url');
    await expect(page.frameLocator('iframe[title="Live preview of <dc-contact-form>"]').getByRole('heading', { name: 'Request your free consultation' })).toBeVisible();
    await expect(builder(page).getByText('Preview: nothing is sent.')).toBeVisible();
    await expectNoAxeViolationsInViews(page);
  });
});

test('a React 19 page renders <dc-dashboard-gallery> with props and receives its events', async ({ page }) => {
  await stubPowerBi(page);
  const dir = mkdtempSync(join(tmpdir(), 'dc-react19-'));
  try {
    const entry = join(dir, 'app.js');
    writeFileSync(
      entry,
      `import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';
function App() {
  const [seen, setSeen] = useState([]);
  return h('main', null,
    h('dc-dashboard-gallery', {
      src: ${JSON.stringify(`${ours}/data/reports.json`)},
      label: 'Finance reports',
      headingLevel: '2',
      'ondc-report-change': (event) => setSeen((list) => [...list, event.detail.title]),
    }),
    h('p', { id: 'log' }, 'Seen: ' + seen.join(', ')));
}
createRoot(document.getElementById('root')).render(h(App));
`,
    );
    const bundled = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      minify: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      nodePaths: [join(process.cwd(), 'node_modules')],
      logLevel: 'silent',
    });
    const code = bundled.outputFiles[0]!.text;
    expect(code).toContain('react.transitional.element'); // real React 19, not the site's preact/compat
    partner.page('/react-app.js', code, {}, 'text/javascript');
    const file = release.elements['dc-dashboard-gallery']!;
    const script = widgetSnippet({ origin: ours, tag: 'dc-dashboard-gallery', file }).split('\n').slice(0, 2).join('\n');
    partner.page(
      '/react',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React 19 partner</title>${script}</head><body><div id="root"></div><script type="module" src="/react-app.js"></script></body></html>`,
      { 'Content-Security-Policy': strictCsp },
    );
    await page.goto(`${partner.origin}/react`);
    await expect(page.getByRole('tablist', { name: 'Finance reports' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
    await page.getByRole('tab', { name: 'Balance Sheet Analysis' }).click();
    await expect(page.locator('#log')).toHaveText('Seen: Balance Sheet Analysis');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const TAGS = ['dc-theme-toggle', 'dc-consent', 'dc-contact-form', 'dc-dashboard-gallery', 'dc-blog'];

test.describe('the documentation page of each element (/embed/<tag>)', () => {
  test.beforeEach(async ({ context }) => seedConsent(context));

  test('each is linked from /embed, listed in the sitemap, and shows the README as a page: snippet, attributes, events, CSS, CSP lines', async ({ page, request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const tag of TAGS) {
      expect(sitemap, tag).toContain(`/embed/${tag}</loc>`);
      await openEmbed(page);
      await builder(page).getByRole('radio', { name: new RegExp(`<${tag}>`) }).check();
      await builder(page).getByRole('link', { name: `Documentation of <${tag}>` }).click();
      await expect(page).toHaveURL(new RegExp(`/embed/${tag}$`));
      await expect(page.getByRole('heading', { level: 1, name: `<${tag}>` })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'CSP lines' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: /Attributes/ })).toBeVisible();
      const file = release.elements[tag]!;
      await expect(page.locator('main pre').filter({ hasText: file.integrity }).first()).toBeVisible();
      // Markdown is rendered, never shown raw.
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text, tag).not.toMatch(/\]\(|<!-- api:|^\|---/m);
    }
    await page.goto('/embed/dc-contact-form');
    await expect(page.getByRole('cell', { name: 'action', exact: true }).first()).toBeVisible();
    await expect(page.locator('main')).toContainText('connect-src https://www.dataclarity.de');
    // Headings carry the README's anchors, so links into a section keep working.
    await expect(page.locator('#sending-action')).toHaveCount(1);
  });

  // axe runs on each of these pages in a11y.spec.ts (every route of the sitemap, light at 375 px and
  // dark at 1280 px); here the layout at both widths.
  test('no sideways scrolling at 375 or 1280 px', async ({ page }) => {
    for (const tag of TAGS) {
      await page.setViewportSize({ width: 375, height: 900 });
      await page.goto(`/embed/${tag}`);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${tag} at ${width} px`).toBe(true);
      }
    }
  });
});
