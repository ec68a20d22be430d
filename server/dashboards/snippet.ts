import { DASHBOARD_MESSAGES } from '../../shared/clientDashboards';
import { embedRefusal, parseEmbed } from '../../shared/embed';
import { escapeHtml } from '../../shared/escapeHtml';
import { parseSnippetFragment } from './snippetFragment';

/**
 * What was pasted, as a snippet parseEmbed reads: an embed code as it is, a bare address (no
 * `<`, e.g. Power BI's "link you can share") as the iframe Power BI would give for it, so the
 * address meets exactly the same rule.
 */
export function snippetFromPaste(pasted: string): string {
  const text = pasted.trim();
  if (text === '' || text.includes('<')) return pasted;
  return `<iframe src="${escapeHtml(text)}"></iframe>`;
}

export type SnippetCheck = { ok: true; src: string } | { ok: false; message: string };

/**
 * A pasted Power BI embed code or address, checked by the gallery's own rule (shared/embed.ts
 * parseEmbed: one iframe, https, a Power BI host) and refused with the gallery's words.
 */
export function checkSnippet(pasted: unknown): SnippetCheck {
  if (typeof pasted !== 'string' || pasted.trim() === '') return { ok: false, message: DASHBOARD_MESSAGES.snippetRequired };
  const result = parseEmbed(snippetFromPaste(pasted), undefined, { parseFragment: parseSnippetFragment });
  return result.ok ? { ok: true, src: result.src } : { ok: false, message: embedRefusal(result) };
}
