import type { ContactRequest } from '../../shared/contactRequestSchema';

/**
 * RFC 4180 CSV of contact requests, safe to open in a spreadsheet:
 * - every field is quoted, a quote inside is doubled, lines end with CRLF (line breaks inside a
 *   message stay inside its quoted field);
 * - a cell that begins with `=`, `+`, `-`, `@`, TAB or CR would be read as a formula (CSV
 *   injection, OWASP): it gets a leading apostrophe, which spreadsheets show as text and hide.
 *   A phone number such as +49 621 … therefore reads '+49 621 … in a plain text editor.
 * The file starts with a UTF-8 byte-order mark so that Excel reads umlauts correctly.
 */

export const CSV_COLUMNS = [
  ['id', 'id'],
  ['receivedAt', 'received_at'],
  ['variant', 'variant'],
  ['status', 'status'],
  ['handledAt', 'handled_at'],
  ['name', 'name'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['message', 'message'],
  ['source', 'source'],
  ['deliveredAt', 'delivered_at'],
  ['attempts', 'attempts'],
  ['lastError', 'last_error'],
] as const satisfies ReadonlyArray<readonly [keyof ContactRequest, string]>;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula-neutralised, quoted, quotes doubled. */
export function csvCell(value: unknown): string {
  let text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : value === null || value === undefined
          ? ''
          : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function contactRequestsCsv(contactRequests: readonly ContactRequest[]): string {
  const header = CSV_COLUMNS.map(([, title]) => csvCell(title)).join(',');
  const rows = contactRequests.map((contactRequest) => CSV_COLUMNS.map(([key]) => csvCell(contactRequest[key])).join(','));
  return `\uFEFF${[header, ...rows].join('\r\n')}\r\n`;
}
