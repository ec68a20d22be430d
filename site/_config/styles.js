import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import postcss from 'postcss';
import { processCss } from '../../build/cssModule.mjs';
import { FRAME_ELEMENTS } from '../../build/elements.mjs';

/**
 * The site's styles, split per page so the first round trip carries only what a page uses:
 * - the base stylesheet: main.css without its `pages/` imports (reset, tokens, base, components,
 *   layout; it declares the cascade layers), /assets/css/site-<hash>.css, on every page;
 * - one page file per page, /assets/css/<name>-<hash>.css, linked after the base, made of the page
 *   stylesheets (main.css's `@import './pages/x.css' layer(pages)`, in that order; the components
 *   only a few pages use are such files too, in their own layer, `layer(components)`): on a page with an
 *   island (a custom element besides the frame's nav, theme toggle and consent), a page stylesheet
 *   the page uses at least {@link OWNED} of (its own, or its kind's: the rules for states the island
 *   adds later come with it) whole; from any other page stylesheet, and on a page without an
 *   island (nothing there changes its classes after load: the blog posts, the legal and service
 *   pages) from every one, only the rules with a selector the page can match (a selector matches
 *   when the page's HTML holds every class, id and custom element it names) and the keyframes
 *   they animate. A page stylesheet with a selector that names
 *   none of these would apply anywhere: it goes whole into every page file; one that holds an
 *   element's CSS as a layer named for it (blog.css: `dc-blog`) goes whole into the files of the
 *   pages with that element, which adopts the layer (widgets/blog/pageCss.ts) and must find all of it.
 * Pages that need the same rules get the same file (the legal pages; posts whose articles use the
 * same elements): the file is named by its content hash and cached forever by the server. The
 * global `assets.css` is the base file's URL.
 * Also publishes the design tokens for partners as /widgets/dc-tokens.css.
 *
 * (Linking whole page stylesheets by any match put 4 of them on the legal pages for the quick nav
 * of home.css and one button rule of services.css: 6.4 KB Brotli of unused CSS before first paint.)
 */
export const OWNED = 0.25;

/**
 * A page stylesheet of main.css, processed, with what its selectors name.
 * @typedef {{ name: string, layer?: string, css: string } & SelectorTokens} PagePart
 * @typedef {{ selectors: string[][], global: boolean, elementLayers: string[] }} SelectorTokens
 * @typedef {{ base: string, parts: PagePart[], write: (name: string, css: string) => string }} BuiltStyles
 * @typedef {{ input: string, tokens: string, outputDir: string }} StyleOptions
 */

/**
 * @param {import('../../types/eleventy').EleventyConfig} eleventyConfig
 * @param {StyleOptions} options
 */
export function registerStyles(eleventyConfig, { input, tokens, outputDir }) {
  eleventyConfig.addWatchTarget(dirname(input));
  /** @type {Promise<BuiltStyles> | null} */
  let built = null;
  eleventyConfig.on('eleventy.before', () => {
    built = null;
    parsed.clear();
  });
  const styles = () => (built ??= buildStyles({ input, tokens, outputDir }));

  eleventyConfig.addGlobalData('assets', async () => ({ css: (await styles()).base }));

  eleventyConfig.addTransform('page-styles', async function pageStyles(content) {
    if (!this.page.outputPath || !this.page.outputPath.endsWith('.html')) return content;
    const { base, parts, write } = await styles();
    const baseLink = `<link rel="stylesheet" href="${base}">`;
    if (!content.includes(baseLink)) return content;
    const page = pageCss(parts, pageTokens(content));
    if (!page.css) return content;
    return content.replace(baseLink, `${baseLink}\n<link rel="stylesheet" href="${write(page.name, page.css)}">`);
  });
}

const FRAME_TAGS = new Set(FRAME_ELEMENTS.map((name) => `dc-${name}`));

/**
 * Whether a page holds an island: a custom element besides the frame's, which may add classes after load.
 * @param {Set<string>} used
 */
