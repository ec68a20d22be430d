import { createElement } from 'react';
import { parseFaqData, type FaqEntry } from '../lib/faq';
import { Faq } from './Faq';

/**
 * <dc-faq>'s code for the data (widgets/lib/lightIsland.ts): loaded with /data/faq.json when the
 * browser is idle, a chunk of its own.
 */
export const parse = parseFaqData;

/** Answers the visitor opened before the script ran stay open. */
export const view = (entries: FaqEntry[], host: HTMLElement) =>
  createElement(Faq, {
    entries,
    initialOpen: [...host.querySelectorAll<HTMLElement>('details[data-entry][open]')].map((item) => item.dataset.entry ?? ''),
  });
