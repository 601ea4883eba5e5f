/**
 * The one CSV writer, of the server's exports and of the client's export of picked rows
 * (docs/security.md, CSV injection). A spreadsheet runs a cell that starts with = + - @ (or a tab or
 * CR) as a formula, so such a text gets a leading apostrophe. A plain phone number (a + and its digits, as the contract stores it) is not one: it has no function,
 * reference or operator for a spreadsheet to run, and staff copy it as it is, so it keeps its +.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_PHONE = /^\+[0-9]{7,20}$/;

/** One CSV cell, quoted where needed. */
export const csvCell = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let s = value;
  if (FORMULA_START.test(s) && !PLAIN_PHONE.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
};

export const csvLine = (cells: (string | number | boolean | null | undefined)[]) =>
  cells.map(csvCell).join(',') + '\r\n';

/** A whole CSV text as the exports write it: UTF-8 with a byte-order mark, lines ending in CR LF. */
export const csvText = (lines: (string | number | boolean | null | undefined)[][]): string =>
  '\uFEFF' + lines.map(csvLine).join('');
