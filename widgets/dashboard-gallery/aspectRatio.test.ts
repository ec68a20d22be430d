import { describe, it, expect, vi } from 'vitest';
import {
  ASPECT_LABELS,
  ASPECT_OPTIONS,
  ASPECT_STORAGE_KEY,
  aspectPadding,
  aspectRatioCss,
  aspectRatioValue,
  isAspectOption,
  readAspect,
  writeAspect,
} from './aspectRatio';

/** A Storage stand-in backed by a Map. */
function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: vi.fn((key: string) => map.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void map.set(key, String(value))),
    map,
  };
}

const throwingStorage = {
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('Quota exceeded', 'QuotaExceededError');
  },
};

describe('options', () => {
  it('offers 16:9, 4:3, 21:9 and Auto, 16:9 first and default', () => {
    expect(ASPECT_OPTIONS).toEqual(['16:9', '4:3', '21:9', 'auto']);
    expect(ASPECT_OPTIONS.map((o) => ASPECT_LABELS[o])).toEqual(['16:9', '4:3', '21:9', 'Auto']);
  });

  it('recognises options exactly', () => {
    expect(isAspectOption('21:9')).toBe(true);
    expect(isAspectOption('Auto')).toBe(false);
    expect(isAspectOption(' 16:9')).toBe(false);
    expect(isAspectOption(null)).toBe(false);
  });
});

describe('readAspect / writeAspect', () => {
  it('defaults to 16:9 when nothing is stored', () => {
    expect(readAspect(memoryStorage())).toBe('16:9');
  });

  it('persists a choice under the session key', () => {
    const storage = memoryStorage();
    expect(writeAspect(storage, '21:9')).toBe(true);
    expect(storage.map.get(ASPECT_STORAGE_KEY)).toBe('21:9');
    expect(readAspect(storage)).toBe('21:9');
    expect(writeAspect(storage, 'auto')).toBe(true);
    expect(readAspect(storage)).toBe('auto');
  });

  it('ignores a garbage stored value', () => {
    for (const value of ['16/9', 'AUTO', '', '{"x":1}', '4:3 ']) {
      expect(readAspect(memoryStorage({ [ASPECT_STORAGE_KEY]: value }))).toBe('16:9');
    }
  });

  it('refuses to store a value that is not an option', () => {
    const storage = memoryStorage();
    expect(writeAspect(storage, '3:2')).toBe(false);
    expect(writeAspect(storage, undefined)).toBe(false);
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('tolerates missing storage', () => {
    expect(readAspect(undefined)).toBe('16:9');
    expect(readAspect(null)).toBe('16:9');
    expect(writeAspect(null, '4:3')).toBe(false);
  });

  it('tolerates storage that throws (private mode, blocked storage)', () => {
    expect(readAspect(throwingStorage)).toBe('16:9');
    expect(writeAspect(throwingStorage, '4:3')).toBe(false);
  });
});

describe('CSS helpers', () => {
  it('gives aspect-ratio values for the fixed options', () => {
    expect(aspectRatioCss('16:9')).toBe('16 / 9');
    expect(aspectRatioCss('4:3')).toBe('4 / 3');
    expect(aspectRatioCss('21:9')).toBe('21 / 9');
    expect(aspectRatioValue('4:3')).toBeCloseTo(1.3333, 4);
  });

  it('follows the report size for auto, and 16:9 without one', () => {
    expect(aspectRatioCss('auto', { width: 1140, height: 541.25 })).toBe('1140 / 541.25');
    expect(aspectRatioValue('auto', { width: 1140, height: 541.25 })).toBeCloseTo(2.1062, 4);
    expect(aspectRatioCss('auto')).toBe('16 / 9');
    expect(aspectRatioCss('auto', { width: 0, height: 541.25 })).toBe('16 / 9');
    expect(aspectRatioCss('auto', { width: Number.NaN, height: 10 })).toBe('16 / 9');
    expect(aspectRatioCss('4:3', { width: 1140, height: 541.25 })).toBe('4 / 3');
  });

  it('gives padding-top percentages for the fallback box', () => {
    expect(aspectPadding('16:9')).toBe('56.25%');
    expect(aspectPadding('4:3')).toBe('75%');
    expect(aspectPadding('21:9')).toBe('42.8571%');
    expect(aspectPadding('auto', { width: 1140, height: 541.25 })).toBe('47.4781%');
  });
});
