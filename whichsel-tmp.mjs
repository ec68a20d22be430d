import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pageTokens, selectorTokens } from './site/_config/styles.js';
const pages = []; const walk = d => { for (const n of readdirSync(d)) { const p = join(d, n); if (statSync(p).isDirectory()) walk(p); else if (n === 'index.html' || n === '404.html') pages.push(p); } }; walk('dist');
const parts = readdirSync('dist/assets/css').filter(f => f.endsWith('.css') && !f.startsWith('site-')).map(f => ({ f, t: selectorTokens(readFileSync('dist/assets/css/' + f, 'utf8')) }));
for (const p of pages.sort()) {
  const used = pageTokens(readFileSync(p, 'utf8'));
  const row = parts.map(({ f, t }) => { const m = t.selectors.filter(n => n.every(x => used.has(x))).length; return m ? `${f.split('-')[0]} ${m}/${t.selectors.length}` : null; }).filter(Boolean);
  console.log(p.replace('dist/', '').replace('/index.html', '').padEnd(45), row.join('  '));
}
