import { careersData, jobPostingLd } from './_pageData/careers.js';

/**
 * The jobs' own pages (career_job.njk): one per job, with its JobPosting structured data.
 * Text fields are computed from the paginated `job` (Eleventy probes computed functions with
 * stand-in values first, so each reads its field and nothing more).
 */
export default function careerJobData() {
  const { company, view } = careersData();
  return {
    careerJobs: view.departments.flatMap((department) => department.jobs.map((job) => ({ ...job, jsonLd: jobPostingLd(job, company) }))),
    eleventyComputed: {
      title: (data) => data.job?.title,
      eyebrow: (data) => data.job && `Careers · ${data.job.department}`,
      heading: (data) => data.job?.title,
      lead: (data) => data.job && `${data.job.location} · ${data.job.employmentType}`,
      description: (data) =>
        data.job && `${data.job.title} at ${company.name}: ${data.job.employmentType.toLowerCase()}, ${data.job.location}, in ${data.job.department}. Apply by e-mail to ${data.job.application.hrName}.`,
      jsonLd: (data) => data.job?.jsonLd,
    },
  };
}
