import { fillCompanyDeep } from '../_config/companyText.js';

/** Service pages: title, description and Service + breadcrumb structured data from services.json. */
export default {
  eleventyComputed: {
    title: (data) => data.service.metaTitle,
    description: (data) => data.service.metaDescription,
    jsonLd: ({ service, company }) => {
      const url = `${company.siteUrl}${service.path}`;
      return fillCompanyDeep(
        [
          {
            '@context': 'https://schema.org',
            '@type': 'Service',
            name: service.title,
            serviceType: service.eyebrow,
            description: service.metaDescription,
            url,
            areaServed: [{ '@type': 'Country', name: 'Germany' }, { '@type': 'Place', name: 'European Union' }],
            provider: { '@type': 'Organization', '@id': `${company.siteUrl}/#organization`, name: company.name, url: company.siteUrl },
          },
          {
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: [
              { '@type': 'ListItem', position: 1, name: 'Home', item: `${company.siteUrl}/` },
              { '@type': 'ListItem', position: 2, name: service.title, item: url },
            ],
          },
        ],
        company,
      );
    },
  },
};
