/**
 * CSV as RFC 4180 writes it (CRLF rows, fields quoted when they hold a quote, comma or line
 * break, quotes doubled), with spreadsheet formula injection defused: a visitor who types
 * `=HYPERLINK(...)` as their name must not get a live formula into the shop owner's spreadsheet.
 * A cell starting with = + - @ tab or CR is prefixed with an apostrophe, as OWASP recommends,
 * so spreadsheets show it as text (a phone number "+49..." then reads "'+49...").
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
