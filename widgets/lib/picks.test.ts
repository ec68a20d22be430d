// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { withEarlyPicks } from './earlyPicks.testSupport';
import { clearPicks, lastPickedIndex, pickCount, pickedControls, servedValue } from './picks';
import { wireTabs } from './tabs';

/* Issue 34: presses on served controls before their island woke (site/_includes/early-picks.js), read by widgets/lib/picks.ts. */

withEarlyPicks();

afterEach(() => {
  document.body.innerHTML = '';
});

const press = (selector: string) => document.querySelector<HTMLElement>(selector)!.click();

describe('early-picks.js', () => {
  it('marks a pressed data-pick control with the order of its last press and the number of presses', () => {
    document.body.innerHTML = '<div><button id="a" data-pick>A</button><button id="b" data-pick>B</button></div>';
    press('#a');
    press('#b');
    press('#a');
    const a = document.querySelector('#a')!;
    const b = document.querySelector('#b')!;
    expect(pickCount(a)).toBe(2);
    expect(pickCount(b)).toBe(1);
    expect(Number(a.getAttribute('data-picked'))).toBeGreaterThan(Number(b.getAttribute('data-picked')));
  });

  it('marks the control when a child of it is pressed', () => {
    document.body.innerHTML = '<button id="a" data-pick><span id="inner">A</span></button>';
    press('#inner');
    expect(pickCount(document.querySelector('#a'))).toBe(1);
  });

  it('in a pick group, counts the presses since another control of the group was pressed (a row of toggles); other groups and ungrouped controls keep theirs', () => {
    document.body.innerHTML =
      '<button id="a" data-pick="row">A</button><button id="b" data-pick="row">B</button><button id="x" data-pick="other">X</button><button id="u" data-pick>U</button>';
    const count = (id: string) => pickCount(document.querySelector(`#${id}`));
    press('#x');
    press('#u');
    press('#a');
    press('#b');
    press('#a');
    // A, B, A: A is on (an odd count since B), B's presses are forgotten.
    expect([count('a'), count('b')]).toEqual([1, 0]);
    press('#a');
    // A pressed again: off (even).
    expect(count('a')).toBe(2);
    expect([count('x'), count('u')]).toEqual([1, 1]);
    expect(lastPickedIndex([...document.querySelectorAll('[data-pick="row"]')])).toBe(0);
  });

  it('leaves controls without data-pick, and controls of an island that is ready, alone', () => {
    document.body.innerHTML = '<button id="plain">P</button><div data-ready><button id="woken" data-pick>W</button></div>';
    press('#plain');
    press('#woken');
    expect(document.querySelector('[data-picked]')).toBeNull();
  });
});

describe('picks.ts', () => {
  it('lists pressed controls in the order of their last press, and -1 / 0 when nothing was pressed', () => {
    document.body.innerHTML = '<button id="a" data-pick>A</button><button id="b" data-pick>B</button><button id="c" data-pick>C</button>';
    const all = [...document.querySelectorAll('button')];
    expect(lastPickedIndex(all)).toBe(-1);
    expect(pickCount(all[0])).toBe(0);
    expect(pickCount(null)).toBe(0);
    press('#c');
    press('#a');
    expect(pickedControls(document, 'button').map((control) => control.id)).toEqual(['c', 'a']);
    expect(lastPickedIndex(all)).toBe(0);
  });

  it('ignores marks that are not positive whole numbers', () => {
    document.body.innerHTML = '<button data-picked="x" data-picks="-2">A</button><button data-picked="0" data-picks="1.5">B</button>';
    const all = [...document.querySelectorAll('button')];
    expect(lastPickedIndex(all)).toBe(-1);
    expect(all.map((control) => pickCount(control))).toEqual([0, 0]);
  });

  it('forgets the presses under a root once applied', () => {
    document.body.innerHTML = '<div id="root"><button id="a" data-pick>A</button></div><button id="b" data-pick>B</button>';
    press('#a');
    press('#b');
    clearPicks(document.querySelector('#root')!);
    expect(pickCount(document.querySelector('#a'))).toBe(0);
    expect(pickCount(document.querySelector('#b'))).toBe(1);
  });

  it('reads what was typed or chosen in a served control, and "" when there is no such control', () => {
    document.body.innerHTML = '<div id="host"><input id="q"><select id="s"><option value="">All</option><option value="x">X</option></select></div>';
    document.querySelector<HTMLInputElement>('#q')!.value = 'zzzzqq';
    document.querySelector<HTMLSelectElement>('#s')!.value = 'x';
    const host = document.querySelector('#host')!;
    expect(servedValue(host, 'q')).toBe('zzzzqq');
    expect(servedValue(host, 's')).toBe('x');
    expect(servedValue(host, 'missing')).toBe('');
  });
});

describe('wireTabs', () => {
  const tabs = () => `
    <div role="tablist">
      <button role="tab" data-pick aria-controls="p1" aria-selected="true">1</button>
      <button role="tab" data-pick aria-controls="p2" aria-selected="false">2</button>
      <button role="tab" data-pick aria-controls="p3" aria-selected="false">3</button>
    </div><div id="p1"></div><div id="p2" hidden></div><div id="p3" hidden></div>`;

  it('reports the tab pressed last before it was wired, and forgets the marks', () => {
    document.body.innerHTML = tabs();
    const [, second, third] = document.querySelectorAll<HTMLElement>('[role="tab"]');
    third!.click();
    second!.click();
    const controller = wireTabs(document.querySelector('[role="tablist"]')!);
    expect(controller.picked).toBe(1);
    expect(controller.current()).toBe(0);
    expect(document.querySelector('[data-picked]')).toBeNull();
  });

  it('reports -1 when no tab was pressed', () => {
    document.body.innerHTML = tabs();
    expect(wireTabs(document.querySelector('[role="tablist"]')!).picked).toBe(-1);
  });
});
