import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BuildCache, cacheKey, packageVersion, sourceOf } from './buildCache.mjs';

/**
 * The site's icons (issue 36), made at build time from the one drawing, site/assets/favicon.svg:
 * favicon.ico (16, 32, 48 px), the PNGs of the web app manifest (192, 512, a maskable 512) and the
 * apple-touch-icon (opaque: iOS fills transparent corners with black and rounds them itself).
 * The manifest (site/manifest.webmanifest.11ty.js) lists MANIFEST_ICONS.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
export const ICON_SOURCE = join(root, 'site/assets/favicon.svg');
/** The background of the opaque icons: the header's theme colour (head.njk's theme-color). */
export const ICON_BACKGROUND = '#0b1c4d';

export const ICO_SIZES = [16, 32, 48];
export const APPLE_TOUCH_ICON = { href: '/assets/icons/apple-touch-icon.png', size: 180 };
export const MANIFEST_ICONS = [
  { src: '/assets/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/assets/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/assets/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The drawing at `size` px; `opaque`: on the background, the mark at `scale` of the square.
 * @param {number} size
 * @param {{ opaque?: boolean, scale?: number }} [options]
 * @returns {string}
 */
function iconSvg(size, { opaque = false, scale = 1 } = {}) {
  const drawing = readFileSync(ICON_SOURCE, 'utf8').replace('<svg ', `<svg x="${(size * (1 - scale)) / 2}" y="${(size * (1 - scale)) / 2}" width="${size * scale}" height="${size * scale}" `);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${opaque ? `<rect width="${size}" height="${size}" fill="${ICON_BACKGROUND}"/>` : ''}${drawing}</svg>`;
}

/**
 * An ICO file holding PNG images (Windows Vista and every browser read those).
 * @param {Array<{ size: number, png: Buffer }>} pngs
 * @returns {Buffer}
 */
export function icoFile(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs.map(({ png }) => png)]);
}

/**
 * Writes favicon.ico to the root of `distDir` and the PNG icons under /assets/icons/; resolves with
 * the number of files and the cache's counts. Each file is cached by the drawing, this code and
 * resvg's version (build/buildCache.mjs), so a build renders them only when one of those changed.
 * @param {string} distDir
 * @returns {Promise<{ files: number, cache: BuildCache }>}
 */
export async function writeSiteIcons(distDir) {
  const cache = new BuildCache('icons');
  const maker = cacheKey(sourceOf('build/siteIcons.mjs'), readFileSync(ICON_SOURCE), packageVersion('@resvg/resvg-js'));
  /** @type {((svg: string) => Buffer) | null} */
  let rasterize = null;
  /** @param {string} svg */
  const render = async (svg) => {
    if (!rasterize) {
      // Loaded only on a miss: the native module costs time a cached build need not pay.
      const { Resvg } = await import('@resvg/resvg-js');
      rasterize = (/** @type {string} */ drawing) => Buffer.from(new Resvg(drawing).render().asPng());
    }
    return rasterize(svg);
  };
  /** @param {string} href @param {() => Promise<Buffer>} make */
  const write = async (href, make) => {
    const out = join(distDir, href);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, await cache.getOrMake(cacheKey(maker, href), make));
  };
  await write('/favicon.ico', async () => {
    /** @type {Array<{ size: number, png: Buffer }>} */
    const pngs = [];
    for (const size of ICO_SIZES) pngs.push({ size, png: await render(iconSvg(size)) });
    return icoFile(pngs);
  });
  await write(APPLE_TOUCH_ICON.href, () => render(iconSvg(APPLE_TOUCH_ICON.size, { opaque: true, scale: 0.72 })));
  for (const icon of MANIFEST_ICONS) {
    const size = Number(icon.sizes.split('x')[0]);
    // Maskable: the mark inside the 80 % safe zone, on the background to the edges.
    await write(icon.src, () => render(icon.purpose === 'maskable' ? iconSvg(size, { opaque: true, scale: 0.6 }) : iconSvg(size)));
  }
  cache.prune();
  return { files: 2 + MANIFEST_ICONS.length, cache };
}
