/**
 * Screenshots for looking at the site: node scripts/screenshots.mjs [outDir] [path ...]
 * Each path in light and dark, at 1280 px and 375 px. Needs a running server
 * (BASE_URL, default http://localhost:8080). FRAME_STUB=<file.html> serves that file for the
 * Power BI hosts (not reachable here), e.g. FRAME_STUB=tests/e2e/fixtures/powerbi-stub.html; full-page
 * captures leave cross-origin frames blank, so with FULL=0 the shot is taken at the first frame.
 * COOKIES='name=value; other=value' sends those cookies (e.g. a session, to see signed-in pages).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
const base = process.env.BASE_URL ?? 'http://localhost:8080';
const full = process.env.FULL !== '0';
const frameStub = process.env.FRAME_STUB;
const POWER_BI_HOSTS = /^https:\/\/app\.(powerbi\.(com|cn|de)|(high\.|mil\.)?powerbigov\.us)\//;
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const path of paths.length ? paths : ['/']) {
  for (const theme of ['light', 'dark']) {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: width > 800 ? 800 : 740 }, reducedMotion: 'reduce' });
      await context.addInitScript((isDark) => {
        localStorage.setItem('dc_theme', JSON.stringify({ isDark, source: 'user-preference' }));
      }, theme === 'dark');
      for (const pair of (process.env.COOKIES ?? '').split(';').map((part) => part.trim()).filter(Boolean)) {
        const at = pair.indexOf('=');
        await context.addCookies([{ name: pair.slice(0, at), value: pair.slice(at + 1), url: base, secure: true }]);
      }
      if (frameStub) await context.route(POWER_BI_HOSTS, (route) => route.fulfill({ path: frameStub, contentType: 'text/html' }));
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: 'networkidle' });
      if (frameStub && !full) {
        await page.locator('iframe').first().scrollIntoViewIfNeeded().catch(() => {});
        await page.waitForTimeout(300);
      }
      const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${theme}-${width}.png`;
      await page.screenshot({ path: `${outDir}/${name}`, fullPage: full });
      console.log(`${outDir}/${name}`);
      await context.close();
    }
  }
}
await browser.close();
