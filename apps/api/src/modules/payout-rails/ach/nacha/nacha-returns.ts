// Reads the return file a bank sends back: a Nacha file whose entries each carry one addenda record,
// type 99 for a return (with its R-code and the trace number of the entry we sent) or type 98 for a
// notification of change. The whole file is checked (record lengths, order, counts, hashes, totals)
// before anything is returned, so a truncated or hand-edited file changes no payout.
// Matching trace numbers to payouts is the caller's: an unknown trace number is returned as read.
import {
  BLOCKING_FACTOR,
  PADDING_RECORD,
  RECORD_LENGTH,
  batchControlLayout,
  batchHeaderLayout,
  changeAddendaLayout,
  entryDetailLayout,
  entryHashOf,
  fileControlLayout,
  fileHeaderLayout,
  readRecord,
  returnAddendaLayout,
  type RecordFields,
} from './nacha-records.ts';

export interface NachaReturn {
  /** The trace number of the entry we sent (addenda "original entry trace number"). */
  traceNumber: string;
  /** R01..R85. */
  returnCode: string;
  reason: string;
  amountCents: number;
  /** The return entry's own transaction code (21 returns a checking credit, 31 a savings credit). */
  transactionCode: string;
  individualId: string;
  individualName: string;
  /** YYYY-MM-DD when the RDFI gave one (R14, R15). */
  dateOfDeath: string | null;
  originalRdfi: string;
  addendaInformation: string;
  /** The RDFI's trace number of the return itself. */
  returnTraceNumber: string;
}

export interface NachaChangeNotice {
  traceNumber: string;
  /** C01..C13: which detail of the receiver's account changed. */
  changeCode: string;
  correctedData: string;
  individualId: string;
}

export interface NachaReturnFile {
  /** The file header's identity, for the import's audit entry. */
  file: { immediateDestination: string; immediateOrigin: string; createdOn: string | null; fileIdModifier: string };
  returns: NachaReturn[];
  changeNotices: NachaChangeNotice[];
}

/** A file that is not a well-formed Nacha return file; `line` is 1-based when one line is at fault. */
export class NachaReturnFileError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'NachaReturnFileError';
  }
}

/** Plain words for the codes a payout credit meets most; the rest read "Return reason R##". */
const RETURN_REASONS: Record<string, string> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account, or the account could not be found',
  R04: 'Invalid account number',
  R05: 'Unauthorized debit to a consumer account',
  R06: "Returned at the originating bank's request",
  R07: 'Authorization revoked by the customer',
  R08: 'Payment stopped',
  R09: 'Uncollected funds',
  R10: 'Customer advises the payment was not authorized',
  R11: 'Customer advises the entry did not follow the terms of the authorization',
  R12: 'Account sold to another bank',
  R13: 'Invalid ACH routing number',
  R14: 'Representative payee deceased or unable to continue',
  R15: 'Beneficiary or account holder deceased',
  R16: 'Account frozen',
  R17: 'File record edit criteria',
  R20: 'Non-transaction account (the account does not accept ACH entries)',
  R23: 'Credit entry refused by the receiver',
  R24: 'Duplicate entry',
  R29: 'Corporate customer advises the payment was not authorized',
  R61: 'Misrouted return',
  R67: 'Duplicate return',
  R68: 'Untimely return',
  R69: 'Field errors',
  R70: 'Permissible return entry not accepted',
};

export function returnReasonText(code: string): string {
  return RETURN_REASONS[code] ?? `Return reason ${code}`;
}

const RETURN_CODE = /^R(0[1-9]|[1-7]\d|8[0-5])$/;

function isDebitTransactionCode(code: string): boolean {
  // Nacha's codes: the second digit 0-4 is a credit (x1 a return of one), 5-9 a debit.
  return Number(code[1]) >= 5;
}

function isoFromYymmdd(value: string): string | null {
  if (value.trim() === '') return null;
  if (!/^\d{6}$/.test(value)) return null;
  return `20${value.slice(0, 2)}-${value.slice(2, 4)}-${value.slice(4, 6)}`;
}

function digitsOf(value: string, label: string, line: number): number {
  if (!/^\d+$/.test(value)) throw new NachaReturnFileError(`Line ${line}: the ${label} "${value}" is not a number.`, line);
  return Number(value);
}

interface Totals {
  entryAddendaCount: number;
  rdfiIds: string[];
  debitCents: number;
  creditCents: number;
}

function newTotals(): Totals {
  return { entryAddendaCount: 0, rdfiIds: [], debitCents: 0, creditCents: 0 };
}

