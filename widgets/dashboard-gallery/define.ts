import { defineElement } from '../lib/defineElement';
import { DashboardGallery } from './DashboardGallery';
import css from './styles.css';

export const TAG = 'dc-dashboard-gallery';

defineElement(TAG, DashboardGallery, {
  props: { src: 'string', allowedHosts: 'string', selected: 'string', label: 'string', headingLevel: 'string' },
  css,
});

declare global {
  interface HTMLElementTagNameMap {
    'dc-dashboard-gallery': HTMLElement & {
      src?: string;
      allowedHosts?: string;
      selected?: string;
      label?: string;
      headingLevel?: string;
    };
  }
}
