/**
 * WAI-ARIA tabs pattern for server-rendered markup (home technology stack and
 * why-choose-us, SPEC 2.3): arrow keys move between tabs with automatic
 * activation, Home/End jump to the ends, only the selected tab is in the tab
 * order (roving tabindex), and each tab's panel is shown with `hidden` removed.
 */

import { clearPicks, lastPickedIndex } from './picks';
import { tabKeyTarget } from './tabKeys';

export { tabKeyTarget };

export interface TabsController {
  /** Shows tab `index` (and its panel); `focus` moves keyboard focus to the tab. */
  select(index: number, options?: { focus?: boolean }): void;
  /** Index of the selected tab. */
  current(): number;
  count: number;
  /**
   * The tab the visitor pressed last in the served markup before the tabs were wired (issue 34;
   * site/_includes/early-picks.js marks it), or -1. Not applied here: the island selects it once
   * everything it runs with the tabs is set up, as the visitor's own choice.
   */
  picked: number;
}

export interface TabsOptions {
  /** Called after the selection changed by user action (click or key), with the new index. */
  onUserSelect?: (index: number) => void;
  /** Called after any selection change. */
  onChange?: (index: number) => void;
  signal?: AbortSignal;
}

/**
 * Wires the tabs inside `tablist` (elements with role="tab" and aria-controls).
 * The markup already carries the roles and the initial state; this keeps them in step.
 */
export function wireTabs(tablist: HTMLElement, { onUserSelect, onChange, signal }: TabsOptions = {}): TabsController {
  const tabs = [...tablist.querySelectorAll<HTMLElement>('[role="tab"]')];
  const panelOf = (tab: HTMLElement) => {
    const id = tab.getAttribute('aria-controls');
    return id ? tablist.ownerDocument.getElementById(id) : null;
  };
  let selected = Math.max(0, tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true'));

  const apply = () => {
    tabs.forEach((tab, i) => {
      const on = i === selected;
      tab.setAttribute('aria-selected', on ? 'true' : 'false');
      tab.tabIndex = on ? 0 : -1;
      const panel = panelOf(tab);
      if (panel) panel.hidden = !on;
    });
  };

  const select = (index: number, { focus = false } = {}) => {
    if (tabs.length === 0) return;
    const next = ((Math.trunc(index) % tabs.length) + tabs.length) % tabs.length;
    const changed = next !== selected;
    selected = next;
    apply();
    if (focus) tabs[next]?.focus();
    if (changed) onChange?.(next);
  };

  tabs.forEach((tab, i) => {
    tab.addEventListener(
      'click',
      () => {
        select(i);
        onUserSelect?.(i);
      },
      { signal },
    );
  });
  tablist.addEventListener(
    'keydown',
    (event) => {
      const from = tabs.indexOf(event.target as HTMLElement);
      if (from < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      const to = tabKeyTarget(event.key, from, tabs.length);
      if (to === null) return;
      event.preventDefault();
      select(to, { focus: true });
      onUserSelect?.(to);
    },
    { signal },
  );
  apply();
  const picked = lastPickedIndex(tabs);
  clearPicks(tablist);

  return { select, current: () => selected, count: tabs.length, picked };
}
