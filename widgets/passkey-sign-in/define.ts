import { defineElement } from '../lib/defineElement';
import { PasskeySignIn } from './PasskeySignIn';

export const TAG = 'dc-passkey-sign-in';

/** Site island in light DOM: styled by site/styles/pages/accounts.css, replaces its served button. */
defineElement(TAG, PasskeySignIn, { shadow: false });

declare global {
  interface HTMLElementTagNameMap {
    'dc-passkey-sign-in': HTMLElement;
  }
}
