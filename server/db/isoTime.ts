/** A time as a store reads it — ISO text from SQLite, a `Date` from PostgreSQL (timestamptz) — as ISO text. */
export function isoTime(time: Date | string): string {
  return time instanceof Date ? time.toISOString() : time;
}
