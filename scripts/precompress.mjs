/**
 * Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every
 * text file in dist/ (HTML, CSS, JS, JSON, SVG, XML, TXT, web manifest), so the
 * server (server/staticSite.ts, @fastify/static preCompressed) and nginx
 * (gzip_static) send them without compressing per request. A copy is written
 * only when it is smaller than the file. Dotfiles (dist/.csp.json) are not
 * served and are skipped. Compression runs on libuv's thread pool, so all cores
 * work at once. Each copy is cached by its file's bytes and the settings
 * (build/buildCache.mjs): a build compresses only the files that changed, so the
 * highest quality costs a build nothing for the rest. Brotli 11 against 10 on
 * this site: HTML 303 KB against 311 KB, JavaScript and CSS 2-3 % smaller, for
 * about twice the time, which only a changed file pays.
 *   node scripts/precompress.mjs [dir]     (default dist)
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import { BuildCache, cacheKey, sourceOf } from '../build/buildCache.mjs';

/** Which files get copies: the rule the server sends them by (shared/compressible.ts). */
const { COMPRESSIBLE } = /** @type {typeof import('../shared/compressible.ts')} */ (await tsImport('../shared/compressible.ts', import.meta.url));

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What a copy is made by besides the file: this code, and the compressors' versions. */
const MAKER = `${sourceOf('scripts/precompress.mjs')}\nbrotli ${process.versions.brotli}\nzlib ${process.versions.zlib}`;

/**
 * Every compressible file under `dir`, relative paths, dotfiles and dot-folders left out.
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
export async function compressibleFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .filter((path) => !path.split('/').some((part) => part.startsWith('.')));
}

/**
 * Compresses every text file of `dir`; returns { files, bytes, brotli, gzip } totals. Files with the
 * same bytes are compressed once: each public widget is published three times (/widgets/dc-x.js,
 * /widgets/v1/dc-x.js, /widgets/v1/dc-x.<hash>.js), and Brotli 11 over those copies was a third of
 * this stage. `cache` holds the copies' hit and miss counts.
 * @param {string} dir
 * @returns {Promise<{ files: number, bytes: number, brotli: number, gzip: number, cache: BuildCache }>}
 */
export async function precompress(dir) {
  const files = await compressibleFiles(dir);
  const cache = new BuildCache('precompress');
  const totals = { files: files.length, bytes: 0, brotli: 0, gzip: 0, cache };
  /** @type {Map<string, Promise<[Buffer, Buffer]>>} */
  const compressed = new Map();
  /** @param {Buffer} source */
  const compress = (source) => {
    const key = createHash('sha256').update(source).digest('base64');
    let both = compressed.get(key);
    if (!both) {
      both = Promise.all([
        cache.getOrMake(cacheKey(MAKER, 'br', source), () =>
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        ),
        cache.getOrMake(cacheKey(MAKER, 'gz', source), () => gz(source, { level: 9 })),
      ]);
      compressed.set(key, both);
    }
    return both;
  };
  await Promise.all(
    files.map(async (path) => {
      const source = await readFile(join(dir, path));
      const [br, gzipped] = await compress(source);
      totals.bytes += source.length;
      if (br.length < source.length) {
        await writeFile(join(dir, `${path}.br`), br);
        totals.brotli += br.length;
      } else totals.brotli += source.length;
      if (gzipped.length < source.length) {
        await writeFile(join(dir, `${path}.gz`), gzipped);
        totals.gzip += gzipped.length;
      } else totals.gzip += source.length;
    }),
  );
  cache.prune();
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist';
  const totals = await precompress(dir);
  /** @param {number} bytes */
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`precompressed ${totals.files} files: ${kb(totals.bytes)} -> brotli ${kb(totals.brotli)}, gzip ${kb(totals.gzip)} (copies: ${totals.cache.summary()})`);
}
