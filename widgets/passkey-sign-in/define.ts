import { defineElement } from '../lib/defineElement';
import { noteEarlyPress, PasskeySignIn } from './PasskeySignIn';

export const TAG = 'dc-passkey-sign-in';

// A press on the served button before this code arrived, read before the element takes the markup over.
document.querySelectorAll(TAG).forEach(noteEarlyPress);

/** Site island in light DOM: styled by site/styles/pages/accounts.css, replaces its served button. */
defineElement(TAG, PasskeySignIn, { shadow: false });

declare global {
  interface HTMLElementTagNameMap {
    'dc-passkey-sign-in': HTMLElement;
  }
}
