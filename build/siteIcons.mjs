import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * Writes favicon.ico to the root of `distDir` and the PNG icons under /assets/icons/; resolves with the number of files.
 * @param {string} distDir
 * @returns {Promise<number>}
 */
export async function writeSiteIcons(distDir) {
  const { Resvg } = await import('@resvg/resvg-js');
  /** @param {string} svg */
  const render = (svg) => Buffer.from(new Resvg(svg).render().asPng());
  /** @param {string} href @param {Buffer} bytes */
  const write = (href, bytes) => {
    const out = join(distDir, href);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, bytes);
  };
  write('/favicon.ico', icoFile(ICO_SIZES.map((size) => ({ size, png: render(iconSvg(size)) }))));
  write(APPLE_TOUCH_ICON.href, render(iconSvg(APPLE_TOUCH_ICON.size, { opaque: true, scale: 0.72 })));
  for (const icon of MANIFEST_ICONS) {
    const size = Number(icon.sizes.split('x')[0]);
    // Maskable: the mark inside the 80 % safe zone, on the background to the edges.
    write(icon.src, render(icon.purpose === 'maskable' ? iconSvg(size, { opaque: true, scale: 0.6 }) : iconSvg(size)));
  }
  return 2 + MANIFEST_ICONS.length;
}
