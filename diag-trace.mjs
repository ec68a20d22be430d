import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu'] });
const res = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
await chrome.kill();
const ev = res.artifacts.Trace.traceEvents;
// find renderer main thread: CrRendererMain
const names = ev.filter(e => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
const mains = new Set(names.map(e => e.pid + ':' + e.tid));
const tops = ev.filter(e => mains.has(e.pid+':'+e.tid) && e.ph === 'X' && e.dur > 8000);
tops.sort((a,b)=>a.ts-b.ts);
const t0 = tops[0]?.ts ?? 0;
for (const e of tops) console.log(((e.ts - t0)/1000).toFixed(1).padStart(8), (e.dur/1000).toFixed(1).padStart(7), e.name, JSON.stringify(e.args?.data ?? {}).slice(0,150));
