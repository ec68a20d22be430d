import { defineElement } from '../lib/defineElement';
import { SignUpForm } from './SignUpForm';

export const TAG = 'dc-sign-up-form';

/**
 * Site island in light DOM: styled by site/styles/pages/accounts.css, replaces its
 * server-rendered form. Attributes: `redirect` (default /sign_in), `api` (default /dc_api/wa_v1).
 */
defineElement(TAG, SignUpForm, { props: { redirect: 'string', api: 'string' }, shadow: false });

declare global {
  interface HTMLElementTagNameMap {
    'dc-sign-up-form': HTMLElement & { redirect?: string; api?: string };
  }
}
