import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { createAutoAdvance, wrapIndex } from './autoAdvance';
import { INTERVALS } from '../../shared/constants';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(count = 4, intervalMs: number = INTERVALS.metricsMs) {
  const onChange = vi.fn<(index: number) => void>();
  const auto = createAutoAdvance({ count, intervalMs, onChange });
  return { auto, onChange };
}

describe('wrapIndex', () => {
  it('wraps into range in both directions', () => {
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(5, 4)).toBe(1);
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(2, 4)).toBe(2);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});

describe('createAutoAdvance', () => {
  it('does nothing before start()', () => {
    const { auto, onChange } = setup();
    vi.advanceTimersByTime(10_000);
    expect(auto.current()).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('advances exactly at 3000 ms, not at 2999 ms (metrics)', () => {
    const { auto, onChange } = setup(4, INTERVALS.metricsMs);
    auto.start();
    vi.advanceTimersByTime(2999);
    expect(auto.current()).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(auto.current()).toBe(1);
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('uses 4000 ms for the why-choose-us tabs', () => {
    const { auto } = setup(4, INTERVALS.whyChooseUsMs);
    auto.start();
    vi.advanceTimersByTime(3999);
    expect(auto.current()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(auto.current()).toBe(1);
  });

  it('wraps from the last item to the first', () => {
    const { auto, onChange } = setup(4);
    auto.start();
    vi.advanceTimersByTime(3000 * 3);
    expect(auto.current()).toBe(3);
    vi.advanceTimersByTime(3000);
    expect(auto.current()).toBe(0);
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([1, 2, 3, 0]);
  });

  it('start() twice does not double the speed', () => {
    const { auto } = setup();
    auto.start();
    auto.start();
    vi.advanceTimersByTime(3000);
    expect(auto.current()).toBe(1);
  });

  it('stays paused while the pointer hovers', () => {
    const { auto, onChange } = setup();
    auto.start();
    vi.advanceTimersByTime(2000);
    auto.pause('hover');
    expect(auto.isPaused()).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(auto.current()).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('after resume a full interval runs before the next step', () => {
    const { auto } = setup();
    auto.start();
    vi.advanceTimersByTime(2500);
    auto.pause('hover');
    vi.advanceTimersByTime(1000);
    auto.resume('hover');
    vi.advanceTimersByTime(2999);
    expect(auto.current()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(auto.current()).toBe(1);
  });

  it('stays paused while any of two reasons holds', () => {
    const { auto } = setup();
    auto.start();
    auto.pause('hover');
    auto.pause('focus');
    auto.resume('hover');
    expect(auto.isPaused()).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(auto.current()).toBe(0);
    auto.resume('focus');
    expect(auto.isPaused()).toBe(false);
    vi.advanceTimersByTime(3000);
    expect(auto.current()).toBe(1);
  });

  it('resuming a reason that was never set does not end another pause', () => {
    const { auto } = setup();
    auto.start();
    auto.pause('hover');
    auto.resume('focus');
    vi.advanceTimersByTime(6000);
    expect(auto.current()).toBe(0);
  });

  it('pausing twice for the same reason needs one resume', () => {
    const { auto } = setup();
    auto.start();
    auto.pause('hover');
    auto.pause('hover');
    auto.resume('hover');
    vi.advanceTimersByTime(3000);
    expect(auto.current()).toBe(1);
  });

  it('select() shows the item and restarts the interval from it', () => {
    const { auto, onChange } = setup();
    auto.start();
    vi.advanceTimersByTime(2500);
    auto.select(2);
    expect(auto.current()).toBe(2);
    expect(onChange).toHaveBeenLastCalledWith(2);
    vi.advanceTimersByTime(2999);
    expect(auto.current()).toBe(2);
    vi.advanceTimersByTime(1);
    expect(auto.current()).toBe(3);
  });

  it('select() of the current item does not call onChange but still restarts', () => {
    const { auto, onChange } = setup();
    auto.start();
    vi.advanceTimersByTime(2500);
    auto.select(0);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2999);
    expect(auto.current()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(auto.current()).toBe(1);
  });

  it('select() while paused changes the item but does not advance', () => {
    const { auto } = setup();
    auto.start();
    auto.pause('hover');
    auto.select(3);
    vi.advanceTimersByTime(9000);
    expect(auto.current()).toBe(3);
    auto.resume('hover');
    vi.advanceTimersByTime(3000);
    expect(auto.current()).toBe(0);
  });

  it('select() wraps out-of-range indexes', () => {
    const { auto } = setup();
    auto.select(5);
    expect(auto.current()).toBe(1);
    auto.select(-1);
    expect(auto.current()).toBe(3);
  });

  it('stop() halts advancing and start() resumes with a full interval', () => {
    const { auto } = setup();
    auto.start();
    vi.advanceTimersByTime(3000);
    auto.stop();
    expect(auto.isRunning()).toBe(false);
    vi.advanceTimersByTime(9000);
    expect(auto.current()).toBe(1);
    auto.start();
    vi.advanceTimersByTime(3000);
    expect(auto.current()).toBe(2);
  });

  it('resume() does not start a stopped advancer', () => {
    const { auto } = setup();
    auto.pause('hover');
    auto.resume('hover');
    vi.advanceTimersByTime(9000);
    expect(auto.current()).toBe(0);
  });

  it('destroy() stops for good and ignores later calls', () => {
    const { auto, onChange } = setup();
    auto.start();
    auto.destroy();
    vi.advanceTimersByTime(9000);
    auto.start();
    auto.select(2);
    vi.advanceTimersByTime(9000);
    expect(auto.current()).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never advances with a single item', () => {
    const { auto, onChange } = setup(1);
    auto.start();
    vi.advanceTimersByTime(9000);
    expect(auto.current()).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('starts at initialIndex', () => {
    const auto = createAutoAdvance({ count: 4, intervalMs: 3000, initialIndex: 3 });
    auto.start();
    expect(auto.current()).toBe(3);
    vi.advanceTimersByTime(3000);
    expect(auto.current()).toBe(0);
  });

  it('rejects a non-positive interval', () => {
    expect(() => createAutoAdvance({ count: 4, intervalMs: 0 })).toThrow(RangeError);
  });
});
