import { describe, expect, it } from 'vitest';
import { CLOSED, isMenuOpen, nextMenuState, type HoverMenuEvent, type HoverMenuState } from '../../widgets/lib/hoverMenu';

const run = (events: HoverMenuEvent[], hovered = false): HoverMenuState => events.reduce((state, event) => nextMenuState(state, event, hovered), CLOSED);
const open = (events: HoverMenuEvent[], hovered = false) => isMenuOpen(run(events, hovered));

describe('the Services menu state (hover, focus, click, Escape)', () => {
  it('hover opens it and leaving closes it', () => {
    expect(open(['pointer-enter'])).toBe(true);
    expect(open(['pointer-enter', 'pointer-leave'])).toBe(false);
  });

  it('issue 36: hover, click on the trigger (focus comes with the mouse), leave: it stays open, once, not reopened by CSS', () => {
    expect(open(['pointer-enter', 'focus-enter', 'trigger-click'])).toBe(true);
    expect(open(['pointer-enter', 'focus-enter', 'trigger-click', 'pointer-leave'])).toBe(true);
    // A second click closes it; leaving and coming back opens it by hover again.
    expect(open(['pointer-enter', 'focus-enter', 'trigger-click', 'trigger-click'])).toBe(false);
    expect(open(['pointer-enter', 'focus-enter', 'trigger-click', 'trigger-click', 'pointer-leave'])).toBe(false);
    expect(open(['pointer-enter', 'focus-enter', 'trigger-click', 'trigger-click', 'pointer-leave', 'pointer-enter'])).toBe(true);
  });

  it('closed by the visitor, hover or focus inside do not reopen it until they have left', () => {
    expect(run(['pointer-enter', 'escape'])).toEqual({ openedBy: null, dismissed: true });
    expect(open(['pointer-enter', 'escape', 'focus-enter'])).toBe(false);
    expect(open(['focus-enter', 'escape', 'pointer-enter'])).toBe(false);
    expect(open(['focus-enter', 'escape', 'focus-leave', 'focus-enter'])).toBe(true);
  });

  it('keyboard: focus opens, Enter (a click) closes and opens again, Escape closes, focus leaving closes', () => {
    expect(open(['focus-enter'])).toBe(true);
    expect(open(['focus-enter', 'trigger-click'])).toBe(false);
    expect(open(['focus-enter', 'trigger-click', 'trigger-click'])).toBe(true);
    expect(open(['focus-enter', 'escape', 'trigger-click'])).toBe(true);
    expect(run(['focus-enter', 'focus-leave'])).toEqual(CLOSED);
  });

  it('focus leaving while the pointer rests on it keeps it open as a hover', () => {
    expect(run(['pointer-enter', 'focus-enter', 'trigger-click', 'focus-leave'], true)).toEqual({ openedBy: 'hover', dismissed: false });
    expect(open(['focus-enter', 'focus-leave', 'pointer-leave'], true)).toBe(false);
  });

  it('a click outside closes it, whoever opened it; Escape and a click outside do nothing when closed', () => {
    for (const opener of ['pointer-enter', 'focus-enter', 'trigger-click'] as const) expect(run([opener, 'click-outside'])).toEqual(CLOSED);
    expect(run(['escape'])).toEqual(CLOSED);
    expect(run(['click-outside'])).toEqual(CLOSED);
  });
});
