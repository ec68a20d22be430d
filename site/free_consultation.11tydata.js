import { consultationJsonLd } from './_config/contactData.js';
import { fillCompanyDeep } from './_config/companyText.js';

/** /free_consultation: the free consultation as a schema.org Service (head.njk prints `jsonLd`). */
export default {
  eleventyComputed: {
    jsonLd: (data) => fillCompanyDeep(consultationJsonLd(data.company, data.consultation), data.company),
  },
};
