/**
 * Expand/collapse rules shared by the mission/vision cards, the about and story
 * timelines, the FAQ accordion and the careers list (SPEC 2.4, 2.5, 2.16, 4).
 * Pure functions: they return the next state and never mutate their input.
 */

/**
 * One-open-at-a-time: clicking a closed entry opens it (and so closes any other);
 * clicking the open entry closes it.
 * @param openId the id open now, or null when none is open
 * @param clickedId the id that was clicked
 * @returns the id open after the click, or null
 */
export function toggleSingle<T>(openId: T | null, clickedId: T): T | null {
  return openId === clickedId ? null : clickedId;
}

/**
 * Several-open: clicking an entry flips it without touching the others.
 * A closed entry is appended (the order of opening is kept); an open one is removed.
 * @returns a new array; the input is not modified
 */
export function toggleMany<T>(openIds: readonly T[], id: T): T[] {
  return openIds.includes(id) ? openIds.filter((open) => open !== id) : [...openIds, id];
}

/** Whether an entry is open, for either rule's state. */
export function isOpen<T>(state: T | null | readonly T[], id: T): boolean {
  return Array.isArray(state) ? (state as readonly T[]).includes(id) : state === id;
}
