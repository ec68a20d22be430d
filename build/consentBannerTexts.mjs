import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The module id <dc-consent> imports its built-in banner texts from. */
const CONSENT_BANNER_MODULE = 'virtual:dc-consent-banner';
const RESOLVED = `\0${CONSENT_BANNER_MODULE}`;
const SOURCE = fileURLToPath(new URL('../site/_data/consent.json', import.meta.url));

/**
 * The banner's texts of site/_data/consent.json in the default language, English (its `banner`
 * and the `saved` message), built into <dc-consent>: a first visit's banner then paints with the
 * page's first frames instead of after a request for the whole 10 KB file, which only the
 * preferences dialog needs. The texts live once, in that file; this plugin picks them at build
 * time (0.3 KB gzip; with German as well 0.6 KB, which would take the standalone file past its
 * 18 KB budget: a page with lang="de" waits for the file, as every page did before).
 * @returns {import('rollup').Plugin}
 */
export function consentBannerTexts() {
  return {
    name: 'consent-banner-texts',
    resolveId: (id) => (id === CONSENT_BANNER_MODULE ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(SOURCE);
      return `export default ${JSON.stringify(pickBannerTexts(JSON.parse(readFileSync(SOURCE, 'utf8'))))};`;
    },
  };
}

/**
 * The banner's part of consent content in English: its `banner` texts and `dialog.saved`.
 * @param {unknown} content site/_data/consent.json
 * @returns {{ lang: 'en', banner: Record<string, string>, saved: string }}
 */
export function pickBannerTexts(content) {
  const { en } = /** @type {{ en: { banner: Record<string, string>, dialog: { saved: string } } }} */ (content);
  return { lang: 'en', banner: en.banner, saved: en.dialog.saved };
}
