import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Frame, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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
 * Ends the page's running CSS transitions (its shadow roots' too): a button's 0.15 s
 * colour fade after the theme toggle, measured midway by axe, is a contrast failure no visitor
 * sees. Paused or infinite animations (a test that freezes them on purpose) are left alone.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() => {
    const roots: Array<Document | ShadowRoot> = [document];
    for (const element of document.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    // Jumped to their end, not waited for: a page that draws no frame for a while (a busy machine)
    // would hold a wait on them, and the end state is what the visitor sees 0.15 s later.
    for (const animation of roots.flatMap((root) => root.getAnimations())) {
      if (animation instanceof CSSTransition && animation.playState === 'running') animation.finish();
    }
  });
}

/**
 * axe's violations on the page (or inside `include`), one "rule: targets" line each.
 *
 * Works under Playwright's clock too: axe schedules its own work with setTimeout, which a paused
 * fake clock would hold forever. For the run, the page's timer functions are the browser's own
 * (the clock keeps them as its builtins); the page's pending timers stay held by the clock, so a
 * state under test (an error, a 3 s toast) is still on screen when axe looks at it.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await transitionsEnded(page);
  await injectAxe(page);
  const swapped = await page.evaluate((names) => {
    const w = window as unknown as Record<string, unknown> & { __pwClock?: { builtins: Record<string, unknown> }; __dcClockTimers?: Record<string, unknown> };
    if (!w.__pwClock) return false;
    w.__dcClockTimers = Object.fromEntries(names.map((name) => [name, w[name]]));
    for (const name of names) if (w.__pwClock.builtins[name]) w[name] = w.__pwClock.builtins[name];
    return true;
  }, TIMER_FUNCTIONS);
  try {
    const violations = await page.evaluate(
      async ({ tags, include }) => {
        const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
        const results = await axe.run(include ?? document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      },
      { tags: AXE_TAGS, include },
    );
    return violations;
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

/**
 * axe-core in the page and in its same-origin frames (a srcdoc preview), once per document: axe
 * itself then checks those frames too. Cross-origin frames are third-party content (Power BI, a map)
 * and stay out; their <iframe> elements (title, focus) are checked in the page.
 *
 * Not @axe-core/playwright's AxeBuilder: it injects the 550 KB script again on every run and opens
 * a blank page to merge the frames' results, which made each run cost two to three times axe's own
 * work (measured 2.3 s against 0.7 s on a blog post at 375 px on a busy 2-core machine).
 */
async function injectAxe(page: Page): Promise<void> {
  // A frame about to be rebuilt (the /embed preview marks itself aria-busy until it is) would be
  // checked half-way or navigate while axe talks to it: wait for it.
  await expect(page.locator('iframe[aria-busy="true"]')).toHaveCount(0);
  const origin = new URL(page.url()).origin;
  const sameOrigin = (frame: Frame) => {
    const url = frame.url();
    return frame === page.mainFrame() || url === '' || url.startsWith('about:') || (URL.canParse(url) && new URL(url).origin === origin);
  };
  // Not a wait for every frame's load: a frame whose third-party page never answers (a test that
  // holds Power BI) would hold the check forever.
  for (const frame of page.frames().filter(sameOrigin)) {
    if (await frame.evaluate(() => 'axe' in window)) continue;
    await frame.evaluate(AXE_SOURCE);
    await frame.evaluate(() => (window as unknown as { axe: { configure: (spec: unknown) => void } }).axe.configure({ allowedOrigins: ['<same_origin>'] }));
  }
}

/** Fails the test with axe's violations on the page (or inside `include`), one line each. */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  expect(await axeViolations(page, include)).toEqual([]);
}

export type Theme = 'light' | 'dark';
export interface AxeView {
  theme: Theme;
  width: number;
}

/** Both themes at both widths, ordered so that each step changes one thing. */
export const EVERY_VIEW: readonly AxeView[] = [
  { theme: 'light', width: 375 },
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'dark', width: 375 },
];

/** Both themes at one width (a state that only exists at that width: a phone menu, a desktop mega menu). */
export const bothThemesAt = (width: number): AxeView[] => [
  { theme: 'light', width },
  { theme: 'dark', width },
];

/**
 * Switches the page's theme as the header's toggle does: html[data-theme], the stored choice, and
 * the `dc-theme-change` event the elements listen to. No reload, so the state under test stays.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((isDark) => {
    document.documentElement.setAttribute('data-theme', isDark ? 'dark' : 'light');
    try {
      localStorage.setItem('dc_theme', JSON.stringify({ isDark, source: 'user-preference' }));
    } catch {
      /* a sandboxed frame or an opaque origin has no storage */
    }
    document.dispatchEvent(new CustomEvent('dc-theme-change', { detail: { isDark, source: 'user-preference' }, bubbles: true, composed: true }));
  }, theme === 'dark');
}

/**
 * axe on one state of the page in several views (by default both themes at 375 and 1280 px): the
 * state is set up once, then the page is resized and its theme switched between the runs, never
 * reloaded. One page load instead of four: a load costs about twice an axe run here. `check` runs
 * the test's own assertions in each view before axe.
 */
export async function expectNoAxeViolationsInViews(
  page: Page,
  {
    views = EVERY_VIEW,
    include,
    height,
    check,
  }: { views?: readonly AxeView[]; include?: string; height?: number; check?: (view: AxeView) => Promise<void> } = {},
): Promise<void> {
  for (const { theme, width } of views) {
    await test.step(`axe, ${theme} theme, ${width} px`, async () => {
      const size = page.viewportSize();
      if (size?.width !== width) await page.setViewportSize({ width, height: height ?? size?.height ?? 900 });
      if ((await page.locator('html').getAttribute('data-theme')) !== theme) await switchTheme(page, theme);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await check?.({ theme, width });
      expect(await axeViolations(page, include), `${theme} theme, ${width} px`).toEqual([]);
    });
  }
}
