/**
 * Aspect-ratio choice of the dashboards gallery (SPEC 2.6, 4, 9): 16:9, 4:3, 21:9 or Auto,
 * default 16:9, kept in sessionStorage for the browser session.
 *
 * 'auto' follows the report's own size (the width and height attributes of its embed
 * snippet, see parseEmbed) and falls back to 16:9 when those are unknown.
 */

export const ASPECT_OPTIONS = ['16:9', '4:3', '21:9', 'auto'] as const;
export type AspectOption = (typeof ASPECT_OPTIONS)[number];

/** Text of each option in the selector. */
export const ASPECT_LABELS: Readonly<Record<AspectOption, string>> = Object.freeze({
  '16:9': '16:9',
  '4:3': '4:3',
  '21:9': '21:9',
  auto: 'Auto',
});

export const DEFAULT_ASPECT: AspectOption = '16:9';

/** sessionStorage key of the choice. */
export const ASPECT_STORAGE_KEY = 'dc_dashboard_aspect';

/** Whether a value is one of ASPECT_OPTIONS. */
export function isAspectOption(value: unknown): value is AspectOption {
  return typeof value === 'string' && (ASPECT_OPTIONS as readonly string[]).includes(value);
}

/**
 * The stored choice, or 16:9 when there is no storage, nothing stored, a value that is
 * not an option, or storage that throws (blocked storage, some private modes).
 */
export function readAspect(storage: Pick<Storage, 'getItem'> | null | undefined): AspectOption {
  try {
    const value = storage?.getItem(ASPECT_STORAGE_KEY);
    return isAspectOption(value) ? value : DEFAULT_ASPECT;
  } catch {
    return DEFAULT_ASPECT;
  }
}

/**
 * Stores a choice. Returns false (and stores nothing) for a value that is not an option,
 * without storage, or when storage throws (quota, private mode); the choice then simply
 * lasts as long as the page.
 */
export function writeAspect(storage: Pick<Storage, 'setItem'> | null | undefined, value: unknown): boolean {
  if (!isAspectOption(value) || !storage) return false;
  try {
    storage.setItem(ASPECT_STORAGE_KEY, value);
    return true;
  } catch {
    return false;
  }
}

/** Natural size of a report, from its embed snippet. */
export interface NaturalSize {
  width?: number | undefined;
  height?: number | undefined;
}

const FIXED: Readonly<Record<Exclude<AspectOption, 'auto'>, readonly [number, number]>> = {
  '16:9': [16, 9],
  '4:3': [4, 3],
  '21:9': [21, 9],
};

/** Width and height of the ratio; 'auto' uses the natural size when both are positive, else 16:9. */
function ratioParts(option: AspectOption, natural?: NaturalSize): readonly [number, number] {
  if (option === 'auto') {
    const w = natural?.width;
    const h = natural?.height;
    if (typeof w === 'number' && typeof h === 'number' && Number.isFinite(w) && Number.isFinite(h) && w > 0 && h > 0) {
      return [w, h];
    }
    return FIXED[DEFAULT_ASPECT as Exclude<AspectOption, 'auto'>];
  }
  return FIXED[option];
}

/** Width divided by height: 16:9 -> 1.777..., auto with 1140 x 541.25 -> 2.106... */
export function aspectRatioValue(option: AspectOption, natural?: NaturalSize): number {
  const [w, h] = ratioParts(option, natural);
  return w / h;
}

/** Value for the CSS aspect-ratio property: '16 / 9', '4 / 3', '21 / 9', or '1140 / 541.25' for auto. */
export function aspectRatioCss(option: AspectOption, natural?: NaturalSize): string {
  const [w, h] = ratioParts(option, natural);
  return `${w} / ${h}`;
}

/**
 * Padding-top percentage for the padding-box fallback (height = width x h / w):
 * '56.25%' (16:9), '75%' (4:3), '42.8571%' (21:9); at most 4 decimals.
 */
export function aspectPadding(option: AspectOption, natural?: NaturalSize): string {
  const [w, h] = ratioParts(option, natural);
  return `${Number(((h / w) * 100).toFixed(4))}%`;
}
