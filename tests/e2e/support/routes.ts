import { readFileSync } from 'node:fs';

/** Every page URL of the built site, from dist/sitemap.xml (one list drives the per-route checks). */
export function sitemapPaths(): string[] {
  const xml = readFileSync('dist/sitemap.xml', 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/** The routes of SPEC 2.1; the sitemap must contain each of them. */
export const SPEC_ROUTES = [
  '/', '/about', '/services/strategy_analysis', '/services/data_cleanup', '/services/powerbi_dashboards',
  '/services/reporting_solutions', '/portfolio', '/blog', '/contact', '/free_consultation', '/sign_in', '/sign_up',
  '/reset_password', '/our_story', '/career', '/press', '/case_studies', '/white_papers', '/documentation',
  '/help_center', '/24_7_support', '/training', '/frequently_asked_questions', '/imprint', '/privacy_policy',
  '/terms_and_conditions',
] as const;

/** The six routes SPEC 2.1 leaves empty: they show the under-construction page (SPEC 2.9). */
export const PLACEHOLDER_ROUTES = ['/case_studies', '/white_papers', '/documentation', '/help_center', '/24_7_support', '/training'] as const;
