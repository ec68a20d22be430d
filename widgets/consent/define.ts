import { defineElement } from '../lib/defineElement';
import type { ConsentApi } from '../lib/consentClient';
import { Consent } from './Consent';
import css from './styles.css';

export const TAG = 'dc-consent';

/**
 * <dc-consent>: cookie banner, preferences dialog and consent state of the page.
 * @attr lang - en (default) or de
 * @attr policy-version - the policy version a record must have (default 2025.1)
 * @attr privacy-url - link to the privacy policy
 * @attr imprint-url - link to the imprint
 * @attr categories - JSON list of the categories the site uses, with optional texts
 * @attr vendors - JSON list of vendors
 * @attr cookie-domain - Domain attribute of the consent cookie
 * @attr src - URL of the consent content JSON (default: /data/consent.json on the script's origin)
 * @event dc-consent-change - after every saved choice; detail {record, categories}
 */
defineElement(TAG, Consent, {
  props: {
    lang: 'string',
    policyVersion: 'string',
    privacyUrl: 'string',
    imprintUrl: 'string',
    categories: 'string',
    vendors: 'string',
    cookieDomain: 'string',
    src: 'string',
  },
  css,
});

declare global {
  interface HTMLElementTagNameMap {
    'dc-consent': HTMLElement;
  }
  interface Window {
    dcConsent?: ConsentApi;
  }
}
