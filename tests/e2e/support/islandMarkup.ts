import type { Page } from '@playwright/test';

/**
 * The tree of a light-DOM island after it took over the page's served HTML, next to the tree the
 * same element renders from nothing (a second, hidden instance loading the same JSON). The island
 * hydrates the served nodes (widgets/lib/lightIsland.ts): Preact adopts them without rewriting their
 * attributes, so the served HTML must already be exactly what the component renders. Both trees
 * ignore whitespace-only text and compare attributes as sorted name=value lists.
 */
export async function servedAndRendered(page: Page, tag: string): Promise<{ served: unknown; rendered: unknown }> {
  return page.evaluate(async (tag) => {
    const tree = (node: Node): unknown => {
      if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const element = node as Element;
      const attributes = [...element.attributes].filter((a) => a.name !== 'data-ready').map((a) => `${a.name}=${a.value}`);
      const children = [...element.childNodes].filter((child) => child.nodeType === Node.ELEMENT_NODE || (child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim() !== ''));
      return [element.tagName.toLowerCase(), attributes.sort(), children.map(tree)];
    };
    const served = document.querySelector(tag)!;
    const fresh = document.createElement(tag);
    for (const { name, value } of [...served.attributes]) if (name !== 'data-ready') fresh.setAttribute(name, value);
    fresh.hidden = true;
    document.body.append(fresh);
    await new Promise<void>((resolve) => {
      const check = () => (fresh.hasAttribute('data-ready') ? resolve() : setTimeout(check, 20));
      check();
    });
    const result = { served: [...served.children].map(tree), rendered: [...fresh.children].map(tree) };
    fresh.remove();
    return result;
  }, tag);
}

/**
 * What hydration did to the served nodes of a light-DOM island: its JSON (`json`, a route glob) is
 * held back until every node under the element is noted, then the element takes over. `served`:
 * the nodes the page served; `kept`: how many of them are still there, each in its place;
 * `now`: the nodes after the takeover. An island that adopts the served list keeps all of them and
 * adds or removes none, so nothing is restyled or laid out again.
 */
export async function hydratedNodes(page: Page, path: string, tag: string, json: string): Promise<{ served: number; kept: number; now: number }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(json, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path);
  type Noted = Window & { servedNodes: Array<[Node, Node | null, Node | null]> };
  await page.evaluate((tag) => {
    const walk = document.createTreeWalker(document.querySelector(tag)!, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    const nodes: Array<[Node, Node | null, Node | null]> = [];
    while (walk.nextNode()) nodes.push([walk.currentNode, walk.currentNode.parentNode, walk.currentNode.previousSibling]);
    (window as unknown as Noted).servedNodes = nodes;
  }, tag);
  release();
  await page.locator(`${tag}[data-ready]`).waitFor({ state: 'attached' });
  return page.evaluate((tag) => {
    const served = (window as unknown as Noted).servedNodes;
    const walk = document.createTreeWalker(document.querySelector(tag)!, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    let now = 0;
    while (walk.nextNode()) now += 1;
    const kept = served.filter(([node, parent, previous]) => node.isConnected && node.parentNode === parent && node.previousSibling === previous).length;
    return { served: served.length, kept, now };
  }, tag);
}
