import { fillCompanyText } from './_config/companyText.js';

/** The consultation thank-you page's hero, from site/_data/contactPages.json with the company facts filled in. */
export default {
  eleventyComputed: {
    title: (data) => data.contactPages.thankYou.consultation.title,
    heading: (data) => data.contactPages.thankYou.consultation.heading,
    lead: (data) => fillCompanyText(data.contactPages.thankYou.consultation.lead, data.company),
  },
};
