import { dismissableDetails } from '../lib/detailsMenu';
import { isMenuOpen, nextMenuState, type HoverMenuEvent, type HoverMenuState } from './hoverMenu';
import { IslandElement, defineIsland } from '../lib/islandElement';

/**
 * <dc-site-nav>: progressive enhancement of the site header's static markup.
 * Without this script the Services dropdown opens on hover and keyboard focus
 * (CSS :hover / :focus-within) and the phone menu is a <details>. With it the
 * Services menu has one state (./hoverMenu.ts) that its aria-expanded and,
 * through CSS, its visibility follow: hover, focus and click open it, Escape
 * closes it and returns focus to its trigger; and the phone menu closes when
 * focus or a click leaves it. A menu open by hover or focus when it wakes stays
 * open (issue 34). No framework: it only wires events.
 */
class SiteNav extends IslandElement {
  protected wire(signal: AbortSignal): boolean {
    for (const item of this.querySelectorAll<HTMLElement>('[data-nav-dropdown]')) {
      const trigger = item.querySelector<HTMLButtonElement>('[data-nav-trigger]');
      if (!trigger) continue;
      // Before this script ran, CSS opened the menu on :hover and :focus-within; a menu the visitor
      // has open at that moment stays open, held by the same cause (issue 34).
      let state: HoverMenuState = item.matches(':focus-within') ? 'focus' : item.matches(':hover') ? 'hover' : 'closed';
      const apply = (event: HoverMenuEvent) => {
        state = nextMenuState(state, event, item.matches(':hover'));
        trigger.setAttribute('aria-expanded', String(isMenuOpen(state)));
      };
      trigger.setAttribute('aria-expanded', String(isMenuOpen(state)));
      // Touch and pen send pointerenter/leave around every tap; only a mouse hovers.
      const byMouse = (event: PointerEvent) => event.pointerType === 'mouse';
      item.addEventListener('pointerenter', (event) => { if (byMouse(event)) apply('enter'); }, { signal });
      item.addEventListener('pointerleave', (event) => { if (byMouse(event)) apply('leave'); }, { signal });
      item.addEventListener('focusin', (event) => { if (!item.contains(event.relatedTarget as Node | null)) apply('focus'); }, { signal });
      item.addEventListener('focusout', (event) => { if (!item.contains(event.relatedTarget as Node | null)) apply('blur'); }, { signal });
      trigger.addEventListener('click', () => apply('click'), { signal });
      item.addEventListener(
        'keydown',
        (event) => {
          if (event.key !== 'Escape' || !isMenuOpen(state)) return;
          apply('escape');
          trigger.focus();
        },
        { signal },
      );
      document.addEventListener('click', (event) => { if (!item.contains(event.target as Node)) apply('outside'); }, { signal });
    }

    for (const menu of this.querySelectorAll<HTMLDetailsElement>('details[data-mobile-menu]')) {
      dismissableDetails(menu, signal);
      menu.addEventListener(
        'focusout',
        (event) => {
          if (menu.open && event.relatedTarget && !menu.contains(event.relatedTarget as Node)) menu.open = false;
        },
        { signal },
      );
    }
    return true;
  }
}

defineIsland('dc-site-nav', SiteNav);
