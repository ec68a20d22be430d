/**
 * Small checks for JSON an island fetches (the /data/<name>.json feeds). Each returns the value
 * with its type narrowed, or throws a DataShapeError naming the path of the first bad field
 * ('departments[2].jobs[0].title must be a string'), so a broken feed gives a clear console
 * message instead of a blank or half-rendered list. No DOM, no framework.
 */

export class DataShapeError extends Error {
  override readonly name = 'DataShapeError';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function expectRecord(value: unknown, path: string): Record<string, unknown> {
  if (!isRecord(value)) throw new DataShapeError(`${path} must be an object`);
  return value;
}

export function expectArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new DataShapeError(`${path} must be an array`);
  return value;
}

export function expectString(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new DataShapeError(`${path} must be a string`);
  return value;
}

/** A string that is not empty after trimming (ids, titles). */
export function expectText(value: unknown, path: string): string {
  const text = expectString(value, path);
  if (text.trim() === '') throw new DataShapeError(`${path} must not be empty`);
  return text;
}

export function expectStringArray(value: unknown, path: string): string[] {
  return expectArray(value, path).map((item, index) => expectString(item, `${path}[${index}]`));
}

/** A string field that may be missing or null ('' then). */
export function optionalString(value: unknown, path: string): string {
  return value === undefined || value === null ? '' : expectString(value, path);
}

/** Throws when two entries share an id: the islands key their lists and open states by id. */
export function expectUniqueIds(ids: readonly string[], path: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new DataShapeError(`${path}: the id '${id}' occurs more than once`);
    seen.add(id);
  }
}
