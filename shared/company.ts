// Written by build/companyModule.mjs from site/_data/company.json (npm run build). Do not edit: edit company.json.

/** The company facts that shared/ and server/ use (site/_data/company.json has them all). */
export const COMPANY = {
  name: "DataClarity",
  email: "hello@dataclarity.de",
  siteUrl: "https://www.dataclarity.de",
} as const;
