import { describe, expect, it } from 'vitest';
import { isMenuOpen, nextMenuState, type HoverMenuEvent, type HoverMenuState } from './hoverMenu';

const run = (events: HoverMenuEvent[], hovered = false): HoverMenuState => events.reduce<HoverMenuState>((state, event) => nextMenuState(state, event, hovered), 'closed');
const open = (events: HoverMenuEvent[], hovered = false) => isMenuOpen(run(events, hovered));

describe('the Services menu state (hover, focus, click, Escape)', () => {
  it('hover opens it and leaving closes it', () => {
    expect(open(['enter'])).toBe(true);
    expect(open(['enter', 'leave'])).toBe(false);
  });

  it('issue 36: hover, click on the trigger (focus comes with the mouse), leave: it stays open, once, not reopened by CSS', () => {
    expect(open(['enter', 'focus', 'click'])).toBe(true);
    expect(open(['enter', 'focus', 'click', 'leave'])).toBe(true);
    // A second click closes it; leaving and coming back opens it by hover again.
    expect(open(['enter', 'focus', 'click', 'click'])).toBe(false);
    expect(open(['enter', 'focus', 'click', 'click', 'leave'])).toBe(false);
    expect(open(['enter', 'focus', 'click', 'click', 'leave', 'enter'])).toBe(true);
  });

  it('closed by the visitor, hover or focus inside do not reopen it until they have left', () => {
    expect(run(['enter', 'escape'])).toBe('dismissed');
    expect(open(['enter', 'escape', 'focus'])).toBe(false);
    expect(open(['focus', 'escape', 'enter'])).toBe(false);
    expect(open(['focus', 'escape', 'blur', 'focus'])).toBe(true);
  });

  it('keyboard: focus opens, Enter (a click) closes and opens again, Escape closes, focus leaving closes', () => {
    expect(open(['focus'])).toBe(true);
    expect(open(['focus', 'click'])).toBe(false);
    expect(open(['focus', 'click', 'click'])).toBe(true);
    expect(open(['focus', 'escape', 'click'])).toBe(true);
    expect(run(['focus', 'blur'])).toBe('closed');
  });

  it('focus leaving while the pointer rests on it keeps it open as a hover', () => {
    expect(run(['enter', 'focus', 'click', 'blur'], true)).toBe('hover');
    expect(open(['focus', 'blur', 'leave'], true)).toBe(false);
  });

  it('a click outside closes it, whoever opened it; Escape and a click outside do nothing when closed', () => {
    for (const opener of ['enter', 'focus', 'click'] as const) expect(run([opener, 'outside'])).toBe('closed');
    expect(run(['escape'])).toBe('closed');
    expect(run(['outside'])).toBe('closed');
  });
});
