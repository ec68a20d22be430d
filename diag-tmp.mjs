import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
const url = process.argv[2]; const theme = process.argv[3] ?? 'light';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu',`--blink-settings=preferredColorScheme=${theme==='dark'?0:1}`] });
const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
await chrome.kill();
writeFileSync('/tmp/lh/last.json', JSON.stringify(lhr));
const a = lhr.audits;
console.log('score', lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].numericValue, 'LCP', a['largest-contentful-paint'].numericValue, 'TBT', a['total-blocking-time'].numericValue, 'SI', a['speed-index'].numericValue);
for (const id of ['largest-contentful-paint-element','render-blocking-resources','long-tasks','bootup-time','mainthread-work-breakdown','lcp-lazy-loaded','font-display','dom-size']) {
  const d = a[id]?.details; if (!d) continue;
  console.log('==', id, a[id].displayValue ?? '');
  const items = d.items ?? [];
  for (const it of items.slice(0,12)) {
    if (it.items) { for (const x of it.items) console.log('   ', JSON.stringify(x).slice(0,300)); }
    else console.log('   ', JSON.stringify(it).slice(0,300));
  }
}
const reqs = a['network-requests'].details.items;
for (const r of reqs) console.log(Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.transferSize, r.resourceType, r.priority, r.url.replace(/^http:\/\/127.0.0.1:\d+/,''));
