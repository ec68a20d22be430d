/**
 * Company facts are written once, in site/_data/company.json. Content text
 * refers to them as {company.path} (dotted; a number indexes an array:
 * {company.partners.0.name}); these functions put the facts in.
 */

/**
 * @param {unknown} company
 * @param {string} path
 * @returns {unknown}
 */
function lookup(company, path) {
  return path
    .split('.')
    .reduce((value, key) => (value == null ? undefined : /** @type {Record<string, unknown>} */ (value)[key]), company);
}

/**
 * `text` with each {company.path} replaced by the fact; an unknown fact throws.
 * @param {unknown} text
 * @param {unknown} company site/_data/company.json
 * @returns {string}
 */
export function fillCompanyText(text, company) {
  return String(text ?? '').replace(/\{company\.([a-zA-Z0-9_.]+)\}/g, (_match, /** @type {string} */ path) => {
    const value = lookup(company, path);
    if (value === undefined || value === null || typeof value === 'object') {
      throw new Error(`No company fact '${path}' in site/_data/company.json (used as {company.${path}})`);
    }
    return String(value);
  });
}

/**
 * The same for every string inside a data structure (for the JSON the build emits for islands).
 * @template T
 * @param {T} value
 * @param {unknown} company site/_data/company.json
 * @returns {T}
 */
export function fillCompanyDeep(value, company) {
  return /** @type {T} */ (fillDeep(value, company));
}

/**
 * @param {unknown} value
 * @param {unknown} company
 * @returns {unknown}
 */
function fillDeep(value, company) {
  if (typeof value === 'string') return fillCompanyText(value, company);
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, company));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillDeep(item, company)]));
  }
  return value;
}
