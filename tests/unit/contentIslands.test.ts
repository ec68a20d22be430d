// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTERVALS } from '../../shared/constants';

/* The site islands of the content pages: disclosure group, metrics card, why-choose-us, quick nav. */

beforeAll(async () => {
  await import('../../widgets/disclosure-group/define');
  await import('../../widgets/metrics-card/define');
  await import('../../widgets/why-choose-us/define');
  await import('../../widgets/quick-nav/define');
});

/**
 * Puts markup in the page the way the HTML parser does before a module script runs: the
 * element's children exist when it is connected (happy-dom's innerHTML connects too early).
 */
function mount(html: string) {
  const template = document.createElement('template');
  template.innerHTML = html;
  document.body.append(template.content);
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const expanded = (root: ParentNode) =>
  [...root.querySelectorAll('button[aria-expanded]')].map((b) => b.getAttribute('aria-expanded'));
const hidden = (root: ParentNode) => [...root.querySelectorAll('[data-panel]')].map((p) => (p as HTMLElement).hidden);

function disclosureGroup(mode?: string) {
  mount(`
    <dc-disclosure-group ${mode ? `mode="${mode}"` : ''}>
      ${[0, 1, 2]
        .map((i) => `<div data-disclosure-item><button type="button" aria-expanded="false" aria-controls="d${i}">Item ${i}</button><div id="d${i}" data-panel hidden>Panel ${i}</div></div>`)
        .join('')}
    </dc-disclosure-group>`);
  const group = document.querySelector('dc-disclosure-group')!;
  const buttons = [...group.querySelectorAll('button')];
  return { group, buttons };
}

describe('<dc-disclosure-group>', () => {
  it('single mode: opens one entry, opening another closes it, a second click closes it', () => {
    const { group, buttons } = disclosureGroup();
    expect(group.hasAttribute('data-ready')).toBe(true);
    buttons[0]!.click();
    expect(expanded(group)).toEqual(['true', 'false', 'false']);
    expect(hidden(group)).toEqual([false, true, true]);
    expect(buttons[0]!.closest('[data-disclosure-item]')!.hasAttribute('data-open')).toBe(true);
    buttons[2]!.click();
    expect(expanded(group)).toEqual(['false', 'false', 'true']);
    expect(hidden(group)).toEqual([true, true, false]);
    buttons[2]!.click();
    expect(expanded(group)).toEqual(['false', 'false', 'false']);
    expect(hidden(group)).toEqual([true, true, true]);
  });

  it('multiple mode: entries toggle independently', () => {
    const { group, buttons } = disclosureGroup('multiple');
    buttons[0]!.click();
    buttons[1]!.click();
    expect(expanded(group)).toEqual(['true', 'true', 'false']);
    buttons[0]!.click();
    expect(expanded(group)).toEqual(['false', 'true', 'false']);
  });

  it('keeps at most one of several server-rendered open entries in single mode', () => {
    mount(`<dc-disclosure-group>
      <button aria-expanded="true" aria-controls="a">A</button><div id="a" data-panel>A</div>
      <button aria-expanded="true" aria-controls="b">B</button><div id="b" data-panel>B</div>
    </dc-disclosure-group>`);
    const group = document.querySelector('dc-disclosure-group')!;
    expect(expanded(group)).toEqual(['true', 'false']);
    expect(hidden(group)).toEqual([false, true]);
  });

  it('stops reacting once removed from the page', () => {
    const { group, buttons } = disclosureGroup();
    group.remove();
    buttons[0]!.click();
    expect(expanded(group)).toEqual(['false', 'false', 'false']);
  });
});

function metricsCard() {
  mount(`<dc-metrics-card>
    ${[0, 1, 2, 3].map((i) => `<button data-metric aria-pressed="${i === 0}">M${i}</button>`).join('')}
    ${[0, 1, 2, 3].map((i) => `<p data-metric-detail ${i === 0 ? '' : 'hidden'}>D${i}</p>`).join('')}
  </dc-metrics-card>`);
  const card = document.querySelector('dc-metrics-card')!;
  const pressed = () => [...card.querySelectorAll('[data-metric]')].map((b) => b.getAttribute('aria-pressed') === 'true');
  const shown = () => [...card.querySelectorAll<HTMLElement>('[data-metric-detail]')].map((d) => !d.hidden);
  return { card, pressed, shown, buttons: [...card.querySelectorAll<HTMLButtonElement>('[data-metric]')] };
}

describe('<dc-metrics-card>', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('advances exactly every 3000 ms and wraps', () => {
    const { pressed, shown } = metricsCard();
    vi.advanceTimersByTime(INTERVALS.metricsMs - 1);
    expect(pressed()).toEqual([true, false, false, false]);
    vi.advanceTimersByTime(1);
    expect(pressed()).toEqual([false, true, false, false]);
    expect(shown()).toEqual([false, true, false, false]);
    vi.advanceTimersByTime(INTERVALS.metricsMs * 3);
    expect(pressed()).toEqual([true, false, false, false]);
  });

  it('a click selects the figure and restarts the interval from it', () => {
    const { pressed, buttons } = metricsCard();
    vi.advanceTimersByTime(2500);
    buttons[3]!.click();
    expect(pressed()).toEqual([false, false, false, true]);
    vi.advanceTimersByTime(INTERVALS.metricsMs - 1);
    expect(pressed()).toEqual([false, false, false, true]);
    vi.advanceTimersByTime(1);
    expect(pressed()).toEqual([true, false, false, false]);
  });

  it('pauses while the pointer is over it and while the page is hidden', () => {
    const { card, pressed } = metricsCard();
    card.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
    expect(card.hasAttribute('data-paused')).toBe(true);
    vi.advanceTimersByTime(INTERVALS.metricsMs * 5);
    expect(pressed()).toEqual([true, false, false, false]);
    card.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    expect(card.hasAttribute('data-paused')).toBe(false);
    vi.advanceTimersByTime(INTERVALS.metricsMs);
    expect(pressed()).toEqual([false, true, false, false]);
  });

  it('clears its timer when removed from the page', () => {
    const { card } = metricsCard();
    expect(vi.getTimerCount()).toBe(1);
    card.remove();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('<dc-why-choose-us>', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  function why() {
    mount(`<dc-why-choose-us>
      <div class="why-nav"><button data-why-toggle aria-expanded="false" aria-controls="list"><span data-why-current>A</span></button>
      <div role="tablist" id="list">
        ${['A', 'B', 'C', 'D'].map((l, i) => `<button role="tab" aria-controls="p${i}" aria-selected="${i === 0}">${l}</button>`).join('')}
      </div></div>
      <div data-why-content>${[0, 1, 2, 3].map((i) => `<div role="tabpanel" id="p${i}" ${i ? 'hidden' : ''}>P${i}</div>`).join('')}</div>
    </dc-why-choose-us>`);
    const el = document.querySelector('dc-why-choose-us')!;
    const tabs = [...el.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const selected = () => tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true');
    return { el, tabs, selected, toggle: el.querySelector<HTMLButtonElement>('[data-why-toggle]')!, content: el.querySelector<HTMLElement>('[data-why-content]')! };
  }

  it('advances every 4000 ms and keeps the dropdown label in step', () => {
    const { el, selected } = why();
    vi.advanceTimersByTime(INTERVALS.whyChooseUsMs - 1);
    expect(selected()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(selected()).toBe(1);
    expect(el.querySelector('[data-why-current]')!.textContent).toBe('B');
  });

  it('does not advance while the pointer is over the content', () => {
    const { content, selected } = why();
    content.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
    vi.advanceTimersByTime(INTERVALS.whyChooseUsMs * 4);
    expect(selected()).toBe(0);
    content.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    vi.advanceTimersByTime(INTERVALS.whyChooseUsMs);
    expect(selected()).toBe(1);
  });

  it('the phone dropdown opens, and closes when a tab is chosen', () => {
    const { el, tabs, toggle, selected } = why();
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(el.hasAttribute('data-menu-open')).toBe(true);
    tabs[2]!.click();
    expect(selected()).toBe(2);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(el.hasAttribute('data-menu-open')).toBe(false);
    // Focus went back to the toggle; the rotation waits while it is there and restarts from the chosen tab after.
    expect(document.activeElement).toBe(toggle);
    toggle.blur();
    vi.advanceTimersByTime(INTERVALS.whyChooseUsMs);
    expect(selected()).toBe(3);
  });

  it('clears its timer when removed', () => {
    const { el } = why();
    el.remove();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('<dc-quick-nav>', () => {
  it('closes the menu when a section link is chosen and focuses the section', () => {
    mount(`<dc-quick-nav><details open><summary>Jump</summary><nav><a href="#values">Values</a></nav></details></dc-quick-nav>
      <section id="values"><h2>Values</h2></section>`);
    const details = document.querySelector('details')!;
    const section = document.getElementById('values')!;
    section.scrollIntoView = vi.fn();
    document.querySelector<HTMLAnchorElement>('a')!.click();
    expect(details.open).toBe(false);
    expect(section.scrollIntoView).toHaveBeenCalled();
    expect(section.getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).toBe(section);
  });

  it('closes on Escape', () => {
    mount(`<dc-quick-nav><details open><summary>Jump</summary><a href="#x">X</a></details></dc-quick-nav>`);
    const details = document.querySelector('details')!;
    details.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(details.open).toBe(false);
  });
});
