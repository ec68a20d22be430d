import { toggleMany, toggleSingle } from '../lib/disclosure';
import { IslandElement, defineIsland } from '../lib/islandElement';
import { withEarlyPresses } from './earlyPresses';

/**
 * <dc-disclosure-group>: a group of expandable entries (SPEC 2.4, 2.5, 4): the
 * about page's Mission and Vision cards and the about and story timelines.
 * Each entry is a static <button aria-expanded aria-controls> and a panel; this
 * element toggles them by the rules of widgets/lib/disclosure.ts:
 * - mode="single" (default): at most one entry open; opening one closes the
 *   other, clicking the open one closes it (toggleSingle);
 * - mode="multiple": entries toggle independently (toggleMany).
 * Open entries are marked on their [data-disclosure-item] with data-open.
 * Presses on the served buttons before this script ran (issue 34; marked by
 * site/_includes/early-picks.js when a button carries data-pick: in single
 * mode one group name per element) are applied when it wakes.
 * Without JavaScript every panel is shown.
 */
export class DisclosureGroupElement extends IslandElement {
  protected wire(signal: AbortSignal): boolean {
    const buttons = [...this.querySelectorAll<HTMLButtonElement>('button[aria-controls][aria-expanded]')].filter(
      (button) => button.closest('dc-disclosure-group') === this,
    );
    if (buttons.length === 0) return false;
    const single = this.getAttribute('mode') !== 'multiple';
    const doc = this.ownerDocument;

    let open: string[] = buttons.filter((b) => b.getAttribute('aria-expanded') === 'true').map((b) => b.getAttribute('aria-controls')!);
    if (single) open = open.slice(0, 1);
    open = withEarlyPresses(buttons, open, single);

    const render = () => {
      for (const button of buttons) {
        const id = button.getAttribute('aria-controls')!;
        const isOpen = open.includes(id);
        button.setAttribute('aria-expanded', isOpen ? 'true' : 'false');
        const panel = doc.getElementById(id);
        if (panel) panel.hidden = !isOpen;
        button.closest('[data-disclosure-item]')?.toggleAttribute('data-open', isOpen);
      }
    };

    for (const button of buttons) {
      button.addEventListener(
        'click',
        () => {
          const id = button.getAttribute('aria-controls')!;
          if (single) {
            const next = toggleSingle<string>(open[0] ?? null, id);
            open = next === null ? [] : [next];
          } else {
            open = toggleMany(open, id);
          }
          render();
        },
        { signal },
      );
    }
    render();
    return true;
  }
}

defineIsland('dc-disclosure-group', DisclosureGroupElement);

declare global {
  interface HTMLElementTagNameMap {
    'dc-disclosure-group': DisclosureGroupElement;
  }
}
