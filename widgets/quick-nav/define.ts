import { dismissableDetails } from '../lib/detailsMenu';
import { IslandElement, defineIsland } from '../lib/islandElement';

/**
 * <dc-quick-nav>: the phone-width quick navigation of the about, story and
 * legal pages (SPEC 2.4, 2.5, 2.17). The markup is a <details> menu of in-page
 * anchor links, which works without JavaScript (smooth scrolling is CSS, off
 * under prefers-reduced-motion). This element closes the menu when a link is
 * chosen, on Escape (focus returns to the toggle) and on a click outside, and
 * moves keyboard focus to the chosen section so the next Tab continues there.
 */
export class QuickNavElement extends IslandElement {
  protected wire(signal: AbortSignal): boolean {
    const menu = this.querySelector('details');
    if (!menu) return false;
    const doc = this.ownerDocument;

    menu.addEventListener(
      'click',
      (event) => {
        const link = (event.target as Element).closest<HTMLAnchorElement>('a[href^="#"]');
        if (!link) return;
        const target = doc.getElementById(decodeURIComponent(link.hash.slice(1)));
        menu.open = false;
        if (!target) return;
        event.preventDefault();
        const smooth = doc.defaultView?.matchMedia('(prefers-reduced-motion: no-preference)').matches ?? false;
        target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
        doc.defaultView?.history.replaceState(null, '', link.hash);
      },
      { signal },
    );
    dismissableDetails(menu, signal);
    return true;
  }
}

defineIsland('dc-quick-nav', QuickNavElement);

declare global {
  interface HTMLElementTagNameMap {
    'dc-quick-nav': QuickNavElement;
  }
}
