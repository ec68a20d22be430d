import { fillCompanyText } from './_config/companyText.js';

/** Home page: title, description and the Organization structured data, from home.json and company.json. */
export default {
  eleventyComputed: {
    title: (data) => `${data.company.name} | ${fillCompanyText(data.home.meta.title, data.company)}`,
    description: (data) => fillCompanyText(data.home.meta.description, data.company),
    jsonLd: ({ company }) => ({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${company.siteUrl}/#organization`,
      name: company.name,
      legalName: company.legalName,
      url: company.siteUrl,
      logo: `${company.siteUrl}/assets/images/og-default.png`,
      image: `${company.siteUrl}/assets/images/og-default.png`,
      description: company.description,
      slogan: company.slogan,
      foundingDate: String(company.foundedYear),
      email: company.email,
      telephone: company.phone,
      vatID: company.vatId,
      address: {
        '@type': 'PostalAddress',
        streetAddress: `${company.address.street} ${company.address.number}`,
        postalCode: company.address.zip,
        addressLocality: company.address.city,
        addressCountry: company.address.countryCode,
      },
      founders: company.partners.map((partner) => ({ '@type': 'Person', name: partner.name, jobTitle: partner.role })),
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        email: company.email,
        telephone: company.phone,
        availableLanguage: ['English', 'German'],
      },
      sameAs: company.social.map((link) => link.url),
    }),
  },
};
