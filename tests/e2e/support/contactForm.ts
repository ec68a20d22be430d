import type { Page } from '@playwright/test';

/**
 * Waits until every <dc-contact-form> on the page has taken over its served form. Before that, a
 * click on Send posts the served form without JavaScript (a page of its own, 303): a test of the
 * element's own path waits for this first, or it races the element's script on a busy machine.
 */
export async function contactFormsAwake(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      customElements.get('dc-contact-form') !== undefined &&
      Array.from(document.querySelectorAll('dc-contact-form')).every((element) => element.querySelector(':scope > form.lead-form') === null),
    undefined,
    { polling: 50 },
  );
}
