import type { Page } from '@playwright/test';

/**
 * Waits until <dc-blog> shows its loaded magazine whole. The element builds it in two tasks, the
 * first one hidden beside what was on screen (a page's fallback content, in its light DOM); the
 * second removes that copy and shows the side list. Before then, a selector can match both copies.
 * On /blog (`served`) the element adopts the served magazine in its light DOM instead: it is whole
 * once the element is ready (data-ready) and its side list holds the element's buttons.
 */
export async function magazineShown(page: Page, selector = 'dc-blog'): Promise<void> {
  await page.waitForFunction(
    (hostSelector) => {
      const host = document.querySelector(hostSelector);
      if (host?.hasAttribute('served')) return host.hasAttribute('data-ready') && host.querySelector('button.blog-side-item') != null;
      return host !== null && host.children.length === 0 && host.shadowRoot?.querySelector('.blog-side-item') != null;
    },
    selector,
    { polling: 50 },
  );
}
