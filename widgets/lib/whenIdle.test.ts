import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './whenIdle';

/** The browser's frame and idle callbacks, run when the test says. */
let frames: (() => void)[] = [];
let idle: { run: () => void; timeout: number | undefined }[] = [];

beforeEach(() => {
  frames = [];
  idle = [];
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
  vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => idle.push({ run, timeout: options?.timeout }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('runs the task in the idle period after the next frame, once', () => {
    const task = vi.fn();
    whenIdle(task, new AbortController().signal, 800);
    expect(idle).toHaveLength(0);
    frames[0]!();
    expect(task).not.toHaveBeenCalled();
    expect(idle[0]!.timeout).toBe(800);
    idle[0]!.run();
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(800);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs after the timeout when no frame comes (a background tab)', () => {
    const task = vi.fn();
    whenIdle(task, new AbortController().signal, 800);
    vi.advanceTimersByTime(799);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    frames[0]!();
    idle[0]!.run();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once the signal aborts, or when it was aborted already', () => {
    const task = vi.fn();
    const abort = new AbortController();
    whenIdle(task, abort.signal);
    frames[0]!();
    abort.abort();
    idle[0]!.run();
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();

    const before = vi.fn();
    whenIdle(before, AbortSignal.abort());
    expect(frames).toHaveLength(1);
    vi.runAllTimers();
    expect(before).not.toHaveBeenCalled();
  });

  it('without requestIdleCallback (Safari) the next timer task after the frame stands in', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    whenIdle(task, new AbortController().signal);
    vi.advanceTimersByTime(0);
    expect(task).not.toHaveBeenCalled();
    frames[0]!();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
