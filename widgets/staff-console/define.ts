import { defineElement } from '../lib/defineElement';
import { StaffConsole } from './StaffConsole';

export const TAG = 'dc-staff-console';

/** Site island in light DOM: styled by site/styles/pages/staff.css, replaces its loading note. */
defineElement(TAG, StaffConsole, { shadow: false });

declare global {
  interface HTMLElementTagNameMap {
    'dc-staff-console': HTMLElement;
  }
}
