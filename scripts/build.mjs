/**
 * npm run build: from a clean dist/, in stages, printing the time of each:
 *   1. widgets  – the site bundle (Rollup): its manifest tells the pages which scripts to add;
 *   2. the partners' standalone widget files (made from the site bundle), then their release
 *      (versioned files, SRI, custom-elements.json, types), which the pages read;
 *   3. pages    – Eleventy;
 *   4. hosts    – dist/_headers, dist/_redirects, deploy/nginx.conf from server/hosting/siteRules.ts,
 *                 and at the same time the production server (server-dist/main.mjs, esbuild);
 *   5. compress – Brotli and gzip copies of every text file (scripts/precompress.mjs);
 *   6. budgets  – scripts/size.mjs --check.
 * Types are checked by `npm run typecheck`, not here. Any failure fails the build.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { precompress } from './precompress.mjs';

const rollup = 'node_modules/rollup/dist/bin/rollup';
const times = [];

const run = (command, args) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: false });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${[command, ...args].join(' ')} exited with ${signal ?? code}`));
    });
  });

const stage = async (name, work) => {
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  times.push([name, ms]);
  console.log(`build: ${name.padEnd(30)} ${(ms / 1000).toFixed(2)} s`);
};

const total = performance.now();
try {
  rmSync('dist', { recursive: true, force: true });
  await stage('widgets (site bundle)', () => run(process.execPath, [rollup, '-c', 'rollup.config.mjs', '--configPart', 'site', '--silent']));
  // The release (hashes, pinned copies) is made from the standalone files, and the pages (the
  // embed page, the snippets) read the release: standalone -> release -> pages.
  await stage('standalone widgets', () => run(process.execPath, [rollup, '-c', 'rollup.config.mjs', '--configPart', 'standalone', '--silent']));
  await stage('widget release', () => run(process.execPath, ['scripts/widget-release.mjs']));
  await stage('pages', () => run(process.execPath, ['node_modules/@11ty/eleventy/cmd.cjs']));
  await stage('host configs + server', () =>
    Promise.all([
      run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/host-config.ts']),
      run(process.execPath, ['scripts/build-server.mjs']),
    ]),
  );
  await stage('precompress (br + gzip)', async () => {
    const totals = await precompress('dist');
    console.log(`build: ${totals.files} text files, ${(totals.bytes / 1024).toFixed(0)} KB -> ${(totals.brotli / 1024).toFixed(0)} KB brotli, ${(totals.gzip / 1024).toFixed(0)} KB gzip`);
  });
  await stage('size budgets', () => run(process.execPath, ['scripts/size.mjs', '--check']));
} catch (error) {
  console.error(`\nBuild failed: ${error.message}`);
  process.exit(1);
}
console.log(`build: ${'total'.padEnd(30)} ${((performance.now() - total) / 1000).toFixed(2)} s`);
