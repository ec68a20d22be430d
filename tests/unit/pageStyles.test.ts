import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript of the page build, without declarations
import { pageTokens, selectorTokens } from '../../site/_config/styles.js';

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
