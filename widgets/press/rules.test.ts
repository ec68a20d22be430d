import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  DEFAULT_OUTLET_TYPE,
  EMPTY_PRESS_FILTER,
  OUTLET_TYPES,
  PRESS_EMPTY_HINT_FILTERED,
  PRESS_EMPTY_HINT_NONE,
  PRESS_EMPTY_TITLE,
  PRESS_FORM_NOTICE,
  PRESS_TITLE_REQUIRED,
  PRESS_URL_INVALID,
  PRESS_URL_REQUIRED,
  filterPress,
  mergePress,
  hasActivePressFilter,
  isWebUrl,
  pressDisplayDate,
  pressEmptyState,
  sortPress,
  validatePressForm,
  yearOptions,
  type PressFilter,
  type PressItem,
} from './rules';
import { PRESS_EXCERPT_MAX, PRESS_MESSAGES, PRESS_SOURCE_MAX, PRESS_TITLE_MAX, PRESS_URL_MAX } from '../../shared/pressItems';

const root = new URL('../../', import.meta.url);
const readData = <T>(name: string): T => JSON.parse(readFileSync(new URL(`site/_data/${name}.json`, root), 'utf8')) as T;
const press = readData<PressItem[]>('press');
const pressMeta = readData<{ outletTypes: string[] }>('pressMeta');
const company = readData<Record<string, unknown>>('company');

function item(overrides: Partial<PressItem> & Pick<PressItem, 'id'>): PressItem {
  return {
    title: `Item ${overrides.id}`,
    source: 'Computerwoche',
    outlet_type: 'Online magazine',
    date: '2024-10-17',
    url: 'https://www.computerwoche.de/article/x',
    excerpt: '',
    ...overrides,
  };
}

const f = (partial: Partial<PressFilter>): PressFilter => ({ ...EMPTY_PRESS_FILTER, ...partial });
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('messages', () => {
  it('the form says what adding does: the SPEC\'s in-memory form is a staff tool that stores (DESIGN)', () => {
    expect(PRESS_FORM_NOTICE).toMatch(/saved/);
    expect(PRESS_FORM_NOTICE).not.toMatch(/not saved|backend/);
    expect(PRESS_FORM_NOTICE).toMatch(/every visitor/);
  });
});

describe('sortPress', () => {
  it('sorts newest first and puts undated and invalid dates last, stable', () => {
    const items = [
      item({ id: 'old', date: '2024-08-29' }),
      item({ id: 'none', date: '' }),
      item({ id: 'new', date: '2025-01-20' }),
      item({ id: 'garbage', date: 'not a date' }),
      item({ id: 'same-a', date: '2024-11-21' }),
      item({ id: 'same-b', date: '2024-11-21' }),
      item({ id: 'spaces', date: '   ' }),
    ];
    expect(ids(sortPress(items))).toEqual(['new', 'same-a', 'same-b', 'old', 'none', 'garbage', 'spaces']);
  });

  it('does not modify its input', () => {
    const items = [item({ id: 'a', date: '2024-01-01' }), item({ id: 'b', date: '2025-01-01' })];
    sortPress(items);
    expect(ids(items)).toEqual(['a', 'b']);
  });

  it('orders same-day timestamps by time', () => {
    const items = [item({ id: 'morning', date: '2024-10-17T08:00:00Z' }), item({ id: 'evening', date: '2024-10-17T18:00:00Z' })];
    expect(ids(sortPress(items))).toEqual(['evening', 'morning']);
  });
});

describe('yearOptions', () => {
  it('lists distinct years newest first and ignores undated items', () => {
    const items = [
      item({ id: '1', date: '2024-08-29' }),
      item({ id: '2', date: '2025-01-20' }),
      item({ id: '3', date: '2024-12-09' }),
      item({ id: '4', date: '' }),
      item({ id: '5', date: 'garbage' }),
      item({ id: '6', date: '2023-03-01' }),
    ];
    expect(yearOptions(items)).toEqual(['2025', '2024', '2023']);
    expect(yearOptions([])).toEqual([]);
    expect(yearOptions([item({ id: 'x', date: '' })])).toEqual([]);
  });

  it('gives 2025 and 2024 for the real data', () => {
    expect(yearOptions(press)).toEqual(['2025', '2024']);
  });
});

