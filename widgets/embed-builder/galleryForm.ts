/**
 * The /embed form of <dc-dashboard-gallery> for a partner's own Power BI reports: each pasted
 * embed code checked with the gallery's own rule (parseEmbed, SPEC 2.6 and 5) and shown with its
 * message, a title and a category, in the partner's order; the snippet carries the valid ones as
 * the inline JSON child the gallery reads (parseReports), so nothing has to be hosted.
 */
import { embedRefusal, parseEmbed } from '../../shared/embed';
import { parseReports, type ReportItem } from '../lib/reports';

/** A report as the form holds it. */
export interface ReportDraft {
  embed: string;
  title: string;
  category: string;
}

export const emptyReport = (): ReportDraft => ({ embed: '', title: '', category: '' });

export const TITLE_MESSAGE = 'Give the report a title: it names its tab.';
export const EMBED_HINT = 'Paste the embed code Power BI gives under File › Embed report › Publish to web (an <iframe …></iframe>).';

/** The message for a pasted embed code, or null when the gallery will show it: the gallery's words, then the reason. */
export function embedError(embed: string, allowedHosts: readonly string[]): string | null {
  if (embed.trim() === '') return null;
  const result = parseEmbed(embed, allowedHosts);
  if (result.ok) return null;
  return embedRefusal(result);
}

/** The title a pasted code suggests: its iframe's own title, when it has one. */
export function suggestedTitle(embed: string, allowedHosts: readonly string[]): string {
  const result = parseEmbed(embed, allowedHosts);
  return result.ok ? (result.title ?? '') : '';
}

/** Each field's message (empty object: the report goes into the snippet). An empty code is not an error yet, but leaves it out. */
export function reportErrors(report: ReportDraft, allowedHosts: readonly string[]): { embed?: string; title?: string } {
  const errors: { embed?: string; title?: string } = {};
  const embed = embedError(report.embed, allowedHosts);
  if (embed) errors.embed = embed;
  if (report.embed.trim() !== '' && report.title.trim() === '') errors.title = TITLE_MESSAGE;
  return errors;
}

/** Whether a report goes into the snippet: a valid code and a title. */
export const reportReady = (report: ReportDraft, allowedHosts: readonly string[]): boolean =>
  report.embed.trim() !== '' && Object.keys(reportErrors(report, allowedHosts)).length === 0;

/**
 * The reports of the snippet, in the form's order, as the gallery reads them (ids derived from
 * the titles by parseReports, so the form's "shown first" list names the same ids).
 */
export function galleryReports(reports: readonly ReportDraft[], allowedHosts: readonly string[]): ReportItem[] {
  const ready = reports.filter((report) => reportReady(report, allowedHosts));
  const parsed = parseReports(ready.map((report) => ({ title: report.title.trim(), category: report.category.trim(), iframeHtml: report.embed.trim() })));
  return parsed.ok ? parsed.reports : [];
}

/** The inline content: `{ "reports": [...] }` with only the fields a partner gave. */
export function inlineReports(items: readonly ReportItem[]): { reports: Record<string, string>[] } {
  return {
    reports: items.map(({ id, title, category, iframeHtml }) => ({ id, title, ...(category ? { category } : {}), iframeHtml })),
  };
}

/** The list with the report at `index` moved by `by` places (unchanged at the ends). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}
