import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
const out = '/tmp/shots-5'; mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const theme of ['light', 'dark']) for (const width of [1280, 375]) {
  const context = await browser.newContext({ viewport: { width, height: width > 800 ? 800 : 740 }, reducedMotion: 'reduce' });
  await context.addInitScript((isDark) => localStorage.setItem('dc_theme', JSON.stringify({ isDark, source: 'user-preference' })), theme === 'dark');
  const page = await context.newPage();
  await page.goto('http://localhost:8105/', { waitUntil: 'networkidle' });
  await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
  await page.screenshot({ path: `${out}/banner-${theme}-${width}.png` });
  await page.getByRole('button', { name: 'Customize' }).click();
  await page.getByRole('dialog').waitFor();
  await page.screenshot({ path: `${out}/dialog-${theme}-${width}.png` });
  await page.locator('dc-consent').evaluate((el) => { const d = el.shadowRoot.querySelectorAll('details'); d[2].open = true; d[2].scrollIntoView(); });
  await page.screenshot({ path: `${out}/dialog-vendors-${theme}-${width}.png` });
  await context.close();
}
await browser.close();
