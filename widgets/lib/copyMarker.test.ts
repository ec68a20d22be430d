import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCopyMarker } from './copyMarker';

describe('createCopyMarker (SPEC 4: the copied marker clears after 2 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds the copied id for exactly 2 s', () => {
    const changes: (string | null)[] = [];
    const marker = createCopyMarker<string>((id) => changes.push(id));
    marker.mark('6');
    expect(marker.current()).toBe('6');
    vi.advanceTimersByTime(1999);
    expect(marker.current()).toBe('6');
    vi.advanceTimersByTime(1);
    expect(marker.current()).toBeNull();
    expect(changes).toEqual(['6', null]);
  });

  it('a second copy (same or another article) restarts the 2 s', () => {
    const marker = createCopyMarker<string>(() => {});
    marker.mark('6');
    vi.advanceTimersByTime(1500);
    marker.mark('5');
    expect(marker.current()).toBe('5');
    vi.advanceTimersByTime(1999);
    expect(marker.current()).toBe('5');
    vi.advanceTimersByTime(1);
    expect(marker.current()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clear() ends it at once, cancels the timer and reports only a real change', () => {
    const onChange = vi.fn();
    const marker = createCopyMarker<string>(onChange);
    marker.clear();
    expect(onChange).not.toHaveBeenCalled();
    marker.mark('1');
    marker.clear();
    expect(marker.current()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    expect(onChange.mock.calls).toEqual([['1'], [null]]);
  });
});
