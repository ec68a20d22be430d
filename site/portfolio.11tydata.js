/**
 * Computed data of /portfolio: the report list for the static (JS-off) HTML and the page's
 * structured data. The dates use the same short US format in UTC as widgets/lib/format.ts
 * (formatShortDate), so the static text and the gallery agree.
 */
const SHORT_US = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function shortDate(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value ?? ''));
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : SHORT_US.format(date);
}

export default {
  eleventyComputed: {
    reportCards: (data) =>
      (data.reports ?? []).map((report) => ({ ...report, lastUpdatedText: shortDate(report.lastUpdated) })),
    jsonLd: (data) => ({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: data.heading,
      description: data.description,
      url: new URL('/portfolio', data.company.siteUrl).href,
      publisher: { '@type': 'Organization', name: data.company.name, url: data.company.siteUrl },
      hasPart: (data.reports ?? []).map((report) => ({
        '@type': 'Report',
        name: report.title,
        about: report.category,
        description: report.description,
        dateModified: report.lastUpdated,
      })),
    }),
  },
};
