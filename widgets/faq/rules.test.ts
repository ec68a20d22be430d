import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  DEFAULT_FAQ_FILTER,
  FAQ_ALL,
  FAQ_CATEGORIES,
  FAQ_TOPICS,
  categoryCounts,
  filterFaq,
  type FaqEntry,
  type FaqFilter,
} from './rules';

const root = new URL('../../', import.meta.url);
const faq = JSON.parse(readFileSync(new URL('site/_data/faq.json', root), 'utf8')) as {
  categories: string[];
  entries: FaqEntry[];
};

const ENTRIES: FaqEntry[] = [
  { id: 's1', category: 'Strategy Analysis', question: 'How long does it take?', answer: 'One to two weeks.' },
  { id: 'c1', category: 'Data Cleanup', question: 'Is our data safe?', answer: 'We follow the GDPR.' },
  { id: 'd1', category: 'PowerBI Dashboard', question: 'Do you offer Training?', answer: 'Yes, for every project.' },
  { id: 'r1', category: 'Reporting Solution', question: 'How often?', answer: 'Daily, weekly or monthly.' },
  { id: 'd2', category: 'PowerBI Dashboard', question: 'Which licences?', answer: 'Power BI Pro is enough, mostly.' },
];

const f = (partial: Partial<FaqFilter>): FaqFilter => ({ ...DEFAULT_FAQ_FILTER, ...partial });
const ids = (entries: { id: string }[]) => entries.map((e) => e.id);

describe('fixed texts', () => {
  it('lists the category chips with All first', () => {
    expect([...FAQ_CATEGORIES]).toEqual([
      'All',
      'Strategy Analysis',
      'Data Cleanup',
      'PowerBI Dashboard',
      'Reporting Solution',
    ]);
  });
});

describe('filterFaq', () => {
  it('returns every entry for All and for an empty category', () => {
    expect(ids(filterFaq(ENTRIES, DEFAULT_FAQ_FILTER))).toEqual(['s1', 'c1', 'd1', 'r1', 'd2']);
    expect(ids(filterFaq(ENTRIES, { search: '', category: '' }))).toEqual(['s1', 'c1', 'd1', 'r1', 'd2']);
  });

  it('filters by category exactly', () => {
    expect(ids(filterFaq(ENTRIES, f({ category: 'PowerBI Dashboard' })))).toEqual(['d1', 'd2']);
    expect(ids(filterFaq(ENTRIES, f({ category: 'Data Cleanup' })))).toEqual(['c1']);
    expect(filterFaq(ENTRIES, f({ category: 'powerbi dashboard' }))).toEqual([]);
    expect(filterFaq(ENTRIES, f({ category: 'all' }))).toEqual([]);
  });

  it('searches question and answer case-insensitively', () => {
    expect(ids(filterFaq(ENTRIES, f({ search: 'training' })))).toEqual(['d1']);
    expect(ids(filterFaq(ENTRIES, f({ search: 'gdpr' })))).toEqual(['c1']);
    expect(ids(filterFaq(ENTRIES, f({ search: 'WEEKLY' })))).toEqual(['r1']);
    expect(ids(filterFaq(ENTRIES, f({ search: 'how' })))).toEqual(['s1', 'r1']);
  });

  it('trims the search; spaces only mean no search', () => {
    expect(ids(filterFaq(ENTRIES, f({ search: '  power bi pro  ' })))).toEqual(['d2']);
    expect(filterFaq(ENTRIES, f({ search: '   ' }))).toHaveLength(ENTRIES.length);
  });

  it('does not search the category name', () => {
    expect(filterFaq(ENTRIES, f({ search: 'Reporting Solution' }))).toEqual([]);
  });

  it('combines search and category', () => {
    expect(ids(filterFaq(ENTRIES, f({ search: 'how', category: 'Reporting Solution' })))).toEqual(['r1']);
    expect(filterFaq(ENTRIES, f({ search: 'gdpr', category: 'PowerBI Dashboard' }))).toEqual([]);
    expect(filterFaq(ENTRIES, f({ search: 'nothing like this' }))).toEqual([]);
  });

  it('counts matches per chip', () => {
    expect(categoryCounts(ENTRIES, '')).toEqual({
      All: 5,
      'Strategy Analysis': 1,
      'Data Cleanup': 1,
      'PowerBI Dashboard': 2,
      'Reporting Solution': 1,
    });
    expect(categoryCounts(ENTRIES, 'how')).toMatchObject({ [FAQ_ALL]: 2, 'PowerBI Dashboard': 0, 'Strategy Analysis': 1 });
  });
});

describe('faq.json content (SPEC 2.16, 9)', () => {
  const entries = faq.entries;
  const answerOf = (pattern: RegExp) => entries.filter((e) => pattern.test(`${e.question} ${e.answer}`));

  it('has the four categories, in SPEC order, and ten complete entries', () => {
    expect(faq.categories).toEqual([...FAQ_TOPICS]);
    expect(entries).toHaveLength(10);
    expect(new Set(entries.map((e) => e.id)).size).toBe(10);
    for (const entry of entries) {
      expect(entry.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(FAQ_TOPICS).toContain(entry.category);
      expect(entry.question.trim().endsWith('?')).toBe(true);
      expect(entry.answer.trim().length).toBeGreaterThan(60);
    }
  });

  it('covers every category', () => {
    for (const topic of FAQ_TOPICS) {
      expect(filterFaq(entries, { search: '', category: topic }).length, topic).toBeGreaterThanOrEqual(2);
    }
  });

  it('states the named facts', () => {
    const strategy = answerOf(/1-2 weeks/);
    expect(strategy.map((e) => e.category)).toContain('Strategy Analysis');
    expect(answerOf(/\btraining\b/i).length).toBeGreaterThan(0);
    const sensitive = answerOf(/\bGDPR\b/);
    expect(sensitive.some((e) => /\bHIPAA\b/.test(e.answer))).toBe(true);
    expect(filterFaq(entries, { search: 'daily, weekly or monthly', category: 'Reporting Solution' })).toHaveLength(1);
    expect(filterFaq(entries, { search: 'training', category: FAQ_ALL }).length).toBeGreaterThan(0);
  });
});
