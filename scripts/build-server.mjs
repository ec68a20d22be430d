/**
 * npm run build:server: the production server as one plain ES module, server-dist/main.mjs (and the
 * host configurations' writer, server-dist/host-config.mjs, which `npm run build` runs).
 *
 * `npm run serve` runs that file with Node itself, so what a deployment runs is compiled once,
 * at build time, by esbuild (the transpiler tsx uses for tests and scripts), instead of depending
 * on a development loader's behaviour at every start. The server's own TypeScript and the rules
 * and content it shares with the site (widgets/lib, site/_config, site/_data) are bundled in;
 * packages from node_modules stay imports (--packages=external), so native modules such as
 * better-sqlite3 load as usual. Types are checked by `npm run typecheck`, not here.
 */
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

const started = performance.now();
await build({
  // The host configurations' writer too (scripts/host-config.ts): the build runs it with Node after
  // the pages, without starting a TypeScript loader for it (about 1 s of CPU next to precompress).
  entryPoints: { main: 'server/main.ts', 'host-config': 'scripts/host-config.ts', backup: 'scripts/backup.ts', restore: 'scripts/restore.ts', staff: 'scripts/staff.ts' },
  outdir: 'server-dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
// The password hashing workers' task (piscina loads it by file name, ./users/scryptWorker.ts): plain
// JavaScript, beside main.mjs, where the bundle's `new URL('./scrypt-worker.mjs', import.meta.url)` looks.
copyFileSync('server/users/scrypt-worker.mjs', 'server-dist/scrypt-worker.mjs');
console.log(`server: server-dist/main.mjs, host-config.mjs, backup.mjs, restore.mjs, staff.mjs and scrypt-worker.mjs in ${Math.round(performance.now() - started)} ms`);
