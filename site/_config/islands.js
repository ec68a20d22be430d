import { readFileSync } from 'node:fs';
import { FRAME_ELEMENTS } from '../../build/elements.mjs';
import { buildFileReady } from './buildFile.js';

/**
 * The order a page runs its elements' modules in: the frame's (on every page, in the first view:
 * the consent manager first, which holds back what needs consent and paints a first visit's
 * banner) before the page's own islands. Module scripts run in document order, and the browser
 * may paint between them: run first, the banner paints as soon as its own script has run, not
 * after the islands' scripts as well.
 */
const FRAME_ORDER = ['dc-consent', ...FRAME_ELEMENTS.map((name) => `dc-${name}`).filter((tag) => tag !== 'dc-consent')];
/** @param {string} a @param {string} b */
export const scriptOrder = (a, b) => {
  /** @param {string} tag */
  const rank = (tag) => (FRAME_ORDER.includes(tag) ? FRAME_ORDER.indexOf(tag) : FRAME_ORDER.length);
  return rank(a) - rank(b) || a.localeCompare(b);
};

/**
 * Adds to each page exactly the scripts of the custom elements it uses: the
 * element's module and a modulepreload for each shared chunk (the runtime is
 * loaded once, however many islands a page has). Reads the manifest that the
 * widget build (rollup) writes; run `npm run build:widgets` before the pages. It is read when the
 * first page is done, not at the start: `npm run build` runs the widgets and the pages side by
 * side, and the pages wait here for the manifest (site/_config/buildFile.js).
 * @param {import('../../types/eleventy').EleventyConfig} eleventyConfig
 * @param {{ manifestPath: string }} options
 */
export function registerIslands(eleventyConfig, { manifestPath }) {
  /** @typedef {Record<string, { file: string, imports: string[] } | undefined>} IslandManifest */
  /** @type {Promise<IslandManifest> | null} */
  let manifest = null;
  eleventyConfig.on('eleventy.before', () => {
    manifest = null;
  });
  /** @returns {Promise<IslandManifest>} */
  const load = async () => ((await buildFileReady(manifestPath)) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {});

  eleventyConfig.addTransform('islands', async function islands(content) {
    if (!this.page.outputPath || !this.page.outputPath.endsWith('.html')) return content;
    manifest ??= load();
    const elements = await manifest;
    const tags = new Set([...content.matchAll(/<(dc-[a-z0-9-]+)[\s>]/g)].map((match) => match[1] ?? ''));
    /** @type {Set<string>} */
    const preloads = new Set();
    /** @type {string[]} */
    const scripts = [];
    for (const tag of [...tags].sort(scriptOrder)) {
      const entry = elements[tag];
      if (!entry) {
        console.warn(`[islands] ${this.page.inputPath} uses <${tag}> but the widget build has no such element`);
        continue;
      }
      entry.imports.forEach((file) => preloads.add(file));
      scripts.push(entry.file);
    }
    if (scripts.length === 0) return content;
    const tagsHtml = [
      ...[...preloads].map((file) => `<link rel="modulepreload" href="${file}">`),
      ...scripts.map((file) => `<script type="module" src="${file}"></script>`),
    ].join('\n');
    return content.replace('</head>', `${tagsHtml}\n</head>`);
  });
}
