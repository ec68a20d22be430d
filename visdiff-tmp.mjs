import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const routes = [...readFileSync('dist/sitemap.xml', 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const record = (origin) => ({ name: 'cmp_consent_v1', value: encodeURIComponent(JSON.stringify({ consentId: '5f0c4a52-7c1e-4c55-9a43-0d5c2d1f9e10', timestamp: new Date().toISOString(), timezone: 'Europe/Berlin', policyVersion: '2025.1', categories: { strictlyNecessary: true, functional: false, analytics: false, marketing: false }, ipMasked: 'unavailable', ipHash: 'unavailable', location: { country: 'Unknown', region: 'Unknown', city: 'Unknown' }, lastUpdated: new Date().toISOString() })), url: origin });
const shot = async (origin, route, width, scheme) => {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, reducedMotion: 'reduce' });
  await context.addCookies([record(origin)]);
  const page = await context.newPage();
  await page.goto(origin + route, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  const png = await page.screenshot({ fullPage: true, animations: 'disabled' });
  await context.close();
  return png;
};
const diffPage = await (await browser.newContext()).newPage();
const compare = (a, b) => diffPage.evaluate(async ([a, b]) => {
  const load = (src) => new Promise((r) => { const i = new Image(); i.onload = () => r(i); i.src = 'data:image/png;base64,' + src; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.width !== y.width || x.height !== y.height) return `size ${x.width}x${x.height} vs ${y.width}x${y.height}`;
  const c = (img) => { const cv = document.createElement('canvas'); cv.width = img.width; cv.height = img.height; const ctx = cv.getContext('2d'); ctx.drawImage(img, 0, 0); return ctx.getImageData(0, 0, img.width, img.height).data; };
  const p = c(x), q = c(y); let n = 0; let first = -1;
  for (let i = 0; i < p.length; i += 4) if (Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) > 24) { n++; if (first < 0) first = (i / 4 / x.width) | 0; }
  return n === 0 ? 0 : `${n} px differ (first at y=${first})`;
}, [a.toString('base64'), b.toString('base64')]);
for (const route of routes) for (const width of [1280, 375]) for (const scheme of (process.env.SCHEMES ?? 'light').split(',')) {
  const [a, b] = [await shot('http://127.0.0.1:8191', route, width, scheme), await shot('http://127.0.0.1:8190', route, width, scheme)];
  const result = await compare(a, b);
  if (result !== 0) { console.log(route, width, scheme, result); }
}
console.log('done', routes.length);
await browser.close();
