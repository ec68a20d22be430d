import { fillCompanyText } from '../_config/companyText.js';

/**
 * Computed data of a legal page (imprint, privacy policy, terms): the page's
 * title and description come from its document in site/_data/legal/<name>.json.
 * Used by the pages' *.11tydata.js files.
 */
/** @typedef {{ legal: Record<string, { title: string, metaDescription: string }>, company: unknown }} LegalData */

/** @param {string} name the document's name in site/_data/legal/ */
export function legalPageData(name) {
  /** @param {LegalData} data */
  const doc = (data) => {
    const found = data.legal[name];
    if (!found) throw new Error(`legal page: site/_data/legal/${name}.json is missing`);
    return found;
  };
  return {
    layout: 'legal.njk',
    legalDoc: name,
    eleventyComputed: {
      title: (/** @type {LegalData} */ data) => doc(data).title,
      description: (/** @type {LegalData} */ data) => fillCompanyText(doc(data).metaDescription, data.company),
    },
  };
}
