import { createElement } from 'react';
import { DEFAULT_FAQ_FILTER, FAQ_SEARCH_FIELD, parseFaqData, type FaqEntry, type FaqFilter } from './rules';
import { clearPicks, lastPickedIndex, pickCount, servedValue } from '../lib/picks';
import { Faq } from './Faq';

/**
 * <dc-faq>'s code for the data (widgets/lib/lightIsland.ts): loaded with /data/faq.json when the
 * browser is idle, a chunk of its own.
 */
export const parse = parseFaqData;

/**
 * What the visitor did in the served toolbar while the island's code loaded: the text typed, the
 * category chip (or phone menu entry) pressed last, and whether the phone menu was opened.
 */
function servedState(host: HTMLElement): { filter: FaqFilter; menuOpen: boolean } {
  const choices = [...host.querySelectorAll<HTMLElement>('.faq-chip, .faq-menu-item')];
  const chosen = choices[lastPickedIndex(choices)];
  const category = chosen?.firstChild?.textContent?.trim() || DEFAULT_FAQ_FILTER.category;
  const menuOpen = pickCount(host.querySelector('.faq-menu-button')) % 2 === 1;
  clearPicks(host);
  return { filter: { search: servedValue(host, FAQ_SEARCH_FIELD.id), category }, menuOpen };
}

/** Answers the visitor opened before the script ran stay open; the search and category chosen apply. */
export const view = (entries: FaqEntry[], host: HTMLElement) => {
  const served = servedState(host);
  return createElement(Faq, {
    entries,
    initialOpen: [...host.querySelectorAll<HTMLElement>('details[data-entry][open]')].map((item) => item.dataset.entry ?? ''),
    servedFilter: served.filter,
    servedMenuOpen: served.menuOpen,
  });
};
