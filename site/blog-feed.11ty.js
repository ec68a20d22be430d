import { convertHtmlToAbsoluteUrls, dateToRfc3339 } from '@11ty/eleventy-plugin-rss';
import { fillCompanyText } from './_config/companyText.js';
import { postsNewestFirst } from './_pageData/blogPost.js';

/**
 * /blog/feed.xml: the blog as an Atom 1.0 feed (RFC 4287), every post with its full HTML
 * content, newest first. Pages announce it with <link rel="alternate"> (data `feedLink`).
 * URLs in the content (href, src, srcset, poster..., in any quoting) are made absolute against the
 * post's own URL by `@11ty/eleventy-plugin-rss`, so feed readers resolve them.
 */
export const data = {
  permalink: '/blog/feed.xml',
  eleventyExcludeFromCollections: true,
  sitemap: false,
  eleventyImport: { collections: ['all'] },
};

/** @type {Record<string, string>} */
const XML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/**
 * Text for XML content and attributes; characters XML 1.0 forbids are dropped.
 * @param {unknown} value
 * @returns {string}
 */
export function xml(value) {
  return String(value)
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/**
 * RFC 3339 timestamp of a 'YYYY-MM-DD' date (midnight UTC).
 * @param {string} date
 */
const timestamp = (date) => dateToRfc3339(new Date(`${date}T00:00:00Z`));

/**
 * A post's HTML with every URL absolute, resolved against the post's own URL.
 * @param {string} html
 * @param {string} postUrl
 * @returns {Promise<string>}
 */
export function absoluteContent(html, postUrl) {
  return convertHtmlToAbsoluteUrls(html, postUrl);
}

/**
 * @param {{
 *   company: { siteUrl: string, legalName: string },
 *   blogPage: { feedTitle: string, feedSubtitle: string },
 *   collections: { all: Parameters<typeof postsNewestFirst>[0] },
 *   permalink: string,
 * }} data
 * @returns {Promise<string>}
 */
export async function render(data) {
  const { company, blogPage } = data;
  const posts = postsNewestFirst(data.collections.all, true);
  const blogUrl = new URL('/blog', company.siteUrl).href;
  const selfUrl = new URL(data.permalink, company.siteUrl).href;
  const updated = timestamp(posts[0]?.date ?? '2025-01-01');
  const contents = await Promise.all(posts.map((post) => absoluteContent((post.content ?? '').trim(), post.canonical_url)));
  const entries = posts.map(
    (post, index) => `  <entry>
    <id>${xml(post.canonical_url)}</id>
    <title>${xml(post.title)}</title>
    <link rel="alternate" type="text/html" href="${xml(post.canonical_url)}"/>
    <published>${timestamp(post.date)}</published>
    <updated>${timestamp(post.date)}</updated>
    <author><name>${xml(post.author)}</name></author>
    <category term="${xml(post.category)}"/>
${post.tags.map((tag) => `    <category term="${xml(tag)}"/>`).join('\n')}
    <summary>${xml(post.summary)}</summary>
    <content type="html">${xml(contents[index])}</content>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <id>${xml(blogUrl)}</id>
  <title>${xml(fillCompanyText(blogPage.feedTitle, company))}</title>
  <subtitle>${xml(fillCompanyText(blogPage.feedSubtitle, company))}</subtitle>
  <link rel="self" type="application/atom+xml" href="${xml(selfUrl)}"/>
  <link rel="alternate" type="text/html" href="${xml(blogUrl)}"/>
  <updated>${updated}</updated>
  <author><name>${xml(company.legalName)}</name><uri>${xml(company.siteUrl)}</uri></author>
  <icon>${xml(new URL('/assets/favicon.svg', company.siteUrl).href)}</icon>
  <rights>© ${xml(company.legalName)}</rights>
${entries.join('\n')}
</feed>
`;
}
