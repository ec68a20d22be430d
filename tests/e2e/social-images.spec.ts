import { expect, test, type APIRequestContext } from './support/test';
import { sitemapPaths } from './support/routes';

/**
 * Issue 36: social previews and icons. Every page's og:image is a PNG of 1200 × 630 that the site
 * serves (made at build time), with its width, height and alt; the icon set and the web app
 * manifest are there with the sizes they claim.
 */

/** Width and height from a PNG's IHDR chunk, or null when the bytes are no PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function metaContents(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const meta = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
  return { image: meta('og:image'), width: meta('og:image:width'), height: meta('og:image:height'), alt: meta('og:image:alt'), type: meta('og:image:type') };
}

test('every page and post has its own og:image: a 1200 × 630 PNG the site serves, with width, height and alt', async ({ request }) => {
  const paths = [...sitemapPaths(), '/no-such-page'];
  expect(paths.filter((path) => path.startsWith('/blog/')).length).toBeGreaterThanOrEqual(6);
  const seen = new Set<string>();
  for (const path of paths) {
    const og = await metaContents(request, path);
    expect(og.image, path).toMatch(/^https:\/\/www\.dataclarity\.de\/assets\/social\/.+\.png$/);
    expect([og.width, og.height, og.type], path).toEqual(['1200', '630', 'image/png']);
    expect(og.alt?.length, path).toBeGreaterThan(5);
    expect(seen.has(og.image!), `${path} shares its image`).toBe(false);
    seen.add(og.image!);
    const response = await request.get(new URL(og.image!).pathname);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(pngSize(await response.body()), path).toEqual({ width: 1200, height: 630 });
  }
});

test('the icon set: favicon.ico with 16, 32 and 48 px, the apple-touch-icon, and a manifest whose icons exist in their sizes', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
  await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveCount(1);
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');

  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toBe('image/x-icon');
  const bytes = await ico.body();
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
  const sizes = [0, 1, 2].map((i) => {
    const entry = 6 + 16 * i;
    const image = bytes.subarray(bytes.readUInt32LE(entry + 12), bytes.readUInt32LE(entry + 12) + bytes.readUInt32LE(entry + 8));
    return pngSize(image)?.width;
  });
  expect(sizes).toEqual([16, 32, 48]);

  expect(pngSize(await (await request.get(touch!)).body())).toEqual({ width: 180, height: 180 });

  const manifest = await request.get(manifestHref!);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as { name: string; start_url: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
  expect(body).toMatchObject({ name: 'DataClarity', start_url: '/' });
  expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of body.icons) {
    const [width] = icon.sizes.split('x').map(Number);
    expect(pngSize(await (await request.get(icon.src)).body()), icon.src).toEqual({ width, height: width });
  }
});
