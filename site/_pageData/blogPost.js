import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The build-time schema of a blog post (SPEC 3 "Blog post"): site/blog/*.md front matter.
 * checkPost() returns the clean post or throws one error that names the file and every bad
 * field, so a missing field fails the build instead of rendering an empty box.
 */

/**
 * A post's front matter after checkPost: the widget's BlogPost without the body, plus its page URL and date text.
 * @typedef {Omit<import('../../widgets/blog/rules').BlogPost, 'content'> & { url: string, displayDate: string }} CheckedPost
 * @typedef {{ siteUrl: string, legalName: string }} PostCompany
 */

/** The categories a post may have: the blog filter's five (widgets/blog/rules.ts BLOG_CATEGORIES). */
export const POST_CATEGORIES = ['Analytics', 'Engineering', 'Business', 'Marketing', 'Client Success'];

const SHORT_US = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SITE_ASSETS = 'site';

/** @param {unknown} value @returns {value is string} */
const isText = (value) => typeof value === 'string' && value.trim() !== '';

/** @param {unknown} value */
function validDate(value) {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Checks the front matter `data` of the post file `inputPath` ('./site/blog/<slug>.md').
 * @param {Record<string, any>} data the template data (front matter and cascade)
 * @param {string} inputPath the Markdown file, for the error message
 * @param {{ siteUrl: string }} company company facts (the canonical URL's origin)
 * @param {{ assetsRoot?: string }} [options] where '/assets/...' image paths live on disk (default 'site')
 * @returns {CheckedPost} the post's SPEC 3 fields (without `content`) plus `url` (its site path) and
 *   `displayDate` ('Nov 12, 2024', as the widget formats it)
 */
export function checkPost(data, inputPath, company, { assetsRoot = SITE_ASSETS } = {}) {
  /** @type {string[]} */
  const problems = [];
  /**
   * @param {string} field
   * @param {(value: any) => boolean} ok the rule, given the field's value as the front matter has it
   * @param {string} message
   */
  const need = (field, ok, message) => {
    if (data[field] === undefined || data[field] === null) problems.push(`"${field}" is missing`);
    else if (!ok(data[field])) problems.push(`"${field}" ${message}`);
  };
  const fileSlug = String(inputPath ?? '').split(/[\\/]/).pop()?.replace(/\.md$/, '') ?? '';

  need('id', (v) => (Number.isInteger(v) && v > 0) || (typeof v === 'string' && /^[a-z0-9-]{1,24}$/.test(v)), 'must be a positive integer or short kebab-case text');
  need('slug', (v) => typeof v === 'string' && KEBAB.test(v) && v === fileSlug, `must be kebab-case and equal the file name ("${fileSlug}")`);
  need('title', isText, 'must be non-empty text');
  need('author', isText, 'must be non-empty text');
  need('date', validDate, "must be a real date written as quoted text 'YYYY-MM-DD'");
  need('category', (v) => POST_CATEGORIES.includes(v), `must be one of ${POST_CATEGORIES.join(', ')}`);
  need('tags', (v) => Array.isArray(v) && v.length > 0 && v.every(isText) && new Set(v).size === v.length, 'must be a non-empty list of distinct texts');
  need(
    'image_url',
    (v) => v === '' || (typeof v === 'string' && v.startsWith('/assets/') && existsSync(join(assetsRoot, v))),
    "must be '' (no image) or a /assets/... path of a file that exists",
  );
  need('read_time_minutes', (v) => Number.isInteger(v) && v > 0, 'must be a positive whole number');
  need('summary', isText, 'must be non-empty text');
  need('seo', (v) => typeof v === 'object' && !Array.isArray(v), 'must be an object { metaTitle, metaDescription, ogImage }');
  if (data.seo && typeof data.seo === 'object') {
    for (const key of ['metaTitle', 'metaDescription', 'ogImage']) {
      if (!isText(data.seo[key])) problems.push(`"seo.${key}" is missing or empty`);
    }
    if (isText(data.seo.metaTitle) && data.seo.metaTitle.length > 60) problems.push('"seo.metaTitle" is longer than 60 characters');
  }
  const canonical = typeof data.slug === 'string' ? new URL(`/blog/${data.slug}/`, company.siteUrl).href : null;
  need('canonical_url', (v) => v === canonical, `must be the post's own URL ${canonical}`);

  if (problems.length > 0) {
    throw new Error(`Blog post ${inputPath}: ${problems.join('; ')}`);
  }
  return {
    id: data.id,
    slug: data.slug,
    title: data.title.trim(),
    author: data.author.trim(),
    date: data.date,
    category: data.category,
    tags: [...data.tags],
    image_url: data.image_url,
    read_time_minutes: data.read_time_minutes,
    summary: data.summary.trim(),
    seo: { metaTitle: data.seo.metaTitle, metaDescription: data.seo.metaDescription, ogImage: data.seo.ogImage },
    canonical_url: data.canonical_url,
    url: `/blog/${data.slug}/`,
    displayDate: SHORT_US.format(new Date(`${data.date}T00:00:00Z`)),
  };
}

/** @param {string} path @param {{ siteUrl: string }} company */
const absolute = (path, company) => new URL(path, company.siteUrl).href;

/**
 * schema.org BlogPosting of one checked post (SPEC 2.15: headline, description, image, author, publisher, date, url).
 * @param {CheckedPost} post
 * @param {PostCompany} company
 */
export function blogPosting(post, company) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${post.canonical_url}#article`,
    headline: post.title,
    description: post.summary,
    image: absolute(post.seo.ogImage, company),
    author: { '@type': 'Person', name: post.author },
    publisher: {
      '@type': 'Organization',
      name: company.legalName,
      url: company.siteUrl,
      logo: { '@type': 'ImageObject', url: absolute('/assets/favicon.svg', company) },
    },
    datePublished: post.date,
    dateModified: post.date,
    url: post.canonical_url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': post.canonical_url },
    articleSection: post.category,
    keywords: post.tags.join(', '),
    timeRequired: `PT${post.read_time_minutes}M`,
    inLanguage: 'en',
  };
}

