import { useLayoutEffect, useMemo, useState } from 'react';
import {
  CAREERS_FILTER_FIELDS,
  EMPTY_JOB_FILTER,
  NO_JOBS_MESSAGE,
  buildApplyMailto,
  countJobs,
  departmentOptions,
  employmentTypeOptions,
  filterJobs,
  hasActiveJobFilter,
  jobPagePath,
  locationOptions,
  mailtoAddress,
  openPositionsLabel,
  toggleDepartment,
  toggleJob,
  type CareersDisclosure,
  type Job,
  type JobDepartment,
  type JobFilter,
} from './rules';
import { isOpen } from '../lib/disclosure';
import { formatShortDate } from '../lib/format';
import { SearchField } from '../lib/SearchField';
import { SelectField } from '../lib/SelectField';

export interface CareersProps {
  departments: JobDepartment[];
  /** What was open in the served HTML when the island took over. */
  initial?: CareersDisclosure;
  /**
   * What the visitor typed and chose in the served toolbar before the island took over. The
   * component hydrates the served (unfiltered) list first, then applies it, so hydration adopts
   * the served nodes as they are.
   */
  servedFilter?: JobFilter;
}

/**
 * <dc-careers>: the job list of /career (SPEC 2.13) with search, three dropdowns, one department
 * open at a time and several jobs open at once. Renders the same markup as site/career.njk, which
 * serves the full list without JavaScript (as <details>, so it also opens and closes there).
 */
export function Careers({ departments, initial, servedFilter }: CareersProps) {
  const [filter, setFilter] = useState<JobFilter>({ ...EMPTY_JOB_FILTER });
  // Applied once, right after hydration adopted the served list (the first value is kept: later renders are the visitor's).
  const [served] = useState(servedFilter);
  useLayoutEffect(() => {
    if (served && hasActiveJobFilter(served)) setFilter({ ...served });
  }, [served]);
  const [disclosure, setDisclosure] = useState<CareersDisclosure>(initial ?? { department: null, jobs: [] });

  const options = useMemo(
    () => ({
      department: departmentOptions(departments),
      location: locationOptions(departments),
      employmentType: employmentTypeOptions(departments),
    }),
    [departments],
  );
  const visible = useMemo(() => filterJobs(departments, filter), [departments, filter]);
  const total = countJobs(departments);
  const shown = countJobs(visible);
  const filtered = hasActiveJobFilter(filter);
  const set = (field: keyof JobFilter) => (value: string) => setFilter((current) => ({ ...current, [field]: value }));

  return (
    <>
      <div className="careers-filters island-only" role="search" aria-label="Filter jobs">
        <SearchField field={CAREERS_FILTER_FIELDS.search} value={filter.search} onInput={set('search')} />
        {(['department', 'location', 'employmentType'] as const).map((field) => (
          <SelectField key={field} field={CAREERS_FILTER_FIELDS[field]} options={options[field]} value={filter[field]} onChange={set(field)} />
        ))}
      </div>
      <div className="careers-summary-bar">
        <p className="careers-count" role="status">
          {filtered ? `${shown} of ${openPositionsLabel(total)} match` : `${openPositionsLabel(total)} in ${departments.filter((d) => d.jobs.length > 0).length} departments`}
        </p>
        {filtered ? (
          <button type="button" className="careers-reset" onClick={() => setFilter({ ...EMPTY_JOB_FILTER })}>
            Clear filters
          </button>
        ) : null}
      </div>
      {visible.length === 0 ? (
        <div className="careers-empty">
          <p>{NO_JOBS_MESSAGE}</p>
        </div>
      ) : (
        <div className="careers-departments">
          {visible.map((department) => (
            <Department
              key={department.id}
              department={department}
              open={disclosure.department === department.id}
              openJobs={disclosure.jobs}
              onToggle={() => setDisclosure((state) => toggleDepartment(state, department.id))}
              onToggleJob={(jobId) => setDisclosure((state) => toggleJob(state, jobId))}
            />
          ))}
        </div>
      )}
    </>
  );
}

