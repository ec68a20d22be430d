/**
 * npm run size: the gzip size of every widget (standalone file, and its own
 * code in the site build without the shared runtime) and of each page's total
 * JavaScript (its inline scripts, modules and modulepreloads, and the code its light islands load
 * at idle: what it loads without a click)
 * and first round trip (HTML + the stylesheets it links: the base and its
 * page files, site/_config/styles.js; Brotli, as sent). With --check it
 * exits non-zero when a budget in size-budgets.json is passed. With
 * --markdown it prints the tables as Markdown for README.md.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { lightIslandTags } from '../build/elements.mjs';

const dist = 'dist';
const check = process.argv.includes('--check');
const markdown = process.argv.includes('--markdown');
/**
 * @typedef {{ runtime: number, elementOwn: number, standalone: number, pageTotal: number, firstRoundTrip: number }} Limits
 * @typedef {Limits & {
 *   elements?: Record<string, Partial<Limits> & { elementTotal?: number }>,
 *   pages?: Record<string, Partial<Limits>>,
 * }} Budgets
 * @typedef {'runtime' | 'elementOwn' | 'standalone' | 'pageTotal' | 'firstRoundTrip'} LimitName
 */
/** @type {Budgets} */
const budgets = JSON.parse(readFileSync('size-budgets.json', 'utf8'));
const manifestPath = join(dist, 'assets/js/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('size: dist/ has no widget build; run npm run build first.');
  process.exit(1);
}
/** @type {Record<string, { file: string, imports: string[], lazy?: string[], public: boolean }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
/** @param {string | Buffer} text */
const gz = (text) => gzipSync(text, { level: 9 }).length;
/** @param {string} urlPath */
const gzFile = (urlPath) => gz(readFileSync(join(dist, urlPath)));
/**
 * What the server sends with Brotli: the build's .br copy (scripts/precompress.mjs), or a fresh one.
 * @param {string} urlPath
 */
const brFile = (urlPath) => {
  const path = join(dist, urlPath);
  if (existsSync(`${path}.br`)) return statSync(`${path}.br`).size;
  return brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
};
/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** @type {string[]} */
const failures = [];
/**
 * The light islands (widgets/lib/lightIsland.ts) load their code on demand when the browser is
 * idle, without a click: their on-demand chunks count in a page's total. The other elements' load
 * only when needed: dc-consent's dialog when the visitor reaches for Customize or opens the settings
 * (tests/e2e/consent.spec.ts checks a first visit does not fetch it), dc-blog's own stylesheet on a
 * page whose stylesheet lacks the magazine's layer, which no page of the site does.
 */
const loadedAtIdle = new Map(lightIslandTags().map((tag) => [manifest[tag]?.file, manifest[tag]?.lazy ?? []]));
/** @param {string} tag @param {LimitName} key @returns {number} */
const budgetFor = (tag, key) => budgets.elements?.[tag]?.[key] ?? budgets[key];
/** The pages with a budget of their own for `key`: ' (/ 18.0 KB, /blog 15.0 KB)', or ''. */
/** @param {LimitName} key */
const pageBudgets = (key) => {
  const own = Object.entries(budgets.pages ?? {}).filter(([, page]) => page[key] !== undefined);
  return own.length ? ` (${own.map(([route, page]) => `${route} ${kb(page[key] ?? 0)}`).join(', ')})` : '';
};

const runtimeFiles = new Set(Object.values(manifest).flatMap((entry) => entry.imports));
const runtimeRows = [...runtimeFiles].map((file) => ({ file, size: gzFile(file) }));
const runtimeTotal = runtimeRows.reduce((sum, row) => sum + row.size, 0);
// The runtime budget is for the runtime chunk every page loads: Preact + r2wc, and the code the
// frame elements (header, footer, consent) share with others (rollup.config.mjs). Shared app code
// that rollup splits out when two other elements import the same module (validation, tabs...) is
// checked like an element's own code, and every page's total below counts all of it.
const frameworkTotal = runtimeRows.filter((row) => row.file.includes('/runtime-')).reduce((sum, row) => sum + row.size, 0);
if (frameworkTotal > budgets.runtime) {
  failures.push(`runtime chunk ${kb(frameworkTotal)} > ${kb(budgets.runtime)}`);
}
for (const row of runtimeRows) {
  if (!row.file.includes('/runtime-') && row.size > budgets.elementOwn) {
    failures.push(`shared chunk ${row.file} ${kb(row.size)} > ${kb(budgets.elementOwn)}`);
  }
}

