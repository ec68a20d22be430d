import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BuildCache, cacheKey, packageVersion, sourceOf } from './buildCache.mjs';
import { FONT_SOURCE, FONT_SUBSET } from './fontSubset.mjs';

/**
 * Social preview images (issue 36): every page and post gets a 1200 × 630 PNG made at build time,
 * because LinkedIn, Facebook and X show no SVG `og:image`. The card is an SVG in the brand's look
 * (the hero gradient, the mark, the title in Inter), rasterized with resvg; Inter's variable font is
 * cut to two static TrueType instances for it (resvg reads no WOFF2), cached like the page font.
 */
/**
 * @typedef {object} SocialCard one page's card
 * @property {string} url the page's URL
 * @property {string} title
 * @property {string} [description]
 * @property {string} [kicker] a line above the title (a post's category)
 * @property {string} brand the company's name
 * @property {string} host the site's host name
 */

export const SOCIAL_IMAGE = { width: 1200, height: 630, type: 'image/png' };

/**
 * The image's URL for a page's URL: /assets/social/<path>.png (`/` is home, `/404.html` is 404).
 * @param {string} pageUrl
 * @returns {string}
 */
export function socialImageUrl(pageUrl) {
  const path = String(pageUrl).replace(/\.html$/, '').replace(/^\/+|\/+$/g, '');
  return `/assets/social/${path || 'home'}.png`;
}

/** @param {unknown} text */
const escapeXml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Splits `text` into at most `maxLines` lines of about `perLine` characters (at word breaks; Inter's
 * average advance is close enough to a character count at these sizes); the last line ends in an
 * ellipsis when the text does not fit.
 * @param {string} text
 * @param {number} perLine
 * @param {number} maxLines
 * @returns {string[]}
 */
export function wrapText(text, perLine, maxLines) {
  const words = String(text).trim().split(/\s+/).filter(Boolean);
  /** @type {string[]} */
  const lines = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1] ?? '';
      lines[maxLines - 1] = `${last.length > perLine - 1 ? last.slice(0, perLine - 1).trimEnd() : last}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The card as SVG: kicker (optional), title, description, the brand and the host.
 * @param {Omit<SocialCard, 'url'>} card
 * @returns {string}
 */
export function socialCardSvg({ title, description = '', kicker = '', brand, host }) {
  const big = wrapText(title, 26, 3);
  const third = big[2] ?? '';
  /** @type {[string[], number]} */
  const [titleLines, size] = big.length < 3 || (third.length <= 26 && !third.endsWith('…')) ? [big, 68] : [wrapText(title, 30, 3), 56];
  const titleTop = kicker ? 250 : 215;
  const lineHeight = Math.round(size * 1.1);
  const descTop = titleTop + (titleLines.length - 1) * lineHeight + 62;
  const descLines = titleLines.length === 3 ? [] : wrapText(description, 62, 2);
  const dots = Array.from({ length: 36 }, (_, i) => {
    const x = ((i * 61 + 7) % 100) * 12;
    const y = ((i * 37 + 11) % 100) * 6.3;
    return `<circle cx="${x}" cy="${y}" r="${1.5 + (i % 3)}" fill="${i % 3 ? '#5eead4' : '#86a8ff'}" opacity="${(0.2 + (i % 4) * 0.08).toFixed(2)}"/>`;
  }).join('');
  const bars = [70, 120, 95, 170, 220].map((h, i) => `<rect x="${950 + i * 48}" y="${558 - h}" width="34" height="${h}" rx="7" fill="url(#bar)"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1c4d"/><stop offset="1" stop-color="#0f3d5e"/></linearGradient>
