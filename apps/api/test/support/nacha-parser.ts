// An independent reader of Nacha files for tests: written from the record layouts (Nacha Operating
// Rules, Appendix Three, positions "from-to" as the tables print them) without importing anything
// from the writer, so a mistake in the writer's layout cannot hide in its own read-back.
// The npm Nacha parsers (nach2, @ach/ach, @midlandsbank/node-nacha) are years old, untyped and pull in
// moment/lodash/requireg, so this one is ours.

type Span = readonly [name: string, from: number, to: number];

const FILE_HEADER: Span[] = [
  ['recordType', 1, 1],
  ['priorityCode', 2, 3],
  ['immediateDestination', 4, 13],
  ['immediateOrigin', 14, 23],
  ['fileCreationDate', 24, 29],
  ['fileCreationTime', 30, 33],
  ['fileIdModifier', 34, 34],
  ['recordSize', 35, 37],
  ['blockingFactor', 38, 39],
  ['formatCode', 40, 40],
  ['immediateDestinationName', 41, 63],
  ['immediateOriginName', 64, 86],
  ['referenceCode', 87, 94],
];

const BATCH_HEADER: Span[] = [
  ['recordType', 1, 1],
  ['serviceClassCode', 2, 4],
  ['companyName', 5, 20],
  ['companyDiscretionaryData', 21, 40],
  ['companyIdentification', 41, 50],
  ['standardEntryClassCode', 51, 53],
  ['companyEntryDescription', 54, 63],
  ['companyDescriptiveDate', 64, 69],
  ['effectiveEntryDate', 70, 75],
  ['settlementDate', 76, 78],
  ['originatorStatusCode', 79, 79],
  ['originatingDfiId', 80, 87],
  ['batchNumber', 88, 94],
];

const ENTRY_DETAIL: Span[] = [
  ['recordType', 1, 1],
  ['transactionCode', 2, 3],
  ['rdfiId', 4, 11],
  ['checkDigit', 12, 12],
  ['accountNumber', 13, 29],
  ['amount', 30, 39],
  ['individualId', 40, 54],
  ['individualName', 55, 76],
  ['discretionaryData', 77, 78],
  ['addendaIndicator', 79, 79],
  ['traceNumber', 80, 94],
];

const ADDENDA: Span[] = [
  ['recordType', 1, 1],
  ['addendaTypeCode', 2, 3],
  ['body', 4, 79],
  ['traceNumber', 80, 94],
];

const BATCH_CONTROL: Span[] = [
  ['recordType', 1, 1],
  ['serviceClassCode', 2, 4],
  ['entryAddendaCount', 5, 10],
  ['entryHash', 11, 20],
  ['totalDebit', 21, 32],
  ['totalCredit', 33, 44],
  ['companyIdentification', 45, 54],
  ['messageAuthenticationCode', 55, 73],
  ['reserved', 74, 79],
  ['originatingDfiId', 80, 87],
  ['batchNumber', 88, 94],
];

const FILE_CONTROL: Span[] = [
  ['recordType', 1, 1],
  ['batchCount', 2, 7],
  ['blockCount', 8, 13],
  ['entryAddendaCount', 14, 21],
  ['entryHash', 22, 31],
  ['totalDebit', 32, 43],
  ['totalCredit', 44, 55],
  ['reserved', 56, 94],
];

export type ParsedRecord = Record<string, string>;

function cut(line: string, spans: Span[]): ParsedRecord {
  const out: ParsedRecord = {};
  for (const [name, from, to] of spans) out[name] = line.substring(from - 1, to);
  return out;
}

export interface ParsedEntry {
  record: ParsedRecord;
  addenda: ParsedRecord[];
}

export interface ParsedBatch {
  header: ParsedRecord;
  entries: ParsedEntry[];
  control: ParsedRecord;
}

export interface ParsedNachaFile {
  lines: string[];
  fileHeader: ParsedRecord;
  batches: ParsedBatch[];
  fileControl: ParsedRecord;
  /** Records after the file control; each should be 94 nines. */
  padding: string[];
}

/** Splits and cuts a file; throws only when its shape cannot be followed at all. */
export function parseNachaFile(text: string): ParsedNachaFile {
  if (!text.endsWith('\n')) throw new Error('file does not end with a line break');
  const lines = text.slice(0, -1).split('\n');
  lines.forEach((line, i) => {
    if (line.length !== 94) throw new Error(`line ${i + 1} has ${line.length} characters`);
  });
  let at = 0;
  const next = () => lines[at++] ?? '';
  const peekType = () => lines[at]?.charAt(0);

  const headerLine = next();
  if (headerLine.charAt(0) !== '1') throw new Error('first record is not a file header');
  const fileHeader = cut(headerLine, FILE_HEADER);
  const batches: ParsedBatch[] = [];
  while (peekType() === '5') {
    const header = cut(next(), BATCH_HEADER);
    const entries: ParsedEntry[] = [];
    while (peekType() === '6') {
      const entry: ParsedEntry = { record: cut(next(), ENTRY_DETAIL), addenda: [] };
      while (peekType() === '7') entry.addenda.push(cut(next(), ADDENDA));
      entries.push(entry);
    }
    if (peekType() !== '8') throw new Error(`record ${at + 1} should close the batch`);
    batches.push({ header, entries, control: cut(next(), BATCH_CONTROL) });
  }
  if (peekType() !== '9') throw new Error(`record ${at + 1} should be the file control`);
  const fileControl = cut(next(), FILE_CONTROL);
  return { lines, fileHeader, batches, fileControl, padding: lines.slice(at) };
}

/** What the control records should say, counted from the records themselves. */
export function recount(file: ParsedNachaFile) {
  let entryAddendaCount = 0;
  let hashSum = 0n;
  let credit = 0n;
  let debit = 0n;
  for (const batch of file.batches) {
    for (const { record, addenda } of batch.entries) {
      entryAddendaCount += 1 + addenda.length;
      hashSum += BigInt(record['rdfiId'] ?? '0');
      const amount = BigInt(record['amount'] ?? '0');
      // Credit codes end in 0-4 (22 checking, 32 savings), debit codes in 5-9.
      if (Number((record['transactionCode'] ?? '00').charAt(1)) <= 4) credit += amount;
      else debit += amount;
    }
  }
  const hash = hashSum.toString();
  return {
    entryAddendaCount,
    entryHash: hash.length > 10 ? hash.slice(hash.length - 10) : hash.padStart(10, '0'),
    totalCredit: credit,
    totalDebit: debit,
    blockCount: Math.ceil(file.lines.length / 10),
  };
}
