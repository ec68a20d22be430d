// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { tabKeyTarget, wireTabs } from './tabs';

describe('tabKeyTarget (WAI-ARIA tabs keys)', () => {
  it('moves right/down to the next tab and wraps at the end', () => {
    expect(tabKeyTarget('ArrowRight', 0, 6)).toBe(1);
    expect(tabKeyTarget('ArrowDown', 4, 6)).toBe(5);
    expect(tabKeyTarget('ArrowRight', 5, 6)).toBe(0);
  });

  it('moves left/up to the previous tab and wraps at the start', () => {
    expect(tabKeyTarget('ArrowLeft', 3, 6)).toBe(2);
    expect(tabKeyTarget('ArrowUp', 0, 6)).toBe(5);
    expect(tabKeyTarget('ArrowLeft', 0, 1)).toBe(0);
  });

  it('jumps to the ends with Home and End', () => {
    expect(tabKeyTarget('Home', 4, 6)).toBe(0);
    expect(tabKeyTarget('End', 0, 6)).toBe(5);
  });

  it('ignores every other key and an empty list', () => {
    for (const key of ['Enter', ' ', 'Tab', 'a', 'PageDown', 'Escape']) expect(tabKeyTarget(key, 2, 6)).toBeNull();
    expect(tabKeyTarget('ArrowRight', 0, 0)).toBeNull();
  });
});

function fixture(selected = 0) {
  document.body.innerHTML = `
    <div role="tablist">
      ${[0, 1, 2]
        .map((i) => `<button role="tab" id="t${i}" aria-controls="p${i}" aria-selected="${i === selected}" tabindex="${i === selected ? 0 : -1}">Tab ${i}</button>`)
        .join('')}
    </div>
    ${[0, 1, 2].map((i) => `<div role="tabpanel" id="p${i}" ${i === selected ? '' : 'hidden'}>Panel ${i}</div>`).join('')}`;
  const tablist = document.querySelector<HTMLElement>('[role="tablist"]')!;
  const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const panels = [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]')];
  return { tablist, tabs, panels };
}

const state = (tabs: HTMLElement[], panels: HTMLElement[]) =>
  tabs.map((tab, i) => [tab.getAttribute('aria-selected'), tab.tabIndex, panels[i]!.hidden]);

describe('wireTabs', () => {
  it('starts from the server-rendered selection', () => {
    const { tablist, tabs, panels } = fixture(1);
    const controller = wireTabs(tablist);
    expect(controller.current()).toBe(1);
    expect(controller.count).toBe(3);
    expect(state(tabs, panels)).toEqual([
      ['false', -1, true],
      ['true', 0, false],
      ['false', -1, true],
    ]);
  });

  it('a click selects the tab, shows only its panel and reports a user choice', () => {
    const { tablist, tabs, panels } = fixture();
    const onUserSelect = vi.fn();
    const onChange = vi.fn();
    wireTabs(tablist, { onUserSelect, onChange });
    tabs[2]!.click();
    expect(state(tabs, panels)).toEqual([
      ['false', -1, true],
      ['false', -1, true],
      ['true', 0, false],
    ]);
    expect(onUserSelect).toHaveBeenCalledWith(2);
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('arrow keys select and focus the neighbour (automatic activation)', () => {
    const { tablist, tabs } = fixture();
    const onUserSelect = vi.fn();
    wireTabs(tablist, { onUserSelect });
    tabs[0]!.focus();
    const event = new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true });
    tabs[0]!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(tabs[2]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[2]);
    expect(onUserSelect).toHaveBeenCalledWith(2);
  });

  it('leaves other keys and modified arrows alone', () => {
    const { tablist, tabs } = fixture();
    wireTabs(tablist);
    for (const init of [{ key: 'Enter' }, { key: 'ArrowRight', ctrlKey: true }, { key: 'ArrowRight', altKey: true }]) {
      const event = new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true });
      tabs[0]!.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('select() from code does not report a user choice and does not move focus unless asked', () => {
    const { tablist, tabs } = fixture();
    const onUserSelect = vi.fn();
    const onChange = vi.fn();
    const controller = wireTabs(tablist, { onUserSelect, onChange });
    controller.select(4); // wraps to 1
    expect(controller.current()).toBe(1);
    expect(onChange).toHaveBeenCalledWith(1);
    expect(onUserSelect).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(tabs[1]);
    controller.select(1);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('stops listening when its signal aborts', () => {
    const { tablist, tabs } = fixture();
    const abort = new AbortController();
    wireTabs(tablist, { signal: abort.signal });
    abort.abort();
    tabs[1]!.click();
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
  });
});
