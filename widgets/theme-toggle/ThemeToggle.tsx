import { useEffect, useState } from 'react';
import { THEME_STORAGE_KEY } from '../../shared/constants';
import { emit } from '../lib/defineElement';
import {
  THEME_EVENT,
  applyTheme,
  documentIsDark,
  localStorageOrNull,
  readTheme,
  writeTheme,
  type ThemePreference,
} from './theme';
import type { DcThemeToggleAttributes } from './attributes';

/** The attributes of <dc-theme-toggle> (attributes.ts, written from api.json). */
export type ThemeToggleProps = DcThemeToggleAttributes;

function initialIsDark(): boolean {
  const root = document.documentElement;
  if (root.hasAttribute('data-theme')) return documentIsDark(root);
  // A partner page without the inline head script: apply the stored choice now.
  const stored = readTheme(localStorageOrNull());
  applyTheme(root, stored.isDark);
  return stored.isDark;
}

/**
 * <dc-theme-toggle>: a toggle button (aria-pressed) between the light and dark
 * theme. Stores {isDark, source: 'user-preference'} under localStorage 'dc_theme',
 * sets html[data-theme], and announces the change as 'dc-theme-change' so every
 * other toggle on the page (and other tabs, through 'storage') stays in step.
 */
export function ThemeToggle({ label = 'Dark theme' }: ThemeToggleProps) {
  const [isDark, setIsDark] = useState(initialIsDark);

  useEffect(() => {
    const onChange = (event: Event) => setIsDark((event as CustomEvent<ThemePreference>).detail.isDark);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== THEME_STORAGE_KEY) return;
      const next = readTheme(localStorageOrNull()).isDark;
      applyTheme(document.documentElement, next);
      setIsDark(next);
    };
    document.addEventListener(THEME_EVENT, onChange);
    window.addEventListener('storage', onStorage);
    return () => {
      document.removeEventListener(THEME_EVENT, onChange);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const toggle = () => {
    const preference = writeTheme(localStorageOrNull(), !isDark);
    applyTheme(document.documentElement, preference.isDark);
    emit(document, THEME_EVENT, preference);
  };

  return (
    <button
      type="button"
      className="toggle"
      aria-pressed={isDark ? 'true' : 'false'}
      aria-label={label}
      title={isDark ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={toggle}
    >
      {isDark ? (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="4.5" />
          <path d="M12 2v2.5M12 19.5V22M4.2 4.2 6 6M18 18l1.8 1.8M2 12h2.5M19.5 12H22M4.2 19.8 6 18M18 6l1.8-1.8" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z" />
        </svg>
      )}
    </button>
  );
}
