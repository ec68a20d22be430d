import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../../shared/constants';
import { DEFAULT_THEME, readTheme, writeTheme } from './theme';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    data,
  };
}

const throwingStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

/** Runs the inline <head> script against a storage; returns the theme it applied. */
function runThemeInit(storage: { getItem(key: string): string | null }): string | null {
  const script = readFileSync('site/_includes/theme-init.js', 'utf8');
  const attributes = new Map<string, string>();
  const documentElement = { setAttribute: (name: string, value: string) => attributes.set(name, value) };
  runInNewContext(script, { localStorage: storage, document: { documentElement }, JSON });
  return attributes.get('data-theme') ?? null;
}

const cases: Array<[string, string | null, boolean]> = [
  ['nothing stored', null, false],
  ['dark stored', JSON.stringify({ isDark: true, source: 'user-preference' }), true],
  ['light stored', JSON.stringify({ isDark: false, source: 'user-preference' }), false],
  ['invalid JSON', '{not json', false],
  ['isDark as a string', JSON.stringify({ isDark: 'true' }), false],
  ['a bare true', 'true', false],
  ['null', 'null', false],
  ['an array', '[true]', false],
  ['empty string', '', false],
];

describe('readTheme', () => {
  it.each(cases)('%s', (_name, stored, isDark) => {
    const storage = memoryStorage(stored === null ? {} : { [THEME_STORAGE_KEY]: stored });
    expect(readTheme(storage).isDark).toBe(isDark);
  });

  it('is light by default with source "default"', () => {
    expect(readTheme(memoryStorage())).toEqual({ isDark: false, source: 'default' });
  });

  it('keeps the stored source only when it is a known value', () => {
    const storage = memoryStorage({ [THEME_STORAGE_KEY]: JSON.stringify({ isDark: true, source: 'weird' }) });
    expect(readTheme(storage)).toEqual({ isDark: true, source: 'default' });
  });

  it('falls back to light when storage is missing or throws', () => {
    expect(readTheme(null)).toEqual(DEFAULT_THEME);
    expect(readTheme(undefined)).toEqual(DEFAULT_THEME);
    expect(readTheme(throwingStorage)).toEqual(DEFAULT_THEME);
  });
});

describe('writeTheme', () => {
  it('stores {isDark, source: "user-preference"} under dc_theme', () => {
    const storage = memoryStorage();
    expect(writeTheme(storage, true)).toEqual({ isDark: true, source: 'user-preference' });
    expect(JSON.parse(storage.data.get('dc_theme')!)).toEqual({ isDark: true, source: 'user-preference' });
    writeTheme(storage, false);
    expect(readTheme(storage)).toEqual({ isDark: false, source: 'user-preference' });
  });

  it('survives a storage that refuses to write', () => {
    expect(writeTheme(throwingStorage, true)).toEqual({ isDark: true, source: 'user-preference' });
  });
});

describe('the inline pre-paint script agrees with readTheme', () => {
  it.each(cases)('%s', (_name, stored, isDark) => {
    const storage = memoryStorage(stored === null ? {} : { [THEME_STORAGE_KEY]: stored });
    expect(runThemeInit(storage)).toBe(isDark ? 'dark' : 'light');
  });

  it('applies light when storage throws', () => {
    expect(runThemeInit(throwingStorage)).toBe('light');
  });
});
