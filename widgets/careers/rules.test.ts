import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  ALL_DEPARTMENTS_LABEL,
  ALL_EMPLOYMENT_TYPES_LABEL,
  ALL_LOCATIONS_LABEL,
  APPLICANT_NAME_PLACEHOLDER,
  CLOSED_CAREERS,
  EMPLOYMENT_TYPES,
  EMPTY_JOB_FILTER,
  JOB_LOCATIONS,
  applyBody,
  applySubject,
  buildApplyMailto,
  countJobs,
  departmentOptions,
  employmentTypeOptions,
  filterJobs,
  hasActiveJobFilter,
  locationOptions,
  toggleDepartment,
  toggleJob,
  type Job,
  type JobDepartment,
  type JobFilter,
} from './rules';

const root = new URL('../../', import.meta.url);
const data = JSON.parse(readFileSync(new URL('site/_data/jobs.json', root), 'utf8')) as {
  departments: JobDepartment[];
};
const company = JSON.parse(readFileSync(new URL('site/_data/company.json', root), 'utf8')) as Record<string, unknown>;

function job(overrides: Partial<Job> & Pick<Job, 'id'>): Job {
  return {
    title: `Job ${overrides.id}`,
    location: 'Remote (EU)',
    employmentType: 'Full-time',
    description: 'A description.',
    responsibilities: [],
    requirements: { mustHave: [], niceToHave: [] },
    benefits: [],
    application: { hrName: 'Miriam Hoffmann', hrTitle: 'Head of People', hrEmail: 'miriam.hoffmann@dataclarity.de' },
    ...overrides,
  };
}

const DEPARTMENTS: JobDepartment[] = [
  {
    id: 'data',
    name: 'Data',
    summary: 'Data team.',
    jobs: [
      job({ id: 'd1', title: 'Power BI Consultant', description: 'Build DAX measures.', location: 'Hybrid (Berlin)' }),
      job({ id: 'd2', title: 'Data Analyst', description: 'Work with SQL and Power BI.', employmentType: 'Part-time' }),
    ],
  },
  {
    id: 'eng',
    name: 'Engineering',
    summary: 'Engineering team.',
    jobs: [job({ id: 'e1', title: 'Data Engineer', description: 'Azure pipelines.', location: 'Hybrid (Berlin)' })],
  },
  { id: 'empty', name: 'Empty', summary: 'No openings.', jobs: [] },
];

const f = (partial: Partial<JobFilter>): JobFilter => ({ ...EMPTY_JOB_FILTER, ...partial });
const ids = (departments: { jobs: { id: string }[] }[]) => departments.flatMap((d) => d.jobs.map((j) => j.id));

