/**
 * Company facts are written once, in site/_data/company.json. Content text
 * refers to them as {company.path} (dotted; a number indexes an array:
 * {company.partners.0.name}); these functions put the facts in.
 */
function lookup(company, path) {
  return path.split('.').reduce((value, key) => (value == null ? undefined : value[key]), company);
}

export function fillCompanyText(text, company) {
  return String(text ?? '').replace(/\{company\.([a-zA-Z0-9_.]+)\}/g, (_match, path) => {
    const value = lookup(company, path);
    if (value === undefined || value === null || typeof value === 'object') {
      throw new Error(`No company fact '${path}' in site/_data/company.json (used as {company.${path}})`);
    }
    return String(value);
  });
}

/** The same for every string inside a data structure (for the JSON the build emits for islands). */
export function fillCompanyDeep(value, company) {
  if (typeof value === 'string') return fillCompanyText(value, company);
  if (Array.isArray(value)) return value.map((item) => fillCompanyDeep(item, company));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillCompanyDeep(item, company)]));
  }
  return value;
}
