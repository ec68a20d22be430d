import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test';
import postcss from 'postcss';
import { processCss } from '../../build/cssModule.mjs';
import { FRAME_ELEMENTS } from '../../build/elements.mjs';
import { OWNED, pageTokens, selectorTokens } from '../../site/_config/styles.js';

/*
 * The per-page stylesheets of the built site (site/_config/styles.js): every page links the base
 * file first, then at most one page file: whole the page stylesheets it uses at least OWNED of,
 * from the others exactly the rules it can match. Runs after `npm run build` (with the browser
 * tests), on dist/ itself, against the page stylesheets compiled here from site/styles; the rules
 * are unit-tested in tests/unit/pageStyles.test.ts.
 */

const dist = 'dist';
const pages = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pages(path);
    return name.endsWith('.html') ? [path] : [];
  });

/** Every rule's selector list in a stylesheet (keyframe steps left out). */
const ruleSelectors = (css: string) => {
  const found: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    if (!(rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name))) found.push(rule.selector);
  });
  return found;
};
/** The selectors of a selector list (commas inside :is() or :not() do not split it). */
const selectorsOf = (list: string) => (postcss.parse(`${list}{}`).first as postcss.Rule).selectors;

test.describe('the built pages', () => {
  test('link the base first, then one page file: the page stylesheets they own whole, of the others the rules they use', async () => {
    const main = join('site/styles/main.css');
    const imports = [...readFileSync(main, 'utf8').matchAll(/^@import\s+'\.\/pages\/([\w-]+)\.css'\s+layer\([\w-]+\);\s*$/gm)];
    const parts = await Promise.all(
      imports.map(async (match) => {
        const css = await processCss(match[0], main);
        return { name: match[1]!, css, rules: ruleSelectors(css), ...selectorTokens(css) };
      }),
    );
    expect(parts.length).toBeGreaterThan(10);
    const matching = (used: Set<string>, selector: string) => {
      // A shadow root's selector (:host) names nothing and never matches; one naming nothing else matches anywhere.
      const { selectors, global } = selectorTokens(`${selector}{color:red}`) as { selectors: string[][]; global: boolean };
      return global || (selectors.length > 0 && selectors.every((names) => names.every((name) => used.has(name))));
    };
    for (const path of pages(dist)) {
      const html = readFileSync(path, 'utf8');
      const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]!);
      expect(links[0], path).toMatch(/^\/assets\/css\/site-[0-9a-f]{10}\.css$/);
      expect(links.length, `${path}: base + at most one page file`).toBeLessThanOrEqual(2);
      for (const href of links) expect(existsSync(join(dist, href)), `${path}: ${href}`).toBe(true);
      const pageFile = links[1] ? ruleSelectors(readFileSync(join(dist, links[1]), 'utf8')) : [];
      const used: Set<string> = pageTokens(html);
      // Only a page with an island (a custom element besides the frame's) takes stylesheets whole for their later states.
      const island = [...used].some((token) => token.startsWith('dc-') && !FRAME_ELEMENTS.includes(token.slice(3)));
      // A stylesheet holding an element's CSS as a layer named for it goes whole to the pages with that element.
      const owns = (part: (typeof parts)[number]) =>
        part.global ||
        new RegExp(`@layer [\\w.-]*\\b(${[...used].filter((token) => token.startsWith('dc-')).join('|') || '(?!)'})\\{`).test(part.css) ||
        (island && part.selectors.filter((names) => names.every((name) => used.has(name))).length / part.selectors.length >= OWNED);
      for (const part of parts) {
        const matched = part.selectors.filter((names) => names.every((name) => used.has(name))).length;
        const owned = owns(part);
        for (const selector of part.rules) {
          const expected = owned ? matched > 0 || part.global : part.rules.length > 0 && selectorsOf(selector).some((one) => matching(used, one));
          if (expected) expect(pageFile, `${path}: ${part.name}: ${selector}`).toContain(selector);
        }
      }
      // Nothing the page cannot use, unless it came with a stylesheet the page owns.
      const ownedRules = new Set(parts.filter(owns).flatMap((part) => part.rules));
      for (const selector of pageFile) {
        if (!ownedRules.has(selector)) expect(selectorsOf(selector).some((one) => matching(used, one)), `${path}: ${selector} is not used`).toBe(true);
      }
    }
  });

  test('give the pages their own file: home, career, blog, legal, posts; pages that use the same rules share one', () => {
    const linked = (path: string) => [...readFileSync(join(dist, path), 'utf8').matchAll(/<link rel="stylesheet" href="\/assets\/css\/([a-z-]+)-[0-9a-f]{10}\.css"/g)].map((match) => match[1]!);
    const href = (path: string) => [...readFileSync(join(dist, path), 'utf8').matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
    expect(linked('index.html')).toEqual(['site', 'home']);
    expect(linked('career/index.html')).toEqual(['site', 'career']);
    expect(linked('blog/index.html')).toEqual(['site', 'blog']);
    expect(linked('privacy_policy/index.html')).toEqual(['site', 'legal']);
    expect(href('terms_and_conditions/index.html')).toEqual(href('privacy_policy/index.html'));
    for (const service of ['data_cleanup', 'powerbi_dashboards', 'reporting_solutions', 'strategy_analysis']) {
      expect(linked(`services/${service}/index.html`)).toEqual(['site', 'services']);
    }
    expect(href('services/reporting_solutions/index.html')).toEqual(href('services/strategy_analysis/index.html'));
    // A post has no island: it takes the post rules and, of the magazine's stylesheet, only what its article uses.
    expect(linked('blog/choosing-kpis-with-stakeholders/index.html')).toEqual(['site', 'post']);
    expect(linked('404.html')).toEqual(['site', 'not-found']);
    // Components only a few pages use come in their page file, not the base: the under-construction pages' own.
    expect(linked('training/index.html')).toEqual(['site', 'construction']);
  });
});
