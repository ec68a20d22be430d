import { createElement } from 'react';
import { CAREERS_FILTER_FIELDS, parseJobData, type CareersDisclosure, type JobDepartment, type JobFilter } from './rules';
import { servedValue } from '../lib/picks';
import { Careers } from './Careers';

/**
 * <dc-careers>' code for the data (widgets/lib/lightIsland.ts): loaded with /data/jobs.json when the
 * browser is idle, a chunk of its own.
 */
export const parse = parseJobData;

/**
 * What the visitor opened in the served list before the island took over (the <details> work
 * without JavaScript): the first open department and the open jobs inside it.
 */
function openInServedHtml(host: HTMLElement): CareersDisclosure {
  const department = host.querySelector<HTMLElement>('details[data-department][open]');
  if (!department) return { department: null, jobs: [] };
  const jobs = [...department.querySelectorAll<HTMLElement>('details[data-job][open]')].map((job) => job.dataset.job ?? '');
  return { department: department.dataset.department ?? null, jobs: jobs.filter((id) => id !== '') };
}

/** What the visitor typed and chose in the served toolbar while the island's code loaded. */
function filterInServedHtml(host: HTMLElement): JobFilter {
  const value = (field: keyof JobFilter) => servedValue(host, CAREERS_FILTER_FIELDS[field].id);
  return { search: value('search'), department: value('department'), location: value('location'), employmentType: value('employmentType') };
}

export const view = (departments: JobDepartment[], host: HTMLElement) =>
  createElement(Careers, { departments, initial: openInServedHtml(host), servedFilter: filterInServedHtml(host) });
