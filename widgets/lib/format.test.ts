import { describe, expect, it } from 'vitest';
import { formatShortDate, parseDate, yearOf } from './format';

describe('formatShortDate', () => {
  it('formats as short US dates in UTC', () => {
    expect(formatShortDate('2025-01-15')).toBe('Jan 15, 2025');
    expect(formatShortDate('2024-12-31')).toBe('Dec 31, 2024');
    expect(formatShortDate('2025-01-01T00:30:00+02:00')).toBe('Dec 31, 2024');
  });

  it('gives what Intl.DateTimeFormat en-US gives, every day from 1999 to 2031', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let time = Date.UTC(1999, 0, 1); time <= Date.UTC(2031, 11, 31); time += 86_400_000) {
      const iso = new Date(time).toISOString();
      expect(formatShortDate(iso.slice(0, 10)), iso).toBe(intl.format(time));
    }
  });

  it('says "Date not available" for missing or invalid dates', () => {
    for (const value of [undefined, null, '', '   ', 'soon', '2025-02-30', '2025-13-01', '2025-00-10']) {
      expect(formatShortDate(value)).toBe('Date not available');
    }
    expect(formatShortDate('', 'n/a')).toBe('n/a');
  });
});

describe('parseDate and yearOf', () => {
  it('accepts real calendar days only', () => {
    expect(parseDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseDate('2025-02-29')).toBeNull();
    expect(parseDate(' 2025-03-01 ')?.getUTCDate()).toBe(1);
  });

  it('gives the UTC year or null', () => {
    expect(yearOf('2025-01-15')).toBe(2025);
    expect(yearOf('nope')).toBeNull();
  });
});
