// @vitest-environment happy-dom
import { createElement } from 'preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IslandElement, defineIsland } from './islandElement';
import { defineLightIsland } from './lightIsland';

/* The connect / disconnect / re-connect lifecycle the framework-free islands share. */

let clicks = 0;
const signals: AbortSignal[] = [];

class CountingIsland extends IslandElement {
  protected wire(signal: AbortSignal): boolean {
    signals.push(signal);
    const button = this.querySelector('button');
    if (!button) return false;
    button.addEventListener('click', () => (clicks += 1), { signal });
    return true;
  }
}

beforeAll(async () => {
  defineIsland('test-counting-island', CountingIsland);
  await import('../disclosure-group/define');
  await import('../tech-stack/define');
});

afterEach(() => {
  document.body.innerHTML = '';
  clicks = 0;
  signals.length = 0;
  vi.unstubAllGlobals();
});

/** Markup as the HTML parser leaves it before a module runs: children exist when the element connects. */
function mount(html: string): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = html;
  const element = template.content.firstElementChild as HTMLElement;
  document.body.append(template.content);
  return element;
}

const counting = () => mount('<test-counting-island><button>+</button></test-counting-island>');

describe('IslandElement', () => {
  it('connect wires the markup and marks the element ready', () => {
    const island = counting();
    expect(island.hasAttribute('data-ready')).toBe(true);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    island.querySelector('button')!.click();
    expect(clicks).toBe(1);
  });

  it('disconnect aborts the signal: every listener is gone', () => {
    const island = counting();
    const button = island.querySelector('button')!;
    island.remove();
    expect(signals[0]!.aborted).toBe(true);
    button.click();
    expect(clicks).toBe(0);
  });

  it('re-connect wires again with a fresh signal, once', () => {
    const island = counting();
    island.remove();
    document.body.append(island);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    island.querySelector('button')!.click();
    expect(clicks).toBe(1);
  });

  it('without the markup it needs it is not marked ready', () => {
    const island = mount('<test-counting-island></test-counting-island>');
    expect(island.hasAttribute('data-ready')).toBe(false);
  });

  it('defineIsland keeps the first definition of a tag', () => {
    class Other extends IslandElement {
      protected wire(): boolean {
        return true;
      }
    }
    expect(defineIsland('test-counting-island', Other)).toBe(CountingIsland);
  });
});

describe('the site islands on that lifecycle', () => {
  it('<dc-disclosure-group> works again after it is moved in the page', () => {
    const group = mount(`<dc-disclosure-group>
      <button type="button" aria-expanded="false" aria-controls="p1">One</button><div id="p1" hidden>1</div>
    </dc-disclosure-group>`);
    const button = group.querySelector('button')!;
    group.remove();
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    document.body.append(group);
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('p1')!.hidden).toBe(false);
  });

  it('<dc-tech-stack> drops its key handling when removed and takes it up again when re-connected', () => {
    const stack = mount(`<dc-tech-stack><div role="tablist">
      <button role="tab" id="t0" aria-selected="true" aria-controls="q0">A</button>
      <button role="tab" id="t1" aria-selected="false" aria-controls="q1">B</button>
    </div><div role="tabpanel" id="q0">A</div><div role="tabpanel" id="q1" hidden>B</div></dc-tech-stack>`);
    const [first, second] = [...stack.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    stack.remove();
    second!.click();
    expect(second!.getAttribute('aria-selected')).toBe('false');
    document.body.append(stack);
    second!.click();
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(first!.getAttribute('aria-selected')).toBe('false');
  });
});

describe('defineLightIsland on that lifecycle', () => {
  it('a removal while the JSON loads aborts the request; the next connection loads and renders', async () => {
    const requests: AbortSignal[] = [];
    // Each request answers when the test says so.
    const answers: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        requests.push(init.signal!);
        return new Promise<Response>((resolve, reject) => {
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error));
          answers.push(() => resolve(new Response(JSON.stringify(['a', 'b']), { status: 200 })));
        });
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    defineLightIsland<string[]>('test-light-island', {
      src: '/data/test.json',
      load: () =>
        Promise.resolve({
          parse: (raw: unknown) => raw as string[],
          // The same markup as the served list, as the real islands render.
          view: (items: string[]) => createElement('p', null, items.join(',')),
        }),
    });
    // Removed before the browser was idle: no request was made.
    const island = mount('<test-light-island><p>served</p></test-light-island>');
    island.remove();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests).toHaveLength(0);

    // The request waits for idle; a removal while it loads aborts it.
    document.body.append(island);
    expect(requests).toHaveLength(0);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    island.remove();
    expect(requests[0]!.aborted).toBe(true);
    answers[0]!();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(island.hasAttribute('data-island-error')).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    expect(island.textContent).toBe('served');

    document.body.append(island);
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    answers[1]!();
    await vi.waitFor(() => expect(island.hasAttribute('data-ready')).toBe(true));
    expect(island.textContent).toBe('a,b');
    // Rendered once: moving it again neither loads nor renders again.
    island.remove();
    document.body.append(island);
    expect(requests).toHaveLength(2);
    expect(island.textContent).toBe('a,b');
    warn.mockRestore();
  });

  it("an island whose code cannot be loaded keeps the served list and says why, as when its JSON fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('["a"]', { status: 200 }))),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    defineLightIsland<string[]>('test-light-island-offline', {
      src: '/data/test.json',
      load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    const island = mount('<test-light-island-offline><p>served</p></test-light-island-offline>');
    await vi.waitFor(() => expect(island.hasAttribute('data-island-error')).toBe(true));
    expect(island.textContent).toBe('served');
    expect(island.hasAttribute('data-ready')).toBe(false);
    expect(String(warn.mock.calls[0]?.[0])).toContain('<test-light-island-offline>: could not use /data/test.json');
    expect(String(warn.mock.calls[0]?.[1])).toContain('dynamically imported module');
    warn.mockRestore();
  });
});
