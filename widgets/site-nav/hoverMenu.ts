/**
 * The state of a dropdown that opens on hover, on keyboard focus and on click (the header's
 * Services menu). One state, and the trigger's aria-expanded and the menu's visibility both
 * follow it, so they cannot disagree (issue 36: clicking "Services" closed the menu, moving the
 * pointer away showed it again through CSS :focus-within, with aria-expanded="false").
 *
 * - Open, and why: 'hover' (the pointer rests on it; it closes when the pointer leaves), 'focus' or
 *   'click' (it stays until a click on the trigger, Escape, focus leaving or a click outside).
 * - A click on a menu the pointer opened keeps it open (the visitor reached for it); a click on a
 *   menu held open by click or focus closes it.
 * - 'dismissed': closed by the visitor while pointer or focus is still there; hover and focus do
 *   not reopen it until the pointer has left (or focus has left the item).
 */
export type HoverMenuState = 'closed' | 'dismissed' | 'hover' | 'focus' | 'click';

/**
 * enter/leave: the mouse pointer comes onto or leaves the item; focus/blur: focus comes into or
 * leaves the item; click: on the trigger; escape: the key, inside the item; outside: a click elsewhere.
 */
export type HoverMenuEvent = 'enter' | 'leave' | 'focus' | 'blur' | 'click' | 'escape' | 'outside';

export function isMenuOpen(state: HoverMenuState): boolean {
  return state !== 'closed' && state !== 'dismissed';
}

/** The state after `event`; `hovered` tells whether the pointer rests on the item (for blur). */
export function nextMenuState(state: HoverMenuState, event: HoverMenuEvent, hovered = false): HoverMenuState {
  const open = isMenuOpen(state);
  switch (event) {
    case 'enter':
      return state === 'closed' ? 'hover' : state;
    case 'leave':
      return state === 'hover' || state === 'dismissed' ? 'closed' : state;
    case 'focus':
      return state === 'closed' ? 'focus' : state;
    case 'blur':
      return !hovered ? 'closed' : open ? 'hover' : state;
    case 'click':
      return state === 'hover' || !open ? 'click' : 'dismissed';
    case 'escape':
      return open ? 'dismissed' : state;
    case 'outside':
      return open ? 'closed' : state;
  }
}
