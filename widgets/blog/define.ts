import { defineElement } from '../lib/defineElement';
import { PROPS } from './attributes';
import { cssFromPage } from './pageCss';
import { Blog } from './Blog';

export const TAG = 'dc-blog';

/** <dc-blog> (public, embeddable): its API is api.json (README.md). */
defineElement(TAG, Blog, {
  props: PROPS,
  // /blog holds this CSS already (site/styles/pages/blog.css, layer dc-blog): the element adopts it from there.
  css: cssFromPage('dc-blog', () => import('./styles.css')),
});
