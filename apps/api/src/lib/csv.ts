// Writing CSV for the exports people open in a spreadsheet (police reports): RFC 4180 (quotes
// doubled, CRLF between records), and no cell a spreadsheet would run as a formula (OWASP's "CSV
// injection"). A seller chooses their own name and item description, so:
// - every text cell is quoted: what a cell holds never depends on which characters it happens to
//   contain, and a reader never mistakes its commas for the file's;
// - a formula start (= + - @, or a tab or carriage return, which some programs strip first), after
//   optional spaces, gets an apostrophe before it at the start of the cell AND after each `,` or
//   `;` inside it: a spreadsheet whose list separator is `;` (many European locales), or one that
//   splits a pasted cell on commas, would start a new cell there, and that cell would run. Tabs and
//   line breaks count as separators too, for a tab-separated import or a reader that splits lines
//   before it reads quotes.
// Numbers passed as numbers (and a text that is only a negative number) are data and stay as they are.

/** Where a spreadsheet may start a cell, then optional spaces, then what would make it a formula. */
const FORMULA_AFTER_SEPARATOR = /(?<=^|[,;\t\r\n])( *)(?=[=+\-@\t\r])/g;
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** One cell as written: null and undefined are empty, numbers bare as they print, text quoted and inert. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = NEGATIVE_NUMBER.test(value) ? value : value.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return `"${text.replaceAll('"', '""')}"`;
}

/** A header row and the records, each record in the header's order, CRLF after every line. */
export function toCsv<Row>(
  columns: readonly { header: string; value: (row: Row) => string | number | null | undefined }[],
  rows: readonly Row[],
): string {
  const lines = [columns.map((c) => csvCell(c.header)), ...rows.map((row) => columns.map((c) => csvCell(c.value(row))))];
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
}
