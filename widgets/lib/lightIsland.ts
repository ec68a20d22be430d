import { hydrate, type ComponentChild } from 'preact';
import { IslandElement, defineIsland } from './islandElement';
import { whenIdle } from './whenIdle';

/**
 * A site island that upgrades the list its page already shows. The page renders the full content
 * as static HTML inside the element (readable and indexable with JavaScript off); the element
 * fetches the same content as JSON (its `src` attribute, or the default), checks it, and only
 * then hydrates its component over its own light DOM. The component outputs the same markup the
 * page served (tests/e2e/support/islandMarkup.ts holds each island to it), so Preact adopts those
 * nodes and only attaches its listeners: nothing is laid out twice, no flash, no layout shift, no
 * blank list while the JSON loads. (Rendering over them instead read and diffed every served
 * attribute: a third of the careers page's script time.) The JSON is requested once the browser is
 * idle (whenIdle.ts), with the island's code (a dynamic import): only search and filters need
 * them, so they wait until the page's first paints are done instead of competing with them. If the
 * JSON or the code cannot be loaded, or the JSON is malformed, the served HTML stays as it is, a
 * console warning says why, and the element gets the `data-island-error` attribute.
 *
 * The connect/disconnect lifecycle is islandElement.ts's: an element removed while its JSON loads
 * aborts the request, and loads again when it is connected again.
 *
 * (defineElement with `shadow: false` renders at once, before the data is there, which would
 * blank the served list for the duration of the request; that is right for an island with its
 * own loading state, like the press page, and wrong for these.)
 */
export interface LightIslandOptions<D> {
  /** The JSON to load when the element has no `src` attribute, e.g. '/data/jobs.json'. */
  src: string;
  /**
   * The island's code for the data, imported on demand (`() => import('./island')`), with the JSON:
   * its component, its rules and the fields it shares with other islands are a chunk of their own,
   * which the page's first paints do not wait for.
   */
  load(): Promise<LightIslandCode<D>>;
}

/** What a light island's on-demand module exports. */
export interface LightIslandCode<D> {
  /** Checks the fetched JSON; throws (with a message naming the bad field) when it is unusable. */
  parse(raw: unknown): D;
  /**
   * The component tree for the data. `host` is the element: read from it whatever the visitor
   * changed in the served HTML before the upgrade (an entry opened with JavaScript still loading).
   */
  view(data: D, host: HTMLElement): unknown;
}

export function defineLightIsland<D>(tag: string, options: LightIslandOptions<D>): CustomElementConstructor {
  class LightIsland extends IslandElement {
    /** 0: idle, 1: loading, 2: rendered. */
    #state = 0;

    protected wire(signal: AbortSignal): boolean {
      // Rendered once: a re-connected element keeps its list (its listeners are Preact's).
      if (this.#state !== 0) return false;
      this.#state = 1;
      // Removed before the list rendered (before or during the request): the next connection loads again.
      signal.addEventListener(
        'abort',
        () => {
          if (this.#state === 1) this.#state = 0;
        },
        { once: true },
      );
      const src = this.getAttribute('src')?.trim() || options.src;
      whenIdle(() => this.#load(src, signal), signal);
      return false;
    }

    #load(src: string, signal: AbortSignal): void {
      const json = fetch(src, { signal, headers: { accept: 'application/json' } }).then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<unknown>;
      });
      Promise.all([json, options.load()])
        .then(([raw, code]) => {
          if (signal.aborted) throw signal.reason;
          hydrate(code.view(code.parse(raw), this) as ComponentChild, this);
          this.#state = 2;
          this.setAttribute('data-ready', '');
        })
        .catch((error: unknown) => {
          // Removed while loading: the abort listener has reset the state (a new connection may be loading already).
          if (signal.aborted) return;
          this.#state = 0;
          this.setAttribute('data-island-error', '');
          console.warn(`<${tag}>: could not use ${src}; the served list stays, without search and filters.`, error);
        });
    }
  }

  return defineIsland(tag, LightIsland);
}
