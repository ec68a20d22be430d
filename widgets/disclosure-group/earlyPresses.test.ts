// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { withEarlyPicks } from '../lib/earlyPicks.testSupport';
import './define';

/* Issue 34: presses on the served buttons before <dc-disclosure-group> woke (marked by the page's
   inline site/_includes/early-picks.js) are applied when the element wakes. */

withEarlyPicks();

afterEach(() => {
  document.body.innerHTML = '';
});

/** A served group (not yet upgraded: a plain element named so), three entries, `open` served open. */
function serve(mode: 'single' | 'multiple', open: number[] = []) {
  const group = mode === 'single' ? ' data-pick="g"' : ' data-pick';
  document.body.innerHTML = `<dc-served-group mode="${mode}">${[1, 2, 3]
    .map(
      (n) =>
        `<div data-disclosure-item><button type="button"${group} aria-expanded="${open.includes(n)}" aria-controls="p${n}">Entry ${n}</button><div id="p${n}"${open.includes(n) ? '' : ' hidden'}>Panel ${n}</div></div>`,
    )
    .join('')}</dc-served-group>`;
  const press = (...entries: number[]) => entries.forEach((n) => document.querySelector<HTMLButtonElement>(`[aria-controls="p${n}"]`)!.click());
  /** The element wakes: the served markup moves into a defined <dc-disclosure-group>. */
  const wake = () => {
    const served = document.querySelector('dc-served-group')!;
    const element = document.createElement('dc-disclosure-group');
    element.setAttribute('mode', mode);
    element.append(...served.childNodes);
    served.replaceWith(element);
    return element;
  };
  const openEntries = () =>
    [1, 2, 3].filter((n) => {
      const expanded = document.querySelector(`[aria-controls="p${n}"]`)!.getAttribute('aria-expanded') === 'true';
      expect(document.getElementById(`p${n}`)!.hidden).toBe(!expanded);
      return expanded;
    });
  return { press, wake, openEntries };
}

describe('<dc-disclosure-group>: presses before it woke', () => {
  it('single: nothing pressed keeps the served state', () => {
    const { wake, openEntries } = serve('single', [2]);
    wake();
    expect(openEntries()).toEqual([2]);
  });

  it('single: one press opens that entry', () => {
    const { press, wake, openEntries } = serve('single');
    press(3);
    wake();
    expect(openEntries()).toEqual([3]);
  });

  it('single: the last entry pressed is the one open; an even run on it closes it', () => {
    const { press, wake, openEntries } = serve('single');
    press(1, 2);
    wake();
    expect(openEntries()).toEqual([2]);

    const again = serve('single');
    again.press(1, 2, 2);
    again.wake();
    expect(again.openEntries()).toEqual([]);
  });

  it('single: pressing the entry served open closes it, twice keeps it open', () => {
    const once = serve('single', [1]);
    once.press(1);
    once.wake();
    expect(once.openEntries()).toEqual([]);

    const twice = serve('single', [1]);
    twice.press(1, 1);
    twice.wake();
    expect(twice.openEntries()).toEqual([1]);
  });

  it('multiple: each entry toggles once per press', () => {
    const { press, wake, openEntries } = serve('multiple', [3]);
    press(1, 2, 2, 3);
    wake();
    expect(openEntries()).toEqual([1]);
  });

  it('presses are applied once: moved in the page, the element keeps its state and does not apply them again', () => {
    const { press, wake, openEntries } = serve('single');
    press(2);
    const element = wake();
    document.body.append(document.createElement('main'));
    document.querySelector('main')!.append(element);
    expect(openEntries()).toEqual([2]);
  });

  it('presses after it woke are its own: no mark is left on the buttons', () => {
    const { press, wake, openEntries } = serve('single');
    wake();
    press(1);
    expect(openEntries()).toEqual([1]);
    expect(document.querySelector('[data-picked]')).toBeNull();
  });
});
