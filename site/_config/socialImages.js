import { SOCIAL_IMAGE, socialImageUrl, writeSocialImages } from '../../build/socialImages.mjs';

/**
 * Social preview images (issue 36): `{{ page.url | socialImage }}` is a page's card URL
 * (head.njk's og:image), and after the build each page's card is made from what the page says of
 * itself: its og:title (without the company name), og:description, and for a post its category.
 */
/** @param {string} html @param {string} property */
const meta = (html, property) => {
  const match = new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1] ?? '') : '';
};
/** @type {Record<string, string>} */
const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** @param {string} text */
const decode = (text) =>
  text.replace(/&(#\d+|#x[\da-f]+|amp|lt|gt|quot|apos);/gi, (_, /** @type {string} */ code) => {
    const named = NAMED[code.toLowerCase()];
    if (named) return named;
    return String.fromCodePoint(code[1]?.toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
  });

/**
 * The card of one built page, or null for a page without social metadata.
 * @param {string} url
 * @param {string} html
 * @param {{ name: string, siteUrl: string }} company
 * @returns {import('../../build/socialImages.mjs').SocialCard | null}
 */
export function socialCard(url, html, company) {
  const fullTitle = meta(html, 'og:title');
  if (!fullTitle || !html.includes('/assets/social/')) return null;
  const title = fullTitle.split(' | ').filter((part) => part !== company.name).join(' | ') || fullTitle;
  const category = meta(html, 'og:type') === 'article' ? /class="blog-badge"[^>]*>([^<]+)</.exec(html)?.[1] : '';
  const kicker = category ? `Blog · ${decode(category)}` : url.startsWith('/services/') ? 'Services' : url.startsWith('/career/') ? 'Careers' : '';
  return { url, title, description: meta(html, 'og:description'), kicker, brand: company.name, host: new URL(company.siteUrl).host };
}

/**
 * @param {import('../../types/eleventy').EleventyConfig} eleventyConfig
 * @param {{ outputDir: string, company: { name: string, siteUrl: string } }} options
 */
export function registerSocialImages(eleventyConfig, { outputDir, company }) {
  eleventyConfig.addFilter('socialImage', (/** @type {string} */ url) => socialImageUrl(url));
  eleventyConfig.addGlobalData('socialImageSize', SOCIAL_IMAGE);
  eleventyConfig.on('eleventy.after', async ({ results }) => {
    const cards = results
      .filter((result) => typeof result.outputPath === 'string' && result.outputPath.endsWith('.html'))
      .map((result) => socialCard(result.url, result.content, company))
      .filter((card) => card !== null);
    const { rendered } = await writeSocialImages(outputDir, cards);
    console.log(`social images: ${cards.length} cards (${rendered} rendered, the rest cached)`);
  });
}
