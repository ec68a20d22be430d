/**
 * npm run build: from a clean dist/, printing the time of each stage. Two cores, so the stages
 * that do not wait for each other run side by side:
 *
 *   shared/company.ts from site/_data/company.json (build/companyModule.mjs), and each public element's
 *   attributes.ts from its api.json (build/elementAttributes.mjs), first: the server and widgets import them
 *   server (esbuild, a child: server-dist/main.mjs, host-config.mjs) ──────────────┐
 *   font subset (build/fontSubset.mjs, cached) ─────────────────────────────────────┤
 *   widgets: site bundle (Rollup, this process) → standalone files → release ──────┤
 *   pages (Eleventy, a child) ─────────────────────────────────────────────────────┴─ host configs ─┐
 *                                                                                     precompress ──┴─ budgets
 *
 * - The pages need two files of the widget build: the site bundle's manifest (which scripts a
 *   page adds) and the release (/embed's pinned URLs and SRI hashes). Eleventy starts at once,
 *   reads data, builds the stylesheet and renders, and waits for each file only where it is used
 *   (DC_BUILD_WAIT_MS, site/_config/buildFile.js); the widget build writes both whole, by a rename.
 * - The partners' standalone files are made from the site bundle's output, the release from them.
 * - Host configs (dist/_headers, _redirects, deploy/nginx.conf) list the site's files, leaving the
 *   Brotli/gzip copies out, so they are written while precompress runs.
 * Rollup runs in this process through its API (rollup.config.mjs, the same config `rollup -c` reads),
 * so its plugins load once for both parts. Types are checked by `npm run typecheck`, not here.
 * - What only changes with its inputs is cached (build/buildCache.mjs, node_modules/.cache/dc-build):
 *   the minifier's output per chunk, the icons, the social images (in Eleventy's run) and the
 *   Brotli/gzip copies. A clean build with that cache warm redoes only what changed; a fresh clone
 *   makes everything once. Each stage prints its counts.
 * Any failure stops the other stages and fails the build. `total` counts from the process's start.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { rollup } from 'rollup';
import { BuildCache, cacheKey, packageVersion, sourceOf } from '../build/buildCache.mjs';
import { writeCompanyModule } from '../build/companyModule.mjs';
import { writeElementAttributes } from '../build/elementAttributes.mjs';
import { FONT_PATH, writeFontSubset } from '../build/fontSubset.mjs';
import { writeSiteIcons } from '../build/siteIcons.mjs';
import rollupConfig from '../rollup.config.mjs';
import { precompress } from './precompress.mjs';

const node = process.execPath;
/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
/**
 * Runs `node <args>` as a child; resolves when it exits with 0.
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<void>}
 */
