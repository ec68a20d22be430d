import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Rollup plugin for the partners' standalone files: instead of compiling the
 * element's sources a second time, the build starts from the element's entry in
 * the site build that ran just before (dist/assets/js, found through its
 * manifest.json) and inlines the shared chunks and on-demand chunks it imports
 * into one self-contained module. Same code, one compile.
 *
 * Except the site-only chunks (`siteOnly`, matched against the chunk's file name): a dynamic import
 * of one gets an empty module instead, so the element takes its path for a page without that code.
 * <dc-blog>'s adoption of a served magazine (widgets/blog/adoption.ts, the site's /blog only) is one.
 */
const EMPTY = '\0standalone-empty';

/**
 * @param {{ tag: string, siteDir?: string, publicPath?: string, siteOnly?: RegExp }} options
 * @returns {import('rollup').Plugin}
 */
export function standaloneFromSite({ tag, siteDir = 'dist/assets/js', publicPath = '/assets/js/', siteOnly = /^adoption-[\w-]+\.js$/ }) {
  return {
    name: 'standalone-from-site',
    resolveDynamicImport(specifier) {
      return typeof specifier === 'string' && siteOnly.test(specifier.split('/').pop() ?? '') ? EMPTY : null;
    },
    load(id) {
      return id === EMPTY ? 'export {};' : null;
    },
    options(inputOptions) {
      const manifest = /** @type {Record<string, { file: string } | undefined>} */ (JSON.parse(readFileSync(join(siteDir, 'manifest.json'), 'utf8')));
      const entry = manifest[tag];
      if (!entry) throw new Error(`standalone ${tag}: not in ${siteDir}/manifest.json; build the site bundle first`);
      return { ...inputOptions, input: join(siteDir, entry.file.slice(publicPath.length)) };
    },
  };
}
