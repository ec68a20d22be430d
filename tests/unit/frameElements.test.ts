import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRAME_ELEMENTS } from '../../build/elements.mjs';

const includes = join(process.cwd(), 'site/_includes');

/** The custom elements a template writes, following its {% include %}s. */
function elementsIn(template: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(template)) return found;
  seen.add(template);
  const path = join(includes, template);
  if (!existsSync(path)) return found;
  const text = readFileSync(path, 'utf8');
  for (const match of text.matchAll(/<(dc-[a-z0-9-]+)[\s>]/g)) found.add(match[1]!);
  for (const match of text.matchAll(/\{%-?\s*include\s+"([^"]+)"/g)) elementsIn(match[1]!, seen).forEach((tag) => found.add(tag));
  return found;
}

describe('frame elements (build/elements.mjs)', () => {
  it('are exactly the elements of the base layout, which every page with an island uses', () => {
    const frame = [...elementsIn('layouts/base.njk')].sort();
    expect(frame).toEqual(FRAME_ELEMENTS.map((name) => `dc-${name}`).sort());
  });

  it('every layout is the base layout or builds on it', () => {
    for (const layout of ['page.njk', 'legal.njk', 'account.njk', 'post.njk', 'construction.njk']) {
      const text = readFileSync(join(includes, 'layouts', layout), 'utf8');
      expect(text, layout).toMatch(/^layout:\s*(layouts\/)?base\.njk$/m);
    }
  });
});
