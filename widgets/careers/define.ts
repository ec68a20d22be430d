import { createElement } from 'react';
import { parseJobData, type CareersDisclosure } from '../lib/careers';
import { defineLightIsland } from '../lib/lightIsland';
import { Careers } from './Careers';

export const TAG = 'dc-careers';

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

defineLightIsland(TAG, {
  src: '/data/jobs.json',
  parse: parseJobData,
  view: (departments, host) => createElement(Careers, { departments, initial: openInServedHtml(host) }),
});

declare global {
  interface HTMLElementTagNameMap {
    'dc-careers': HTMLElement;
  }
}
