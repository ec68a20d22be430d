import { describe, expect, it } from 'vitest';
import { OWNED, pageCss, pageTokens, selectorTokens, usedRules } from '../../site/_config/styles.js';

/* The per-page stylesheets (site/_config/styles.js): which page files a page links. */

describe('selectorTokens', () => {
  it('lists, per selector, every class, id and custom element it needs', () => {
    const { selectors, global } = selectorTokens('.a .b{color:red}#main>.c{color:red}dc-blog .d{color:red}@media (min-width:1px){.e{color:red}}');
    expect(selectors).toEqual([['.a', '.b'], ['#main', '.c'], ['.d', 'dc-blog'], ['.e']]);
    expect(global).toBe(false);
  });

  it('leaves out names under :not() and shadow-root selectors, and skips keyframes', () => {
    const { selectors, global } = selectorTokens(':host{display:block}.x:not(.y){color:red}@keyframes k{from{opacity:0}to{opacity:1}}');
    expect(selectors).toEqual([['.x']]);
    expect(global).toBe(false);
  });

  it('marks a file global when a selector names no class, id or element of ours', () => {
    expect(selectorTokens('main h1{color:red}.a{color:red}').global).toBe(true);
    expect(selectorTokens('[id][tabindex="-1"]:focus{outline:none}').global).toBe(true);
  });
});

describe('pageTokens', () => {
  it('reads classes, ids and custom elements from the HTML', () => {
    const tokens = pageTokens('<main id="main" class="page  lead"><dc-blog class="x"></dc-blog></main>');
    expect([...tokens].sort()).toEqual(['#main', '.lead', '.page', '.x', 'dc-blog']);
  });
});

// The built pages' links are checked after the build: tests/e2e/page-styles.spec.ts.

describe('usedRules', () => {
  const used = new Set(['.a', '.b', 'dc-x']);
  it('keeps the rules with a selector the page can match, in their at-rules, and drops empty at-rules', () => {
    const css = '@layer pages{.a{color:red}.c{color:blue}.c,.b .a{margin:0}@media (min-width:1px){.c{color:green}dc-x .b{color:red}}@media print{.c{color:red}}}';
    expect(usedRules(css, used)).toBe('@layer pages{.a{color:red}.c,.b .a{margin:0}@media (min-width:1px){dc-x .b{color:red}}}');
  });
  it('keeps a keyframes rule only when a kept rule animates with it, and global selectors always', () => {
    const css = '.a{animation:spin 1s}@keyframes spin{to{rotate:1turn}}@keyframes fade{to{opacity:0}}main h1{color:red}.z{color:red}:host{color:red}';
    expect(usedRules(css, used)).toBe('.a{animation:spin 1s}main h1{color:red}@keyframes spin{to{rotate:1turn}}');
  });
  it('matches a keyframes name literally, also one with characters a RegExp would read', () => {
    const css = '.a{animation:fade\\.in 1s}@keyframes fade\\.in{to{opacity:1}}@keyframes fadexin{to{opacity:0}}@keyframes fade\\.i{to{opacity:0}}';
    expect(usedRules(css, used)).toBe('.a{animation:fade\\.in 1s}@keyframes fade\\.in{to{opacity:1}}');
  });
  it('gives the same answer for a stylesheet it has parsed before, whatever an earlier page kept', () => {
    const css = '.a{color:red}.b{color:blue}';
    expect(usedRules(css, new Set(['.a']))).toBe('.a{color:red}');
    expect(usedRules(css, new Set(['.b']))).toBe('.b{color:blue}');
    expect(usedRules(css, new Set(['.a', '.b']))).toBe(css);
  });
});

describe('pageCss', () => {
  const part = (name: string, css: string) => ({ name, css, ...selectorTokens(css) });
  const parts = [
    part('home', '.h1{color:red}.h2{color:red}.h3{color:red}.h4{color:red}.nav{color:red}'),
    part('legal', '.l1{color:red}.l2{color:red}.l-state{color:red}'),
    part('any', 'main p{color:red}'),
  ];
  it(`takes a stylesheet whole when a page with an island uses at least ${OWNED * 100} % of its selectors (its states come with it)`, () => {
    const page = pageCss(parts.slice(0, 2), new Set(['.l1', '.nav', 'dc-careers']));
    expect(page.css).toBe('.nav{color:red}.l1{color:red}.l2{color:red}.l-state{color:red}');
    expect(page.name).toBe('legal');
  });
  it('takes only the rules a page without an island uses, however much of a stylesheet that is', () => {
    // The frame's elements (nav, theme toggle, consent) style themselves: they are no island here.
    const page = pageCss(parts.slice(0, 2), new Set(['.l1', '.l2', '.nav', 'dc-consent', 'dc-site-nav', 'dc-theme-toggle']));
    expect(page.css).toBe('.nav{color:red}.l1{color:red}.l2{color:red}');
    expect(page.name).toBe('legal');
  });
  it('takes only the used rules of the others, whole stylesheets that apply anywhere, in main.css order', () => {
    const page = pageCss(parts, new Set(['.h1', '.h2', 'dc-tech-stack']));
    expect(page.css).toBe('.h1{color:red}.h2{color:red}.h3{color:red}.h4{color:red}.nav{color:red}main p{color:red}');
    expect(page.name).toBe('home-any');
    expect(pageCss(parts.slice(0, 2), new Set(['.nav'])).css).toBe('.nav{color:red}');
    expect(pageCss(parts.slice(0, 2), new Set(['.nav'])).name).toBe('home');
  });
  it('takes whole a stylesheet that holds an element\'s CSS as its layer, on a page with that element', () => {
    const blog = part('blog', '@layer pages;@layer pages.dc-blog{.blog-a{color:red}.blog-b{color:red}.blog-c{color:red}.blog-d{color:red}.blog-e{color:red}}.blog-side{margin:0}');
    expect(blog.elementLayers).toEqual(['dc-blog']);
    // One selector of six (below the quarter): the element still finds all of its layer.
    expect(pageCss([blog], new Set(['dc-blog', '.blog-a'])).css).toBe(blog.css);
    // Without the element, only what the page matches, as for any stylesheet.
    expect(pageCss([blog], new Set(['.blog-a'])).css).toBe('@layer pages;@layer pages.dc-blog{.blog-a{color:red}}');
  });
  it('names the file for the page stylesheets it holds whole, not for a component file that came with them', () => {
    const checkList = { ...part('check-list', '.check-list{color:red}'), layer: 'components' };
    const home = { ...part('home', '.hero{color:red}.metrics{color:red}'), layer: 'pages' };
    const island = new Set(['.check-list', '.hero', 'dc-metrics-card']);
    expect(pageCss([checkList, home], island)).toEqual({ name: 'home', css: '.check-list{color:red}.hero{color:red}.metrics{color:red}' });
    // Only components whole: named for them.
    expect(pageCss([checkList, home], new Set(['.check-list', 'dc-faq'])).name).toBe('check-list');
  });
  it('gives nothing to a page that uses none of them', () => {
    expect(pageCss(parts.slice(0, 2), new Set(['.other'])).css).toBe('');
  });
});
