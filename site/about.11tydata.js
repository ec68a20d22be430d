import { fillCompanyText } from './_config/companyText.js';

/** About page: title and description from about.json. */
export default {
  eleventyComputed: {
    title: (data) => fillCompanyText(data.about.meta.title, data.company),
    description: (data) => fillCompanyText(data.about.meta.description, data.company),
  },
};
