import MarkdownIt from 'markdown-it';
import { fillCompanyDeep, fillCompanyText } from './companyText.js';
import { postsNewestFirst } from '../_pageData/blogPost.js';
import { sharedRules } from '../_pageData/rules.js';

const { canonicalPath } = /** @type {typeof import('../../shared/urls')} */ (await sharedRules('urls'));

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

/** '/about/' -> '/about': the site's canonical form (see shared/urls.ts; blog posts keep their slash). */
export { canonicalPath };

/** @param {import('../../types/eleventy').EleventyConfig} eleventyConfig */
export function registerFilters(eleventyConfig) {
  eleventyConfig.addFilter('canonicalPath', canonicalPath);
  /** The blog posts of collections.all, checked, newest first: {{ collections.all | blogPosts }}; with their HTML: blogPosts(true). */
  eleventyConfig.addFilter('blogPosts', (/** @type {Parameters<typeof postsNewestFirst>[0]} */ collection, withContent = false) =>
    postsNewestFirst(collection, withContent),
  );

  /** Absolute URL on the production host: {{ page.url | absoluteUrl(company.siteUrl) }}. */
  eleventyConfig.addFilter('absoluteUrl', (/** @type {string} */ url, /** @type {string} */ base) => new URL(canonicalPath(url), base).href);

  /**
   * Replaces {company.path} placeholders in content text with company facts,
   * so a fact (name, address, register number) is written once, in company.json.
   */
  eleventyConfig.addFilter('companyText', function companyText(/** @type {unknown} */ text) {
    return fillCompanyText(text, this.ctx.company);
  });
  /** The same for every string of a data structure. */
  eleventyConfig.addFilter('companyData', function companyData(/** @type {unknown} */ value) {
    return fillCompanyDeep(value, this.ctx.company);
  });

  /** Inline Markdown (links, emphasis) for one line of content text. */
  eleventyConfig.addFilter('mdInline', (/** @type {unknown} */ text) => markdown.renderInline(String(text ?? '')));
  /** Block Markdown for a content field. */
  eleventyConfig.addFilter('md', (/** @type {unknown} */ text) => markdown.render(String(text ?? '')));

  /** JSON for <script type="application/ld+json"> or data islands: '<' escaped so no tag can close the script. */
  eleventyConfig.addFilter('jsonScript', (/** @type {unknown} */ value) =>
    JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'),
  );

  /** ISO date (YYYY-MM-DD) of a Date. */
  eleventyConfig.addFilter('isoDate', (/** @type {string | number | Date} */ date) => new Date(date).toISOString().slice(0, 10));
}
