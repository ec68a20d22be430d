import { INTERVALS } from '../../shared/constants';
import { IslandElement, defineIsland } from '../lib/islandElement';
import { clearPicks, pickCount } from '../lib/picks';
import { startRotation } from '../lib/rotation';
import { wireTabs } from '../lib/tabs';

/**
 * <dc-why-choose-us>: the home page's why-choose-us tabs (SPEC 2.3, 4, 9).
 * The four tabs and panels are static HTML; this element runs the WAI-ARIA tabs
 * pattern over them and advances to the next tab every INTERVALS.whyChooseUsMs
 * (4000 ms). The rotation pauses while the pointer is over the content, while
 * keyboard focus is anywhere inside the element and while the browser tab is
 * hidden; choosing a tab restarts the interval from it. At phone width the tab
 * list is a dropdown (a button with aria-expanded) that closes when a tab is
 * chosen, on Escape and on a click outside.
 */
export class WhyChooseUsElement extends IslandElement {
  protected wire(signal: AbortSignal): boolean {
    const tablist = this.querySelector<HTMLElement>('[role="tablist"]');
    const content = this.querySelector<HTMLElement>('[data-why-content]') ?? this;
    if (!tablist) return false;
    const toggle = this.querySelector<HTMLButtonElement>('[data-why-toggle]');
    const currentLabel = this.querySelector<HTMLElement>('[data-why-current]');

    const setMenuOpen = (open: boolean) => {
      if (!toggle) return;
      toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
      this.toggleAttribute('data-menu-open', open);
    };
    const labelFor = (index: number) =>
      tablist.querySelectorAll<HTMLElement>('[role="tab"]')[index]?.textContent?.trim() ?? '';

    const tabs = wireTabs(tablist, {
      signal,
      onChange: (index) => {
        if (currentLabel) currentLabel.textContent = labelFor(index);
      },
      onUserSelect: (index) => {
        rotation.select(index);
        if (this.hasAttribute('data-menu-open')) {
          setMenuOpen(false);
          toggle?.focus();
        }
      },
    });
    const rotation = startRotation({
      count: tabs.count,
      intervalMs: INTERVALS.whyChooseUsMs,
      initialIndex: tabs.current(),
      onChange: (index) => tabs.select(index),
      hoverTarget: content,
      focusTarget: this,
      signal,
      onPausedChange: (paused) => this.toggleAttribute('data-paused', paused),
    });

    toggle?.addEventListener('click', () => setMenuOpen(toggle.getAttribute('aria-expanded') !== 'true'), { signal });
    this.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Escape' && this.hasAttribute('data-menu-open')) {
          setMenuOpen(false);
          toggle?.focus();
        }
      },
      { signal },
    );
    this.ownerDocument.addEventListener(
      'click',
      (event) => {
        if (this.hasAttribute('data-menu-open') && !tablist.parentElement?.contains(event.target as Node)) setMenuOpen(false);
      },
      { signal },
    );
    setMenuOpen(false);
    // What the visitor pressed before this script ran (issue 34): the topic menu (phone width), a tab.
    if (pickCount(toggle) % 2 === 1) setMenuOpen(true);
    if (toggle) clearPicks(toggle.parentElement ?? toggle);
    if (tabs.picked >= 0) {
      tabs.select(tabs.picked);
      rotation.select(tabs.picked);
      if (this.hasAttribute('data-menu-open')) setMenuOpen(false);
    }
    return true;
  }
}

defineIsland('dc-why-choose-us', WhyChooseUsElement);

declare global {
  interface HTMLElementTagNameMap {
    'dc-why-choose-us': WhyChooseUsElement;
  }
}
