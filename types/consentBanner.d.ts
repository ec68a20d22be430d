/** <dc-consent>'s built-in banner texts, picked from site/_data/consent.json at build time (build/consentBannerTexts.mjs). */
declare module 'virtual:dc-consent-banner' {
  type Texts = import('../widgets/lib/consentConfig').ConsentTexts;
  const texts: { lang: import('../widgets/lib/consentConfig').ConsentLanguage; banner: Texts['banner']; saved: Texts['dialog']['saved'] };
  export default texts;
}
