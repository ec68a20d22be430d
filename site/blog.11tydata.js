import { blogPosting, postsNewestFirst } from './_config/blogPost.js';
import { fillCompanyText } from './_config/companyText.js';

/** Structured data of /blog: the Blog with a BlogPosting per post (SPEC 2.15). */
export default {
  eleventyComputed: {
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
        blogPost: postsNewestFirst(data.collections.all).map((post) => blogPosting(post, company)),
      };
    },
  },
};
