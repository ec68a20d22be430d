import { defineElement } from '../lib/defineElement';
import type { ConsentApi } from '../lib/consentClient';
import { PROPS } from './attributes';
import { Consent } from './Consent';
import css from './styles.css';

export const TAG = 'dc-consent';

/** <dc-consent> (public, embeddable): cookie banner, preferences dialog and consent state of the page; its API is api.json (README.md). */
defineElement(TAG, Consent, { props: PROPS, css });

declare global {
  interface Window {
    dcConsent?: ConsentApi;
  }
}
