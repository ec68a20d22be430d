// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { dismissableDetails } from './detailsMenu';

function setup() {
  document.body.innerHTML = '<details open><summary>Menu</summary><a href="#a">A</a></details><p id="out">outside</p>';
  const menu = document.querySelector('details')!;
  const abort = new AbortController();
  dismissableDetails(menu, abort.signal);
  return { menu, abort };
}

describe('dismissableDetails', () => {
  it('Escape closes the open menu and returns focus to its summary', () => {
    const { menu } = setup();
    menu.querySelector('a')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(menu.querySelector('summary'));
  });

  it('other keys and clicks inside leave it open; a click outside closes it', () => {
    const { menu } = setup();
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    menu.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(menu.open).toBe(true);
    document.getElementById('out')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(menu.open).toBe(false);
  });

  it('stops listening when the signal aborts', () => {
    const { menu, abort } = setup();
    abort.abort();
    document.getElementById('out')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(menu.open).toBe(true);
  });
});
