import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { jobPagePath, mailtoAddress, openPositionsLabel, parseJobData } from '../../widgets/careers/rules';
import { DataShapeError, expectStringArray, expectText, expectUniqueIds, optionalString } from '../../widgets/lib/dataShape';
import { FAQ_TOPICS, groupByTopic, parseFaqData, topicSlug } from '../../widgets/faq/rules';
import { DEFAULT_OUTLET_TYPE, parsePressItems } from '../../widgets/press/rules';

/**
 * The checks the islands run on the JSON they fetch (/data/jobs.json, press.json, faq.json) and the
 * helpers the pages and islands share. The real data files must pass them (the build uses them too).
 */
const read = (name: string) => JSON.parse(readFileSync(new URL(`../../site/_data/${name}.json`, import.meta.url), 'utf8')) as unknown;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('dataShape', () => {
  it('names the path of the bad field', () => {
    expect(() => expectText('  ', 'a.b')).toThrow(new DataShapeError('a.b must not be empty'));
    expect(() => expectText(3, 'a.b')).toThrow('a.b must be a string');
    expect(() => expectStringArray(['x', 1], 'list')).toThrow('list[1] must be a string');
    expect(() => expectStringArray('x', 'list')).toThrow('list must be an array');
    expect(() => expectUniqueIds(['a', 'b', 'a'], 'items')).toThrow("items: the id 'a' occurs more than once");
  });

  it('treats a missing or null optional string as empty', () => {
    expect(optionalString(undefined, 'x')).toBe('');
    expect(optionalString(null, 'x')).toBe('');
    expect(optionalString('v', 'x')).toBe('v');
    expect(() => optionalString(5, 'x')).toThrow('x must be a string');
  });
});

