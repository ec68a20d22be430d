import { fillCompanyText } from './_config/companyText.js';

/** Our story page: title and description from story.json. */
export default {
  eleventyComputed: {
    title: (data) => fillCompanyText(data.story.meta.title, data.company),
    description: (data) => fillCompanyText(data.story.meta.description, data.company),
  },
};
