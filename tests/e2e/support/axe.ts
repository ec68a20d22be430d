import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rule sets every axe check of the suite runs. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const TIMER_FUNCTIONS = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
] as const;

/**
 * axe's violations on the page (or inside `include`), one "rule: targets" line each.
 *
 * Works under Playwright's clock too: axe schedules its own work with setTimeout, which a paused
 * fake clock would hold forever. For the run, the page's timer functions are the browser's own
 * (the clock keeps them as its builtins); the page's pending timers stay held by the clock, so a
 * state under test (an error, a 3 s toast) is still on screen when axe looks at it.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const swapped = await page.evaluate((names) => {
    const w = window as unknown as Record<string, unknown> & { __pwClock?: { builtins: Record<string, unknown> }; __dcClockTimers?: Record<string, unknown> };
    if (!w.__pwClock) return false;
    w.__dcClockTimers = Object.fromEntries(names.map((name) => [name, w[name]]));
    for (const name of names) if (w.__pwClock.builtins[name]) w[name] = w.__pwClock.builtins[name];
    return true;
  }, TIMER_FUNCTIONS);
  try {
    const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
    if (include) builder.include(include);
    const results = await builder.analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  } finally {
    if (swapped) {
      await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown> & { __dcClockTimers?: Record<string, unknown> };
        Object.assign(w, w.__dcClockTimers);
        delete w.__dcClockTimers;
      });
    }
  }
}

/** Fails the test with axe's violations on the page (or inside `include`), one line each. */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  expect(await axeViolations(page, include)).toEqual([]);
}