describe('parseJobData', () => {
  const jobs = read('jobs') as { departments: { jobs: Record<string, unknown>[] }[] };

  it('accepts jobs.json: five departments, nine jobs, each posted on a real date', () => {
    const departments = parseJobData(jobs);
    expect(departments).toHaveLength(5);
    const all = departments.flatMap((d) => d.jobs);
    expect(all).toHaveLength(9);
    for (const job of all) expect(job.datePosted).toMatch(/^2025-\d{2}-\d{2}$/);
  });

  it('rejects a missing field, a wrong type and a repeated id, naming the field', () => {
    const noTitle = clone(jobs);
    delete noTitle.departments[1]!.jobs[0]!.title;
    expect(() => parseJobData(noTitle)).toThrow('departments[1].jobs[0].title must be a string');

    const badList = clone(jobs);
    badList.departments[0]!.jobs[2]!.benefits = 'free coffee';
    expect(() => parseJobData(badList)).toThrow('departments[0].jobs[2].benefits must be an array');

    const twice = clone(jobs);
    twice.departments[4]!.jobs[0]!.id = twice.departments[0]!.jobs[0]!.id;
    expect(() => parseJobData(twice)).toThrow(/occurs more than once/);

    expect(() => parseJobData([])).toThrow('jobs must be an object');
    expect(() => parseJobData({ departments: {} })).toThrow('departments must be an array');
  });

  it("takes a job id only when it can name the job's page: lower-case words joined by single hyphens", () => {
    const withId = (id: unknown) => {
      const copy = clone(jobs);
      copy.departments[2]!.jobs[1]!.id = id;
      return () => parseJobData(copy);
    };
    for (const id of ['a', '7', 'bi-analyst', 'x1-2b', 'lead-data-engineer-2027']) expect(withId(id)).not.toThrow();
    for (const id of ['Senior', 'two  words', 'two words', '-lead', 'trail-', 'double--hyphen', 'a/b', '../x', 'ümlaut', 'a_b', 'a.b']) {
      expect(withId(id), id).toThrow(`departments[2].jobs[1].id must be lower-case letters and digits joined by single hyphens (it is the job page's address): '${id}'`);
    }
    expect(withId('  ')).toThrow('departments[2].jobs[1].id must not be empty');
    expect(withId(7)).toThrow('departments[2].jobs[1].id must be a string');
  });

  it("gives each job its page's path", () => {
    expect(jobPagePath('senior-power-bi-consultant')).toBe('/career/senior-power-bi-consultant');
    for (const job of parseJobData(jobs).flatMap((d) => d.jobs)) expect(jobPagePath(job.id)).toMatch(/^\/career\/[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('drops a datePosted that is not a real date, and accepts a job without one', () => {
    const data = clone(jobs);
    data.departments[0]!.jobs[0]!.datePosted = '2025-02-30';
    delete data.departments[0]!.jobs[1]!.datePosted;
    const [first] = parseJobData(data);
    expect(first!.jobs[0]!.datePosted).toBe('');
    expect(first!.jobs[1]!.datePosted).toBe('');
  });

  it('does not keep unknown fields', () => {
    const data = clone(jobs);
    data.departments[0]!.jobs[0]!.salaryHack = '<script>';
    expect(parseJobData(data)[0]!.jobs[0]).not.toHaveProperty('salaryHack');
  });
});

describe('openPositionsLabel and mailtoAddress', () => {
  it('counts in singular and plural', () => {
    expect(openPositionsLabel(0)).toBe('0 open positions');
    expect(openPositionsLabel(1)).toBe('1 open position');
    expect(openPositionsLabel(9)).toBe('9 open positions');
  });

  it('links an address without letting it add headers', () => {
    expect(mailtoAddress('miriam.hoffmann@dataclarity.de')).toBe('mailto:miriam.hoffmann@dataclarity.de');
    expect(mailtoAddress(' a@b.de ')).toBe('mailto:a@b.de');
    const hostile = mailtoAddress('x@y.de?bcc=evil@z.de&subject=hi#frag');
    expect(hostile).not.toMatch(/[?&#]/);
    expect(new URL(hostile).search).toBe('');
  });
});

describe('parsePressItems', () => {
  const press = read('press') as Record<string, unknown>[];

  it('accepts press.json', () => {
    expect(parsePressItems(press)).toHaveLength(6);
  });

  it('fills missing optional fields and maps an unknown outlet type to Other', () => {
    const [item] = parsePressItems([{ id: 'a', title: 'T', url: 'https://example.com', outlet_type: 'Blog', source: null }]);
    expect(item).toEqual({ id: 'a', title: 'T', source: '', outlet_type: DEFAULT_OUTLET_TYPE, date: '', url: 'https://example.com', excerpt: '' });
  });

  it('refuses a url that is not an absolute http(s) address', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '/press', 'ftp://example.com/x']) {
      expect(() => parsePressItems([{ id: 'a', title: 'T', url }])).toThrow('press[0].url must be an absolute http(s) URL');
    }
  });

  it('refuses a missing title, a non-array feed and repeated ids', () => {
    expect(() => parsePressItems([{ id: 'a', url: 'https://x.de' }])).toThrow('press[0].title must be a string');
    expect(() => parsePressItems({ items: [] })).toThrow('press must be an array');
    expect(() => parsePressItems([press[0], press[0]])).toThrow(/occurs more than once/);
  });
});

describe('parseFaqData, groupByTopic, topicSlug', () => {
  const faq = read('faq') as { entries: Record<string, unknown>[] };

  it('accepts faq.json and groups its ten entries by the four topics in order', () => {
    const entries = parseFaqData(faq);
    expect(entries).toHaveLength(10);
    const groups = groupByTopic(entries);
    expect(groups.map((g) => g.topic)).toEqual([...FAQ_TOPICS]);
    expect(groups.reduce((sum, g) => sum + g.entries.length, 0)).toBe(10);
  });

  it('leaves out topics without entries and keeps the entry order', () => {
    const entries = [
      { id: 'b', category: 'Reporting Solution' },
      { id: 'a', category: 'Strategy Analysis' },
      { id: 'c', category: 'Reporting Solution' },
    ];
    expect(groupByTopic(entries)).toEqual([
      { topic: 'Strategy Analysis', entries: [entries[1]] },
      { topic: 'Reporting Solution', entries: [entries[0], entries[2]] },
    ]);
    expect(groupByTopic([])).toEqual([]);
  });

  it('refuses an unknown category, a missing question and repeated ids', () => {
    const unknown = clone(faq);
    unknown.entries[3]!.category = 'Pricing';
    expect(() => parseFaqData(unknown)).toThrow(/entries\[3\]\.category must be one of Strategy Analysis/);
    const noQuestion = clone(faq);
    delete noQuestion.entries[0]!.question;
    expect(() => parseFaqData(noQuestion)).toThrow('entries[0].question must be a string');
    const twice = clone(faq);
    twice.entries[1]!.id = twice.entries[0]!.id;
    expect(() => parseFaqData(twice)).toThrow(/occurs more than once/);
  });

  it('turns a topic into an id fragment', () => {
    expect(FAQ_TOPICS.map(topicSlug)).toEqual(['strategy-analysis', 'data-cleanup', 'powerbi-dashboard', 'reporting-solution']);
    expect(topicSlug('  Q&A: Power BI! ')).toBe('q-a-power-bi');
  });
});
