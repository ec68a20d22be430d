import { defineElement } from '../lib/defineElement';
import { Press } from './Press';

export const TAG = 'dc-press';

/**
 * A site island in light DOM (styled by site/styles/pages/press.css). It replaces the served list at
 * once: the press page shows its loading state (SPEC 2.14) while the data loads.
 */
defineElement(TAG, Press, { props: { src: 'string', storedSrc: 'string' }, shadow: false });

declare global {
  interface HTMLElementTagNameMap {
    'dc-press': HTMLElement & { src?: string; storedSrc?: string };
  }
}