describe('filterPress', () => {
  const items = [
    item({ id: 'cw', title: 'Mittelstand BI and data quality', source: 'Computerwoche', date: '2024-10-17' }),
    item({ id: 'mm', title: 'Founders end spreadsheet chaos', source: 'Mannheimer Morgen', date: '2024-11-21' }),
    item({ id: 'pb', title: 'Company founded', source: 'PresseBox', date: '2025-01-20', excerpt: 'computerwoche' }),
    item({ id: 'nd', title: 'Undated talk', source: 'Meetup', date: '' }),
  ];

  it('returns everything without a filter', () => {
    expect(ids(filterPress(items, EMPTY_PRESS_FILTER))).toEqual(['cw', 'mm', 'pb', 'nd']);
  });

  it('searches title or source case-insensitively, trimmed, and not the excerpt', () => {
    expect(ids(filterPress(items, f({ search: 'SPREADSHEET' })))).toEqual(['mm']);
    expect(ids(filterPress(items, f({ search: 'mannheimer' })))).toEqual(['mm']);
    expect(ids(filterPress(items, f({ search: '  presseBOX  ' })))).toEqual(['pb']);
    expect(ids(filterPress(items, f({ search: 'computerwoche' })))).toEqual(['cw']);
    expect(ids(filterPress(items, f({ search: 'found' })))).toEqual(['mm', 'pb']);
    expect(ids(filterPress(items, f({ search: '   ' })))).toEqual(['cw', 'mm', 'pb', 'nd']);
  });

  it('filters by the year of the date; undated items never match a year', () => {
    expect(ids(filterPress(items, f({ year: '2024' })))).toEqual(['cw', 'mm']);
    expect(ids(filterPress(items, f({ year: '2025' })))).toEqual(['pb']);
    expect(ids(filterPress(items, f({ year: '2023' })))).toEqual([]);
    expect(ids(filterPress(items, f({ year: 'null' })))).toEqual([]);
  });

  it('combines search and year', () => {
    expect(ids(filterPress(items, f({ search: 'found', year: '2025' })))).toEqual(['pb']);
    expect(ids(filterPress(items, f({ search: 'computerwoche', year: '2025' })))).toEqual([]);
  });
});

describe('empty state', () => {
  it('shows the filter hint only when a filter is active', () => {
    expect(pressEmptyState(EMPTY_PRESS_FILTER)).toEqual({ title: PRESS_EMPTY_TITLE, hint: PRESS_EMPTY_HINT_NONE });
    expect(pressEmptyState(f({ search: '  ' }))).toEqual({ title: PRESS_EMPTY_TITLE, hint: PRESS_EMPTY_HINT_NONE });
    expect(pressEmptyState(f({ search: 'x' })).hint).toBe(PRESS_EMPTY_HINT_FILTERED);
    expect(pressEmptyState(f({ year: '2024' })).hint).toBe(PRESS_EMPTY_HINT_FILTERED);
    expect(hasActivePressFilter(f({ search: 'x', year: '2024' }))).toBe(true);
    expect(hasActivePressFilter(EMPTY_PRESS_FILTER)).toBe(false);
  });
});

describe('pressDisplayDate', () => {
  it('uses the short US format, or the fallback', () => {
    expect(pressDisplayDate({ date: '2025-01-15' })).toBe('Jan 15, 2025');
    expect(pressDisplayDate({ date: '2024-08-01' })).toBe('Aug 1, 2024');
    expect(pressDisplayDate({ date: '' })).toBe('Date not available');
    expect(pressDisplayDate({ date: 'soon' })).toBe('Date not available');
  });
});

