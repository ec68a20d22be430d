import { defineElement } from '../lib/defineElement';
import { Account } from './Account';

export const TAG = 'dc-account';

/** Site island in light DOM: styled by site/styles/pages/account.css, replaces its loading note. */
defineElement(TAG, Account, { shadow: false });

declare global {
  interface HTMLElementTagNameMap {
    'dc-account': HTMLElement;
  }
}
