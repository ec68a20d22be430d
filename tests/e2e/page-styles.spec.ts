import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
// @ts-expect-error: plain JavaScript of the page build, without declarations
import { pageTokens, selectorTokens } from '../../site/_config/styles.js';

/*
 * The per-page stylesheets of the built site (site/_config/styles.js): every page links the base
 * file first, then exactly the page files whose selectors it can match. Runs after `npm run build`
 * (with the browser tests), on dist/ itself; the rules are unit-tested in tests/unit/pageStyles.test.ts.
 */

const dist = 'dist';
const pages = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pages(path);
    return name.endsWith('.html') ? [path] : [];
  });

test.describe('the built pages', () => {
  const files = readdirSync(join(dist, 'assets/css')).filter((name) => name.endsWith('.css'));
  const parts = files
    .filter((name) => !name.startsWith('site-'))
    .map((name) => ({ href: `/assets/css/${name}`, ...selectorTokens(readFileSync(join(dist, 'assets/css', name), 'utf8')) }));

  test('link the base stylesheet first, then exactly the page files whose selectors they can match', () => {
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

  test('give the pages their own file: home, career, blog, legal', () => {
    const linked = (path: string) => [...readFileSync(join(dist, path), 'utf8').matchAll(/<link rel="stylesheet" href="\/assets\/css\/([a-z]+)-/g)].map((match) => match[1]!);
    expect(linked('index.html')).toContain('home');
    expect(linked('career/index.html')).toContain('career');
    expect(linked('blog/index.html')).toContain('blog');
    expect(linked('privacy_policy/index.html')).toContain('legal');
    expect(linked('404.html')).toEqual(['site']);
  });
});
