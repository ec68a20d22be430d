/**
 * Renders the default social card, site/assets/images/og-default.png (1200x630),
 * from company.json with the brand mark, name, slogan and services, in the site's
 * Inter font, using the same Chromium as the tests. Run once after a brand change:
 *   node scripts/og-image.mjs
 * The PNG is committed; the build only copies it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { FONT_SOURCE } from '../build/fontSubset.mjs';

const root = resolve(import.meta.dirname, '..');
/** @type {typeof import('../site/_data/company.json')} */
const company = JSON.parse(readFileSync(join(root, 'site/_data/company.json'), 'utf8'));
const font = pathToFileURL(FONT_SOURCE).href;
const out = join(root, 'site/assets/images/og-default.png');
const { escapeHtml } = /** @type {typeof import('../shared/escapeHtml')} */ (await tsImport('../shared/escapeHtml.ts', import.meta.url));
/** @param {unknown} text */
const escape = (text) => escapeHtml(String(text));

const dots = Array.from({ length: 40 }, (_, i) => {
  const x = (i * 61 + 7) % 100;
  const y = (i * 37 + 11) % 100;
  return `<circle cx="${x}%" cy="${y}%" r="${1.5 + (i % 3)}" fill="${i % 3 ? '#5eead4' : '#86a8ff'}" opacity="${0.25 + (i % 4) * 0.1}"/>`;
}).join('');

const html = `<!doctype html><html><head><meta charset="utf-8"><style>
@font-face { font-family: Inter; src: url('${font}') format('woff2'); font-weight: 100 900; }
* { margin: 0; box-sizing: border-box; }
body { width: 1200px; height: 630px; overflow: hidden; font-family: Inter, sans-serif; color: #f3f6ff;
  background: radial-gradient(ellipse at 85% 0%, rgb(94 234 212 / 0.28), transparent 50%),
              radial-gradient(ellipse at 0% 110%, rgb(134 168 255 / 0.35), transparent 55%),
              linear-gradient(135deg, #0b1c4d, #0f3d5e); position: relative; }
.grid { position: absolute; inset: 0; opacity: 0.35;
  background-image: linear-gradient(rgb(255 255 255 / 0.07) 1px, transparent 1px), linear-gradient(90deg, rgb(255 255 255 / 0.07) 1px, transparent 1px);
  background-size: 48px 48px; }
svg.dots { position: absolute; inset: 0; width: 100%; height: 100%; }
.wrap { position: relative; height: 100%; padding: 72px 80px; display: flex; flex-direction: column; }
.brand { display: flex; align-items: center; gap: 20px; font-size: 40px; font-weight: 800; letter-spacing: -0.02em; }
.brand svg { width: 64px; height: 64px; }
h1 { margin-top: 56px; font-size: 72px; line-height: 1.05; font-weight: 800; letter-spacing: -0.035em; max-width: 900px;
  background: linear-gradient(100deg, #ffffff 35%, #a5f3e6 80%); -webkit-background-clip: text; background-clip: text; color: transparent; }
p { margin-top: 20px; font-size: 26px; color: #c7d3ee; max-width: 700px; }
ul { list-style: none; padding: 0; margin-top: auto; display: flex; gap: 12px; flex-wrap: wrap; max-width: 760px; }
li { font-size: 19px; font-weight: 600; padding: 10px 20px; border-radius: 999px; background: rgb(255 255 255 / 0.08); border: 1px solid rgb(255 255 255 / 0.22); }
.url { position: absolute; right: 80px; top: 84px; font-size: 22px; color: #a5f3e6; font-weight: 600; }
.bars { position: absolute; right: 80px; bottom: 72px; display: flex; align-items: flex-end; gap: 14px; opacity: 0.9; }
.bars span { width: 34px; border-radius: 8px 8px 3px 3px; background: linear-gradient(#5eead4, #2251d8); }
</style></head><body>
<div class="grid"></div><svg class="dots">${dots}</svg>
<div class="bars"><span style="height:70px"></span><span style="height:120px"></span><span style="height:95px"></span><span style="height:170px"></span><span style="height:220px"></span></div>
<div class="wrap">
  <div class="brand"><svg viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2251d8"/><stop offset="1" stop-color="#0f9d8f"/></linearGradient></defs><rect width="32" height="32" rx="8" fill="url(#g)"/><rect x="7" y="17" width="4" height="8" rx="1.5" fill="#fff"/><rect x="14" y="12" width="4" height="13" rx="1.5" fill="#fff" opacity=".9"/><rect x="21" y="7" width="4" height="18" rx="1.5" fill="#fff" opacity=".8"/></svg>${escape(company.name)}</div>
  <div class="url">${escape(company.website.replace(/^https?:\/\//, ''))}</div>
  <h1>${escape(company.slogan)}</h1>
  <p>Data strategy, data cleanup, Power BI dashboards and reporting from ${escape(company.address.city)}, Germany.</p>
  <ul>${company.services.map((s) => `<li>${escape(s)}</li>`).join('')}</ul>
</div></body></html>`;

const dir = mkdtempSync(join(tmpdir(), 'og-'));
const file = join(dir, 'card.html');
writeFileSync(file, html);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.goto(pathToFileURL(file).href);
  await page.evaluate(() => globalThis.document.fonts.ready);
  await page.screenshot({ path: out, type: 'png' });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
