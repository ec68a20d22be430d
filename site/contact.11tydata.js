import { contactJsonLd, osmEmbedUrl, osmLinkUrl } from './_pageData/contactData.js';
import { fillCompanyDeep } from './_config/companyText.js';
import { contactEndpoint, contactForm } from './_pageData/contactForm.js';

/** /contact: the map URLs and the JSON-LD (head.njk prints `jsonLd`), from company.json and contact.json. */
export default {
  contactEndpoint,
  contactForm: contactForm('contact'),
  eleventyComputed: {
    officeMap: (data) => ({
      embedUrl: osmEmbedUrl(data.company.office.coordinates, data.contact.map.zoom),
      linkUrl: osmLinkUrl(data.company.office.coordinates, data.contact.map.zoom),
    }),
    jsonLd: (data) => fillCompanyDeep(contactJsonLd(data.company, data.contact), data.company),
  },
};
