import { DASHBOARD_MESSAGES } from '../../shared/clientDashboards';
import { embedRefusal, parseEmbed, snippetFromPaste } from '../../shared/embed';
import { parseSnippetFragment } from './snippetFragment';

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
