import { fillCompanyDeep } from './_config/companyText.js';

/**
 * Publishes data files as /data/<name>.json, the JSON that islands read
 * (content lives once, in site/_data). The list is site/_data/jsonFeeds.json.
 */
export const data = {
  pagination: { data: 'jsonFeeds.names', size: 1, alias: 'feedName' },
  permalink: (data) => `/data/${data.feedName}.json`,
  eleventyExcludeFromCollections: true,
  sitemap: false,
};

export function render(data) {
  const value = data[data.feedName];
  if (value === undefined) throw new Error(`jsonFeeds: no data file site/_data/${data.feedName}.json`);
  return JSON.stringify(fillCompanyDeep(value, data.company));
}
