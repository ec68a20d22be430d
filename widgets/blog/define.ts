import { defineElement } from '../lib/defineElement';
import { Blog } from './Blog';
import css from './styles.css';

export const TAG = 'dc-blog';

defineElement(TAG, Blog, {
  props: { src: 'string', headingLevel: 'string', tagline: 'string', eyebrow: 'string', imageHosts: 'string' },
  css,
});

declare global {
  interface HTMLElementTagNameMap {
    'dc-blog': HTMLElement & { src?: string; headingLevel?: string; tagline?: string; eyebrow?: string; imageHosts?: string };
  }
}
