import { defineElement } from '../lib/defineElement';
import { SignInForm } from './SignInForm';

export const TAG = 'dc-sign-in-form';

/** Site island in light DOM: styled by site/styles/pages/accounts.css, replaces its server-rendered form. */
defineElement(TAG, SignInForm, { shadow: false });

declare global {
  interface HTMLElementTagNameMap {
    'dc-sign-in-form': HTMLElement;
  }
}
