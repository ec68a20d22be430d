import { existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildCache, cacheKey, packageVersion, sourceOf } from '../../build/buildCache.mjs';

/* The build's cache (build/buildCache.mjs) may only answer with what a fresh run would make. */

const parent = mkdtempSync(join(tmpdir(), 'dc-build-cache-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('the build cache', () => {
  it('a key is the same for the same inputs and changes with any of them, text or bytes', () => {
    const svg = '<svg width="16"/>';
    const maker = sourceOf('build/siteIcons.mjs');
    expect(cacheKey(maker, svg, Buffer.from('font'))).toBe(cacheKey(maker, svg, Buffer.from('font')));
    expect(cacheKey(maker, svg, Buffer.from('font'))).not.toBe(cacheKey(maker, '<svg width="32"/>', Buffer.from('font')));
    expect(cacheKey(maker, svg, Buffer.from('font'))).not.toBe(cacheKey(maker, svg, Buffer.from('fonts')));
    expect(cacheKey(`${maker} `, svg)).not.toBe(cacheKey(maker, svg));
    // The parts are delimited: moving a boundary is another key.
    expect(cacheKey('ab', 'c')).not.toBe(cacheKey('a', 'bc'));
    expect(cacheKey('a', 'b')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a generator is named by its source and its packages by their versions', () => {
    expect(sourceOf('build/buildCache.mjs')).toContain('export class BuildCache');
    expect(packageVersion('terser')).toMatch(/^terser@\d+\.\d+\.\d+/);
  });

  it('makes an entry once, answers the same bytes after, and counts both', async () => {
    const cache = new BuildCache('entries', parent);
    let made = 0;
    const make = () => {
      made++;
      return Buffer.from([0, 1, 2, 255]);
    };
    const first = await cache.getOrMake(cacheKey('x'), make);
    const second = await cache.getOrMake(cacheKey('x'), make);
    expect(made).toBe(1);
    expect(second.equals(first)).toBe(true);
    expect([cache.hits, cache.misses, cache.summary()]).toEqual([1, 1, '1 cached, 1 made']);
    // Another instance (the next build) reads what this one wrote.
    expect(new BuildCache('entries', parent).get(cacheKey('x'))?.equals(first)).toBe(true);
  });

  it('prunes what no build used for a week, keeps the rest', () => {
    const cache = new BuildCache('prune', parent);
    cache.set('old', 'a');
    cache.set('used', 'b');
    const weekAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    utimesSync(join(cache.dir, 'old'), weekAgo, weekAgo);
    utimesSync(join(cache.dir, 'used'), weekAgo, weekAgo);
    expect(cache.get('used')?.toString()).toBe('b'); // a hit renews the entry
    cache.prune();
    expect([existsSync(join(cache.dir, 'old')), existsSync(join(cache.dir, 'used'))]).toEqual([false, true]);
  });
});