/**
 * A <details> whose open state is the component's: a click on the summary asks the state machine
 * instead of letting the browser toggle; a toggle the browser makes by itself (find in page opens
 * closed <details>) is reported back so the state follows.
 */
function summaryClick(toggle: () => void) {
  return (event: { preventDefault(): void }) => {
    event.preventDefault();
    toggle();
  };
}
function syncToggle(open: boolean, toggle: () => void) {
  return (event: Event) => {
    if ((event.currentTarget as HTMLDetailsElement).open !== open) toggle();
  };
}

function Department(props: {
  department: JobDepartment;
  open: boolean;
  openJobs: readonly string[];
  onToggle: () => void;
  onToggleJob: (jobId: string) => void;
}) {
  const { department, open } = props;
  return (
    <details
      className="careers-dept"
      {...{ name: 'careers-department' }}
      data-department={department.id}
      open={open}
      onToggle={syncToggle(open, props.onToggle) as never}
    >
      <summary className="careers-dept-head" onClick={summaryClick(props.onToggle)}>
        <span className="careers-dept-text">
          <span className="careers-dept-name">{department.name}</span>
          <span className="careers-dept-intro">{department.summary}</span>
        </span>
        <span className="careers-dept-count">{openPositionsLabel(department.jobs.length)}</span>
        <span className="careers-chevron" aria-hidden="true"></span>
      </summary>
      <ul className="careers-jobs">
        {department.jobs.map((job) => (
          <li key={job.id}>
            <JobPosting job={job} open={open && isOpen(props.openJobs, job.id)} onToggle={() => props.onToggleJob(job.id)} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function JobPosting({ job, open, onToggle }: { job: Job; open: boolean; onToggle: () => void }) {
  const lists: [string, string[]][] = [
    ['Responsibilities', job.responsibilities],
    ['Must-have requirements', job.requirements.mustHave],
    ['Nice to have', job.requirements.niceToHave],
    ['Benefits', job.benefits],
  ];
  const mailto = buildApplyMailto(job);
  return (
    <details className="careers-job" data-job={job.id} open={open} onToggle={syncToggle(open, onToggle) as never}>
      <summary className="careers-job-head" onClick={summaryClick(onToggle)}>
        <span className="careers-job-title">{job.title}</span>
        <span className="careers-job-meta">
          <span className="careers-tag careers-tag-location">{job.location}</span>
          <span className="careers-tag careers-tag-type">{job.employmentType}</span>
        </span>
        <span className="careers-chevron" aria-hidden="true"></span>
      </summary>
      <div className="careers-job-body">
        <p className="careers-job-description">{job.description}</p>
        {job.datePosted ? (
          <p className="careers-job-posted">
            Posted <time dateTime={job.datePosted}>{formatShortDate(job.datePosted)}</time>
          </p>
        ) : null}
        <div className="careers-job-columns">
          {lists.map(([heading, items]) =>
            items.length > 0 ? (
              <section key={heading} className="careers-job-section">
                <h3>{heading}</h3>
                <ul>
                  {items.map((item, index) => (
                    <li key={index}>{item}</li>
                  ))}
                </ul>
              </section>
            ) : null,
          )}
        </div>
        <div className="careers-apply">
          <p className="careers-contact">
            <span className="careers-contact-label">Your contact</span>
            <span className="careers-contact-name">{job.application.hrName}</span>
            {job.application.hrTitle ? <span className="careers-contact-role">{job.application.hrTitle}</span> : null}
            <a className="careers-contact-mail" href={mailtoAddress(job.application.hrEmail)}>
              {job.application.hrEmail}
            </a>
          </p>
          {/* One text node in each label's sr-only part, as the page serves it: " for {title}" would be two, and hydration would split the served one. */}
          <div className="careers-actions">
            <a className="btn btn-secondary careers-job-link" href={jobPagePath(job.id)}>
              Job page<span className="sr-only">{` for ${job.title}`}</span>
            </a>
            <a className="btn btn-primary careers-apply-button" href={mailto}>
              Apply Now<span className="sr-only">{` for ${job.title}`}</span>
            </a>
          </div>
        </div>
      </div>
    </details>
  );
}
