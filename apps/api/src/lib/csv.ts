// Writing CSV for the exports people open in a spreadsheet (police reports, a seller's records):
// RFC 4180 (fields quoted when they hold a comma, quote or line break; quotes doubled; CRLF between
// records), and no cell a spreadsheet would run as a formula. A seller chooses their own name and
// item description, so a cell starting with = + - @ (or a tab or carriage return, which some
// programs strip first) is written with a leading apostrophe, as OWASP's "CSV injection" advice says.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as written: null and undefined are empty, numbers as they print. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A bare negative number is data, not a formula; anything else starting like a formula is neutralised.
  if (FORMULA_START.test(text) && !(typeof value === 'number' || /^-\d+(\.\d+)?$/.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and the records, each record in the header's order, CRLF after every line. */
export function toCsv<Row>(
  columns: readonly { header: string; value: (row: Row) => string | number | null | undefined }[],
  rows: readonly Row[],
): string {
  const lines = [columns.map((c) => csvCell(c.header)), ...rows.map((row) => columns.map((c) => csvCell(c.value(row))))];
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
}
