import { hydrate, render, type ComponentChild } from 'preact';
import type { BlogFilter } from './rules';
import { clearPicks, lastPickedIndex, pickCount, servedValue } from '../lib/picks';

/**
 * The site's /blog: <dc-blog served> adopts the magazine the page served in its light DOM (issue 34)
 * instead of building it again in its shadow root. This module is loaded on demand by such an
 * element only; the partners' standalone file does not carry it (build/standaloneFromSite.mjs
 * stubs it), so there the element renders its own view as before.
 */

/** An adopting element's hold on its served magazine (adopt). */
export interface Adoption {
  /**
   * Puts the element's loaded view into its light DOM. The first time, Preact adopts the served
   * nodes (hydrate: their attributes and the article's content stay as served, so `view` must be
   * the unfiltered view the page served, featuring the article titled `featured`; otherwise, a
   * filtered view ('') or a stale copy, the view replaces them), and this returns the filter to
   * apply now when the visitor set one before. Later calls diff as usual and return null.
   */
  place(view: ComponentChild, featured: string | undefined): BlogFilter | null;
}

/** The adoption of each element: one, however often its feed loads. */
const adoptions = new WeakMap<HTMLElement, Adoption>();

/**
 * Adopts the magazine served in `host`'s light DOM. Reads, before Preact takes it over, its
 * featured article's title and the filter a visitor set in its filter bar before the element woke:
 * text typed in the search box, a category or year chosen, a topic chip pressed (marked by the
 * page's early-picks.js: the chips share the pick group `blog-tag`, so a chip's count is its presses
 * since another chip was pressed, and an odd count leaves it on). What the visitor did not touch
 * keeps `filter` (the element's, from the URL on /blog).
 */
export function adopt(host: HTMLElement, filter: BlogFilter): Adoption {
  const held = adoptions.get(host);
  if (held) return held;
  const picked = { ...filter };
  let changed = false;
  for (const field of ['search', 'category', 'year'] as const) {
    const value = servedValue(host, `blog-${field}`);
    if (value !== '' && value !== picked[field]) {
      picked[field] = value;
      changed = true;
    }
  }
  const chips = [...host.querySelectorAll<HTMLElement>('.blog-topics .blog-tag')];
  const last = chips[lastPickedIndex(chips)];
  if (last) {
    picked.tag = pickCount(last) % 2 === 1 ? (last.textContent ?? '').trim().replace(/^#/, '') : '';
    changed = true;
  }
  const title = host.querySelector('#blog-featured-title')?.textContent?.trim();
  let adopted = false;
  const adoption: Adoption = {
    place(view, featured) {
      if (adopted) {
        render(view, host);
        return null;
      }
      adopted = true;
      if (title === featured) hydrate(view, host);
      else {
        host.replaceChildren();
        render(view, host);
      }
      clearPicks(host);
      host.setAttribute('data-ready', '');
      return changed ? picked : null;
    },
  };
  adoptions.set(host, adoption);
  return adoption;
}
