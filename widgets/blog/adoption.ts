import { hydrate, render, type ComponentChild } from 'preact';
import type { BlogFilter } from './rules';
import { clearPicks, lastPickedIndex, pickCount, servedValue } from '../lib/picks';
import { toElementControls } from './servedControls';

/**
 * The site's /blog: <dc-blog served> adopts the magazine the page served in its light DOM (issue 34)
 * instead of building it again in its shadow root. This module is loaded on demand by such an
 * element only; the partners' standalone file does not carry it (build/standaloneFromSite.mjs
 * stubs it), so there the element renders its own view as before.
 */

/** An adopting element's hold on its served magazine (adopt). */
export interface Adoption {
  /**
   * Puts the element's loaded view into its light DOM. The first time, the served links that are
   * the element's buttons become those buttons, keeping their content (servedControls.ts), and in
   * a task of its own (the render that made `view` took one already) Preact adopts the served nodes
   * (hydrate: every node stays as served, the article's content among them), so `view` must be the unfiltered view
   * the page served, featuring the article titled `featured`; otherwise (a filtered view, '', or a
   * stale copy) the view replaces them. A call before that task ran only replaces the view it
   * places. Then the filter a visitor set in the served filter bar before, if any, is applied
   * through `apply`. Later calls diff as usual.
   */
  place(view: ComponentChild, featured: string | undefined): void;
}

/** The adoption of each element: one, however often its feed loads. */
const adoptions = new WeakMap<HTMLElement, Adoption>();

/**
 * Adopts the magazine served in `host`'s light DOM for an element whose filter is `filter` (from
 * the URL on /blog). When it has adopted it, it reads the filter a visitor set in the served filter
 * bar before the element woke: text typed in the search box, a category or year chosen, a topic chip
 * pressed (marked by the page's early-picks.js: the chips share the pick group `blog-tag`, so a
 * chip's count is its presses since another chip was pressed, and an odd count leaves it on), and
 * hands it to `apply` when it differs from `filter`. What the visitor did not touch keeps `filter`.
 */
export function adopt(host: HTMLElement, filter: BlogFilter, apply: (filter: BlogFilter) => void): Adoption {
  const held = adoptions.get(host);
  if (held) return held;
  let state: 'served' | 'waiting' | 'adopted' = 'served';
  let latest: { view: ComponentChild; featured: string | undefined } | undefined;
  const adoption: Adoption = {
    place(view, featured) {
      latest = { view, featured };
      if (state === 'adopted') render(view, host);
      if (state !== 'served') return;
      state = 'waiting';
      // The served links become the element's buttons now, the hydration in the next task.
      const title = host.querySelector('#blog-featured-title')?.textContent?.trim();
      if (title === featured) toElementControls(host);
      // A task of its own, as nextTask.ts makes one (not imported from there: this chunk shares no
      // module with the element's own, or the build splits the element's code around it).
      const channel = new MessageChannel();
      channel.port2.postMessage(null);
      channel.port1.onmessage = () => {
        channel.port1.close();
        const picked = pickedFilter(host, filter);
        if (latest && title === latest.featured) {
          hydrate(latest.view, host);
        } else {
          host.replaceChildren();
          render(latest?.view, host);
        }
        state = 'adopted';
        clearPicks(host);
        host.setAttribute('data-ready', '');
        if (picked) apply(picked);
      };
    },
  };
  adoptions.set(host, adoption);
  return adoption;
}

/** The filter set in the served filter bar under `host` before the element woke, or null when the visitor set none beyond `filter`. */
function pickedFilter(host: HTMLElement, filter: BlogFilter): BlogFilter | null {
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
  return changed ? picked : null;
}
