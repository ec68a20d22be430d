import { fillCompanyText } from './_config/companyText.js';

/** The contact thank-you page's hero, from site/_data/contactPages.json with the company facts filled in. */
export default {
  eleventyComputed: {
    title: (data) => data.contactPages.thankYou.contact.title,
    heading: (data) => data.contactPages.thankYou.contact.heading,
    lead: (data) => fillCompanyText(data.contactPages.thankYou.contact.lead, data.company),
  },
};
