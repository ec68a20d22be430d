/**
 * The state of a dropdown that opens on hover, on keyboard focus and on click (the header's
 * Services menu). One state, and the trigger's aria-expanded and the menu's visibility both
 * follow it, so they cannot disagree (issue 36: clicking "Services" closed the menu, moving the
 * pointer away showed it again through CSS :focus-within, with aria-expanded="false").
 *
 * - `openedBy` says why it is open: the pointer resting on it ('hover': it closes when the
 *   pointer leaves), or a click or keyboard focus ('click', 'focus': it stays until a click on the
 *   trigger, Escape, focus leaving or a click outside).
 * - A click on a menu the pointer opened keeps it open (the visitor reached for it); a click on a
 *   menu held open by click or focus closes it.
 * - `dismissed`: closed by the visitor while pointer or focus is still there; hover and focus do
 *   not reopen it until the pointer has left (or focus has left the item).
 */
export interface HoverMenuState {
  openedBy: 'hover' | 'focus' | 'click' | null;
  dismissed: boolean;
}

export type HoverMenuEvent =
  | 'pointer-enter'
  | 'pointer-leave'
  | 'focus-enter'
  | 'focus-leave'
  | 'trigger-click'
  | 'escape'
  | 'click-outside';

export const CLOSED: HoverMenuState = { openedBy: null, dismissed: false };

export function isMenuOpen(state: HoverMenuState): boolean {
  return state.openedBy !== null;
}

/** The state after `event`; `hovered` tells whether the pointer rests on the item (for focus-leave). */
export function nextMenuState(state: HoverMenuState, event: HoverMenuEvent, hovered = false): HoverMenuState {
  switch (event) {
    case 'pointer-enter':
      return state.openedBy || state.dismissed ? state : { openedBy: 'hover', dismissed: false };
    case 'pointer-leave':
      return state.openedBy === 'hover' ? CLOSED : { ...state, dismissed: false };
    case 'focus-enter':
      return state.openedBy || state.dismissed ? state : { openedBy: 'focus', dismissed: false };
    case 'focus-leave':
      if (hovered) return state.openedBy ? { openedBy: 'hover', dismissed: false } : state;
      return CLOSED;
    case 'trigger-click':
      if (state.openedBy === 'hover') return { openedBy: 'click', dismissed: false };
      return state.openedBy ? { openedBy: null, dismissed: true } : { openedBy: 'click', dismissed: false };
    case 'escape':
      return state.openedBy ? { openedBy: null, dismissed: true } : state;
    case 'click-outside':
      return state.openedBy ? CLOSED : state;
  }
}
