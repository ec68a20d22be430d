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