/**
 * A post as the blog's list names it (Blog.blogPost on /blog): what identifies it and links to it.
 * The whole BlogPosting is on the post's own page under the same @id, so the list does not repeat
 * it (the six full records were 1 KB Brotli of the blog page's first round trip).
 * @param {CheckedPost} post
 * @param {PostCompany} company
 */
export function blogPostingReference(post, company) {
  const { '@id': id, headline, url, datePublished, image, author } = blogPosting(post, company);
  return { '@type': 'BlogPosting', '@id': id, headline, url, datePublished, image, author };
}

/**
 * schema.org BreadcrumbList Home > Blog > post.
 * @param {CheckedPost} post
 * @param {{ siteUrl: string }} company
 */
export function postBreadcrumbs(post, company) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: absolute('/', company) },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: absolute('/blog', company) },
      { '@type': 'ListItem', position: 3, name: post.title, item: post.canonical_url },
    ],
  };
}

/**
 * The blog posts among `collection` (collections.all: the items whose data holds a checked
 * `post`), newest first. With `withContent`, each also carries its rendered HTML as `content`
 * (only for templates that are not posts themselves: a post reading another's content would
 * make the posts depend on each other).
 * @param {readonly { data: { post?: CheckedPost }, content: string }[]} collection
 * @param {boolean} [withContent]
 * @returns {(CheckedPost & { content?: string })[]}
 */
export function postsNewestFirst(collection, withContent = false) {
  return collection
    .filter((item) => item.data?.post?.slug)
    .map((item) => {
      const post = /** @type {CheckedPost} */ (item.data.post);
      return withContent ? { ...post, content: item.content } : { ...post };
    })
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
