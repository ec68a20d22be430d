import { INTERVALS } from '../../shared/constants';
import { IslandElement, defineIsland } from '../lib/islandElement';
import { startRotation } from '../lib/rotation';

/**
 * <dc-metrics-card>: the home hero's metrics card (SPEC 2.3, 4, 9). The four
 * figures are static buttons; this element highlights one (aria-pressed) and
 * shows its description, advances the highlight every INTERVALS.metricsMs
 * (3000 ms) and jumps to a figure when it is clicked (the interval restarts from
 * it). The rotation pauses while the pointer is over the card, while keyboard
 * focus is inside it and while the tab is hidden; it stops when the element
 * leaves the page. Without JavaScript all four descriptions are shown.
 */
export class MetricsCardElement extends IslandElement {
  protected wire(signal: AbortSignal): boolean {
    const buttons = [...this.querySelectorAll<HTMLButtonElement>('[data-metric]')];
    const details = [...this.querySelectorAll<HTMLElement>('[data-metric-detail]')];
    if (buttons.length === 0) return false;

    const show = (index: number) => {
      buttons.forEach((button, i) => button.setAttribute('aria-pressed', i === index ? 'true' : 'false'));
      details.forEach((detail, i) => (detail.hidden = i !== index));
    };
    const initial = Math.max(0, buttons.findIndex((b) => b.getAttribute('aria-pressed') === 'true'));
    show(initial);

    const rotation = startRotation({
      count: buttons.length,
      intervalMs: INTERVALS.metricsMs,
      initialIndex: initial,
      onChange: show,
      hoverTarget: this,
      focusTarget: this,
      signal,
      onPausedChange: (paused) => this.toggleAttribute('data-paused', paused),
    });
    buttons.forEach((button, i) => button.addEventListener('click', () => rotation.select(i), { signal }));
    return true;
  }
}

defineIsland('dc-metrics-card', MetricsCardElement);

declare global {
  interface HTMLElementTagNameMap {
    'dc-metrics-card': MetricsCardElement;
  }
}
