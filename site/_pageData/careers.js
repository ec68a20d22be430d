import { fillCompanyDeep } from '../_config/companyText.js';
import { elementRules, libRules, readData, sharedRules } from './rules.js';

const careers = /** @type {typeof import('../../widgets/careers/rules')} */ (await elementRules('careers'));
const format = /** @type {typeof import('../../widgets/lib/format')} */ (await libRules('format'));
const { searchField, selectField } = /** @type {typeof import('../../widgets/lib/filterField')} */ (await libRules('filterField'));
const { escapeHtml } = /** @type {typeof import('../../shared/escapeHtml')} */ (await sharedRules('escapeHtml'));

/**
 * @typedef {typeof import('../_data/company.json')} Company
 * @typedef {import('../../widgets/careers/rules').Job} Job
 */

/**
 * The careers pages' data (SPEC 2.13): /career, the list <dc-careers> takes over, and each job's
 * own page, /career/<job id>, which carries the job's JobPosting structured data. Google reads
 * JobPosting only on the page of one job: a list page must not carry it (its job posting
 * guidelines), and it cost /career 1.3 KB Brotli of its first round trip.
 * A malformed jobs.json fails the build, naming the field.
 */
export function careersData() {
  const company = /** @type {Company} */ (readData('company'));
  return { company, view: careersView(readData('jobs'), company) };
}

/**
 * The careers page as the island renders it: checked data, dropdown options, labels, apply links and job pages.
 * @param {unknown} jobs site/_data/jobs.json, checked here
 * @param {Company} company
 */
function careersView(jobs, company) {
  const departments = careers.parseJobData(fillCompanyDeep(jobs, company));
  const total = careers.countJobs(departments);
  return {
    departments: departments
      .filter((department) => department.jobs.length > 0)
      .map((department) => ({
        ...department,
        countLabel: careers.openPositionsLabel(department.jobs.length),
        jobs: department.jobs.map((job) => ({
          ...job,
          department: department.name,
          pagePath: careers.jobPagePath(job.id),
          applyHref: careers.buildApplyMailto(job),
          contactHref: careers.mailtoAddress(job.application.hrEmail),
          postedLabel: job.datePosted ? format.formatShortDate(job.datePosted) : '',
        })),
      })),
    total,
    countLabel: `${careers.openPositionsLabel(total)} in ${departments.filter((d) => d.jobs.length > 0).length} departments`,
    filters: {
      search: searchField(careers.CAREERS_FILTER_FIELDS.search),
      selects: [
        { field: selectField(careers.CAREERS_FILTER_FIELDS.department), options: careers.departmentOptions(departments) },
        { field: selectField(careers.CAREERS_FILTER_FIELDS.location), options: careers.locationOptions(departments) },
        { field: selectField(careers.CAREERS_FILTER_FIELDS.employmentType), options: careers.employmentTypeOptions(departments) },
      ],
    },
  };
}

/**
 * A job's JobPosting structured data, for its own page: everything in it is shown on that page.
 * @param {Job} job
 * @param {Company} company
 */
export function jobPostingLd(job, company) {
  const organization = { '@type': 'Organization', name: company.legalName, sameAs: company.siteUrl, logo: new URL('/assets/favicon.svg', company.siteUrl).href };
  const remote = job.location === 'Remote (EU)';
  const berlin = {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.berlinHub.address,
      postalCode: company.berlinHub.postalCode,
      addressLocality: 'Berlin',
      addressCountry: 'DE',
    },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: [
      `<p>${escapeHtml(job.description)}</p>`,
      section('Responsibilities', job.responsibilities),
      section('Must-have requirements', job.requirements.mustHave),
      section('Nice to have', job.requirements.niceToHave),
      section('Benefits', job.benefits),
    ].join(''),
    identifier: { '@type': 'PropertyValue', name: company.legalName, value: job.id },
    datePosted: job.datePosted || undefined,
    employmentType: job.employmentType === 'Part-time' ? 'PART_TIME' : 'FULL_TIME',
    hiringOrganization: organization,
    ...(remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'AdministrativeArea', name: 'European Union' },
        }
      : { jobLocation: berlin }),
    directApply: false,
    url: new URL(careers.jobPagePath(job.id), company.siteUrl).href,
  };
}

/**
 * @param {string} heading
 * @param {readonly string[]} items
 */
function section(heading, items) {
  return items.length ? `<h3>${heading}</h3><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '';
}