const elementRows = Object.entries(manifest).map(([tag, entry]) => {
  const own = gzFile(entry.file);
  // Chunks the element imports only when needed (dc-consent's dialog): not part of page load,
  // but part of the element's code, held to elementTotal (own + on demand).
  const lazy = (entry.lazy ?? []).reduce((sum, file) => sum + gzFile(file), 0);
  const totalBudget = budgets.elements?.[tag]?.elementTotal ?? budgetFor(tag, 'elementOwn');
  if (own + lazy > totalBudget) failures.push(`${tag} own code with its on-demand chunks ${kb(own + lazy)} > ${kb(totalBudget)}`);
  const standalonePath = `/widgets/${tag}.js`;
  const standalone = existsSync(join(dist, standalonePath)) ? gzFile(standalonePath) : null;
  if (own > budgetFor(tag, 'elementOwn')) failures.push(`${tag} own code ${kb(own)} > ${kb(budgetFor(tag, 'elementOwn'))}`);
  if (standalone !== null && standalone > budgetFor(tag, 'standalone')) {
    failures.push(`${tag} standalone ${kb(standalone)} > ${kb(budgetFor(tag, 'standalone'))}`);
  }
  return { tag, own, lazy, standalone, public: entry.public };
});

/** @type {string[]} */
const pages = [];
/** @param {string} dir */
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.html')) pages.push(path);
  }
};
walk(dist);
const pageRows = pages.sort().map((path) => {
  const html = readFileSync(path, 'utf8');
  let total = 0;
  /** @type {Set<string>} */
  const files = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(match[1] ?? '')?.[1];
    const type = /\btype="([^"]+)"/.exec(match[1] ?? '')?.[1] ?? '';
    if (src) files.add(src);
    else if (!type.includes('json')) total += gz(match[2] ?? '');
  }
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) files.add(match[1] ?? '');
  for (const match of html.matchAll(/<script type="module" src="([^"]+)"/g)) {
    (loadedAtIdle.get(match[1] ?? '') ?? []).forEach((file) => files.add(file));
  }
  for (const file of files) if (file.startsWith('/')) total += gzFile(file);
  const route = '/' + relative(dist, path).replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  const totalBudget = budgets.pages?.[route]?.pageTotal ?? budgets.pageTotal;
  if (total > totalBudget) failures.push(`page ${route} ${kb(total)} > ${kb(totalBudget)}`);
  // The first round trip: the HTML and the stylesheets it links, as sent with Brotli.
  const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="(\/[^"]+)"/g)].map((match) => match[1] ?? '');
  const firstView = brFile('/' + relative(dist, path)) + stylesheets.reduce((sum, href) => sum + brFile(href), 0);
  const firstViewBudget = budgets.pages?.[route]?.firstRoundTrip ?? budgets.firstRoundTrip;
  if (firstView > firstViewBudget) failures.push(`page ${route} first round trip (HTML + stylesheets, Brotli) ${kb(firstView)} > ${kb(firstViewBudget)}`);
  return { route, total, scripts: files.size, firstView };
});

if (markdown) {
  console.log(`| Element | Public | Standalone file (gzip) | Own code on the site (gzip) | Loaded on demand (gzip) |\n|---|---|---|---|---|`);
  for (const row of elementRows) {
    console.log(`| \`<${row.tag}>\` | ${row.public ? 'yes' : 'site only'} | ${row.standalone === null ? '–' : kb(row.standalone)} | ${kb(row.own)} | ${row.lazy ? kb(row.lazy) : '–'} |`);
  }
  console.log(`\nShared code on the site: the runtime chunk (Preact, r2wc and the code the frame elements share) is ${kb(frameworkTotal)} gzip; all shared chunks together are ${kb(runtimeTotal)} (a page loads only the chunks its elements use).`);
  const heaviest = [...pageRows].sort((a, b) => b.total - a.total)[0];
  if (heaviest) console.log(`Heaviest page: \`${heaviest.route}\`, ${kb(heaviest.total)} of JavaScript gzip.`);
  const firstView = [...pageRows].sort((a, b) => b.firstView - a.firstView)[0];
  if (firstView) {
    const median = [...pageRows].sort((a, b) => a.firstView - b.firstView)[Math.floor(pageRows.length / 2)];
    console.log(`First round trip: HTML + its stylesheets (base + page files) at most ${kb(firstView.firstView)} with Brotli (\`${firstView.route}\`), median ${kb(median?.firstView ?? 0)}.`);
  }
} else {
  console.log('Widgets (gzip)');
  console.log(`  shared chunks: ${runtimeRows.map((row) => `${row.file} ${kb(row.size)}`).join(', ') || 'none'}`);
  for (const row of elementRows) {
    const lazy = row.lazy ? `   + on demand ${kb(row.lazy)}` : '';
    console.log(`  ${row.tag.padEnd(24)} own ${kb(row.own).padStart(8)}   standalone ${row.standalone === null ? '       –' : kb(row.standalone).padStart(8)}${lazy}`);
  }
  console.log('Pages: total JavaScript (gzip); HTML + stylesheets (Brotli, the first round trip)');
  for (const row of pageRows) console.log(`  ${row.route.padEnd(34)} ${kb(row.total).padStart(8)}  (${row.scripts} files)   HTML+CSS ${kb(row.firstView).padStart(8)}`);
  console.log(`Budgets: runtime ${kb(budgets.runtime)}, element own ${kb(budgets.elementOwn)}, page ${kb(budgets.pageTotal)}, standalone ${kb(budgets.standalone)}, first round trip ${kb(budgets.firstRoundTrip)}${pageBudgets('firstRoundTrip')}`);
}

if (check && failures.length > 0) {
  console.error(`\nSize budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
