import { wireTabs } from '../lib/tabs';

/**
 * <dc-tech-stack>: the home page's technology-stack tabs (SPEC 2.3). A site
 * island in light DOM: the six category tabs, their panels (four technologies
 * each, with the proficiency badge coloured at build time by
 * widgets/lib/proficiency.ts) and the side panels are static HTML; this element
 * only runs the WAI-ARIA tabs pattern over them (click, arrow keys, Home/End).
 * Without JavaScript every category is shown, one after another.
 */
export class TechStackElement extends HTMLElement {
  #abort: AbortController | null = null;

  connectedCallback(): void {
    const tablist = this.querySelector<HTMLElement>('[role="tablist"]');
    if (!tablist) return;
    this.#abort = new AbortController();
    wireTabs(tablist, { signal: this.#abort.signal });
    this.setAttribute('data-ready', '');
  }

  disconnectedCallback(): void {
    this.#abort?.abort();
    this.#abort = null;
  }
}

if (!customElements.get('dc-tech-stack')) customElements.define('dc-tech-stack', TechStackElement);

declare global {
  interface HTMLElementTagNameMap {
    'dc-tech-stack': TechStackElement;
  }
}