const hasIsland = (used) => [...used].some((token) => token.startsWith('dc-') && !FRAME_TAGS.has(token));

/**
 * Whether a page with these tokens can match a selector (its class/id/element names).
 * @param {Set<string>} used
 * @param {string[]} names
 */
const matches = (used, names) => names.every((name) => used.has(name));

/**
 * A page's page file: for each page stylesheet (in main.css's order), all of it, the rules the page
 * can match, or nothing. `name` names the stylesheets taken whole (else the one it uses most).
 * @param {PagePart[]} parts
 * @param {Set<string>} used
 * @returns {{ name: string, css: string }}
 */
export function pageCss(parts, used) {
  /** @type {string[]} */
  const pieces = [];
  /** @type {PagePart[]} */
  const whole = [];
  let most = { name: 'page', matched: 0 };
  const island = hasIsland(used);
  for (const part of parts) {
    const matched = part.selectors.filter((names) => matches(used, names)).length;
    const holdsElementCss = part.elementLayers.some((tag) => used.has(tag));
    if (part.global || holdsElementCss || (island && part.selectors.length > 0 && matched / part.selectors.length >= OWNED)) {
      pieces.push(part.css);
      whole.push(part);
    } else if (matched > 0) {
      pieces.push(usedRules(part.css, used));
      if (matched > most.matched) most = { name: part.name, matched };
    }
  }
  // Named for the page stylesheets it holds whole (a component's file taken with them is left out of the name).
  const named = whole.filter((part) => part.layer === 'pages');
  return { name: (named.length > 0 ? named : whole).map((part) => part.name).join('-') || most.name, css: pieces.join('') };
}

/** Parsed page stylesheets by their text: each is parsed once per build, and cloned per page. */
/** @type {Map<string, import('postcss').Root>} */
const parsed = new Map();

/**
 * A RegExp matching `text` literally.
 * @param {string} text
 */
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The rules of a stylesheet with a selector the page can match, in their at-rules, and the keyframes they use.
 * @param {string} css
 * @param {Set<string>} used
 * @returns {string}
 */
export function usedRules(css, used) {
  const source = parsed.get(css) ?? postcss.parse(css);
  parsed.set(css, source);
  const root = source.clone();
  /** @type {import('postcss').AtRule[]} */
  const keyframes = [];
  /** @param {import('postcss').Container} container */
  const keep = (container) => {
    container.each((node) => {
      if (node.type === 'rule') {
        const needed = node.selectors.some((selector) => {
          const names = selectorNames(selector);
          return names !== null && matches(used, names);
        });
        if (!needed) node.remove();
      } else if (node.type === 'atrule' && /keyframes$/.test(node.name)) {
        keyframes.push(node);
        node.remove();
      } else if (node.type === 'atrule' && node.nodes) {
        keep(node);
        if (node.nodes.length === 0) node.remove();
      } else if (node.type === 'comment') {
        node.remove();
      }
    });
  };
  keep(root);
  const text = root.toString();
  const animated = keyframes.filter((rule) => new RegExp(`(^|[\\s:,])${literal(rule.params)}($|[\\s;,}])`).test(text));
  return text + animated.map((rule) => rule.toString()).join('');
}

/** main.css's imports of page stylesheets: `@import './pages/x.css' layer(pages);` (or a component's layer). */
const PAGE_IMPORT = /^@import\s+'(\.\/pages\/([\w-]+)\.css)'\s+layer\(([\w-]+)\);\s*$/gm;

/**
 * @param {StyleOptions} options
 * @returns {Promise<BuiltStyles>}
 */
