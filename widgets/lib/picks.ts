/**
 * What a visitor did to an island's served HTML before its code ran (issue 34), read when it wakes.
 *
 * Presses: the page's inline script (site/_includes/early-picks.js) marks a pressed control that
 * carries `data-pick` with `data-picked` (the order of its last press among all presses on the
 * page) and `data-picks` (how often it was pressed), as long as no ancestor has `data-ready`. Controls
 * that name a group (`data-pick="<group>"`, a row of toggles) count presses since another control of
 * the group was pressed: an odd count leaves the last one pressed on.
 * Typed text, a changed select and a ticked box need no script: they are the controls' own state.
 */

/** The served controls under `root` matching `selector` that were pressed, in the order of their last press. */
export function pickedControls(root: ParentNode, selector: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(selector)]
    .filter((control) => control.hasAttribute('data-picked'))
    .sort((a, b) => pickOrder(a) - pickOrder(b));
}

/** The control of `controls` pressed last before the island woke, or -1 when none was. */
export function lastPickedIndex(controls: readonly Element[]): number {
  let best = -1;
  let bestOrder = 0;
  controls.forEach((control, index) => {
    const order = pickOrder(control);
    if (order > bestOrder) {
      best = index;
      bestOrder = order;
    }
  });
  return best;
}

/** How often `control` was pressed before the island woke (0: never). */
export function pickCount(control: Element | null | undefined): number {
  const count = Number(control?.getAttribute('data-picks'));
  return Number.isInteger(count) && count > 0 ? count : 0;
}

/** Forgets the presses under `root` (once they are applied, so a re-connected island does not apply them again). */
export function clearPicks(root: ParentNode): void {
  root.querySelectorAll('[data-picked]').forEach((control) => {
    control.removeAttribute('data-picked');
    control.removeAttribute('data-picks');
  });
}

function pickOrder(control: Element): number {
  const order = Number(control.getAttribute('data-picked'));
  return Number.isInteger(order) && order > 0 ? order : 0;
}

/** The value of the served control `id` under `host` (text typed, option chosen), or '' when there is none. */
export function servedValue(host: ParentNode, id: string): string {
  const control = host.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[id="${id}"]`);
  return control && typeof control.value === 'string' ? control.value : '';
}