describe('filterJobs', () => {
  it('returns every department with jobs when no filter is set, dropping empty departments', () => {
    const result = filterJobs(DEPARTMENTS, EMPTY_JOB_FILTER);
    expect(result.map((d) => d.id)).toEqual(['data', 'eng']);
    expect(ids(result)).toEqual(['d1', 'd2', 'e1']);
  });

  it('searches title and description case-insensitively', () => {
    expect(ids(filterJobs(DEPARTMENTS, f({ search: 'power bi' })))).toEqual(['d1', 'd2']);
    expect(ids(filterJobs(DEPARTMENTS, f({ search: 'AZURE' })))).toEqual(['e1']);
    expect(ids(filterJobs(DEPARTMENTS, f({ search: 'dAx' })))).toEqual(['d1']);
    expect(ids(filterJobs(DEPARTMENTS, f({ search: 'Engineer' })))).toEqual(['e1']);
  });

  it('trims the search and treats spaces only as no search', () => {
    expect(ids(filterJobs(DEPARTMENTS, f({ search: '  azure \t' })))).toEqual(['e1']);
    expect(ids(filterJobs(DEPARTMENTS, f({ search: '   ' })))).toEqual(['d1', 'd2', 'e1']);
  });

  it('does not search the department name or other fields', () => {
    expect(filterJobs(DEPARTMENTS, f({ search: 'Engineering team' }))).toEqual([]);
    expect(filterJobs(DEPARTMENTS, f({ search: 'Hybrid' }))).toEqual([]);
  });

  it('filters by department id, location and employment type exactly', () => {
    expect(ids(filterJobs(DEPARTMENTS, f({ department: 'eng' })))).toEqual(['e1']);
    expect(filterJobs(DEPARTMENTS, f({ department: 'Engineering' }))).toEqual([]);
    expect(ids(filterJobs(DEPARTMENTS, f({ location: 'Hybrid (Berlin)' })))).toEqual(['d1', 'e1']);
    expect(ids(filterJobs(DEPARTMENTS, f({ employmentType: 'Part-time' })))).toEqual(['d2']);
    expect(filterJobs(DEPARTMENTS, f({ employmentType: 'part-time' }))).toEqual([]);
  });

  it('combines all filters with AND and drops departments left empty', () => {
    expect(ids(filterJobs(DEPARTMENTS, f({ search: 'data', location: 'Hybrid (Berlin)' })))).toEqual(['e1']);
    expect(ids(filterJobs(DEPARTMENTS, f({ search: 'data', department: 'data', employmentType: 'Full-time' })))).toEqual(
      [],
    );
    const result = filterJobs(DEPARTMENTS, f({ location: 'Remote (EU)' }));
    expect(result.map((d) => d.id)).toEqual(['data']);
    expect(filterJobs(DEPARTMENTS, f({ search: 'astronaut' }))).toEqual([]);
  });

  it('keeps the department fields and does not modify the input', () => {
    const before = JSON.stringify(DEPARTMENTS);
    const [first] = filterJobs(DEPARTMENTS, f({ search: 'consultant' }));
    expect(first).toMatchObject({ id: 'data', name: 'Data', summary: 'Data team.' });
    expect(first?.jobs).toHaveLength(1);
    expect(JSON.stringify(DEPARTMENTS)).toBe(before);
    expect(DEPARTMENTS[0]?.jobs).toHaveLength(2);
  });

  it('counts jobs and knows when a filter is active', () => {
    expect(countJobs(DEPARTMENTS)).toBe(3);
    expect(countJobs(filterJobs(DEPARTMENTS, f({ location: 'Hybrid (Berlin)' })))).toBe(2);
    expect(hasActiveJobFilter(EMPTY_JOB_FILTER)).toBe(false);
    expect(hasActiveJobFilter(f({ search: '  ' }))).toBe(false);
    expect(hasActiveJobFilter(f({ search: 'x' }))).toBe(true);
    expect(hasActiveJobFilter(f({ department: 'eng' }))).toBe(true);
    expect(hasActiveJobFilter(f({ location: 'Remote (EU)' }))).toBe(true);
    expect(hasActiveJobFilter(f({ employmentType: 'Part-time' }))).toBe(true);
  });
});

describe('dropdown options', () => {
  it('lists departments with jobs, in data order, after the "all" entry', () => {
    expect(departmentOptions(DEPARTMENTS)).toEqual([
      { value: '', label: ALL_DEPARTMENTS_LABEL },
      { value: 'data', label: 'Data' },
      { value: 'eng', label: 'Engineering' },
    ]);
  });

  it('lists only the locations and types that occur, in canonical order, without duplicates', () => {
    expect(locationOptions(DEPARTMENTS)).toEqual([
      { value: '', label: ALL_LOCATIONS_LABEL },
      { value: 'Remote (EU)', label: 'Remote (EU)' },
      { value: 'Hybrid (Berlin)', label: 'Hybrid (Berlin)' },
    ]);
    const fullTimeOnly = [{ id: 'x', name: 'X', summary: '', jobs: [job({ id: 'x1' }), job({ id: 'x2' })] }];
    expect(employmentTypeOptions(fullTimeOnly)).toEqual([
      { value: '', label: ALL_EMPLOYMENT_TYPES_LABEL },
      { value: 'Full-time', label: 'Full-time' },
    ]);
    expect(locationOptions([])).toEqual([{ value: '', label: ALL_LOCATIONS_LABEL }]);
  });

  it('appends unknown values alphabetically after the canonical ones', () => {
    const odd = [
      {
        id: 'x',
        name: 'X',
        summary: '',
        jobs: [
          job({ id: 'x1', location: 'Zurich' as Job['location'] }),
          job({ id: 'x2', location: 'Hybrid (Berlin)' }),
          job({ id: 'x3', location: 'Amsterdam' as Job['location'] }),
        ],
      },
    ];
    expect(locationOptions(odd).map((o) => o.value)).toEqual(['', 'Hybrid (Berlin)', 'Amsterdam', 'Zurich']);
  });

  it('derives all options from the real data', () => {
    expect(departmentOptions(data.departments).map((o) => o.label)).toEqual([
      ALL_DEPARTMENTS_LABEL,
      'Data & Analytics',
      'Engineering',
      'Business & Operations',
      'Client Success',
      'Marketing',
    ]);
    expect(locationOptions(data.departments).map((o) => o.value)).toEqual(['', ...JOB_LOCATIONS]);
    expect(employmentTypeOptions(data.departments).map((o) => o.value)).toEqual(['', ...EMPLOYMENT_TYPES]);
  });
});

