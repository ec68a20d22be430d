/**
 * Framework-free auto-advancer for the home page's rotating highlights
 * (SPEC 2.3, 4): the metrics card moves on every INTERVALS.metricsMs (3 s),
 * the why-choose-us tabs every INTERVALS.whyChooseUsMs (4 s).
 *
 * - start() begins advancing; stop() ends it (both idempotent).
 * - Advancing wraps from the last item to the first.
 * - select(index) is a manual choice: it shows that item and restarts the
 *   interval from it, so the next step comes a full interval later.
 * - pause(reason) / resume(reason) take independent reasons (e.g. 'hover' and
 *   'focus'): it stays paused while any reason holds; when the last one is
 *   released (and it is started) a full interval runs before the next step.
 * - destroy() stops for good; every later call is ignored.
 *
 * Uses setInterval/clearInterval only, so it works with fake timers in tests.
 */

/** Common pause reasons; any string works. */
export type PauseReason = 'hover' | 'focus' | 'reduced-motion' | 'hidden' | (string & {});

export interface AutoAdvanceOptions {
  /** Number of items (at least 1; with a single item nothing advances). */
  count: number;
  /** Milliseconds between two steps (greater than 0). */
  intervalMs: number;
  /** Called with the new index whenever the current item changes (by timer or select). */
  onChange?: (index: number) => void;
  /** Index shown first; default 0. Out-of-range values wrap. */
  initialIndex?: number;
}

export interface AutoAdvance {
  /** Begins (or keeps) advancing. Has no visible effect while paused, except that it advances once the pause ends. */
  start(): void;
  /** Stops advancing; pause reasons are kept. */
  stop(): void;
  /** Manual choice: shows `index` (wrapped into range) and restarts the interval from it. */
  select(index: number): void;
  /** Adds a pause reason; the timer stops while any reason holds. */
  pause(reason: PauseReason): void;
  /** Removes a pause reason; when none remain and it is started, the interval restarts in full. */
  resume(reason: PauseReason): void;
  /** The current index. */
  current(): number;
  /** True while at least one pause reason holds. */
  isPaused(): boolean;
  /** True when started and not stopped/destroyed (whether or not paused). */
  isRunning(): boolean;
  /** Stops for good and ignores every later call. */
  destroy(): void;
}

/** Wraps any integer into 0..count-1. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  const whole = Math.trunc(Number.isFinite(index) ? index : 0);
  return ((whole % count) + count) % count;
}

export function createAutoAdvance(options: AutoAdvanceOptions): AutoAdvance {
  const count = Math.max(1, Math.trunc(options.count));
  if (!Number.isFinite(options.intervalMs) || options.intervalMs <= 0) {
    throw new RangeError('createAutoAdvance: intervalMs must be a positive number');
  }
  const { intervalMs, onChange } = options;
  let index = wrapIndex(options.initialIndex ?? 0, count);
  let running = false;
  let destroyed = false;
  const reasons = new Set<PauseReason>();
  let timer: ReturnType<typeof setInterval> | undefined;

  const clearTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  const setIndex = (next: number) => {
    if (next === index) return;
    index = next;
    onChange?.(index);
  };

  /** (Re)arms the timer from now if it should run, otherwise clears it. */
  const rearm = () => {
    clearTimer();
    if (destroyed || !running || reasons.size > 0 || count < 2) return;
    timer = setInterval(() => setIndex(wrapIndex(index + 1, count)), intervalMs);
  };

  return {
    start() {
      if (destroyed || running) return;
      running = true;
      rearm();
    },
    stop() {
      if (destroyed) return;
      running = false;
      clearTimer();
    },
    select(next) {
      if (destroyed) return;
      setIndex(wrapIndex(next, count));
      rearm();
    },
    pause(reason) {
      if (destroyed) return;
      reasons.add(reason);
      clearTimer();
    },
    resume(reason) {
      if (destroyed || !reasons.delete(reason)) return;
      if (reasons.size === 0) rearm();
    },
    current: () => index,
    isPaused: () => reasons.size > 0,
    isRunning: () => running && !destroyed,
    destroy() {
      destroyed = true;
      running = false;
      reasons.clear();
      clearTimer();
    },
  };
}
