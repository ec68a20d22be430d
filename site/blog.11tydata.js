import { blogPostingReference, postsNewestFirst } from './_pageData/blogPost.js';
import { fillCompanyText } from './_config/companyText.js';
import { elementRules } from './_pageData/rules.js';

const blog = await elementRules('blog');

/**
 * Structured data of /blog: the Blog with a BlogPosting per post (SPEC 2.15); and what the static
 * page needs to take the room of the element's filter bar and masthead, built by the element's
 * own rules, so the upgrade moves nothing.
 */
export default {
  eleventyComputed: {
    blogControls: (data) => {
      const posts = postsNewestFirst(data.collections.all);
      return {
        labels: blog.BLOG_LABELS,
        searchPlaceholder: blog.BLOG_TEXT.searchPlaceholder,
        categories: blog.CATEGORY_OPTIONS,
        years: blog.yearOptions(posts),
        tags: blog.tagOptions(posts),
        count: blog.articleCount(posts.length),
        masthead: blog.mastheadText(posts),
      };
    },
    jsonLd: (data) => {
      const { company } = data;
      const blogUrl = new URL('/blog', company.siteUrl).href;
      return {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        '@id': `${blogUrl}#blog`,
        name: fillCompanyText(data.blogPage.feedTitle, company),
        description: data.description,
        url: blogUrl,
        publisher: { '@type': 'Organization', name: company.legalName, url: company.siteUrl },
        blogPost: postsNewestFirst(data.collections.all).map((post) => blogPostingReference(post, company)),
      };
    },
  },
};
