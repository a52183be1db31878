import { stringify, type Options } from 'csv-stringify/sync';

/**
 * Every CSV Bakje writes is opened in a spreadsheet, which runs a cell starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return as a formula (`=HYPERLINK(...)` from a product name). Text cells starting so get an
 * apostrophe in front, csv-stringify's `escape_formulas` (also for the full-width forms of those signs); cells
 * given as numbers (a JS number, or a bigint the caller's `cast` formats, such as cents) are numbers and are
 * written as they are, so a refund's -2,50 stays a number. Imports take the apostrophe off again
 * (`unescapeFormula`). docs/decisions/0075-security-defects-d1-d6.md.
 * The byte-order mark makes Excel read the file as UTF-8 (names with accents).
 */
export function spreadsheetCsv(records: unknown[], options: Omit<Options, 'escape_formulas'> = {}): string {
  return '\uFEFF' + stringify(records, { ...options, escape_formulas: true });
}

/** What `escape_formulas` puts an apostrophe in front of: a cell read back starting with one of these after it. */
const ESCAPED_FORMULA = /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A cell of an imported CSV as its text: the apostrophe an export (Bakje's or a careful spreadsheet's) put
 * before a formula sign comes off, so a product named "=1+1" goes out and comes back as "=1+1", as text.
 * A text that itself starts with an apostrophe and such a sign loses its apostrophe: the file cannot say which.
 */
export function unescapeFormula(cell: string): string {
  return ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell;
}
