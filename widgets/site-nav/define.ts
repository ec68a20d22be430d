import { dismissableDetails } from '../lib/detailsMenu';
import { IslandElement, defineIsland } from '../lib/islandElement';

/**
 * <dc-site-nav>: progressive enhancement of the site header's static markup.
 * Without this script the Services dropdown opens on hover and keyboard focus
 * (CSS :hover / :focus-within) and the phone menu is a <details>. With it:
 * the Services button reports aria-expanded and toggles on click, Escape
 * closes the open menu and returns focus to its trigger, and the phone menu
 * closes when focus or a click leaves it. No framework: it only wires events.
 */
class SiteNav extends IslandElement {
  protected wire(signal: AbortSignal): boolean {
    for (const item of this.querySelectorAll<HTMLElement>('[data-nav-dropdown]')) {
      const trigger = item.querySelector<HTMLButtonElement>('[data-nav-trigger]');
      if (!trigger) continue;
      const setOpen = (open: boolean) => {
        trigger.setAttribute('aria-expanded', String(open));
        if (open) item.removeAttribute('data-dismissed');
      };
      setOpen(false);
      trigger.addEventListener(
        'click',
        () => {
          const open = trigger.getAttribute('aria-expanded') !== 'true';
          setOpen(open);
          if (!open) item.setAttribute('data-dismissed', '');
        },
        { signal },
      );
      item.addEventListener('pointerenter', () => setOpen(true), { signal });
      item.addEventListener(
        'pointerleave',
        () => {
          if (!item.contains(document.activeElement)) setOpen(false);
          item.removeAttribute('data-dismissed');
        },
        { signal },
      );
      item.addEventListener('focusin', () => { if (!item.hasAttribute('data-dismissed')) setOpen(true); }, { signal });
      item.addEventListener(
        'focusout',
        (event) => {
          if (!item.contains(event.relatedTarget as Node | null)) {
            setOpen(false);
            item.removeAttribute('data-dismissed');
          }
        },
        { signal },
      );
      item.addEventListener(
        'keydown',
        (event) => {
          if (event.key !== 'Escape' || trigger.getAttribute('aria-expanded') !== 'true') return;
          setOpen(false);
          item.setAttribute('data-dismissed', '');
          trigger.focus();
        },
        { signal },
      );
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
