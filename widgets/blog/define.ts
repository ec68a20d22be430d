import { defineElement } from '../lib/defineElement';
import { cssFromPage } from './pageCss';
import { Blog } from './Blog';

export const TAG = 'dc-blog';

defineElement(TAG, Blog, {
  props: { src: 'string', headingLevel: 'string', tagline: 'string', eyebrow: 'string', imageHosts: 'string' },
  // /blog holds this CSS already (site/styles/pages/blog.css, layer dc-blog): the element adopts it from there.
  css: cssFromPage('dc-blog', () => import('./styles.css')),
});

declare global {
  interface HTMLElementTagNameMap {
    'dc-blog': HTMLElement & { src?: string; headingLevel?: string; tagline?: string; eyebrow?: string; imageHosts?: string };
  }
}
