/**
 * Careers rules (SPEC 2.13, 3 "Job department" / "Job", 4 "Careers", 5 "Careers search",
 * 7 "Job apply", 9). Pure functions: filtering, the dropdown options derived from the data,
 * the expand/collapse state and the apply-by-mail link. No DOM, no framework.
 * The job data itself lives in site/_data/jobs.json.
 */
import {
  DataShapeError,
  expectArray,
  expectRecord,
  expectString,
  expectStringArray,
  expectText,
  expectUniqueIds,
  optionalString,
} from '../lib/dataShape';
import { toggleMany } from '../lib/disclosure';
import type { FilterFieldSpec } from '../lib/filterField';
import { parseDate } from '../lib/format';

/** Where a job is done (SPEC 3), in the order the location dropdown lists them. */
export const JOB_LOCATIONS = ['Remote (EU)', 'Hybrid (Berlin)'] as const;
export type JobLocation = (typeof JOB_LOCATIONS)[number];

/** Employment types (SPEC 3), in the order the dropdown lists them. */
export const EMPLOYMENT_TYPES = ['Full-time', 'Part-time'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** Who receives the applications for a job. */
export interface JobApplication {
  hrName: string;
  hrTitle: string;
  hrEmail: string;
}

/** One job posting (SPEC 3). */
export interface Job {
  id: string;
  title: string;
  location: JobLocation;
  employmentType: EmploymentType;
  /** 'YYYY-MM-DD' the posting went online; '' when unknown. */
  datePosted?: string;
  description: string;
  responsibilities: string[];
  requirements: { mustHave: string[]; niceToHave: string[] };
  benefits: string[];
  application: JobApplication;
}

/** A department and its jobs (SPEC 3). */
export interface JobDepartment {
  id: string;
  name: string;
  summary: string;
  jobs: Job[];
}

/** A job id: it names the job's own page, so lower-case letters and digits in words joined by single hyphens. */
export const JOB_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The path of a job's own page, '/career/senior-power-bi-consultant': the page search engines list
 * for the job (it carries the job's JobPosting data, which Google reads only on a job's own page,
 * never on a list of jobs) and the link a visitor shares. /career links each job to it.
 */
export function jobPagePath(jobId: string): string {
  return `/career/${jobId}`;
}

/** The search box and the three dropdowns. '' means "no filter" for each field. */
export interface JobFilter {
  search: string;
  /** A department id. */
  department: string;
  location: string;
  employmentType: string;
}

/** No filter set. Frozen: spread it to start a new filter. */
export const EMPTY_JOB_FILTER: Readonly<JobFilter> = Object.freeze({
  search: '',
  department: '',
  location: '',
  employmentType: '',
});

/** Empty result (SPEC 2.13, exact string). */
export const NO_JOBS_MESSAGE = 'No jobs found matching your criteria. Try adjusting your filters.';

/** The toolbar's fields (Careers.tsx and site/career.njk render them from here). */
export const CAREERS_FILTER_FIELDS: Readonly<Record<keyof JobFilter, FilterFieldSpec>> = Object.freeze({
  search: { id: 'careers-search', label: 'Search', placeholder: 'Job title or keyword', fieldClass: 'form-field careers-field-search' },
  department: { id: 'careers-department', label: 'Department' },
  location: { id: 'careers-location', label: 'Location' },
  employmentType: { id: 'careers-type', label: 'Employment type' },
});

/** Labels of the "no filter" entry of each dropdown (value ''). */
export const ALL_DEPARTMENTS_LABEL = 'All Departments';
export const ALL_LOCATIONS_LABEL = 'All Locations';
export const ALL_EMPLOYMENT_TYPES_LABEL = 'All Types';

/** Placeholder text that the mail body leaves for the applicant to replace. */
export const APPLICANT_NAME_PLACEHOLDER = '[Your Name]';

type FilterableJob = Pick<Job, 'title' | 'description' | 'location' | 'employmentType'>;

/** A department as filterJobs returns it: the same fields, with only the matching jobs. */
export type FilteredDepartment<D extends { jobs: readonly unknown[] }> = Omit<D, 'jobs'> & { jobs: D['jobs'][number][] };

/**
 * The departments with the jobs matching every set field of the filter (AND), in input order
 * (SPEC 5 "Careers search"):
 * - search (trimmed): case-insensitive substring of the job's title or description;
 * - department: the department's id, exactly;
 * - location, employmentType: exact match.
 * Departments left without a matching job are dropped (also when no filter is set).
 * @returns new department objects with a new jobs array; the input is not modified
 */
export function filterJobs<D extends { id: string; jobs: readonly FilterableJob[] }>(
  departments: readonly D[],
  filter: JobFilter,
): FilteredDepartment<D>[] {
  const needle = filter.search.trim().toLowerCase();
  const result: FilteredDepartment<D>[] = [];
  for (const department of departments) {
    if (filter.department !== '' && department.id !== filter.department) continue;
    const jobs = department.jobs.filter((job) => {
      if (
        needle !== '' &&
        !job.title.toLowerCase().includes(needle) &&
        !job.description.toLowerCase().includes(needle)
      ) {
        return false;
      }
      if (filter.location !== '' && job.location !== filter.location) return false;
      if (filter.employmentType !== '' && job.employmentType !== filter.employmentType) return false;
      return true;
    });
    if (jobs.length > 0) result.push({ ...department, jobs });
  }
  return result;
}

/** The number of jobs over all departments (for a "9 open positions" line). */
export function countJobs(departments: readonly { jobs: readonly unknown[] }[]): number {
  return departments.reduce((sum, department) => sum + department.jobs.length, 0);
}

/**
 * Whether any filter narrows the list. A search of only spaces does not (filterJobs trims it).
 */
export function hasActiveJobFilter(filter: JobFilter): boolean {
  return (
    filter.search.trim() !== '' || filter.department !== '' || filter.location !== '' || filter.employmentType !== ''
  );
}

/** One dropdown entry. */
export interface JobOption {
  value: string;
  label: string;
}

/** Department dropdown: 'All Departments' (value '') then every department with a job, in data order. */
export function departmentOptions(departments: readonly Pick<JobDepartment, 'id' | 'name' | 'jobs'>[]): JobOption[] {
  return [
    { value: '', label: ALL_DEPARTMENTS_LABEL },
    ...departments
      .filter((department) => department.jobs.length > 0)
      .map((department) => ({ value: department.id, label: department.name })),
  ];
}

/**
 * The distinct values of one job field over all departments: the known values first in their
 * canonical order, then any other value alphabetically. Values no job has are left out.
 */
function distinctValues(
  departments: readonly { jobs: readonly FilterableJob[] }[],
  field: 'location' | 'employmentType',
  canonical: readonly string[],
): string[] {
  const present = new Set<string>(departments.flatMap((department) => department.jobs.map((job) => job[field])));
  const known = canonical.filter((value) => present.has(value));
  const others = [...present].filter((value) => !canonical.includes(value)).sort((a, b) => a.localeCompare(b, 'en'));
  return [...known, ...others];
}

/** Location dropdown: 'All Locations' (value '') then the locations that occur in the data. */
export function locationOptions(departments: readonly { jobs: readonly FilterableJob[] }[]): JobOption[] {
  return [
    { value: '', label: ALL_LOCATIONS_LABEL },
    ...distinctValues(departments, 'location', JOB_LOCATIONS).map((value) => ({ value, label: value })),
  ];
}

/** Employment-type dropdown: 'All Types' (value '') then the types that occur in the data. */
export function employmentTypeOptions(departments: readonly { jobs: readonly FilterableJob[] }[]): JobOption[] {
  return [
    { value: '', label: ALL_EMPLOYMENT_TYPES_LABEL },
    ...distinctValues(departments, 'employmentType', EMPLOYMENT_TYPES).map((value) => ({ value, label: value })),
  ];
}

/** Which department and which jobs are expanded (SPEC 4 "Careers"). */
export interface CareersDisclosure {
  /** The expanded department's id, or null. */
  department: string | null;
  /** Ids of the expanded jobs, in the order they were opened. */
  jobs: string[];
}

/** Nothing expanded. */
export const CLOSED_CAREERS: Readonly<CareersDisclosure> = Object.freeze({ department: null, jobs: [] });

/**
 * Click on a department: at most one department is expanded. Opening a department collapses the
 * other and closes every open job; clicking the expanded department collapses it (jobs closed too).
 */
export function toggleDepartment(state: CareersDisclosure, departmentId: string): CareersDisclosure {
  return { department: state.department === departmentId ? null : departmentId, jobs: [] };
}

/** Click on a job: several jobs can be open at once; the department stays as it is. */
export function toggleJob(state: CareersDisclosure, jobId: string): CareersDisclosure {
  return { department: state.department, jobs: toggleMany(state.jobs, jobId) };
}

/**
 * One line of text for a mail header: every run of whitespace or control characters (CR, LF,
 * tab, NUL, U+2028...) becomes one space, the ends are trimmed, and lone UTF-16 surrogates
 * (which encodeURIComponent refuses) become U+FFFD.
 */
function oneLine(text: string): string {
  return wellFormed(text)
    .replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .trim();
}

function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** The subject of an application mail: 'Application for {job title} Position' (SPEC 7). */
export function applySubject(jobTitle: string): string {
  return `Application for ${oneLine(jobTitle)} Position`;
}

/**
 * The body of an application mail (SPEC 7): a greeting to the HR contact, a statement of interest
 * in the position, and the applicant-name placeholder at the end. Lines end with CRLF, as mail
 * bodies in a mailto link should (RFC 6068).
 */
export function applyBody(jobTitle: string, hrName: string): string {
  return [
    `Dear ${oneLine(hrName)},`,
    '',
    `I am writing to express my interest in the ${oneLine(jobTitle)} position. Please find my CV attached. I would welcome the opportunity to discuss how my experience fits your team.`,
    '',
    'Kind regards,',
    APPLICANT_NAME_PLACEHOLDER,
  ].join('\r\n');
}

/**
 * An address for a mailto: link, percent-encoded around its last '@' (which stays literal for mail
 * clients that do not decode %40); any '?', '&', '#' or space in it is encoded, so it cannot add
 * a header or end the address early.
 */
function encodeMailAddress(raw: string): string {
  const address = wellFormed(raw.trim());
  const at = address.lastIndexOf('@');
  return at < 0
    ? encodeURIComponent(address)
    : `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}

/** A plain mailto: link to an address (the HR contact's e-mail shown under a job). */
export function mailtoAddress(address: string): string {
  return `mailto:${encodeMailAddress(address)}`;
}

/**
 * The mailto link of the apply action (SPEC 7): to the job's HR address, with the subject and body
 * above. Every part is percent-encoded with encodeURIComponent, so a title or name containing
 * & ? # = % + or line breaks can neither end a field early nor add a header (cc, bcc...).
 * The address is encoded around its last '@', which stays literal for mail clients that do not
 * decode %40; everything else in it (including any '?', '&' or '#') is encoded.
 * Line breaks and control characters in the title and HR name are collapsed to spaces first:
 * the subject is a one-line header.
 * @example buildApplyMailto(job) // 'mailto:miriam.hoffmann@dataclarity.de?subject=Application%20for%20...&body=Dear%20...'
 */
export function buildApplyMailto(job: Pick<Job, 'title'> & { application: Pick<JobApplication, 'hrName' | 'hrEmail'> }): string {
  const to = encodeMailAddress(job.application.hrEmail);
  const subject = encodeURIComponent(applySubject(job.title));
  const body = encodeURIComponent(applyBody(job.title, job.application.hrName));
  return `mailto:${to}?subject=${subject}&body=${body}`;
}

/**
 * Checks the jobs feed (/data/jobs.json, the shape of site/_data/jobs.json) and returns its
 * departments. Locations and employment types may be values other than the known ones (the
 * dropdowns list whatever occurs); a datePosted that is not a real date becomes ''.
 * @throws DataShapeError naming the first field that is missing or of the wrong type, or a repeated id
 */
export function parseJobData(raw: unknown): JobDepartment[] {
  const root = expectRecord(raw, 'jobs');
  const departments = expectArray(root.departments, 'departments').map((value, d): JobDepartment => {
    const path = `departments[${d}]`;
    const department = expectRecord(value, path);
    return {
      id: expectText(department.id, `${path}.id`),
      name: expectText(department.name, `${path}.name`),
      summary: expectString(department.summary, `${path}.summary`),
      jobs: expectArray(department.jobs, `${path}.jobs`).map((jobValue, j): Job => {
        const at = `${path}.jobs[${j}]`;
        const job = expectRecord(jobValue, at);
        const requirements = expectRecord(job.requirements, `${at}.requirements`);
        const application = expectRecord(job.application, `${at}.application`);
        const datePosted = optionalString(job.datePosted, `${at}.datePosted`);
        return {
          id: expectJobId(job.id, `${at}.id`),
          title: expectText(job.title, `${at}.title`),
          location: expectText(job.location, `${at}.location`) as JobLocation,
          employmentType: expectText(job.employmentType, `${at}.employmentType`) as EmploymentType,
          datePosted: parseDate(datePosted) === null ? '' : datePosted,
          description: expectString(job.description, `${at}.description`),
          responsibilities: expectStringArray(job.responsibilities, `${at}.responsibilities`),
          requirements: {
            mustHave: expectStringArray(requirements.mustHave, `${at}.requirements.mustHave`),
            niceToHave: expectStringArray(requirements.niceToHave, `${at}.requirements.niceToHave`),
          },
          benefits: expectStringArray(job.benefits, `${at}.benefits`),
          application: {
            hrName: expectText(application.hrName, `${at}.application.hrName`),
            hrTitle: expectString(application.hrTitle, `${at}.application.hrTitle`),
            hrEmail: expectText(application.hrEmail, `${at}.application.hrEmail`),
          },
        };
      }),
    };
  });
  expectUniqueIds(departments.map((department) => department.id), 'departments');
  expectUniqueIds(departments.flatMap((department) => department.jobs.map((job) => job.id)), 'jobs');
  return departments;
}

/** A job's id, checked against {@link JOB_ID}. */
function expectJobId(value: unknown, path: string): string {
  const id = expectText(value, path);
  if (!JOB_ID.test(id)) {
    throw new DataShapeError(`${path} must be lower-case letters and digits joined by single hyphens (it is the job page's address): '${id}'`);
  }
  return id;
}

/** '1 open position', '9 open positions'. */
export function openPositionsLabel(count: number): string {
  return `${count} open position${count === 1 ? '' : 's'}`;
}
