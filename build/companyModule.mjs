/**
 * shared/company.ts: the company facts that code outside the page build needs (the contact form's
 * messages, the server's mail sender and recipient, the account mails' signature and links), written
 * from site/_data/company.json, where every fact is written once. shared/ and server/ import this
 * module and never site/_data itself (README "Where things are"). `npm run build` rewrites it when
 * company.json changed; tests/unit/layout.test.ts fails when the committed file is not what this writes.
 *   node build/companyModule.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The facts the module carries, by their name in company.json. */
export const COMPANY_FACTS = /** @type {const} */ (['name', 'email', 'siteUrl']);

export const COMPANY_JSON = fileURLToPath(new URL('../site/_data/company.json', import.meta.url));
export const COMPANY_MODULE = fileURLToPath(new URL('../shared/company.ts', import.meta.url));

/**
 * The text of shared/company.ts for these facts.
 * @param {Record<string, unknown>} company the parsed site/_data/company.json
 * @returns {string}
 */
export function companyModule(company) {
  const lines = COMPANY_FACTS.map((fact) => {
    const value = company[fact];
    if (typeof value !== 'string' || !value) throw new Error(`site/_data/company.json: '${fact}' must be a non-empty string`);
    return `  ${fact}: ${JSON.stringify(value)},`;
  });
  return [
    '// Written by build/companyModule.mjs from site/_data/company.json (npm run build). Do not edit: edit company.json.',
    '',
    '/** The company facts that shared/ and server/ use (site/_data/company.json has them all). */',
    'export const COMPANY = {',
    ...lines,
    '} as const;',
    '',
  ].join('\n');
}

/**
 * Writes shared/company.ts when its text changed; returns whether it did.
 * @returns {boolean}
 */
export function writeCompanyModule() {
  const text = companyModule(JSON.parse(readFileSync(COMPANY_JSON, 'utf8')));
  let current = '';
  try {
    current = readFileSync(COMPANY_MODULE, 'utf8');
  } catch {
    // not written yet
  }
  if (current === text) return false;
  writeFileSync(COMPANY_MODULE, text);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(writeCompanyModule() ? `wrote ${COMPANY_MODULE}` : `${COMPANY_MODULE} is current`);
}
