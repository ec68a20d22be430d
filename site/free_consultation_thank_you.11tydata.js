import { fillCompanyText } from './_config/companyText.js';

/** The consultation thank-you page's hero, from site/_data/leadPages.json with the company facts filled in. */
export default {
  eleventyComputed: {
    title: (data) => data.leadPages.thankYou.consultation.title,
    heading: (data) => data.leadPages.thankYou.consultation.heading,
    lead: (data) => fillCompanyText(data.leadPages.thankYou.consultation.lead, data.company),
  },
};
