import { contactJsonLd, osmEmbedUrl, osmLinkUrl } from './_pageData/contactData.js';
import { fillCompanyDeep } from './_config/companyText.js';
import { leadEndpoint, leadForm } from './_pageData/leadForm.js';

/** /contact: the map URLs and the JSON-LD (head.njk prints `jsonLd`), from company.json and contact.json. */
export default {
  leadEndpoint,
  leadForm: leadForm('contact'),
  eleventyComputed: {
    officeMap: (data) => ({
      embedUrl: osmEmbedUrl(data.company.office.coordinates, data.contact.map.zoom),
      linkUrl: osmLinkUrl(data.company.office.coordinates, data.contact.map.zoom),
    }),
    jsonLd: (data) => fillCompanyDeep(contactJsonLd(data.company, data.contact), data.company),
  },
};
