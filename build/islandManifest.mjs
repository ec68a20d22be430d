import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes dist/assets/js/manifest.json: for each element tag, its entry file, the
 * chunks it imports (the shared runtime), so the page build can add exactly the
 * scripts and modulepreloads a page needs, and the chunks it loads on demand
 * (`lazy`: its dynamic imports with the chunks they import, never preloaded; scripts/size.mjs
 * counts them in a page's total unless the element loads them only on interaction).
 * @param {{ elements: import('./elements.mjs').ElementEntry[], publicPath: string }} options
 * @returns {import('rollup').Plugin}
 */
export function islandManifest({ elements, publicPath }) {
  return {
    name: 'island-manifest',
    // Written after every chunk is on disk, whole and then renamed: the page build may be
    // waiting for this file (scripts/build.mjs runs both at once), and once it is there, so are
    // the files it names.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter(/** @returns {item is import('rollup').OutputChunk} */ (item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** @type {Record<string, { file: string, imports: string[], lazy: string[], public: boolean }>} */
      const manifest = {};
      for (const chunk of chunks) {
        if (!chunk.isEntry) continue;
        const element = elements.find((candidate) => candidate.name === chunk.name);
        if (!element) continue;
        /** @type {Set<string>} */
        const imports = new Set();
        /** @param {string} fileName */
        const visit = (fileName) => {
          for (const imported of byFile.get(fileName)?.imports ?? []) {
            if (imports.has(imported)) continue;
            imports.add(imported);
            visit(imported);
          }
        };
        visit(chunk.fileName);
        /** @type {Set<string>} */
        const lazy = new Set();
        /** @param {string} fileName */
        const visitLazy = (fileName) => {
          if (imports.has(fileName) || lazy.has(fileName) || fileName === chunk.fileName) return;
          lazy.add(fileName);
          (byFile.get(fileName)?.imports ?? []).forEach(visitLazy);
        };
        chunk.dynamicImports.forEach(visitLazy);
        manifest[element.tag] = {
          file: publicPath + chunk.fileName,
          imports: [...imports].map((fileName) => publicPath + fileName),
          lazy: [...lazy].map((fileName) => publicPath + fileName),
          public: element.public,
        };
      }
      if (!options.dir) throw new Error('island manifest: the output has no `dir`');
      const file = join(options.dir, 'manifest.json');
      writeFileSync(`${file}.part`, JSON.stringify(manifest, null, 2));
      renameSync(`${file}.part`, file);
    },
  };
}