describe('isWebUrl and the URL rule', () => {
  it.each([
    'https://www.computerwoche.de/article/2024/10/x.html',
    'http://example.com',
    'HTTPS://EXAMPLE.COM/path?q=1#top',
    'https://example.com:8443/a',
    'https://münchen.de/presse',
  ])('accepts %j', (url) => {
    expect(isWebUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript://example.com/%0Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com/file',
    'mailto:press@example.com',
    '/press/article',
    'article.html',
    '//example.com/article',
    'http//x',
    'http:example.com',
    'https:/example.com',
    'https://',
    'https:// example.com',
    'https://exa mple.com',
    'https://example.com/a b',
    'https://example.com/\n',
    'not a url',
    '',
  ])('rejects %j', (url) => {
    expect(isWebUrl(url)).toBe(false);
  });
});

describe('validatePressForm', () => {
  it('requires title and url, with clear messages', () => {
    expect(validatePressForm({})).toEqual({ ok: false, errors: { title: PRESS_TITLE_REQUIRED, url: PRESS_URL_REQUIRED } });
    expect(validatePressForm({ title: '   ', url: ' \t ' })).toEqual({
      ok: false,
      errors: { title: PRESS_TITLE_REQUIRED, url: PRESS_URL_REQUIRED },
    });
    expect(validatePressForm({ title: 'Launch', url: '' })).toEqual({ ok: false, errors: { url: PRESS_URL_REQUIRED } });
    expect(validatePressForm({ title: '', url: 'https://example.com' })).toEqual({
      ok: false,
      errors: { title: PRESS_TITLE_REQUIRED },
    });
    expect(PRESS_URL_INVALID).toMatch(/http:\/\/ or https:\/\//);
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', '/relative/path', 'http//x', 'ftp://example.com', 'garbage'])(
    'rejects the url %j with the invalid-URL message',
    (url) => {
      const result = validatePressForm({ title: 'Launch', url });
      expect(result.ok).toBe(false);
      expect(result.errors).toEqual({ url: PRESS_URL_INVALID });
      expect(result.item).toBeUndefined();
    },
  );

  it('trims every field and fills defaults for the optional ones', () => {
    const result = validatePressForm({
      title: '  Launch announcement ',
      url: ' https://www.pressebox.de/x ',
      source: ' PresseBox ',
      outlet_type: ' Online newswire ',
      date: ' 2025-01-20 ',
      excerpt: '  Short text.  ',
    });
    expect(result).toEqual({
      ok: true,
      errors: {},
      item: {
        title: 'Launch announcement',
        url: 'https://www.pressebox.de/x',
        source: 'PresseBox',
        outlet_type: 'Online newswire',
        date: '2025-01-20',
        excerpt: 'Short text.',
      },
    });
  });

  it('accepts a form with only title and url', () => {
    const result = validatePressForm({ title: 'Talk', url: 'http://example.com/talk' });
    expect(result.ok).toBe(true);
    expect(result.item).toEqual({
      title: 'Talk',
      url: 'http://example.com/talk',
      source: '',
      outlet_type: DEFAULT_OUTLET_TYPE,
      date: '',
      excerpt: '',
    });
  });

  it('refuses an outlet type that is not one of the eight, a day that does not exist and fields over their length', () => {
    const result = validatePressForm({ title: 'T', url: 'https://x.example', outlet_type: 'Blog', date: '2025-02-30' });
    expect(result).toEqual({ ok: false, errors: { outlet_type: PRESS_MESSAGES.outletInvalid, date: PRESS_MESSAGES.dateInvalid } });
    expect(validatePressForm({ title: 'T', url: 'https://x.example', date: 'tomorrow' }).errors).toEqual({ date: PRESS_MESSAGES.dateInvalid });
    expect(
      validatePressForm({
        title: 'x'.repeat(PRESS_TITLE_MAX + 1),
        url: `https://x.example/${'a'.repeat(PRESS_URL_MAX)}`,
        source: 's'.repeat(PRESS_SOURCE_MAX + 1),
        excerpt: 'e'.repeat(PRESS_EXCERPT_MAX + 1),
      }).errors,
    ).toEqual({
      title: PRESS_MESSAGES.titleTooLong,
      url: PRESS_MESSAGES.urlTooLong,
      source: PRESS_MESSAGES.sourceTooLong,
      excerpt: PRESS_MESSAGES.excerptTooLong,
    });
    // At the limit (counted in characters, not UTF-16 units) is fine.
    expect(validatePressForm({ title: '📰'.repeat(PRESS_TITLE_MAX), url: 'https://x.example' }).ok).toBe(true);
  });

  it('reads a value that is not text as empty', () => {
    expect(validatePressForm({ title: 42 as unknown as string, url: ['https://x.example'] as unknown as string }).errors).toEqual({
      title: PRESS_TITLE_REQUIRED,
      url: PRESS_URL_REQUIRED,
    });
  });
});

describe('mergePress', () => {
  it('puts the stored items among the built ones newest first, undated last, without an article twice', () => {
    const built = [item({ id: 'b1', date: '2025-01-20', url: 'https://a.example/1' }), item({ id: 'b2', date: '2024-08-29', url: 'https://a.example/2' })];
    const stored = [
      item({ id: 's-undated', date: '', url: 'https://s.example/u' }),
      item({ id: 's-new', date: '2025-03-01', url: 'https://s.example/n' }),
      item({ id: 's-same-day', date: '2025-01-20', url: 'https://s.example/d' }),
      item({ id: 's-copy', date: '2023-01-01', url: 'https://a.example/2' }),
      item({ id: 'b1', date: '2020-01-01', url: 'https://s.example/x' }),
    ];
    expect(ids(mergePress(built, stored))).toEqual(['s-new', 'b1', 's-same-day', 'b2', 's-undated']);
    expect(ids(built)).toEqual(['b1', 'b2']);
    expect(ids(mergePress(built, []))).toEqual(['b1', 'b2']);
  });
});

describe('press.json and pressMeta.json content (SPEC 3, 9)', () => {
  it('lists the eight SPEC outlet types in order, in code and data', () => {
    expect([...OUTLET_TYPES]).toEqual([
      'Online newspaper',
      'Magazine',
      'Online magazine',
      'Journal',
      'Scientific journal',
      'Online newswire',
      'Event',
      'Other',
    ]);
    expect(pressMeta.outletTypes).toEqual([...OUTLET_TYPES]);
  });

  it('has exactly six complete items with unique ids', () => {
    expect(press).toHaveLength(6);
    expect(new Set(press.map((p) => p.id)).size).toBe(6);
    for (const p of press) {
      for (const field of ['id', 'title', 'source', 'outlet_type', 'date', 'url', 'excerpt'] as const) {
        expect(typeof p[field] === 'string' && p[field].trim() !== '', `${p.id}.${field}`).toBe(true);
      }
      expect(Object.keys(p).sort()).toEqual(['date', 'excerpt', 'id', 'outlet_type', 'source', 'title', 'url']);
    }
  });

  it('dates every item between August 2024 and January 2025 as YYYY-MM-DD', () => {
    for (const p of press) {
      expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(pressDisplayDate(p)).not.toBe('Date not available');
      expect(p.date >= '2024-08-01' && p.date <= '2025-01-31', p.date).toBe(true);
    }
    const months = new Set(press.map((p) => p.date.slice(0, 7)));
    expect(months.has('2024-08')).toBe(true);
    expect(months.has('2025-01')).toBe(true);
  });

  it('uses valid outlet types and https URLs that pass the form rule', () => {
    for (const p of press) {
      expect(OUTLET_TYPES).toContain(p.outlet_type);
      expect(p.url.startsWith('https://')).toBe(true);
      expect(isWebUrl(p.url)).toBe(true);
      expect(validatePressForm(p).ok).toBe(true);
    }
    expect(new Set(press.map((p) => p.outlet_type)).size).toBeGreaterThanOrEqual(4);
  });

  it('is a valid input for sort and filter', () => {
    const sorted = sortPress(press);
    expect(sorted[0]?.date.startsWith('2025-01')).toBe(true);
    expect(sorted.at(-1)?.date.startsWith('2024-08')).toBe(true);
    expect(filterPress(press, f({ year: '2025' }))).toHaveLength(1);
  });

  it('writes company facts only as placeholders that resolve in company.json', () => {
    const text = JSON.stringify(press.map(({ url: _url, ...rest }) => rest));
    for (const match of text.matchAll(/\{company\.([a-zA-Z0-9_.]+)\}/g)) {
      const value = match[1]!.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], company);
      expect(typeof value === 'string' || typeof value === 'number', match[0]).toBe(true);
    }
    expect(text).not.toContain('DataClarity');
  });
});
