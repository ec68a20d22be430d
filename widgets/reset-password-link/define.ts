import { defineElement } from '../lib/defineElement';
import { ResetPasswordLink } from './ResetPasswordLink';

export const TAG = 'dc-reset-password-link';

/** Site island in light DOM on /reset_password/<token>: replaces its server-rendered form. */
defineElement(TAG, ResetPasswordLink, { shadow: false });

declare global {
  interface HTMLElementTagNameMap {
    'dc-reset-password-link': HTMLElement;
  }
}