/** A control record's counts against what was read; `what` is "Batch 1 control" or "The file control". */
function checkControl(
  what: string,
  line: number,
  control: { entryAddendaCount: string; entryHash: string; totalDebitAmount: string; totalCreditAmount: string },
  totals: Totals,
): void {
  const hash = entryHashOf(totals.rdfiIds);
  if (control.entryHash !== hash) {
    throw new NachaReturnFileError(
      `${what} (line ${line}) says the entry hash is ${control.entryHash}, but the entries' routing numbers add up to ${hash}.`,
      line,
    );
  }
  const counts: [string, string, number, string][] = [
    ['entry/addenda count', control.entryAddendaCount, totals.entryAddendaCount, ''],
    ['total debit amount', control.totalDebitAmount, totals.debitCents, ' cents'],
    ['total credit amount', control.totalCreditAmount, totals.creditCents, ' cents'],
  ];
  for (const [label, written, counted, unit] of counts) {
    const said = digitsOf(written, label, line);
    if (said !== counted) {
      throw new NachaReturnFileError(
        `${what} (line ${line}) says the ${label} is ${said}${unit}, but the records add up to ${counted}${unit}.`,
        line,
      );
    }
  }
}

function splitRecords(text: string): string[] {
  const lines = text.split(/\r?\n/);
  // One line break after the last record is usual; blank lines anywhere else are not.
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw new NachaReturnFileError('The return file is empty.');
  lines.forEach((record, index) => {
    if (record.length !== RECORD_LENGTH) {
      throw new NachaReturnFileError(
        `Line ${index + 1} is ${record.length} characters long; every Nacha record is ${RECORD_LENGTH}.`,
        index + 1,
      );
    }
    if (!'156789'.includes(record[0] ?? '')) {
      throw new NachaReturnFileError(
        `Line ${index + 1} starts with record type "${record[0]}", which is not a Nacha record type (1, 5, 6, 7, 8 or 9).`,
        index + 1,
      );
    }
  });
  return lines;
}

interface EntryRead {
  entry: RecordFields<typeof entryDetailLayout>;
  line: number;
}

function readAddenda(read: EntryRead, addenda: string, addendaLine: number, result: NachaReturnFile): void {
  const { entry, line } = read;
  const typeCode = addenda.slice(1, 3);
  if (typeCode === '99') {
    const fields = readRecord(returnAddendaLayout, addenda);
    if (!RETURN_CODE.test(fields.returnReasonCode)) {
      throw new NachaReturnFileError(
        `Line ${addendaLine}: "${fields.returnReasonCode}" is not a return reason code (R01 to R85).`,
        addendaLine,
      );
    }
    if (!/^\d{15}$/.test(fields.originalEntryTraceNumber)) {
      throw new NachaReturnFileError(
        `Line ${addendaLine}: the original entry trace number "${fields.originalEntryTraceNumber}" is not 15 digits.`,
        addendaLine,
      );
    }
    result.returns.push({
      traceNumber: fields.originalEntryTraceNumber,
      returnCode: fields.returnReasonCode,
      reason: returnReasonText(fields.returnReasonCode),
      amountCents: digitsOf(entry.amount, 'amount', line),
      transactionCode: entry.transactionCode,
      individualId: entry.individualIdentificationNumber.trim(),
      individualName: entry.individualName.trim(),
      dateOfDeath: isoFromYymmdd(fields.dateOfDeath),
      originalRdfi: fields.originalReceivingDfiIdentification,
      addendaInformation: fields.addendaInformation.trim(),
      returnTraceNumber: entry.traceNumber,
    });
  } else if (typeCode === '98') {
    const fields = readRecord(changeAddendaLayout, addenda);
    result.changeNotices.push({
      traceNumber: fields.originalEntryTraceNumber,
      changeCode: fields.changeCode.trim(),
      correctedData: fields.correctedData.trim(),
      individualId: entry.individualIdentificationNumber.trim(),
    });
  } else {
    throw new NachaReturnFileError(
      `Line ${addendaLine}: addenda type ${typeCode} is not a return (99) or a notification of change (98).`,
      addendaLine,
    );
  }
  const addendaTrace = addenda.slice(79, 94);
  if (addendaTrace !== entry.traceNumber) {
    throw new NachaReturnFileError(
      `Line ${addendaLine}: the addenda's trace number ${addendaTrace} differs from its entry's ${entry.traceNumber} (line ${line}).`,
      addendaLine,
    );
  }
}

