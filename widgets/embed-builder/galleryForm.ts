/**
 * The /embed form of <dc-dashboard-gallery> for a partner's own Power BI reports: each pasted
 * "Publish to web" link or embed code checked with the rule the staff console's API uses too
 * (shared/embed.ts parsePastedEmbed, which the gallery's parseEmbed underlies) and shown with its
 * message, a title, a category, a description and a last-updated day, in the partner's order; the
 * snippet carries the valid ones as the inline JSON child the gallery reads (parseReports), so
 * nothing has to be hosted.
 */
import { embedCodeOf, embedRefusal, parsePastedEmbed } from '../../shared/embed';
import { parseDate } from '../lib/format';
import { parseReports, type ReportItem } from '../lib/reports';

/** A report as the form holds it; `lastUpdated` is a date input's value ('YYYY-MM-DD' or ''). */
export interface ReportDraft {
  embed: string;
  title: string;
  category: string;
  description: string;
  lastUpdated: string;
}

export const emptyReport = (): ReportDraft => ({ embed: '', title: '', category: '', description: '', lastUpdated: '' });

export const TITLE_MESSAGE = 'Give the report a title: it names its tab.';

/** The message for a pasted link or code, or null when the gallery will show it: the gallery's words, then the reason. */
export function embedError(embed: string, allowedHosts: readonly string[]): string | null {
  if (embed.trim() === '') return null;
  const result = parsePastedEmbed(embed, allowedHosts);
  if (result.ok) return null;
  return embedRefusal(result);
}

/** The title a pasted code suggests: its iframe's own title, when it has one (a link has none). */
export function suggestedTitle(embed: string, allowedHosts: readonly string[]): string {
  const result = parsePastedEmbed(embed, allowedHosts);
  return result.ok ? (result.title ?? '') : '';
}

/**
 * The day the snippet carries: a date input's value ('YYYY-MM-DD', which its browser keeps to days
 * that exist), read as the gallery reads it; anything else is left out, so the gallery says the
 * date is not available rather than showing a wrong one.
 */
const day = (value: string): string => {
  const text = value.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && parseDate(text) ? text : '';
};

export type ReportErrors = { embed?: string; title?: string };

/** Each field's message (empty object: the report goes into the snippet). An empty code is not an error yet, but leaves it out. */
export function reportErrors(report: ReportDraft, allowedHosts: readonly string[]): ReportErrors {
  const errors: ReportErrors = {};
  const embed = embedError(report.embed, allowedHosts);
  if (embed) errors.embed = embed;
  if (report.embed.trim() !== '' && report.title.trim() === '') errors.title = TITLE_MESSAGE;
  return errors;
}

/** Whether a report goes into the snippet: a valid link or code and a title. */
export const reportReady = (report: ReportDraft, allowedHosts: readonly string[]): boolean =>
  report.embed.trim() !== '' && Object.keys(reportErrors(report, allowedHosts)).length === 0;

/**
 * The reports of the snippet, in the form's order, as the gallery reads them (ids derived from
 * the titles by parseReports, so the form's "shown first" list names the same ids). A pasted link
 * becomes the plain embed code Power BI would give for it: the gallery's items carry embed codes.
 */
export function galleryReports(reports: readonly ReportDraft[], allowedHosts: readonly string[]): ReportItem[] {
  const items = reports.flatMap((report) => {
    const result = parsePastedEmbed(report.embed, allowedHosts);
    if (!result.ok || !reportReady(report, allowedHosts)) return [];
    return [
      {
        title: report.title.trim(),
        category: report.category.trim(),
        iframeHtml: embedCodeOf(report.embed, result),
        description: report.description.trim(),
        lastUpdated: day(report.lastUpdated),
      },
    ];
  });
  const parsed = parseReports(items);
  return parsed.ok ? parsed.reports : [];
}

/** The inline content: `{ "reports": [...] }` with only the fields a partner gave. */
export function inlineReports(items: readonly ReportItem[]): { reports: Record<string, string>[] } {
  return {
    reports: items.map(({ id, title, category, description, lastUpdated, iframeHtml }) => ({
      id,
      title,
      ...(category ? { category } : {}),
      ...(description ? { description } : {}),
      ...(lastUpdated ? { lastUpdated } : {}),
      iframeHtml,
    })),
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
