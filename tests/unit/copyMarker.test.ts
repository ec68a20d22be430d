import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTERVALS } from '../../widgets/lib/constants';
import { createCopyMarker } from '../../widgets/lib/copyMarker';

describe('createCopyMarker (copy confirmation, SPEC 4 and 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds the copied id for exactly 2 s, then clears', () => {
    const changes: (string | null)[] = [];
    const marker = createCopyMarker<string>((id) => changes.push(id));
    expect(INTERVALS.copyConfirmMs).toBe(2000);
    marker.mark('overview');
    expect(marker.current()).toBe('overview');
    vi.advanceTimersByTime(1999);
    expect(marker.current()).toBe('overview');
    vi.advanceTimersByTime(1);
    expect(marker.current()).toBeNull();
    expect(changes).toEqual(['overview', null]);
  });

  it('restarts the 2 s on a second copy (same or other id)', () => {
    const marker = createCopyMarker<string>(() => {});
    marker.mark('a');
    vi.advanceTimersByTime(1500);
    marker.mark('b');
    vi.advanceTimersByTime(1500);
    expect(marker.current()).toBe('b');
    vi.advanceTimersByTime(500);
    expect(marker.current()).toBeNull();
  });

  it('clear() stops the timer and reports only a real change', () => {
    const onChange = vi.fn();
    const marker = createCopyMarker<string>(onChange, 1000);
    marker.clear();
    expect(onChange).not.toHaveBeenCalled();
    marker.mark('a');
    marker.clear();
    expect(onChange).toHaveBeenLastCalledWith(null);
    vi.advanceTimersByTime(5000);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
