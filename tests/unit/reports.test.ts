import { describe, it, expect } from 'vitest';
import siteReports from '../../site/_data/reports.json';
import { loadConfig } from '../../server/config';
import { DEFAULT_ALLOWED_HOSTS } from '../../shared/embed';
import { DASHBOARD_LOAD_TIMEOUT_MS, initialIndex, parseReports } from '../../widgets/lib/reports';
import { tabKeyTarget } from '../../widgets/lib/tabKeys';
import { SPEC_REPORT_TITLES } from '../support/specReports';

const item = (over: Record<string, unknown> = {}) => ({
  id: 'overview',
  title: 'Overview',
  iframeHtml: '<iframe src="https://app.powerbi.com/view?r=x"></iframe>',
  category: 'Finance',
  lastUpdated: '2025-03-10',
  ...over,
});

describe('parseReports', () => {
  it('reads the site data: six Finance reports in the spec order, Overview first', () => {
    const result = parseReports(siteReports);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toEqual([]);
    expect(result.reports.map((r) => r.title)).toEqual(SPEC_REPORT_TITLES);
    expect(new Set(result.reports.map((r) => r.category))).toEqual(new Set(['Finance']));
  });

  it('accepts JSON text, an array, or an object with a reports array', () => {
    const expected = [{ ...item(), description: '' }];
    for (const input of [JSON.stringify([item()]), [item()], { reports: [item()] }, JSON.stringify({ reports: [item()] })]) {
      expect(parseReports(input)).toEqual({ ok: true, reports: expected, warnings: [] });
    }
  });

  it('accepts an empty list (the element shows "No reports to show")', () => {
    expect(parseReports('[]')).toEqual({ ok: true, reports: [], warnings: [] });
  });

  it.each<[string, unknown, RegExp]>([
    ['empty text', '   ', /empty/],
    ['unparseable text', '[{"id":', /cannot be parsed/],
    ['a number', 42, /must be an array/],
    ['null', null, /must be an array/],
    ['an object without reports', { items: [] }, /must be an array/],
    ['reports that is not an array', { reports: 'x' }, /must be an array/],
  ])('rejects %s with a message', (_name, input, message) => {
    const result = parseReports(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('skips entries that are not objects or have no title, with warnings', () => {
    const result = parseReports([null, 'x', [], item({ title: '  ' }), item({ title: 7 }), item()]);
    expect(result.ok && result.reports.map((r) => r.id)).toEqual(['overview']);
    expect(result.warnings).toHaveLength(5);
    expect(result.warnings.every((w) => w.startsWith('dc-dashboard-gallery:'))).toBe(true);
  });

  it('derives a missing or unusable id from the title and makes duplicates unique', () => {
    const result = parseReports([
      item({ id: undefined, title: 'Expense & Cost Control' }),
      item({ id: 'bad id with spaces', title: 'Ümsatz Übersicht' }),
      item({ id: '<script>', title: '!!!' }),
      item({ id: 'overview' }),
      item({ id: 'overview' }),
    ]);
    expect(result.ok && result.reports.map((r) => r.id)).toEqual([
      'expense-cost-control',
      'umsatz-ubersicht',
      'report-3',
      'overview',
      'overview-2',
    ]);
    expect(result.warnings).toHaveLength(3);
  });

  it('keeps a missing or hostile snippet as text (validated later, per tab) and defaults optional fields', () => {
    const result = parseReports([{ title: 'T', iframeHtml: 5 }, { title: 'U', iframeHtml: '<script>alert(1)</script>' }]);
    expect(result.ok && result.reports).toEqual([
      { id: 't', title: 'T', iframeHtml: '', category: '', lastUpdated: '', description: '' },
      { id: 'u', title: 'U', iframeHtml: '<script>alert(1)</script>', category: '', lastUpdated: '', description: '' },
    ]);
  });
});

describe('tabKeyTarget (WAI-ARIA tabs)', () => {
  it.each<[string, number, number | null]>([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 5, 0],
    ['ArrowLeft', 0, 5],
    ['ArrowLeft', 3, 2],
    ['Home', 4, 0],
    ['End', 1, 5],
    ['Enter', 2, null],
    ['ArrowDown', 2, null],
    ['a', 2, null],
  ])('%s from tab %i of 6 goes to %s', (key, index, expected) => {
    expect(tabKeyTarget(key, index, 6, 'horizontal')).toBe(expected);
  });

  it('handles one tab, no tabs and an out-of-range index', () => {
    expect(tabKeyTarget('ArrowRight', 0, 1, 'horizontal')).toBe(0);
    expect(tabKeyTarget('ArrowRight', 0, 0, 'horizontal')).toBeNull();
    expect(tabKeyTarget('ArrowRight', 9, 3, 'horizontal')).toBe(0);
    expect(tabKeyTarget('ArrowLeft', -4, 3, 'horizontal')).toBe(2);
    expect(tabKeyTarget('ArrowRight', Number.NaN, 3, 'horizontal')).toBe(1);
  });
});

describe('initialIndex', () => {
  const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('selects the first report unless a known id is asked for', () => {
    expect(initialIndex(list, undefined)).toBe(0);
    expect(initialIndex(list, '')).toBe(0);
    expect(initialIndex(list, 'c')).toBe(2);
    expect(initialIndex(list, 'zzz')).toBe(0);
    expect(initialIndex([], 'a')).toBe(0);
  });
});

describe('load timeout and CSP', () => {
  it('gives a frame a sensible time to load (Power BI is slow on first load, users are not patient)', () => {
    expect(DASHBOARD_LOAD_TIMEOUT_MS).toBeGreaterThanOrEqual(10_000);
    expect(DASHBOARD_LOAD_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
  });

  it('the server CSP frame-src allows every default Power BI host', () => {
    const { frameSources } = loadConfig({});
    for (const host of DEFAULT_ALLOWED_HOSTS) expect(frameSources).toContain(`https://${host}`);
  });
});