describe('expand and collapse (SPEC 4)', () => {
  it('keeps at most one department open and clears open jobs when it changes', () => {
    let state = toggleDepartment(CLOSED_CAREERS, 'data');
    expect(state).toEqual({ department: 'data', jobs: [] });
    state = toggleJob(state, 'd1');
    state = toggleJob(state, 'd2');
    expect(state).toEqual({ department: 'data', jobs: ['d1', 'd2'] });
    state = toggleDepartment(state, 'eng');
    expect(state).toEqual({ department: 'eng', jobs: [] });
    state = toggleDepartment(toggleJob(state, 'e1'), 'eng');
    expect(state).toEqual({ department: null, jobs: [] });
  });

  it('toggles a job off on a second click without touching the others', () => {
    const state = toggleJob(toggleJob(toggleJob(CLOSED_CAREERS, 'a'), 'b'), 'a');
    expect(state.jobs).toEqual(['b']);
    expect(CLOSED_CAREERS.jobs).toEqual([]);
  });
});

/** Parses a mailto link the way a mail client does: address, then the query as form fields. */
function parseMailto(link: string) {
  const url = new URL(link);
  const params = new URLSearchParams(url.search);
  return {
    protocol: url.protocol,
    to: decodeURIComponent(url.pathname),
    keys: [...params.keys()],
    subjects: params.getAll('subject'),
    bodies: params.getAll('body'),
    hash: url.hash,
  };
}

const HR = { hrName: 'Miriam Hoffmann', hrTitle: 'Head of People', hrEmail: 'miriam.hoffmann@dataclarity.de' };

