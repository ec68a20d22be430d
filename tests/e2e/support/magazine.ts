import type { Page } from '@playwright/test';

/**
 * Waits until <dc-blog> shows its loaded magazine whole. The element builds it in two tasks, the
 * first one hidden beside what was on screen (on /blog the served copy, in its light DOM); the
 * second removes that copy and shows the side list. Before then, a selector can match both copies.
 */
export async function magazineShown(page: Page, selector = 'dc-blog'): Promise<void> {
  await page.waitForFunction(
    (hostSelector) => {
      const host = document.querySelector(hostSelector);
      return host !== null && host.children.length === 0 && host.shadowRoot?.querySelector('.blog-side-item') != null;
    },
    selector,
    { polling: 50 },
  );
}
