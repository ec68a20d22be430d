import { THEME_STORAGE_KEY } from '../../shared/constants';

/** SPEC 3 "Theme preference". */
export interface ThemePreference {
  isDark: boolean;
  source: 'default' | 'user-preference';
}

export const DEFAULT_THEME: ThemePreference = Object.freeze({ isDark: false, source: 'default' });

/** Fired on document (bubbling, composed) whenever a toggle changes the theme. */
export const THEME_EVENT = 'dc-theme-change';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/**
 * Reads the stored preference. Anything unreadable (no storage, a throwing
 * storage, invalid JSON, a value of the wrong shape) falls back to light.
 * site/_includes/theme-init.js applies the same rule before first paint;
 * widgets/theme-toggle/theme.test.ts checks that the two agree.
 */
export function readTheme(storage: ReadableStorage | null | undefined): ThemePreference {
  try {
    const raw = storage?.getItem(THEME_STORAGE_KEY);
    if (!raw) return DEFAULT_THEME;
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && typeof (value as { isDark?: unknown }).isDark === 'boolean') {
      const source = (value as { source?: unknown }).source === 'user-preference' ? 'user-preference' : 'default';
      return { isDark: (value as { isDark: boolean }).isDark, source };
    }
  } catch {
    /* unreadable: light */
  }
  return DEFAULT_THEME;
}

/** Stores the user's choice; returns what was stored. A storage that refuses (quota, privacy mode) is ignored. */
export function writeTheme(storage: WritableStorage | null | undefined, isDark: boolean): ThemePreference {
  const preference: ThemePreference = { isDark, source: 'user-preference' };
  try {
    storage?.setItem(THEME_STORAGE_KEY, JSON.stringify(preference));
  } catch {
    /* the page still switches; the choice just is not remembered */
  }
  return preference;
}

/** Applies a theme to the document: the tokens switch on html[data-theme]. */
export function applyTheme(root: HTMLElement, isDark: boolean): void {
  root.setAttribute('data-theme', isDark ? 'dark' : 'light');
}

/** The theme the document shows now (the inline head script has already applied the stored one). */
export function documentIsDark(root: HTMLElement): boolean {
  return root.getAttribute('data-theme') === 'dark';
}

/** A safe handle on localStorage (it throws in some privacy modes and sandboxed frames). */
export function localStorageOrNull(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
