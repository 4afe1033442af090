// The text layer of OFAC's legacy delimited files: bytes to text, text to records. OFAC's data
// specification describes the CSV release as ASCII text, records ended by a carriage return (the files
// use CR LF), fields split by commas and quoted when they hold commas. We read the bytes as UTF-8 (ASCII
// is a part of it) and refuse anything that is not valid UTF-8 rather than guess: a file re-saved in
// another encoding would put wrong letters into the names we screen.

export class OfacListError extends Error {
  override name = 'OfacListError';
}

/** The DOS end-of-file mark (Ctrl-Z) OFAC leaves on the last line of its legacy files. */
const END_OF_FILE_MARK = '\u001a';

export function decodeOfacFile(fileName: string, content: Uint8Array | string): string {
  if (typeof content === 'string') return content.replace(/^\uFEFF/u, '');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw new OfacListError(
      `${fileName} is not valid text in OFAC's encoding (ASCII, read as UTF-8). Download it again from OFAC instead of converting or editing it.`,
    );
  }
}

export interface CsvRecord {
  /** The line the record starts on, counting from 1, for error sentences. */
  line: number;
  fields: string[];
}

/**
 * RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. Blank lines and
 * OFAC's end-of-file mark are not records.
 */
export function parseCsvRecords(fileName: string, text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let index = 0;
  let sawContent = false;

  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    const blank = fields.length === 1 && (fields[0] ?? '').replaceAll(END_OF_FILE_MARK, '').trim() === '';
    if (sawContent && !blank) records.push({ line: recordLine, fields });
    fields = [];
    sawContent = false;
  };

  while (index < text.length) {
    const char = text[index];
    // A quote opens a quoted field only at its start; inside a bare field it is an ordinary character.
    if (char === '"' && field === '') {
      sawContent = true;
      const quoteLine = line;
      index += 1;
      for (;;) {
        if (index >= text.length) throw new OfacListError(`${fileName}, line ${quoteLine}: a quoted field is never closed.`);
        const inside = text[index];
        if (inside === '"') {
          if (text[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        if (inside === '\n') line += 1;
        field += inside;
        index += 1;
      }
      while (text[index] === ' ') index += 1;
      const next = text[index];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new OfacListError(`${fileName}, line ${line}: text follows a closing quote inside a field.`);
      }
      continue;
    }
    if (char === ',') {
      sawContent = true;
      endField();
      index += 1;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      index += char === '\r' && text[index + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    sawContent = true;
    field += char;
    index += 1;
  }
  endRecord();
  return records;
}

/** OFAC writes "-0-" (sometimes with a trailing blank) where a field is empty. */
export function ofacValue(field: string): string | null {
  const value = field.trim();
  return value === '' || value === '-0-' ? null : value;
}
