import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_PATH, FONT_SUBSET, writeFontSubset } from '../../build/fontSubset.mjs';

/* The site's font is a subset made by the build (build/fontSubset.mjs): these hold it to the site. */

const root = join(import.meta.dirname, '../..');
const files = (dir: string, ends: string[]): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => ends.some((end) => file.endsWith(end)))
    .map((file) => join(root, dir, file));

/** The code points of a CSS unicode-range value ("U+0000-00FF, U+0131, …"). */
function unicodeRange(value: string): (codePoint: number) => boolean {
  const ranges = value.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as const;
  });
  return (codePoint) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
}

const baseCss = readFileSync(join(root, 'site/styles/base.css'), 'utf8');
const fontFace = /@font-face\s*{([^}]*)}/.exec(baseCss)![1]!;
let dir: string;
let unicodes: Set<number>;
let weights: { min: number; max: number };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dc-font-'));
  await writeFontSubset(dir);
  const sfnt = await fontverter.convert(readFileSync(join(dir, FONT_PATH)), 'truetype');
  const face = new Face(new Blob(new Uint8Array(sfnt)), 0);
  unicodes = new Set(face.collectUnicodes());
  weights = face.getAxisInfos().wght!;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the font subset', () => {
  it('is the file base.css declares, with the weights its @font-face says', () => {
    expect(fontFace).toContain(`url('/${FONT_PATH}')`);
    expect(fontFace).toMatch(new RegExp(`font-weight:\\s*${weights.min} ${weights.max};`));
    expect(weights).toMatchObject(FONT_SUBSET.weights);
  });

  it('has every character the site writes inside the unicode-range it is declared for', () => {
    const inRange = unicodeRange(/unicode-range:\s*([^;]+);/.exec(fontFace)![1]!);
    const sources = [
      ...files('site', ['.json', '.md', '.njk', '.js']),
      ...files('widgets', ['.ts', '.tsx']),
    ].filter((file) => !file.includes('/assets/'));
    const missing = new Map<string, string>();
    for (const file of sources) {
      for (const char of readFileSync(file, 'utf8')) {
        const codePoint = char.codePointAt(0)!;
        // Control characters and line breaks are not drawn.
        if (codePoint < 0x20 || !inRange(codePoint) || unicodes.has(codePoint)) continue;
        missing.set(`U+${codePoint.toString(16).toUpperCase().padStart(4, '0')} ${char}`, file.slice(root.length + 1));
      }
    }
    expect(Object.fromEntries(missing)).toEqual({});
    // And the letters German text needs (the consent dialog), whatever the content is today.
    for (const char of 'ÄÖÜäöüß€„“–…') expect(unicodes.has(char.codePointAt(0)!), char).toBe(true);
  });

  it('covers every font weight the stylesheets ask for: a weight outside it would be drawn at the nearest end', () => {
    const css = [...files('site/styles', ['.css']), ...files('widgets', ['.css'])];
    const asked = css.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/font(?:-weight)?:\s*(\d{3})\b/g)].map((match) => ({ file, weight: Number(match[1]) })),
    );
    expect(asked.length).toBeGreaterThan(20);
    const outside = asked.filter(({ weight }) => weight < weights.min || weight > weights.max);
    expect(outside.map(({ file, weight }) => `${file.slice(root.length + 1)}: ${weight}`)).toEqual([]);
  });
});
