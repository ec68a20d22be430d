/**
 * The lifecycle every framework-free site island shares (disclosure group, metrics card, quick nav,
 * site nav, tech stack, why-choose-us, office map, and the JSON islands of lightIsland.ts): the
 * page serves the markup, the element wires listeners to it when it is connected, and removes
 * every one of them when it is disconnected, through one AbortController per connection. A
 * re-connected element (moved in the DOM) wires again from the markup as it is then.
 *
 * A subclass implements wire(): it registers everything with `{ signal }` (or aborts its own work
 * when `signal` fires) and says whether the element is enhanced now.
 */
export abstract class IslandElement extends HTMLElement {
  #abort: AbortController | null = null;

  /**
   * Wires the element to its markup. Listeners, timers and requests must end when `signal` aborts
   * (on disconnect). Returns true when the element is enhanced now: it then gets `data-ready`
   * (a styling and test hook). Returns false when the markup it needs is missing, or when the
   * element marks itself ready later (a JSON island, once its list has rendered).
   */
  protected abstract wire(signal: AbortSignal): boolean;

  connectedCallback(): void {
    this.#abort?.abort();
    this.#abort = new AbortController();
    if (this.wire(this.#abort.signal)) this.setAttribute('data-ready', '');
  }

  disconnectedCallback(): void {
    this.#abort?.abort();
    this.#abort = null;
  }
}

/** Registers an island once: a second bundle on the page (or a second import) keeps the first. */
export function defineIsland(tag: string, element: CustomElementConstructor): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;
  customElements.define(tag, element);
  return element;
}
