import { defineLightIsland } from '../lib/lightIsland';

export const TAG = 'dc-careers';

defineLightIsland(TAG, {
  src: '/data/jobs.json',
  load: () => import('./island'),
});

declare global {
  interface HTMLElementTagNameMap {
    'dc-careers': HTMLElement;
  }
}
