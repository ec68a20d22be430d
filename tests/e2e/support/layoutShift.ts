import type { Page } from '@playwright/test';

interface ShiftLog {
  dcLayoutShift: number;
  dcLayoutShiftSources: string[];
}

/** Starts adding up the page's layout shifts (not those right after input) from its first paint. */
export async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as ShiftLog;
    w.dcLayoutShift = 0;
    w.dcLayoutShiftSources = [];
    const describe = (node: Node | null) =>
      node instanceof Element ? `${node.localName}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}` : String(node?.nodeName ?? 'a node no longer in the page');
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.dcLayoutShift += entry.value;
        for (const source of entry.sources) {
          w.dcLayoutShiftSources.push(
            `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${describe(source.node)} y ${Math.round(source.previousRect.y)} → ${Math.round(source.currentRect.y)}, height ${Math.round(source.previousRect.height)} → ${Math.round(source.currentRect.height)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The cumulative layout shift so far, after two frames so the last layout is reported, and
 * what moved (for the assertion message).
 */
export async function layoutShift(page: Page): Promise<{ value: number; sources: string }> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const w = window as unknown as ShiftLog;
    return { value: w.dcLayoutShift, sources: w.dcLayoutShiftSources.join('\n') || 'nothing' };
  });
}
