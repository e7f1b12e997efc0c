/**
 * CSV as RFC 4180 writes it and spreadsheets open it safely: fields with a
 * comma, a quote or a line break quoted (quotes doubled), lines ended by CRLF,
 * and text that a spreadsheet would run as a formula (it starts with `=`,
 * `+`, `-`, `@`, a tab or a carriage return: OWASP "CSV injection") prefixed
 * with `'`, so it shows as the text it is. Numbers are written as numbers
 * (an expired document's -3 days stays -3).
 */

/** A value of a cell: text, a number, or nothing (an empty cell). */
export type CellValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, CRLF-ended. */
export const csvLine = (cells: readonly CellValue[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Money with two decimals (`12.5` -> `12.50`). */
export const moneyCell = (amount: number) => amount.toFixed(2);

/** The byte-order mark that tells Excel the file is UTF-8. */
export const BOM = '\uFEFF';
