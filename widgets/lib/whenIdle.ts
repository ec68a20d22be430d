/**
 * Runs `task` once the browser is idle after the page's next paint, or after `timeoutMs` at the
 * latest (a page that stays busy, a background tab that paints no frames). Nothing runs once
 * `signal` aborts. For work the first view does not need, such as a light island's JSON, which
 * only its search and filters use: started earlier, its request and its work compete with what
 * the visitor sees first (an idle period can come before a frame that is due, so the wait starts
 * with a frame callback, which runs just before that paint). Without requestIdleCallback (Safari)
 * the next timer task after the frame stands in for the idle period.
 */
export function whenIdle(task: () => void, signal: AbortSignal, timeoutMs = 1000): void {
  if (signal.aborted) return;
  let started = false;
  const run = () => {
    if (started || signal.aborted) return;
    started = true;
    task();
  };
  const afterPaint = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: timeoutMs });
    else setTimeout(run, 0);
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(afterPaint);
  else afterPaint();
  setTimeout(run, timeoutMs);
}
