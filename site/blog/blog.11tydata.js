/**
 * Directory data of site/blog/: every Markdown file here is one blog post (SPEC 3 "Blog post").
 * The front matter holds the post's fields; this file sets layout, URL, collection and the page
 * metadata derived from them once. (No `tags` here: a post's `tags` are its own topic tags; the
build finds the posts by their checked `post` data, see postsNewestFirst.) `post` is the front matter checked by checkPost(): a missing
 * or malformed field fails the build with a message naming the file and the field.
 */
import { blogPosting, checkPost, postBreadcrumbs } from '../_pageData/blogPost.js';

const checked = (data) => checkPost(data, data.page.inputPath, data.company);

export default {
  layout: 'post.njk',
  feedLink: '/blog/feed.xml',
  eleventyComputed: {
    post: checked,
    /** Canonical URL /blog/{slug}/ (the slash form; see shared/urls.ts). */
    permalink: (data) => `/blog/${data.slug}/index.html`,
    description: (data) => data.seo?.metaDescription,
    ogTitle: (data) => data.seo?.metaTitle,
    ogDescription: (data) => data.seo?.metaDescription,
    ogImage: (data) => data.seo?.ogImage,
    ogType: () => 'article',
    jsonLd: (data) => {
      const post = checked(data);
      return [blogPosting(post, data.company), postBreadcrumbs(post, data.company)];
    },
  },
};
