import { defineLightIsland } from '../lib/lightIsland';

export const TAG = 'dc-faq';

defineLightIsland(TAG, {
  src: '/data/faq.json',
  load: () => import('./island'),
});

declare global {
  interface HTMLElementTagNameMap {
    'dc-faq': HTMLElement;
  }
}
