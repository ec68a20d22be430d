import { defineElement } from '../lib/defineElement';
import { StaffEnroll } from './StaffEnroll';

export const TAG = 'dc-staff-enroll';

/** Site island in light DOM: styled by site/styles/pages/accounts.css, replaces its server-rendered form. */
defineElement(TAG, StaffEnroll, { shadow: false });

declare global {
  interface HTMLElementTagNameMap {
    'dc-staff-enroll': HTMLElement;
  }
}
