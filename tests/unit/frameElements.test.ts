import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FRAME_ELEMENTS, listElements, templateElements } from '../../build/elements.mjs';

const includes = join(process.cwd(), 'site/_includes');

describe('frame elements (build/elements.mjs)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dc-frame-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are the elements the base layout writes, following its includes, each an element under widgets/', () => {
    // Read, not listed: a change to the layout changes the runtime chunk and the island rule with it.
    expect(FRAME_ELEMENTS).toEqual(expect.arrayContaining(['consent', 'site-nav', 'theme-toggle']));
    const names = listElements().map((element) => element.name);
    for (const name of FRAME_ELEMENTS) expect(names, name).toContain(name);
  });

  it('follow nested and missing includes, once each, and read only tags', () => {
    mkdirSync(join(dir, 'partials'), { recursive: true });
    writeFileSync(join(dir, 'base.njk'), '<body>{% include "partials/a.njk" %}{%- include "partials/gone.njk" ignore missing %}<dc-x></dc-x></body>');
    writeFileSync(join(dir, 'partials/a.njk'), '<dc-nav-bar data-x="1"></dc-nav-bar>{% include "partials/b.njk" %} dc-not-a-tag <dc-y>');
    writeFileSync(join(dir, 'partials/b.njk'), '{% include "partials/a.njk" %}<dc-z\n  attr>');
    expect([...templateElements('base.njk', dir)].sort()).toEqual(['dc-nav-bar', 'dc-x', 'dc-y', 'dc-z']);
  });

  it('every layout is the base layout or builds on it', () => {
    for (const layout of ['page.njk', 'legal.njk', 'account.njk', 'post.njk', 'construction.njk']) {
      const text = readFileSync(join(includes, 'layouts', layout), 'utf8');
      expect(text, layout).toMatch(/^layout:\s*(layouts\/)?base\.njk$/m);
    }
  });
});
