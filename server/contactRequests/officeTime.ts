/**
 * Times in contact request mails, written for the people who read them: the office in Mannheim, in its own
 * zone, with the zone's abbreviation and offset (CET in winter, CEST in summer), e.g.
 * "Thu, 26 Nov 2026, 04:02:39 CET (UTC+01:00)". The UTC instant goes into the mail's footer.
 */
export const OFFICE_TIME_ZONE = 'Europe/Berlin';

const LOCAL = new Intl.DateTimeFormat('en-GB', {
  timeZone: OFFICE_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

const OFFSET = new Intl.DateTimeFormat('en-GB', { timeZone: OFFICE_TIME_ZONE, timeZoneName: 'longOffset' });

/** An instant (ISO 8601) as the office's local time with its zone; the text as given when it is no date. */
export function officeTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const offset = OFFSET.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
  // 'GMT+01:00' -> 'UTC+01:00'; a zero offset is written 'GMT' alone.
  const utcOffset = offset === 'GMT' ? 'UTC+00:00' : offset.replace(/^GMT/, 'UTC');
  return `${LOCAL.format(date)} (${utcOffset})`;
}
