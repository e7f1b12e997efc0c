/**
 * CSV as RFC 4180 writes it and spreadsheets open it safely: lines ended by
 * CRLF; every text cell quoted (quotes doubled), so a separator inside it
 * (`,`, or the `;` of a spreadsheet whose list separator it is) never splits
 * it; and text that a spreadsheet could run as a formula (OWASP "CSV
 * injection": `=`, `+`, `-`, `@` first, or a tab or carriage return first)
 * shown as the text it is with a `'` before it, at the start and after any
 * separator (`,` `;` tab), since a spreadsheet splitting on another separator
 * than ours starts a cell there. Numbers are written as numbers (an expired
 * document's -3 days stays -3).
 */

/** A value of a cell: text, a number, or nothing (an empty cell). */
export type CellValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([,;\t]\s*)([=+\-@])/g;

export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = (FORMULA_START.test(value) ? `'${value}` : value).replace(
    FORMULA_AFTER_SEPARATOR,
    "$1'$2",
  );
  return `"${text.replace(/"/g, '""')}"`;
}

/** One line of cells, CRLF-ended. */
export const csvLine = (cells: readonly CellValue[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Money with two decimals (`12.5` -> `12.50`). */
export const moneyCell = (amount: number) => amount.toFixed(2);

/** The byte-order mark that tells Excel the file is UTF-8. */
export const BOM = '\uFEFF';
