// The Nacha record layouts as data, so each field's position, width, padding and justification is
// written down once and both the writer and the return-file reader use the same table.
// Layouts follow the Nacha Operating Rules, Appendix Three (ACH record format specifications), as
// reproduced in bank and vendor guides, e.g.
// https://resource1.personifycorp.com/PersonifyOnlineHelp/7.7.0/mergedProjects/eft/Entry_Detail_Record_Format.htm
// and https://docs.oracle.com/cd/E28126_01/ENG/T1/T1_BP06Payment_File_Header_Record.html.

export const RECORD_LENGTH = 94;
export const BLOCKING_FACTOR = 10;

/**
 * alpha: left-justified and blank-filled unless the layout says otherwise; numeric: digits only,
 * right-justified and zero-filled (Nacha's general rule for the two field kinds).
 */
export type FieldType = 'alpha' | 'numeric';

export interface FieldDefinition {
  readonly name: string;
  /** The field's name in sentences ("the individual name"). */
  readonly label: string;
  /** 1-based, as the Nacha tables number positions. */
  readonly start: number;
  readonly length: number;
  readonly type: FieldType;
  readonly justify: 'left' | 'right';
  /** A value the layout fixes (record type codes, "094", "10"...). */
  readonly fixed?: string;
}

type Justify = FieldDefinition['justify'];

function alpha<const N extends string>(name: N, label: string, start: number, length: number, justify: Justify = 'left') {
  return { name, label, start, length, type: 'alpha', justify } as const;
}

function numeric<const N extends string>(name: N, label: string, start: number, length: number) {
  return { name, label, start, length, type: 'numeric', justify: 'right' } as const;
}

function fixed<const F extends FieldDefinition, const V extends string>(field: F, value: V) {
  return { ...field, fixed: value } as const;
}

export const fileHeaderLayout = [
  fixed(numeric('recordType', 'record type code', 1, 1), '1'),
  fixed(numeric('priorityCode', 'priority code', 2, 2), '01'),
  // "bTTTTAAAAC": a routing number right-justified behind a blank.
  alpha('immediateDestination', 'immediate destination', 4, 10, 'right'),
  // Either " " + a routing number or a 10-character identification the ODFI assigned.
  alpha('immediateOrigin', 'immediate origin', 14, 10, 'right'),
  numeric('fileCreationDate', 'file creation date', 24, 6),
  numeric('fileCreationTime', 'file creation time', 30, 4),
  alpha('fileIdModifier', 'file ID modifier', 34, 1),
  fixed(numeric('recordSize', 'record size', 35, 3), '094'),
  fixed(numeric('blockingFactor', 'blocking factor', 38, 2), '10'),
  fixed(numeric('formatCode', 'format code', 40, 1), '1'),
  alpha('immediateDestinationName', 'immediate destination name', 41, 23),
  alpha('immediateOriginName', 'immediate origin name', 64, 23),
  alpha('referenceCode', 'reference code', 87, 8),
] as const satisfies readonly FieldDefinition[];

export const batchHeaderLayout = [
  fixed(numeric('recordType', 'record type code', 1, 1), '5'),
  numeric('serviceClassCode', 'service class code', 2, 3),
  alpha('companyName', 'company name', 5, 16),
  alpha('companyDiscretionaryData', 'company discretionary data', 21, 20),
  alpha('companyIdentification', 'company identification', 41, 10),
  alpha('standardEntryClassCode', 'standard entry class code', 51, 3),
  alpha('companyEntryDescription', 'company entry description', 54, 10),
  alpha('companyDescriptiveDate', 'company descriptive date', 64, 6),
  numeric('effectiveEntryDate', 'effective entry date', 70, 6),
  // Left blank by the originator; the ACH operator inserts the Julian settlement day.
  alpha('settlementDate', 'settlement date', 76, 3),
  alpha('originatorStatusCode', 'originator status code', 79, 1),
  numeric('originatingDfiIdentification', 'originating DFI identification', 80, 8),
  numeric('batchNumber', 'batch number', 88, 7),
] as const satisfies readonly FieldDefinition[];

