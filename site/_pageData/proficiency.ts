/**
 * Proficiency badges of the home page's technology stack (SPEC 2.3, 9):
 * green at 90 or more, blue at 85 or more, yellow below 85.
 */

/** Lower bound (inclusive) of the green badge. */
export const PROFICIENCY_GREEN_MIN = 90;
/** Lower bound (inclusive) of the blue badge. */
export const PROFICIENCY_BLUE_MIN = 85;

export type BadgeTone = 'green' | 'blue' | 'yellow';

/**
 * The badge colour of a proficiency percentage.
 * A value that is not a finite number is treated as the lowest tone (yellow).
 */
export function badgeTone(proficiency: number): BadgeTone {
  if (!Number.isFinite(proficiency)) return 'yellow';
  if (proficiency >= PROFICIENCY_GREEN_MIN) return 'green';
  if (proficiency >= PROFICIENCY_BLUE_MIN) return 'blue';
  return 'yellow';
}

/** Readable level for a tone, e.g. for a title attribute or screen-reader text. */
export const BADGE_TONE_LABELS: Readonly<Record<BadgeTone, string>> = {
  green: 'Expert',
  blue: 'Advanced',
  yellow: 'Proficient',
};

/** The text shown inside the badge: '96%'. Rounded to a whole percent, clamped to 0-100. */
export function proficiencyText(proficiency: number): string {
  const value = Number.isFinite(proficiency) ? Math.min(100, Math.max(0, Math.round(proficiency))) : 0;
  return `${value}%`;
}

/** Accessible description: '96% proficiency (Expert)'. */
export function proficiencyLabel(proficiency: number): string {
  return `${proficiencyText(proficiency)} proficiency (${BADGE_TONE_LABELS[badgeTone(proficiency)]})`;
}
