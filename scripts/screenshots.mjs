/**
 * Screenshots for looking at the site: node scripts/screenshots.mjs [outDir] [path ...]
 * Each path in light and dark, at 1280 px and 375 px. Needs a running server
 * (BASE_URL, default http://localhost:8080). FRAME_STUB=<file.html> serves that file for the
 * Power BI hosts (not reachable here), e.g. FRAME_STUB=tests/e2e/fixtures/powerbi-stub.html; full-page
 * captures leave cross-origin frames blank, so with FULL=0 the shot is taken at the first frame.
 * SIGN_IN='email:password' signs in first (POST /dc_api/wa_v1/session), to see signed-in pages.
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
      if (process.env.SIGN_IN) {
        const at = process.env.SIGN_IN.indexOf(':');
        const answer = await context.request.post(`${base}/dc_api/wa_v1/session`, {
          headers: { Origin: new URL(base).origin },
          data: { email: process.env.SIGN_IN.slice(0, at), password: process.env.SIGN_IN.slice(at + 1) },
        });
        if (!answer.ok()) throw new Error(`SIGN_IN: the server answered ${answer.status()}`);
      }
      if (frameStub) await context.route(POWER_BI_HOSTS, (route) => route.fulfill({ path: frameStub, contentType: 'text/html' }));
      const page = await context.newPage();
      // Until the network is idle; Chromium never reports that for a page with a srcdoc frame (the
      // /embed previews), so there the load event and 5 s of the idle wait suffice.
      await page.goto(base + path, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
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
