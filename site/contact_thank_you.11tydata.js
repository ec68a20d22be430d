import { fillCompanyText } from './_config/companyText.js';

/** The contact thank-you page's hero, from site/_data/leadPages.json with the company facts filled in. */
export default {
  eleventyComputed: {
    title: (data) => data.leadPages.thankYou.contact.title,
    heading: (data) => data.leadPages.thankYou.contact.heading,
    lead: (data) => fillCompanyText(data.leadPages.thankYou.contact.lead, data.company),
  },
};