async function buildStyles({ input, tokens, outputDir }) {
  const main = readFileSync(input, 'utf8');
  /** @param {string} name @param {string} css */
  const write = (name, css) => {
    const href = `/assets/css/${name}-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    writeFileSync(join(outputDir, href), css);
    return href;
  };
  mkdirSync(join(outputDir, 'assets/css'), { recursive: true });
  const pageImports = [...main.matchAll(PAGE_IMPORT)];
  const [baseCss, ...partCss] = await Promise.all([
    processCss(main.replace(PAGE_IMPORT, ''), input),
    ...pageImports.map((match) => processCss(match[0], input)),
  ]);
  const parts = pageImports.map((match, index) => {
    const css = partCss[index] ?? '';
    return { name: match[2] ?? '', layer: match[3] ?? '', css, ...selectorTokens(css) };
  });
  const tokensCss = await processCss(readFileSync(tokens, 'utf8'), tokens);
  mkdirSync(join(outputDir, 'widgets'), { recursive: true });
  writeFileSync(join(outputDir, 'widgets/dc-tokens.css'), tokensCss);
  /** @type {Map<string, string>} */
  const written = new Map();
  /**
   * Writes a page file once per content (pages that need the same rules share it); returns its URL.
   * @param {string} name
   * @param {string} css
   */
  const writePage = (name, css) => {
    const href = written.get(css) ?? write(name, css);
    written.set(css, href);
    return href;
  };
  return { base: write('site', baseCss ?? ''), parts, write: writePage };
}

const CLASS_OR_ID = /([.#])(-?[_a-zA-Z][\w-]*)/g;
const CUSTOM_ELEMENT = /(?:^|[\s>+~(,])(dc-[a-z0-9-]+)/g;

/**
 * What a stylesheet's selectors name: for each selector the `.class`, `#id` and `dc-element` tokens
 * it needs (a page can match it only when its HTML holds all of them); `global` when a selector
 * names none. Names inside :not() are left out (their absence is what matches). `elementLayers`:
 * the elements whose own CSS it holds as a layer named for them.
 * @param {string} css
 * @returns {SelectorTokens}
 */
export function selectorTokens(css) {
  /** @type {Map<string, string[]>} */
  const selectors = new Map();
  let global = false;
  const root = postcss.parse(css);
  // An element's own stylesheet in a layer named for it (`@layer pages.dc-blog`): the element adopts
  // the layer's rules (widgets/blog/pageCss.ts), so a page with the element takes the file whole.
  /** @type {Set<string>} */
  const elementLayers = new Set();
  root.walkAtRules('layer', (rule) => {
    for (const name of rule.params.split(',')) {
      const tag = name.trim().split('.').pop() ?? '';
      if (rule.nodes && /^dc-[a-z0-9-]+$/.test(tag)) elementLayers.add(tag);
    }
  });
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
    for (const selector of rule.selectors) {
      const named = selectorNames(selector);
      if (named === null) continue;
      if (named.length === 0) global = true;
      else selectors.set([...named].sort().join(' '), named);
    }
  });
  return { selectors: [...selectors.values()], global, elementLayers: [...elementLayers] };
}

/**
 * The names a selector needs in the page, or null for a shadow root's selector (never matches in the page).
 * @param {string} selector
 * @returns {string[] | null}
 */
function selectorNames(selector) {
  if (selector.startsWith(':host')) return null;
  const positive = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  return [
    ...new Set([
      ...[...positive.matchAll(CLASS_OR_ID)].map((match) => `${match[1]}${match[2]}`),
      ...[...positive.matchAll(CUSTOM_ELEMENT)].map((match) => match[1] ?? ''),
    ]),
  ];
}

/**
 * The classes (`.x`), ids (`#x`) and custom elements (`dc-x`) a page's HTML holds.
 * @param {string} html
 * @returns {Set<string>}
 */
export function pageTokens(html) {
  /** @type {Set<string>} */
  const tokens = new Set();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of (match[1] ?? '').split(/\s+/)) if (name) tokens.add(`.${name}`);
  for (const match of html.matchAll(/\sid="([^"]+)"/g)) tokens.add(`#${match[1]}`);
  for (const match of html.matchAll(/<(dc-[a-z0-9-]+)/g)) tokens.add(match[1] ?? '');
  return tokens;
}
