import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The site's one font: Inter's variable Latin face from @fontsource-variable/inter (also the social image's, scripts/og-image.mjs). */
export const FONT_SOURCE = join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');

/**
 * Its URL on the site (site/styles/base.css, the preload in head.njk). Fonts are served immutable:
 * a subset with other characters, features or weights needs a new name.
 */
export const FONT_PATH = 'assets/fonts/inter-latin-wght-400-900.woff2';

/** @param {number} from @param {number} to */
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

/**
 * What the subset keeps (48.3 KB → 25.1 KB, each part measured on its own):
 * - the characters of the @fontsource Latin file, the unicode-range base.css declares (Basic
 *   Latin, Latin-1 with the German letters, general punctuation, €, ™, arrows, minus);
 * - the weights 400-900: the site's text is 400-850; the axis below 400 is a third master
 *   (-8.5 KB);
 * - kerning, tabular figures (the metric values use them), ligatures and the features that
 *   place combining marks (text pasted in decomposed form). Inter's stylistic sets, character
 *   variants, fractions and case forms are left out (-11 KB), as are its contextual alternates
 *   (-4 KB: they turn "->" into an arrow and adjust punctuation between capitals).
 */
export const FONT_SUBSET = {
  text:
    range(0x20, 0x7e) +
    range(0xa0, 0xff) +
    '\u0131\u0152\u0153\u02bb\u02bc\u02c6\u02da\u02dc\u0304\u0308\u0329' +
    range(0x2000, 0x206f) +
    '\u20ac\u2122\u2191\u2193\u2212\u2215\ufeff\ufffd',
  weights: { min: 400, max: 900 },
  features: ['kern', 'tnum', 'liga', 'ccmp', 'mark', 'mkmk'],
};

const cacheDir = join(root, 'node_modules/.cache/dc-font-subset');

/**
 * Writes the subset font to `<distDir>/FONT_PATH`. The subset is cached under node_modules/.cache,
 * keyed by the source font, the options and the subsetter's version, so a build makes it (about
 * 0.2 s) only when one of those changed. Resolves with its size in bytes and whether it was cached.
 * @param {string} distDir
 * @returns {Promise<{ bytes: number, cached: boolean }>}
 */
export async function writeFontSubset(distDir) {
  const source = readFileSync(FONT_SOURCE);
  const subsetter = /** @type {{ version: string }} */ (JSON.parse(readFileSync(join(root, 'node_modules/subset-font/package.json'), 'utf8'))).version;
  const key = createHash('sha256').update(source).update(JSON.stringify(FONT_SUBSET)).update(subsetter).digest('hex').slice(0, 16);
  const cached = join(cacheDir, `${key}.woff2`);
  /** @type {Buffer} */
  let font;
  const hit = existsSync(cached);
  if (hit) font = readFileSync(cached);
  else {
    // Loaded only here: Eleventy reads FONT_PATH from this file and needs no WebAssembly for it.
    const { default: subsetFont } = await import('subset-font');
    font = await subsetFont(source, FONT_SUBSET.text, {
      targetFormat: 'woff2',
      keepFeatures: FONT_SUBSET.features,
      variationAxes: { wght: FONT_SUBSET.weights },
    });
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cached, font);
  }
  const out = join(distDir, FONT_PATH);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, font);
  return { bytes: font.length, cached: hit };
}