const run = (args, env = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(node, args, { stdio: 'inherit', shell: false, env: { ...process.env, ...env } });
    children.add(child);
    child.on('error', reject);
    child.on('exit', () => children.delete(child));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${args.join(' ')} exited with ${signal ?? code}`));
    });
  });

/**
 * Runs `work`, prints its time when it ends (with what ran next to it), and returns its result.
 * @template T
 * @param {string} name
 * @param {() => Promise<T>} work
 * @param {string | (() => string)} [what] a note, or one made when the stage ends (its cache's counts)
 * @returns {Promise<T>}
 */
const stage = async (name, work, what = '') => {
  const start = performance.now();
  const result = await work();
  const note = typeof what === 'function' ? what() : what;
  console.log(`build: ${name.padEnd(30)} ${seconds(performance.now() - start).padStart(8)}${note ? `   (${note})` : ''}`);
  return result;
};

/**
 * The minified chunks, by the chunk's code before minifying and what minifies it: the config (the
 * minifier's options are in rollup.config.mjs), which part and plugin, the output format, and
 * Terser's version. Terser was about 40 % of the widget stages' time, mostly for chunks that had not changed.
 */
const minified = new BuildCache('terser');
const MINIFIER = cacheKey(sourceOf('rollup.config.mjs'), packageVersion('terser'), packageVersion('@rollup/plugin-terser'));

/**
 * `plugin` with its renderChunk answered from the cache when the same code was minified the same
 * way before. Only plain code is cached: with a source map, or for a result that would not survive
 * UTF-8 (a lone surrogate), the minifier runs.
 * @param {import('rollup').Plugin} plugin
 * @param {string} where which config part and plugin, for the key
 * @returns {import('rollup').Plugin}
 */
function cachedMinifier(plugin, where) {
  const renderChunk = plugin.renderChunk;
  if (typeof renderChunk !== 'function') return plugin;
  return {
    ...plugin,
    async renderChunk(code, chunk, outputOptions, meta) {
      if (outputOptions.sourcemap) return renderChunk.call(this, code, chunk, outputOptions, meta);
      const key = cacheKey(MINIFIER, where, outputOptions.format, code);
      const hit = minified.get(key);
      if (hit) return hit.toString('utf8');
      const result = await renderChunk.call(this, code, chunk, outputOptions, meta);
      if (typeof result === 'string' && Buffer.from(result, 'utf8').toString('utf8') === result) minified.set(key, result);
      return result;
    },
  };
}

/**
 * Builds one part of rollup.config.mjs ('site' or 'standalone') in this process; the configs of a
 * part at once (the standalone files: Rollup's work on one overlaps the minifier's on another).
 * @param {'site' | 'standalone'} configPart
 */
const rollupPart = (configPart) =>
  Promise.all(
    rollupConfig({ configPart }).map(async (config) => {
      const plugins = [config.plugins ?? []].flat();
      /** @type {import('rollup').RollupOptions} */
      const options = {
        ...config,
        plugins: plugins.map((plugin, i) => (plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name === 'terser' ? cachedMinifier(plugin, `${configPart} ${i}`) : plugin)),
      };
      const bundle = await rollup(options);
      try {
        const outputs = [options.output ?? []].flat();
        await Promise.all(outputs.map((output) => bundle.write(output)));
      } finally {
        await bundle.close();
      }
    }),
  );

try {
  rmSync('dist', { recursive: true, force: true });
  if (writeCompanyModule()) console.log('build: shared/company.ts rewritten from site/_data/company.json (commit it)');
  for (const file of writeElementAttributes()) console.log(`build: ${file} rewritten from its api.json (commit it)`);
  await Promise.all([
    stage('server (esbuild)', () => run(['scripts/build-server.mjs']), 'next to the widgets and pages'),
    stage('font subset', async () => {
      const font = await writeFontSubset('dist');
      console.log(`build: ${FONT_PATH} ${(font.bytes / 1024).toFixed(1)} KB${font.cached ? ' (cached)' : ''}`);
    }),
    stage('icons', async () => {
      const icons = await writeSiteIcons('dist');
      console.log(`build: ${icons.files} icon files (favicon.ico, the manifest's PNGs, apple-touch-icon): ${icons.cache.summary()}`);
    }),
    stage('pages (Eleventy)', () => run(['node_modules/@11ty/eleventy/cmd.cjs'], { DC_BUILD_WAIT_MS: process.env.DC_BUILD_WAIT_MS ?? '120000' }), 'next to the widgets'),
    (async () => {
      await stage('widgets (site bundle)', () => rollupPart('site'), () => `minified chunks: ${minified.summary()}`);
      const site = { hits: minified.hits, misses: minified.misses };
      await stage('standalone widgets', () => rollupPart('standalone'), () => `minified files: ${minified.hits - site.hits} cached, ${minified.misses - site.misses} made`);
      minified.prune();
      await stage('widget release', () => run(['scripts/widget-release.mjs']));
    })(),
  ]);
  await Promise.all([
    stage('host configs', () => run(['server-dist/host-config.mjs']), 'next to precompress'),
    stage('precompress (br + gzip)', async () => {
      const totals = await precompress('dist');
      console.log(
        `build: ${totals.files} text files, ${(totals.bytes / 1024).toFixed(0)} KB -> ${(totals.brotli / 1024).toFixed(0)} KB brotli, ${(totals.gzip / 1024).toFixed(0)} KB gzip (copies: ${totals.cache.summary()})`,
      );
    }),
  ]);
  await stage('size budgets', () => run(['scripts/size.mjs', '--check']));
} catch (error) {
  for (const child of children) child.kill();
  console.error(`\nBuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`build: ${'total'.padEnd(30)} ${seconds(performance.now()).padStart(8)}   (from the process's start)`);
