import { fillCompanyText } from '../_config/companyText.js';

/**
 * Computed data of a legal page (imprint, privacy policy, terms): the page's
 * title and description come from its document in site/_data/legal/<name>.json.
 * Used by the pages' *.11tydata.js files.
 */
export function legalPageData(name) {
  return {
    layout: 'legal.njk',
    legalDoc: name,
    eleventyComputed: {
      title: (data) => data.legal[name].title,
      description: (data) => fillCompanyText(data.legal[name].metaDescription, data.company),
    },
  };
}