<radialGradient id="glow1" cx="1" cy="0" r="0.6"><stop offset="0" stop-color="#5eead4" stop-opacity="0.3"/><stop offset="1" stop-color="#5eead4" stop-opacity="0"/></radialGradient>
<radialGradient id="glow2" cx="0" cy="1" r="0.6"><stop offset="0" stop-color="#86a8ff" stop-opacity="0.35"/><stop offset="1" stop-color="#86a8ff" stop-opacity="0"/></radialGradient>
<linearGradient id="bar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5eead4"/><stop offset="1" stop-color="#2251d8"/></linearGradient>
<linearGradient id="mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2251d8"/><stop offset="1" stop-color="#0f9d8f"/></linearGradient>
<pattern id="grid" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M48 0H0V48" fill="none" stroke="#ffffff" stroke-opacity="0.07"/></pattern>
</defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<rect width="1200" height="630" fill="url(#glow1)"/>
<rect width="1200" height="630" fill="url(#glow2)"/>
<rect width="1200" height="630" fill="url(#grid)" opacity="0.6"/>
${dots}
<g opacity="0.85">${bars}</g>
<g transform="translate(80 72)"><rect width="56" height="56" rx="14" fill="url(#mark)"/><rect x="12" y="30" width="7" height="14" rx="2.5" fill="#fff"/><rect x="24.5" y="21" width="7" height="23" rx="2.5" fill="#fff" opacity="0.9"/><rect x="37" y="12" width="7" height="32" rx="2.5" fill="#fff" opacity="0.8"/></g>
<text x="152" y="112" font-family="Inter" font-weight="800" font-size="36" fill="#f3f6ff" letter-spacing="-0.5">${escapeXml(brand)}</text>
<text x="1120" y="110" text-anchor="end" font-family="Inter" font-weight="500" font-size="22" fill="#a5f3e6">${escapeXml(host)}</text>
${kicker ? `<text x="80" y="${titleTop - size - 8}" font-family="Inter" font-weight="500" font-size="22" fill="#a5f3e6" letter-spacing="2.5">${escapeXml(kicker.toUpperCase())}</text>` : ''}
${titleLines.map((line, i) => `<text x="80" y="${titleTop + i * lineHeight}" font-family="Inter" font-weight="800" font-size="${size}" fill="#ffffff" letter-spacing="-1.5">${escapeXml(line)}</text>`).join('\n')}
${descLines.map((line, i) => `<text x="80" y="${descTop + i * 36}" font-family="Inter" font-weight="500" font-size="26" fill="#c7d3ee">${escapeXml(line)}</text>`).join('\n')}
</svg>`;
}

/**
 * Inter as static TrueType instances (resvg reads neither WOFF2 nor variations), cached.
 * @param {BuildCache} cache
 * @returns {Promise<string[]>} the files
 */
async function fontFiles(cache) {
  const source = readFileSync(FONT_SOURCE);
  /** @type {string[]} */
  const files = [];
  for (const weight of [500, 800]) {
    const name = `inter-${weight}-${cacheKey(source, FONT_SUBSET.text, String(weight), packageVersion('subset-font')).slice(0, 16)}.ttf`;
    if (!cache.get(name)) {
      const { default: subsetFont } = await import('subset-font');
      cache.set(name, await subsetFont(source, FONT_SUBSET.text, { targetFormat: 'truetype', variationAxes: { wght: weight } }));
    }
    files.push(join(cache.dir, name));
  }
  return files;
}

/**
 * Writes each card as a PNG to `<outputDir><socialImageUrl(url)>`. A card is cached by what it is
 * drawn from (build/buildCache.mjs): its SVG, the fonts' bytes, this code and resvg's version.
 * Resolves with the number of cards and how many were rendered.
 * @param {string} outputDir
 * @param {SocialCard[]} cards
 * @returns {Promise<{ cards: number, rendered: number }>}
 */
export async function writeSocialImages(outputDir, cards) {
  const cache = new BuildCache('social-images');
  const fonts = await fontFiles(cache);
  const maker = cacheKey(sourceOf('build/socialImages.mjs'), packageVersion('@resvg/resvg-js'), ...fonts.map((file) => readFileSync(file)));
  /** @type {typeof import('@resvg/resvg-js').Resvg | null} */
  let Resvg = null;
  let rendered = 0;
  for (const card of cards) {
    const svg = socialCardSvg(card);
    const png = await cache.getOrMake(`${cacheKey(maker, svg)}.png`, async () => {
      // Loaded only on a miss: the native module costs time a cached build need not pay.
      Resvg ??= (await import('@resvg/resvg-js')).Resvg;
      rendered++;
      return new Resvg(svg, { font: { fontFiles: fonts, loadSystemFonts: false, defaultFontFamily: 'Inter' } }).render().asPng();
    });
    const out = join(outputDir, socialImageUrl(card.url));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, png);
  }
  cache.prune();
  return { cards: cards.length, rendered };
}
