import { fillCompanyText } from './_config/companyText.js';
import { postsNewestFirst } from './_pageData/blogPost.js';

/**
 * /data/blog.json: every blog post (SPEC 3 "Blog post", content as HTML rendered from the
 * Markdown), newest first. This is what <dc-blog> reads by default; partners may point its `src`
 * at it (the server sends it with CORS). Image and link URLs in it are site-relative; the widget
 * resolves them against the URL it fetched the file from.
 */
export const data = {
  permalink: '/data/blog.json',
  eleventyExcludeFromCollections: true,
  sitemap: false,
  eleventyImport: { collections: ['all'] },
};

export function render(data) {
  const { company, blogPage } = data;
  const posts = postsNewestFirst(data.collections.all, true).map((post) => ({
    id: post.id,
    slug: post.slug,
    title: post.title,
    author: post.author,
    date: post.date,
    category: post.category,
    tags: post.tags,
    image_url: post.image_url,
    read_time_minutes: post.read_time_minutes,
    summary: post.summary,
    content: post.content.trim(),
    seo: post.seo,
    canonical_url: post.canonical_url,
  }));
  return JSON.stringify({
    title: fillCompanyText(blogPage.feedTitle, company),
    tagline: fillCompanyText(blogPage.tagline, company),
    home_page_url: new URL('/blog', company.siteUrl).href,
    posts,
  });
}
