import alias from '@rollup/plugin-alias';
import json from '@rollup/plugin-json';
import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { consentBannerTexts } from './build/consentBannerTexts.mjs';
import { cssText } from './build/cssModule.mjs';
import { FRAME_ELEMENTS, listElements } from './build/elements.mjs';
import { reactAliases } from './build/reactAliases.mjs';
import { islandManifest } from './build/islandManifest.mjs';
import { standaloneFromSite } from './build/standaloneFromSite.mjs';
import typescript from '@rollup/plugin-typescript';

/**
 * Two outputs from one config:
 * 1. the site build: every element under widgets/, with the runtime (Preact,
 *    r2wc) and shared code split into chunks, hashed names, and a manifest the
 *    page build reads to add only the scripts a page uses;
 * 2. for partners: one self-contained, minified ES module per public element at
 *    a stable URL, dist/widgets/dc-<name>.js, made from the site build's output
 *    (build/standaloneFromSite.mjs), so the sources are compiled once.
 * TypeScript is compiled by @rollup/plugin-typescript with `noCheck`: types are checked
 * by `npm run typecheck`, not a second time here (a checking program cost 4-15 s per config).
 */
const elements = listElements();

/**
 * One compress pass: a second one cost 2 s of the site bundle for 141 bytes gzip over all 37 chunks
 * (esbuild's minifier would be 10x faster but made every page about 0.5 KB gzip heavier).
 */
/** @type {import('@rollup/plugin-terser').Options} */
const TERSER = { ecma: 2022, module: true, compress: { passes: 1 }, format: { comments: false } };

const plugins = () => [
  alias({ entries: reactAliases }),
  resolve({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'], browser: true }),
  json({ preferConst: true, compact: true }),
  consentBannerTexts(),
  cssText(),
  typescript({
    tsconfig: './tsconfig.json',
    // Transpiling only, as `ts.transpileModule` does (isolatedModules holds every file to that):
    // no type check, no resolution of imports into node_modules' declarations, no @types/node or
    // DOM lib, so the program parses the widgets' own files and nothing else. Same output.
    compilerOptions: {
      noCheck: true,
      noResolve: true,
      types: [],
      lib: ['es5'],
      noEmit: false,
      // The type checker's settings for the JavaScript of the build (tsconfig.json), not for this emit.
      allowJs: false,
      checkJs: false,
      allowImportingTsExtensions: false,
      declaration: false,
      sourceMap: false,
    },
    include: ['shared/**/*.ts', 'widgets/**/*.ts', 'widgets/**/*.tsx', 'types/**/*.d.ts'],
  }),
  terser(TERSER),
];

/** @type {import('rollup').WarningHandlerWithDefault} */
const onwarn = (warning, warn) => {
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  warn(warning);
};

/**
 * The runtime chunk: Preact and r2wc, and the site's modules that a frame element shares with any
 * other element (defineElement, the consent client, constants...). Every page loads those anyway;
 * split the way Rollup would by importer set, they were 7 files of 0.1-1.7 KB each, which cost a
 * request and a gzip stream apiece. A module only one element uses stays in that element's chunk.
 * @simplewebauthn/browser is the one package outside it: a chunk of its own for the passkey elements.
 * @returns {import('rollup').GetManualChunk}
 */
function runtimeChunks() {
  /** @type {Set<string> | null} */
  let shared = null;
  /**
   * The static import closure of each element, from its define.ts.
   * @param {import('rollup').GetModuleInfo} getModuleInfo
   * @param {string} input
   */
  const closure = (getModuleInfo, input) => {
    /** @type {Set<string>} */
    const seen = new Set();
    /** @param {string} id */
    const visit = (id) => {
      if (seen.has(id)) return;
      seen.add(id);
      getModuleInfo(id)?.importedIds.forEach(visit);
    };
    visit(input);
    return seen;
  };
  return (id, { getModuleInfo }) => {
    // WebAuthn's browser half only for the pages of the passkey elements (/sign_in, /staff/enroll/<token>).
    if (id.includes('/node_modules/@simplewebauthn/')) return 'passkeys';
    if (id.includes('/node_modules/')) return 'runtime';
    if (!shared) {
      const closures = elements.map((element) => ({ element, modules: closure(getModuleInfo, element.input) }));
      const frame = new Set(closures.filter(({ element }) => FRAME_ELEMENTS.includes(element.name)).flatMap(({ modules }) => [...modules]));
      const entries = new Set(elements.map((element) => element.input));
      shared = new Set(
        [...frame].filter((module) => !entries.has(module) && closures.filter(({ modules }) => modules.has(module)).length > 1),
      );
    }
    return shared.has(id) ? 'runtime' : undefined;
  };
}

/**
 * A chunk is named for its module, except an element's own on-demand module, which every element
 * names alike (widgets/<name>/island.ts): that one is named for its element, careers-island-<hash>.js.
 * @param {import('rollup').PreRenderedChunk} chunk
 */
function chunkFileName(chunk) {
  const folder = /\/widgets\/([\w-]+)\/island\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1];
  return folder ? `${folder}-[name]-[hash].js` : '[name]-[hash].js';
}

/** @type {import('rollup').RollupOptions} */
const site = {
  input: Object.fromEntries(elements.map((element) => [element.name, element.input])),
  // An element's entry chunk may export what its on-demand chunks import from it (the staff
  // console's panels use its API client): without this, Rollup keeps the entry's signature by
  // moving its code to a shared chunk behind an empty facade.
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist/assets/js',
    format: 'es',
    entryFileNames: '[name]-[hash].js',
    chunkFileNames: chunkFileName,
    manualChunks: runtimeChunks(),
  },
  plugins: [...plugins(), islandManifest({ elements, publicPath: '/assets/js/' })],
  onwarn,
};

// Its input is the site bundle's minified output: renaming the bundle's names and printing is
// enough (compressing it again cost 1.2 s per file for 60-170 bytes gzip each). One instance for
// all files, so when they are built at once (scripts/build.mjs) they share one pool of workers.
const standaloneMinify = terser({ ...TERSER, compress: false });

const standalone = elements
  .filter((element) => element.public)
  .map((element) => /** @type {import('rollup').RollupOptions} */ ({
    input: element.input,
    output: { file: `dist/widgets/${element.tag}.js`, format: 'es', inlineDynamicImports: true },
    plugins: [standaloneFromSite({ tag: element.tag }), standaloneMinify],
    onwarn,
  }));

/**
 * `rollup -c` builds both; `--configPart site` or `--configPart standalone` one of them
 * (scripts/build.mjs runs the standalone files next to the page build, on the second core).
 * The standalone files start from the site build's output, so `site` runs first.
 * @param {{ configPart?: string }} args
 * @returns {import('rollup').RollupOptions[]}
 */
export default (args) => {
  if (args.configPart === 'site') return [site];
  if (args.configPart === 'standalone') return standalone;
  return [site, ...standalone];
};
