/**
 * Closing behaviour for a <details> used as a pop-up menu (the header's phone
 * menu, the quick navigation): Escape closes it and returns focus to its
 * <summary>; a click outside closes it. Listeners end with `signal`.
 */
export function dismissableDetails(menu: HTMLDetailsElement, signal: AbortSignal): void {
  const summary = menu.querySelector('summary');
  menu.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape' && menu.open) {
        menu.open = false;
        summary?.focus();
      }
    },
    { signal },
  );
  menu.ownerDocument.addEventListener(
    'click',
    (event) => {
      if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
    },
    { signal },
  );
}
