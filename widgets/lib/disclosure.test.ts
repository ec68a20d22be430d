import { describe, it, expect } from 'vitest';
import { isOpen, toggleMany, toggleSingle } from './disclosure';

describe('toggleSingle (one open at a time)', () => {
  it('opens the clicked entry when none is open', () => {
    expect(toggleSingle(null, 'mission')).toBe('mission');
  });

  it('opening another entry closes the first', () => {
    expect(toggleSingle('mission', 'vision')).toBe('vision');
  });

  it('clicking the open entry closes it', () => {
    expect(toggleSingle('vision', 'vision')).toBeNull();
  });

  it('works with numeric ids, including 0', () => {
    expect(toggleSingle(null, 0)).toBe(0);
    expect(toggleSingle(0, 0)).toBeNull();
    expect(toggleSingle(0, 1)).toBe(1);
  });

  it('a click sequence leaves at most one entry open', () => {
    let open: string | null = null;
    for (const id of ['2024', '2025', '2025', '2026']) open = toggleSingle(open, id);
    expect(open).toBe('2026');
  });
});

describe('toggleMany (several open)', () => {
  it('adds a closed entry and keeps the others open', () => {
    expect(toggleMany(['a'], 'b')).toEqual(['a', 'b']);
  });

  it('removes an open entry and keeps the others', () => {
    expect(toggleMany(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('opens from empty and closes back to empty', () => {
    expect(toggleMany([], 'faq-1')).toEqual(['faq-1']);
    expect(toggleMany(['faq-1'], 'faq-1')).toEqual([]);
  });

  it('returns a new array and leaves the input untouched', () => {
    const input = ['a'] as const;
    const next = toggleMany(input, 'b');
    expect(next).not.toBe(input);
    expect(input).toEqual(['a']);
  });
});

describe('isOpen', () => {
  it('reads single and many states', () => {
    expect(isOpen('a', 'a')).toBe(true);
    expect(isOpen('a', 'b')).toBe(false);
    expect(isOpen<string>(null, 'a')).toBe(false);
    expect(isOpen(['a', 'b'], 'b')).toBe(true);
    expect(isOpen(['a', 'b'], 'c')).toBe(false);
  });
});
