// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { adoptStyles } from './styleSheet';

const rootOf = () => document.createElement('div').attachShadow({ mode: 'open' });
const cssOf = (root: ShadowRoot) => root.adoptedStyleSheets.map((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText).join(''));

describe('adoptStyles', () => {
  it('adopts each text once per root, in order, and skips empty texts', () => {
    const root = rootOf();
    adoptStyles(root, ['.a { color: red; }', '', '.b { color: blue; }']);
    adoptStyles(root, ['.b { color: blue; }', '.c { color: green; }']);
    adoptStyles(root, ['.a { color: red; }']);
    expect(cssOf(root).map((css) => css.replace(/\s+/g, ''))).toEqual(['.a{color:red;}', '.b{color:blue;}', '.c{color:green;}']);
  });

  it('shares one sheet between roots but adopts it into each', () => {
    const first = rootOf();
    const second = rootOf();
    adoptStyles(first, ['.shared { margin: 0; }']);
    adoptStyles(second, ['.shared { margin: 0; }']);
    expect(second.adoptedStyleSheets).toHaveLength(1);
    expect(second.adoptedStyleSheets[0]).toBe(first.adoptedStyleSheets[0]);
  });

  it('falls back to <style> elements, also once per text, where a sheet cannot be built', () => {
    const root = rootOf();
    const Original = globalThis.CSSStyleSheet;
    (globalThis as { CSSStyleSheet: unknown }).CSSStyleSheet = class {
      constructor() {
        throw new Error('no constructable stylesheets');
      }
    };
    try {
      adoptStyles(root, ['.old { color: red; }']);
      adoptStyles(root, ['.old { color: red; }', '.older { color: blue; }']);
    } finally {
      globalThis.CSSStyleSheet = Original;
    }
    expect(Array.from(root.querySelectorAll('style'), (style) => style.textContent)).toEqual(['.old { color: red; }', '.older { color: blue; }']);
  });
});
