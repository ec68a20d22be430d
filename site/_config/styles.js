import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import postcss from 'postcss';
import { processCss } from '../../build/cssModule.mjs';

/**
 * The site's styles, split per page so the first round trip carries only what a page uses:
 * - the base stylesheet: main.css without its `pages/` imports (reset, tokens, base, components,
 *   layout; it declares the cascade layers), /assets/css/site-<hash>.css, on every page;
 * - one file per page stylesheet (main.css's `@import './pages/x.css' layer(pages)`, in that order),
 *   /assets/css/x-<hash>.css, linked after the base by the pages that use it: a page uses it when
 *   its HTML holds every class, id and custom element that one of the file's selectors names. A
 *   file with a selector that names none of these would apply anywhere: it goes on every page.
 * All files are content-hashed (cached forever by the server). The global `assets.css` is the base
 * file's URL. Also publishes the design tokens for partners as /widgets/dc-tokens.css.
 */
export function registerStyles(eleventyConfig, { input, tokens, outputDir }) {
  eleventyConfig.addWatchTarget(dirname(input));
  let built = null;
  eleventyConfig.on('eleventy.before', () => {
    built = null;
  });
  const styles = () => (built ??= buildStyles({ input, tokens, outputDir }));

  eleventyConfig.addGlobalData('assets', async () => ({ css: (await styles()).base }));

  eleventyConfig.addTransform('page-styles', async function pageStyles(content) {
    if (!this.page.outputPath || !this.page.outputPath.endsWith('.html')) return content;
    const { base, parts } = await styles();
    const baseLink = `<link rel="stylesheet" href="${base}">`;
    if (!content.includes(baseLink)) return content;
    const used = pageTokens(content);
    const links = parts.filter((part) => part.global || part.selectors.some((names) => names.every((name) => used.has(name))));
    return content.replace(baseLink, [baseLink, ...links.map((part) => `<link rel="stylesheet" href="${part.href}">`)].join('\n'));
  });
}

const PAGE_IMPORT = /^@import\s+'(\.\/pages\/([\w-]+)\.css)'\s+layer\(pages\);\s*$/gm;

async function buildStyles({ input, tokens, outputDir }) {
  const main = readFileSync(input, 'utf8');
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
  const parts = pageImports.map((match, index) => ({
    href: write(match[2], partCss[index]),
    ...selectorTokens(partCss[index]),
  }));
  const tokensCss = await processCss(readFileSync(tokens, 'utf8'), tokens);
  mkdirSync(join(outputDir, 'widgets'), { recursive: true });
  writeFileSync(join(outputDir, 'widgets/dc-tokens.css'), tokensCss);
  return { base: write('site', baseCss), parts };
}

const CLASS_OR_ID = /([.#])(-?[_a-zA-Z][\w-]*)/g;
const CUSTOM_ELEMENT = /(?:^|[\s>+~(,])(dc-[a-z0-9-]+)/g;

/**
 * What a stylesheet's selectors name: for each selector the `.class`, `#id` and `dc-element` tokens
 * it needs (a page can match it only when its HTML holds all of them); `global` when a selector
 * names none. Names inside :not() are left out (their absence is what matches).
 */
export function selectorTokens(css) {
  const selectors = new Map();
  let global = false;
  postcss.parse(css).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
    for (const selector of rule.selectors) {
      if (selector.startsWith(':host')) continue; // a shadow root's styles: never match in the page
      const positive = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
      const named = [
        ...[...positive.matchAll(CLASS_OR_ID)].map((match) => `${match[1]}${match[2]}`),
        ...[...positive.matchAll(CUSTOM_ELEMENT)].map((match) => match[1]),
      ];
      if (named.length === 0) global = true;
      else selectors.set([...new Set(named)].sort().join(' '), [...new Set(named)]);
    }
  });
  return { selectors: [...selectors.values()], global };
}

/** The classes (`.x`), ids (`#x`) and custom elements (`dc-x`) a page's HTML holds. */
export function pageTokens(html) {
  const tokens = new Set();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of match[1].split(/\s+/)) if (name) tokens.add(`.${name}`);
  for (const match of html.matchAll(/\sid="([^"]+)"/g)) tokens.add(`#${match[1]}`);
  for (const match of html.matchAll(/<(dc-[a-z0-9-]+)/g)) tokens.add(match[1]);
  return tokens;
}
