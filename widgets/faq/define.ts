import { createElement } from 'react';
import { parseFaqData } from '../lib/faq';
import { defineLightIsland } from '../lib/lightIsland';
import { Faq } from './Faq';

export const TAG = 'dc-faq';

defineLightIsland(TAG, {
  src: '/data/faq.json',
  parse: parseFaqData,
  // Answers the visitor opened before the script ran stay open.
  view: (entries, host) =>
    createElement(Faq, {
      entries,
      initialOpen: [...host.querySelectorAll<HTMLElement>('details[data-entry][open]')].map((item) => item.dataset.entry ?? ''),
    }),
});

declare global {
  interface HTMLElementTagNameMap {
    'dc-faq': HTMLElement;
  }
}