describe('buildApplyMailto', () => {
  it('builds the subject, greeting, interest statement and name placeholder', () => {
    const link = buildApplyMailto(job({ id: 'j', title: 'Senior Power BI Consultant', application: HR }));
    expect(link.startsWith('mailto:miriam.hoffmann@dataclarity.de?subject=')).toBe(true);
    const parsed = parseMailto(link);
    expect(parsed.to).toBe('miriam.hoffmann@dataclarity.de');
    expect(parsed.keys).toEqual(['subject', 'body']);
    expect(parsed.subjects).toEqual(['Application for Senior Power BI Consultant Position']);
    const body = parsed.bodies[0] ?? '';
    expect(body.startsWith('Dear Miriam Hoffmann,\r\n')).toBe(true);
    expect(body).toContain('interest in the Senior Power BI Consultant position');
    expect(body.endsWith(`\r\n${APPLICANT_NAME_PLACEHOLDER}`)).toBe(true);
  });

  it('encodes spaces as %20 (not +) and line breaks as %0D%0A', () => {
    const link = buildApplyMailto(job({ id: 'j', title: 'BI Analyst', application: HR }));
    expect(link).toContain('subject=Application%20for%20BI%20Analyst%20Position&body=');
    expect(link).toContain('%0D%0A');
    expect(link).not.toMatch(/[\s+]/);
  });

  const hostile = [
    'R&D Lead',
    'Analyst?cc=attacker@evil.example',
    'Engineer&bcc=attacker@evil.example',
    'C# Developer',
    '100% Remote = Data + AI',
    'Lead%0D%0ABcc: attacker@evil.example',
    'Lead\r\nBcc: attacker@evil.example',
    'Lead\nbody=Injected',
    'Tab\there & there?',
  ];

  it.each(hostile)('keeps exactly one subject and one body for the title %j', (title) => {
    const link = buildApplyMailto(job({ id: 'j', title, application: HR }));
    // The raw link: one '?', one '&', no fragment, no raw whitespace or line break.
    expect(link.split('?')).toHaveLength(2);
    expect(link.split('&')).toHaveLength(2);
    expect(link).not.toContain('#');
    expect(link).not.toMatch(/[\r\n\t ]/);

    const parsed = parseMailto(link);
    expect(parsed.protocol).toBe('mailto:');
    expect(parsed.hash).toBe('');
    expect(parsed.to).toBe(HR.hrEmail);
    expect(parsed.keys).toEqual(['subject', 'body']);
    expect(parsed.subjects).toEqual([applySubject(title)]);
    expect(parsed.bodies).toEqual([applyBody(title, HR.hrName)]);
  });

  it('decodes back to the exact intended text, with line breaks in the title collapsed', () => {
    const parsed = parseMailto(buildApplyMailto(job({ id: 'j', title: '100% Remote = Data + AI & more?', application: HR })));
    expect(parsed.subjects[0]).toBe('Application for 100% Remote = Data + AI & more? Position');
    const broken = parseMailto(buildApplyMailto(job({ id: 'j', title: ' Lead\r\nBcc: x@evil.example ', application: HR })));
    expect(broken.subjects[0]).toBe('Application for Lead Bcc: x@evil.example Position');
    expect(broken.subjects[0]).not.toMatch(/[\r\n]/);
    expect(broken.bodies[0]).toContain('interest in the Lead Bcc: x@evil.example position');
    // Literal percent sequences stay text, they are not decoded twice.
    const encoded = parseMailto(buildApplyMailto(job({ id: 'j', title: 'Lead%0D%0ABcc', application: HR })));
    expect(encoded.subjects[0]).toBe('Application for Lead%0D%0ABcc Position');
  });

  it('neutralises a hostile HR name and address', () => {
    const application = {
      hrName: 'Eve\r\nBcc: attacker@evil.example',
      hrTitle: 'x',
      hrEmail: ' hr@dataclarity.de?bcc=attacker@evil.example ',
    };
    const link = buildApplyMailto(job({ id: 'j', title: 'Analyst', application }));
    expect(link.split('?')).toHaveLength(2);
    const parsed = parseMailto(link);
    expect(parsed.keys).toEqual(['subject', 'body']);
    expect(parsed.to).toBe('hr@dataclarity.de?bcc=attacker@evil.example');
    expect(parsed.bodies[0]?.startsWith('Dear Eve Bcc: attacker@evil.example,\r\n')).toBe(true);
  });

  it('survives lone surrogates instead of throwing', () => {
    const title = 'Analyst \uD800 team';
    expect(() => buildApplyMailto(job({ id: 'j', title, application: HR }))).not.toThrow();
    expect(parseMailto(buildApplyMailto(job({ id: 'j', title, application: HR }))).subjects[0]).toBe(
      'Application for Analyst \uFFFD team Position',
    );
  });

  it('builds a working link for every real job', () => {
    for (const department of data.departments) {
      for (const real of department.jobs) {
        const parsed = parseMailto(buildApplyMailto(real));
        expect(parsed.to).toBe(real.application.hrEmail);
        expect(parsed.subjects).toEqual([`Application for ${real.title} Position`]);
        expect(parsed.bodies[0]).toContain(`Dear ${real.application.hrName},`);
      }
    }
  });
});