export function parseNachaReturnFile(text: string): NachaReturnFile {
  const records = splitRecords(text);
  if (records[0]?.[0] !== '1')
    throw new NachaReturnFileError('The return file does not start with a file header (record type 1).', 1);
  const header = readRecord(fileHeaderLayout, records[0]);
  if (header.recordSize !== '094' || header.blockingFactor !== '10') {
    throw new NachaReturnFileError(
      `Line 1: the file header gives record size ${header.recordSize} and blocking factor ${header.blockingFactor}; Nacha files use 094 and 10.`,
      1,
    );
  }

  const result: NachaReturnFile = {
    file: {
      immediateDestination: header.immediateDestination.trim(),
      immediateOrigin: header.immediateOrigin.trim(),
      createdOn: isoFromYymmdd(header.fileCreationDate),
      fileIdModifier: header.fileIdModifier,
    },
    returns: [],
    changeNotices: [],
  };
  const fileTotals = newTotals();
  let batchCount = 0;
  let batch: { header: RecordFields<typeof batchHeaderLayout>; totals: Totals; line: number } | null = null;
  let pendingEntry: EntryRead | null = null;
  let index = 1;

  const closeEntry = () => {
    if (pendingEntry) {
      throw new NachaReturnFileError(
        `Line ${pendingEntry.line}: the entry says an addenda record follows, but none does; a return carries its reason in one.`,
        pendingEntry.line,
      );
    }
  };

  for (; index < records.length; index += 1) {
    const record = records[index] ?? '';
    const line = index + 1;
    const type = record[0];
    if (type === '9') break;
    if (type === '1') throw new NachaReturnFileError(`Line ${line}: a second file header; one file per upload.`, line);
    if (type === '5') {
      if (batch)
        throw new NachaReturnFileError(`Line ${line}: a batch header before the batch at line ${batch.line} was closed.`, line);
      batch = { header: readRecord(batchHeaderLayout, record), totals: newTotals(), line };
      continue;
    }
    if (!batch) throw new NachaReturnFileError(`Line ${line}: a record of type ${type} outside any batch.`, line);
    if (type === '6') {
      closeEntry();
      const entry = readRecord(entryDetailLayout, record);
      const amount = digitsOf(entry.amount, 'amount', line);
      batch.totals.entryAddendaCount += 1;
      batch.totals.rdfiIds.push(entry.receivingDfiIdentification);
      if (isDebitTransactionCode(entry.transactionCode)) batch.totals.debitCents += amount;
      else batch.totals.creditCents += amount;
      if (entry.addendaRecordIndicator !== '1') {
        throw new NachaReturnFileError(`Line ${line}: the entry carries no addenda record, so it is not a return.`, line);
      }
      pendingEntry = { entry, line };
      continue;
    }
    if (type === '7') {
      if (!pendingEntry) throw new NachaReturnFileError(`Line ${line}: an addenda record that follows no entry.`, line);
      batch.totals.entryAddendaCount += 1;
      readAddenda(pendingEntry, record, line, result);
      pendingEntry = null;
      continue;
    }
    // type 8
    closeEntry();
    const control = readRecord(batchControlLayout, record);
    batchCount += 1;
    const what = `Batch ${batchCount}'s control`;
    if (control.serviceClassCode !== batch.header.serviceClassCode || control.batchNumber !== batch.header.batchNumber) {
      throw new NachaReturnFileError(
        `${what} (line ${line}) names service class ${control.serviceClassCode} and batch ${control.batchNumber}, but its header (line ${batch.line}) says ${batch.header.serviceClassCode} and ${batch.header.batchNumber}.`,
        line,
      );
    }
    checkControl(what, line, control, batch.totals);
    fileTotals.entryAddendaCount += batch.totals.entryAddendaCount;
    fileTotals.rdfiIds.push(...batch.totals.rdfiIds);
    fileTotals.debitCents += batch.totals.debitCents;
    fileTotals.creditCents += batch.totals.creditCents;
    batch = null;
  }

  if (index >= records.length) throw new NachaReturnFileError('The return file ends without a file control record (type 9).');
  if (batch) throw new NachaReturnFileError(`The batch at line ${batch.line} has no batch control record (type 8).`, batch.line);
  const controlLine = index + 1;
  const control = readRecord(fileControlLayout, records[index] ?? '');
  for (let rest = index + 1; rest < records.length; rest += 1) {
    if (records[rest] !== PADDING_RECORD) {
      throw new NachaReturnFileError(`Line ${rest + 1} follows the file control but is not a 9-filled padding record.`, rest + 1);
    }
  }
  if (digitsOf(control.batchCount, 'batch count', controlLine) !== batchCount) {
    throw new NachaReturnFileError(
      `The file control (line ${controlLine}) says the batch count is ${Number(control.batchCount)}, but the file has ${batchCount}.`,
      controlLine,
    );
  }
  const blocks = Math.ceil(records.length / BLOCKING_FACTOR);
  if (digitsOf(control.blockCount, 'block count', controlLine) !== blocks) {
    throw new NachaReturnFileError(
      `The file control (line ${controlLine}) says the block count is ${Number(control.blockCount)}, but the file's ${records.length} records make ${blocks}.`,
      controlLine,
    );
  }
  checkControl('The file control', controlLine, control, fileTotals);
  return result;
}
