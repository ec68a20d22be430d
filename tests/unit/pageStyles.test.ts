import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

const dist = 'dist';
const pages = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pages(path);
    return name.endsWith('.html') ? [path] : [];
  });

describe.runIf(existsSync(join(dist, 'assets/css')))('the built pages', () => {
  const files = readdirSync(join(dist, 'assets/css')).filter((name) => name.endsWith('.css'));
  const parts = files
    .filter((name) => !name.startsWith('site-'))
    .map((name) => ({ href: `/assets/css/${name}`, ...selectorTokens(readFileSync(join(dist, 'assets/css', name), 'utf8')) }));

  it('link the base stylesheet first, then exactly the page files whose selectors they can match', () => {
    for (const path of pages(dist)) {
      const html = readFileSync(path, 'utf8');
      const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]!);
      expect(links[0], path).toMatch(/^\/assets\/css\/site-[0-9a-f]{10}\.css$/);
      const used = pageTokens(html);
      const expected = parts
        .filter((part) => part.global || part.selectors.some((names: string[]) => names.every((name) => used.has(name))))
        .map((part) => part.href);
      expect(links.slice(1).sort(), path).toEqual(expected.sort());
      for (const href of links) expect(existsSync(join(dist, href)), `${path}: ${href}`).toBe(true);
    }
  });

  it('give the pages their own file: home, career, blog, legal', () => {
    const linked = (path: string) => [...readFileSync(join(dist, path), 'utf8').matchAll(/<link rel="stylesheet" href="\/assets\/css\/([a-z]+)-/g)].map((match) => match[1]!);
    expect(linked('index.html')).toContain('home');
    expect(linked('career/index.html')).toContain('career');
    expect(linked('blog/index.html')).toContain('blog');
    expect(linked('privacy_policy/index.html')).toContain('legal');
    expect(linked('404.html')).toEqual(['site']);
  });
});