describe('jobs.json content (SPEC 3, 9)', () => {
  const departments = data.departments;
  const jobs = departments.flatMap((d) => d.jobs);
  const nonEmpty = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

  it('has exactly five departments in the SPEC order and nine jobs', () => {
    expect(departments.map((d) => d.name)).toEqual([
      'Data & Analytics',
      'Engineering',
      'Business & Operations',
      'Client Success',
      'Marketing',
    ]);
    expect(jobs).toHaveLength(9);
    for (const department of departments) {
      expect(department.jobs.length).toBeGreaterThan(0);
      expect(nonEmpty(department.summary)).toBe(true);
    }
  });

  it('has unique ids and complete jobs', () => {
    const allIds = [...departments.map((d) => d.id), ...jobs.map((j) => j.id)];
    expect(new Set(allIds).size).toBe(allIds.length);
    for (const j of jobs) {
      expect(j.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const field of [j.title, j.description, j.application.hrName, j.application.hrTitle]) {
        expect(nonEmpty(field)).toBe(true);
      }
      expect(j.responsibilities.length).toBeGreaterThanOrEqual(3);
      expect(j.requirements.mustHave.length).toBeGreaterThanOrEqual(3);
      expect(j.requirements.niceToHave.length).toBeGreaterThanOrEqual(1);
      expect(j.benefits.length).toBeGreaterThanOrEqual(3);
      for (const line of [...j.responsibilities, ...j.requirements.mustHave, ...j.requirements.niceToHave, ...j.benefits]) {
        expect(nonEmpty(line)).toBe(true);
      }
    }
  });

  it('uses only the SPEC locations and employment types, and both of each', () => {
    for (const j of jobs) {
      expect(JOB_LOCATIONS).toContain(j.location);
      expect(EMPLOYMENT_TYPES).toContain(j.employmentType);
    }
    expect(new Set(jobs.map((j) => j.location))).toEqual(new Set(JOB_LOCATIONS));
    expect(new Set(jobs.map((j) => j.employmentType))).toEqual(new Set(EMPLOYMENT_TYPES));
  });

  it('offers a learning budget of €1,500 to €3,000 and 24 to 28 vacation days in every job, varied by role', () => {
    const budgets: number[] = [];
    const vacation: number[] = [];
    for (const j of jobs) {
      const budgetLines = j.benefits.map((b) => /€([\d,]+) annual learning budget/.exec(b)).filter(Boolean);
      expect(budgetLines, `${j.id} learning budget`).toHaveLength(1);
      const budget = Number(budgetLines[0]![1]!.replace(/,/g, ''));
      expect(budget).toBeGreaterThanOrEqual(1500);
      expect(budget).toBeLessThanOrEqual(3000);
      budgets.push(budget);

      const vacationLines = j.benefits.map((b) => /\b(\d+) vacation days\b/.exec(b)).filter(Boolean);
      expect(vacationLines, `${j.id} vacation days`).toHaveLength(1);
      const days = Number(vacationLines[0]![1]);
      expect(days).toBeGreaterThanOrEqual(24);
      expect(days).toBeLessThanOrEqual(28);
      vacation.push(days);
    }
    expect(Math.min(...budgets)).toBe(1500);
    expect(Math.max(...budgets)).toBe(3000);
    expect(Math.min(...vacation)).toBe(24);
    expect(Math.max(...vacation)).toBe(28);
  });

  it('names two or three People-team contacts with @dataclarity.de addresses', () => {
    const contacts = new Map(jobs.map((j) => [j.application.hrEmail, j.application]));
    expect(contacts.size).toBeGreaterThanOrEqual(2);
    expect(contacts.size).toBeLessThanOrEqual(3);
    for (const contact of contacts.values()) {
      expect(contact.hrEmail).toMatch(/^[a-z]+\.[a-z]+@dataclarity\.de$/);
      expect(contact.hrName.split(' ')).toHaveLength(2);
      // The address is the person's own: firstname.lastname.
      const [first, last] = contact.hrName.toLowerCase().split(' ');
      expect(contact.hrEmail).toBe(`${first}.${last}@dataclarity.de`);
      expect(contact.hrEmail).not.toBe(company.email);
    }
    // One person, one title.
    const titles = new Map<string, Set<string>>();
    for (const j of jobs) {
      titles.set(j.application.hrName, (titles.get(j.application.hrName) ?? new Set()).add(j.application.hrTitle));
    }
    for (const set of titles.values()) expect(set.size).toBe(1);
  });

  it('writes company facts only as placeholders that resolve in company.json', () => {
    const text = JSON.stringify(data);
    for (const match of text.matchAll(/\{company\.([a-zA-Z0-9_.]+)\}/g)) {
      const value = match[1]!.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], company);
      expect(typeof value === 'string' || typeof value === 'number', match[0]).toBe(true);
    }
    expect(text).not.toContain('Rosenthaler');
    expect(text).not.toContain('DataClarity GmbH');
  });
});
