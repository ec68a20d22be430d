/** Presses on <dc-disclosure-group>'s served buttons before it woke (issue 34), applied when it wakes. */
import { toggleMany, toggleSingle } from '../lib/disclosure';
import { lastPickedIndex, pickCount } from '../lib/picks';

/**
 * The open panels after the presses a visitor made on the served buttons before the element woke.
 * Single mode (the buttons share a pick group): only the run of presses on the last button pressed
 * counts, from the served state when no other button was pressed, else from one that is not it.
 * Multiple mode: each button toggles once per press. The presses are forgotten once applied.
 */
export function withEarlyPresses(buttons: HTMLButtonElement[], served: string[], single: boolean): string[] {
  const idOf = (button: HTMLButtonElement) => button.getAttribute('aria-controls')!;
  let open = served;
  if (single) {
    const last = lastPickedIndex(buttons);
    if (last >= 0) {
      const othersPressed = buttons.some((button, i) => i !== last && button.hasAttribute('data-picked'));
      let current: string | null = othersPressed ? null : (open[0] ?? null);
      for (let n = pickCount(buttons[last]); n > 0; n -= 1) current = toggleSingle<string>(current, idOf(buttons[last]!));
      open = current === null ? [] : [current];
    }
  } else {
    for (const button of buttons) if (pickCount(button) % 2 === 1) open = toggleMany(open, idOf(button));
  }
  for (const button of buttons) {
    button.removeAttribute('data-picked');
    button.removeAttribute('data-picks');
  }
  return open;
}