export const entryDetailLayout = [
  fixed(numeric('recordType', 'record type code', 1, 1), '6'),
  numeric('transactionCode', 'transaction code', 2, 2),
  numeric('receivingDfiIdentification', 'receiving DFI identification', 4, 8),
  numeric('checkDigit', 'check digit', 12, 1),
  alpha('dfiAccountNumber', 'DFI account number', 13, 17),
  numeric('amount', 'amount', 30, 10),
  alpha('individualIdentificationNumber', 'individual identification number', 40, 15),
  alpha('individualName', 'individual name', 55, 22),
  alpha('discretionaryData', 'discretionary data', 77, 2),
  numeric('addendaRecordIndicator', 'addenda record indicator', 79, 1),
  numeric('traceNumber', 'trace number', 80, 15),
] as const satisfies readonly FieldDefinition[];

/** Addenda type 99: the RDFI's return of an entry. */
export const returnAddendaLayout = [
  fixed(numeric('recordType', 'record type code', 1, 1), '7'),
  numeric('addendaTypeCode', 'addenda type code', 2, 2),
  alpha('returnReasonCode', 'return reason code', 4, 3),
  numeric('originalEntryTraceNumber', 'original entry trace number', 7, 15),
  alpha('dateOfDeath', 'date of death', 22, 6),
  numeric('originalReceivingDfiIdentification', 'original receiving DFI identification', 28, 8),
  alpha('addendaInformation', 'addenda information', 36, 44),
  numeric('traceNumber', 'trace number', 80, 15),
] as const satisfies readonly FieldDefinition[];

/** Addenda type 98: a notification of change (COR), which return files carry beside returns. */
export const changeAddendaLayout = [
  fixed(numeric('recordType', 'record type code', 1, 1), '7'),
  numeric('addendaTypeCode', 'addenda type code', 2, 2),
  alpha('changeCode', 'change code', 4, 3),
  numeric('originalEntryTraceNumber', 'original entry trace number', 7, 15),
  alpha('reserved', 'reserved', 22, 6),
  numeric('originalReceivingDfiIdentification', 'original receiving DFI identification', 28, 8),
  alpha('correctedData', 'corrected data', 36, 29),
  alpha('reserved2', 'reserved', 65, 15),
  numeric('traceNumber', 'trace number', 80, 15),
] as const satisfies readonly FieldDefinition[];

export const batchControlLayout = [
  fixed(numeric('recordType', 'record type code', 1, 1), '8'),
  numeric('serviceClassCode', 'service class code', 2, 3),
  numeric('entryAddendaCount', 'entry/addenda count', 5, 6),
  numeric('entryHash', 'entry hash', 11, 10),
  numeric('totalDebitAmount', 'total debit entry dollar amount', 21, 12),
  numeric('totalCreditAmount', 'total credit entry dollar amount', 33, 12),
  alpha('companyIdentification', 'company identification', 45, 10),
  alpha('messageAuthenticationCode', 'message authentication code', 55, 19),
  alpha('reserved', 'reserved', 74, 6),
  numeric('originatingDfiIdentification', 'originating DFI identification', 80, 8),
  numeric('batchNumber', 'batch number', 88, 7),
] as const satisfies readonly FieldDefinition[];

export const fileControlLayout = [
  fixed(numeric('recordType', 'record type code', 1, 1), '9'),
  numeric('batchCount', 'batch count', 2, 6),
  numeric('blockCount', 'block count', 8, 6),
  numeric('entryAddendaCount', 'entry/addenda count', 14, 8),
  numeric('entryHash', 'entry hash', 22, 10),
  numeric('totalDebitAmount', 'total debit entry dollar amount', 32, 12),
  numeric('totalCreditAmount', 'total credit entry dollar amount', 44, 12),
  alpha('reserved', 'reserved', 56, 39),
] as const satisfies readonly FieldDefinition[];

