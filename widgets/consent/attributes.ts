// Written by build/elementAttributes.mjs from widgets/consent/api.json (npm run build). Do not edit: edit api.json.

/** The properties r2wc reads from <dc-consent>'s attributes, and the type each arrives in. */
export const PROPS = {
  lang: 'string',
  policyVersion: 'string',
  privacyUrl: 'string',
  imprintUrl: 'string',
  categories: 'string',
  vendors: 'string',
  cookieDomain: 'string',
  src: 'string',
} as const;

/** What the component of <dc-consent> receives from its attributes, as written on the element (it checks the values itself). */
export interface DcConsentAttributes {
  /** `lang` ('en' | 'de'), default `en`: Language of banner and dialog: `en` or `de` (`de-DE` works). The dialog's switch changes it for the visit. */
  lang?: string;
  /** `policy-version`, default `2025.1`: The version a stored record must have; raise it after changing your policy and every visitor is asked again. Letters, digits, `.`, `_`, `-`. */
  policyVersion?: string;
  /** `privacy-url`, default `/privacy-policy`: Link to your privacy policy (a path or an http(s) URL). */
  privacyUrl?: string;
  /** `imprint-url`, default `/imprint`: Link to your imprint. */
  imprintUrl?: string;
  /** `categories`: JSON list of the categories your site uses, optionally with own texts: `[{"id":"analytics"}]`. `strictlyNecessary` is always shown; categories left out are hidden, never granted. Default: all four. */
  categories?: string;
  /** `vendors`: JSON list of vendors (`name`, `category`, `purpose`, `retention`, https `privacyUrl`). `[]` means none; bad entries are skipped. Default: our vendors. */
  vendors?: string;
  /** `cookie-domain`: `Domain` of the cookie, e.g. `example.com` to share the choice with its subdomains. Default: this host. */
  cookieDomain?: string;
  /** `src`: URL of the texts JSON. Default: `/data/consent.json` on the script's origin (an inline `<script type="application/json">` child needs no request). */
  src?: string;
}
