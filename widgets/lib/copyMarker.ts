import { INTERVALS } from '../../shared/constants';

/**
 * The 'copied' marker of SPEC 4 (blog, dashboards): it holds the id of what was
 * copied and clears itself after 2 s. A second copy restarts the timer.
 * Framework-free so it can be unit-tested with fake timers and used from hooks.
 */
export interface CopyMarker<T> {
  mark(id: T): void;
  clear(): void;
  current(): T | null;
}

export function createCopyMarker<T>(
  onChange: (id: T | null) => void,
  durationMs: number = INTERVALS.copyConfirmMs,
): CopyMarker<T> {
  let value: T | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: T | null) => {
    value = next;
    onChange(next);
  };
  return {
    mark(id) {
      if (timer !== undefined) clearTimeout(timer);
      set(id);
      timer = setTimeout(() => {
        timer = undefined;
        set(null);
      }, durationMs);
    },
    clear() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (value !== null) set(null);
    },
    current: () => value,
  };
}
