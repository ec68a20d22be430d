import { defineElement } from '../lib/defineElement';
import { ResetPasswordForm } from './ResetPasswordForm';

export const TAG = 'dc-reset-password-form';

/** Site island in light DOM: styled by site/styles/pages/accounts.css, replaces its server-rendered form. */
defineElement(TAG, ResetPasswordForm, { shadow: false });

declare global {
  interface HTMLElementTagNameMap {
    'dc-reset-password-form': HTMLElement;
  }
}
