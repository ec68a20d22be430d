/**
 * Google Consent Mode v2 (SPEC 2.18): the default a page sets before any tag loads
 * (site/_includes/partials/consent-mode.njk holds the same values, checked by a unit test)
 * and the update a saved choice sends.
 */
import { normalizeCategories, type ConsentCategory } from '../lib/consentRecord';

export type ConsentModeValue = 'granted' | 'denied';

/** The consent types of Google Consent Mode v2. */
export interface ConsentModeState {
  ad_storage: ConsentModeValue;
  ad_user_data: ConsentModeValue;
  ad_personalization: ConsentModeValue;
  analytics_storage: ConsentModeValue;
  functionality_storage: ConsentModeValue;
  personalization_storage: ConsentModeValue;
  security_storage: ConsentModeValue;
}

/** `gtag('consent', 'default', CONSENT_MODE_DEFAULT)` before any tag loads: everything denied but security. */
export const CONSENT_MODE_DEFAULT: Readonly<ConsentModeState & { wait_for_update: number }> = Object.freeze({
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'granted',
  wait_for_update: 500,
});

/**
 * `gtag('consent', 'update', consentModeUpdate(categories))` after a choice:
 * marketing -> ad_storage, ad_user_data, ad_personalization; analytics -> analytics_storage;
 * functional -> functionality_storage, personalization_storage; security_storage always granted.
 */
export function consentModeUpdate(categories: Partial<Record<ConsentCategory, unknown>>): ConsentModeState {
  const c = normalizeCategories(categories);
  const v = (on: boolean): ConsentModeValue => (on ? 'granted' : 'denied');
  return {
    ad_storage: v(c.marketing),
    ad_user_data: v(c.marketing),
    ad_personalization: v(c.marketing),
    analytics_storage: v(c.analytics),
    functionality_storage: v(c.functional),
    personalization_storage: v(c.functional),
    security_storage: 'granted',
  };
}