export type RecordLayout = readonly FieldDefinition[];

/** The fields a writer supplies: every field the layout does not fix. */
export type RecordValues<L extends RecordLayout> = {
  [F in L[number] as F extends { fixed: string } ? never : F['name']]?: string | number;
};

/** Every field of a record as the raw characters between its positions. */
export type RecordFields<L extends RecordLayout> = { [F in L[number] as F['name']]: string };

/** A value that would not survive formatting: too wide, not digits, or outside ASCII. */
export class NachaFieldError extends Error {
  constructor(
    message: string,
    /** The layout's field name, or the input's for a value refused before formatting. */
    readonly field: string,
  ) {
    super(message);
    this.name = 'NachaFieldError';
  }
}

/**
 * Nacha allows characters of ASCII value above 0x1F in alphanumeric fields; tabs, line breaks and
 * anything beyond 0x7E would shift or break the fixed-width record.
 */
const NACHA_ALPHA = /^[\x20-\x7E]*$/;

function formatField(field: FieldDefinition, value: string | number | undefined, where: string): string {
  if (field.fixed !== undefined) return field.fixed;
  if (field.type === 'numeric') {
    const text = typeof value === 'number' ? String(value) : (value ?? '');
    if (typeof value === 'number' && (!Number.isSafeInteger(value) || value < 0)) {
      throw new NachaFieldError(`${where}: the ${field.label} must be a whole number of 0 or more, not ${value}.`, field.name);
    }
    if (!/^\d+$/.test(text)) {
      throw new NachaFieldError(`${where}: the ${field.label} must be digits only, not "${text}".`, field.name);
    }
    if (text.length > field.length) {
      throw new NachaFieldError(
        `${where}: the ${field.label} ${text} has ${text.length} digits; the Nacha field holds ${field.length}.`,
        field.name,
      );
    }
    return text.padStart(field.length, '0');
  }
  const text = String(value ?? '');
  if (!NACHA_ALPHA.test(text)) {
    throw new NachaFieldError(`${where}: the ${field.label} "${text}" has characters Nacha files cannot carry.`, field.name);
  }
  if (text.length > field.length) {
    throw new NachaFieldError(
      `${where}: the ${field.label} "${text}" is ${text.length} characters long; the Nacha field holds ${field.length}.`,
      field.name,
    );
  }
  return field.justify === 'left' ? text.padEnd(field.length, ' ') : text.padStart(field.length, ' ');
}

/** One 94-character record; `where` names the record or entry in any error ("Entry 3 (TX-1)"). */
export function formatRecord<L extends RecordLayout>(layout: L, values: RecordValues<L>, where: string): string {
  const byName = values as Record<string, string | number | undefined>;
  const record = layout.map((field) => formatField(field, byName[field.name], where)).join('');
  if (record.length !== RECORD_LENGTH) throw new Error(`A Nacha layout came to ${record.length} characters, not 94.`);
  return record;
}

/** Cuts a 94-character record into its fields, untrimmed; the caller has checked the length. */
export function readRecord<L extends RecordLayout>(layout: L, record: string): RecordFields<L> {
  const fields: Record<string, string> = {};
  for (const field of layout) fields[field.name] = record.slice(field.start - 1, field.start - 1 + field.length);
  return fields as RecordFields<L>;
}

/** Sum of the 8-digit RDFI identifications, keeping the rightmost 10 digits as the field does. */
export function entryHashOf(receivingDfiIdentifications: readonly string[]): string {
  const sum = receivingDfiIdentifications.reduce((total, id) => total + Number(id), 0);
  return String(sum).slice(-10).padStart(10, '0');
}

/** The 9-filled record that pads a file to whole blocks of 10. */
export const PADDING_RECORD = '9'.repeat(RECORD_LENGTH);
