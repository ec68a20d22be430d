/**
 * The dashboard gallery's data (SPEC 2.6, 3 "Dashboard item"): reading a `reports` JSON
 * document, the load timeout of a report frame, and the keyboard rule of its tabs.
 * Framework-free so every edge is unit-tested.
 */

/** A frame that has not fired `load` this long after it became visible shows 'Failed to load dashboard'. */
export const DASHBOARD_LOAD_TIMEOUT_MS = 20_000;

/** One dashboard item as the gallery uses it (SPEC 3). */
export interface ReportItem {
  id: string;
  title: string;
  /** The Power BI embed snippet; validated by parseEmbed before anything is built from it. */
  iframeHtml: string;
  category: string;
  /** 'YYYY-MM-DD' (or an ISO timestamp); '' when unknown. */
  lastUpdated: string;
  /** Optional one-paragraph summary shown above the frame. */
  description: string;
}

export type ReportsResult =
  | { ok: true; reports: ReportItem[]; warnings: string[] }
  | { ok: false; error: string; warnings: string[] };

const WARN = 'dc-dashboard-gallery:';
/** Ids are used in element ids and events: letters, digits, '-', '_', '.', ':'. */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function slug(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/**
 * Reads a reports document: a JSON text or an already parsed value, either an array of
 * items or an object with a `reports` array.
 *
 * Each item needs a non-empty `title` (an item without one is skipped with a warning).
 * `iframeHtml` is kept as given (an empty or hostile snippet shows 'Invalid Dashboard' for
 * that tab only, the rest of the gallery keeps working). A missing or malformed `id` is
 * derived from the title; a duplicate gets a '-2', '-3' suffix. `category`, `lastUpdated`
 * and `description` default to ''. Never throws.
 */
export function parseReports(input: unknown): ReportsResult {
  const warnings: string[] = [];
  let value = input;
  if (typeof input === 'string') {
    if (input.trim() === '') return { ok: false, error: `${WARN} the reports JSON is empty.`, warnings };
    try {
      value = JSON.parse(input);
    } catch (error) {
      return { ok: false, error: `${WARN} the reports JSON cannot be parsed (${(error as Error).message}).`, warnings };
    }
  }
  const list: unknown =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { reports?: unknown }).reports : value;
  if (!Array.isArray(list)) {
    return { ok: false, error: `${WARN} the reports JSON must be an array of reports or an object with a "reports" array.`, warnings };
  }

  const reports: ReportItem[] = [];
  const used = new Set<string>();
  list.forEach((raw, index) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      warnings.push(`${WARN} report ${index + 1} is not an object and was skipped.`);
      return;
    }
    const item = raw as Record<string, unknown>;
    const title = text(item.title);
    if (title === '') {
      warnings.push(`${WARN} report ${index + 1} has no title and was skipped.`);
      return;
    }
    let id = text(item.id);
    if (!ID_PATTERN.test(id)) {
      if (id !== '' || item.id !== undefined) warnings.push(`${WARN} report "${title}" has an unusable id; one was derived from its title.`);
      id = slug(title) || `report-${index + 1}`;
    }
    let unique = id;
    for (let n = 2; used.has(unique); n += 1) unique = `${id}-${n}`;
    if (unique !== id) warnings.push(`${WARN} report id "${id}" is used twice; the second is "${unique}".`);
    used.add(unique);
    reports.push({
      id: unique,
      title,
      iframeHtml: typeof item.iframeHtml === 'string' ? item.iframeHtml : '',
      category: text(item.category),
      lastUpdated: text(item.lastUpdated),
      description: text(item.description),
    });
  });
  return { ok: true, reports, warnings };
}

/** The index of the report with `id`, else 0 (the first report is selected initially). */
export function initialIndex(reports: readonly Pick<ReportItem, 'id'>[], id: string | null | undefined): number {
  if (!id) return 0;
  const index = reports.findIndex((report) => report.id === id);
  return index >= 0 ? index : 0;
}
