import { DASHBOARD_MESSAGES } from '../../shared/clientDashboards';
import { embedRefusal, parsePastedEmbed } from '../../shared/embed';
import { parseSnippetFragment } from './snippetFragment';

export type SnippetCheck = { ok: true; src: string } | { ok: false; message: string };

/**
 * A pasted Power BI embed code or "Publish to web" link, checked by the rule /embed's gallery form
 * uses (shared/embed.ts parsePastedEmbed: one iframe or one link, https, a Power BI host) and
 * refused with the gallery's words. The server has no DOM: a code is read by parseSnippetFragment.
 */
export function checkSnippet(pasted: unknown): SnippetCheck {
  if (typeof pasted !== 'string' || pasted.trim() === '') return { ok: false, message: DASHBOARD_MESSAGES.snippetRequired };
  const result = parsePastedEmbed(pasted, undefined, { parseFragment: parseSnippetFragment });
  return result.ok ? { ok: true, src: result.src } : { ok: false, message: embedRefusal(result) };
}
