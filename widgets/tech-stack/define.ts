import { IslandElement, defineIsland } from '../lib/islandElement';
import { wireTabs } from '../lib/tabs';

/**
 * <dc-tech-stack>: the home page's technology-stack tabs (SPEC 2.3). A site
 * island in light DOM: the six category tabs, their panels (four technologies
 * each, with the proficiency badge coloured at build time by
 * site/_pageData/proficiency.ts) and the side panels are static HTML; this element
 * only runs the WAI-ARIA tabs pattern over them (click, arrow keys, Home/End).
 * Without JavaScript every category is shown, one after another.
 */
export class TechStackElement extends IslandElement {
  protected wire(signal: AbortSignal): boolean {
    const tablist = this.querySelector<HTMLElement>('[role="tablist"]');
    if (!tablist) return false;
    const tabs = wireTabs(tablist, { signal });
    // A tab pressed before this script ran (issue 34).
    if (tabs.picked >= 0) tabs.select(tabs.picked);
    return true;
  }
}

defineIsland('dc-tech-stack', TechStackElement);

declare global {
  interface HTMLElementTagNameMap {
    'dc-tech-stack': TechStackElement;
  }
}
