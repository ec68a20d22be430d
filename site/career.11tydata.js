import { careersData } from './_pageData/careers.js';

/**
 * Template data (not computed data: Eleventy probes computed functions with stand-in values, and
 * the strict parser must see the real file). The jobs' structured data is on their own pages
 * (career_job.njk), not on this list.
 */
export default function careerData() {
  return { careers: careersData().view };
}
