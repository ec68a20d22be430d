import { tsImport } from 'tsx/esm/api';

/**
 * The proficiency badge rule of site/_pageData/proficiency.ts (SPEC 2.3, 9), for
 * templates: the rule is written once in TypeScript and loaded here, so the
 * static HTML and the islands colour a badge the same way.
 * Usage: {{ proficiency.tone(96) }} -> 'green'; {{ proficiency.label(96) }}.
 */
export default async function () {
  const rule = await tsImport('../_pageData/proficiency.ts', import.meta.url);
  return {
    tone: rule.badgeTone,
    text: rule.proficiencyText,
    label: rule.proficiencyLabel,
    toneLabels: rule.BADGE_TONE_LABELS,
  };
}
