// A Nacha PPD credit file for the company's bank (ODFI): one batch of payouts to sellers' checking
// or savings accounts. Pure: the caller decrypts account numbers just for this call and never keeps
// the text. Layouts and field formatting live in nacha-records.ts.
import { isValidAbaRoutingNumber } from '@assay/domain';
import {
  BLOCKING_FACTOR,
  NachaFieldError,
  PADDING_RECORD,
  batchControlLayout,
  batchHeaderLayout,
  entryDetailLayout,
  entryHashOf,
  fileControlLayout,
  fileHeaderLayout,
  formatRecord,
} from './nacha-records.ts';
import { toNachaText } from './nacha-text.ts';

export { NachaFieldError } from './nacha-records.ts';

/** The company's standing with its bank, from configuration. */
export interface NachaOriginatorConfig {
  /** The ODFI's 9-digit routing number: where the file goes. */
  immediateDestination: string;
  /** 9 digits (written behind a blank) or the 10 characters the ODFI assigned. */
  immediateOrigin: string;
  /** The ODFI's name, at most 23 characters. */
  destinationName: string;
  /** The company's name as its bank knows it, at most 23 characters. */
  originName: string;
  /** Printed on sellers' statements, at most 16 characters. */
  companyName: string;
  /** Exactly 10 characters, usually "1" and the company's EIN. */
  companyId: string;
  /** The first 8 digits of the ODFI's routing number; it also starts every trace number. */
  odfiId: string;
  /** Printed on sellers' statements beside the company name, at most 10 characters, e.g. "PAYOUT". */
  entryDescription: string;
}

export type NachaAccountType = 'checking' | 'savings';

export interface NachaCreditEntryInput {
  /** Our transaction's short id (at most 15 characters), returned by the bank with any return. */
  individualId: string;
  individualName: string;
  routingNumber: string;
  accountNumber: string;
  amountCents: number;
  accountType?: NachaAccountType;
}

export interface NachaCreditFileInput {
  config: NachaOriginatorConfig;
  createdAt: Date;
  /** A-Z or 0-9: tells apart files sent to the same bank on the same day. */
  fileIdModifier: string;
  entries: readonly NachaCreditEntryInput[];
  /** YYYY-MM-DD, the day the credits should settle; the creation day (same-day ACH) when absent. */
  effectiveEntryDate?: string;
  /**
   * The first entry's 7-digit trace sequence. Returns name the original trace number only, so the
   * caller keeps sequences unique across files (e.g. continuing from the last file's).
   */
  firstTraceSequence?: number;
  batchNumber?: number;
  /** The IANA zone the file's creation date and time are written in; UTC when absent. */
  timeZone?: string;
}

export interface NachaTrace {
  individualId: string;
  traceNumber: string;
  amountCents: number;
}

export interface NachaCreditFile {
  /** Records joined by "\n", the last one followed by "\n" too. */
  text: string;
  /** One per entry, in input order, to match the bank's returns. */
  traces: NachaTrace[];
  entryCount: number;
  totalCreditCents: number;
  entryHash: string;
  blockCount: number;
}

const SERVICE_CLASS_CREDITS_ONLY = 220;
const TRANSACTION_CODE: Record<NachaAccountType, number> = { checking: 22, savings: 32 };
const MAX_AMOUNT_CENTS = 9_999_999_999;
const MAX_TRACE_SEQUENCE = 9_999_999;
const INDIVIDUAL_NAME_WIDTH = 22;

function refuse(where: string, field: string, sentence: string): never {
  throw new NachaFieldError(`${where}: ${sentence}`, field);
}

function checkConfig(config: NachaOriginatorConfig): void {
  const where = 'The Nacha configuration';
  if (!isValidAbaRoutingNumber(config.immediateDestination)) {
    refuse(
      where,
      'immediateDestination',
      `the immediate destination "${config.immediateDestination}" is not a valid 9-digit routing number.`,
    );
  }
  if (!/^(\d{9}|[0-9A-Za-z]{10})$/.test(config.immediateOrigin)) {
    refuse(
      where,
      'immediateOrigin',
      `the immediate origin "${config.immediateOrigin}" must be 9 digits or 10 letters and digits.`,
    );
  }
  if (!/^\d{8}$/.test(config.odfiId)) refuse(where, 'odfiId', `the ODFI id "${config.odfiId}" must be exactly 8 digits.`);
  if (!/^[0-9A-Za-z ]{10}$/.test(config.companyId)) {
    refuse(where, 'companyId', `the company id "${config.companyId}" must be exactly 10 characters: letters, digits or blanks.`);
  }
  if (config.entryDescription.trim() === '') refuse(where, 'entryDescription', 'the entry description is empty.');
  if (config.companyName.trim() === '') refuse(where, 'companyName', 'the company name is empty.');
}

function checkEntry(entry: NachaCreditEntryInput, where: string): void {
  if (!/^[0-9A-Za-z-]{1,15}$/.test(entry.individualId)) {
    refuse(where, 'individualId', `the individual id must be 1 to 15 letters, digits or hyphens, not "${entry.individualId}".`);
  }
  if (!isValidAbaRoutingNumber(entry.routingNumber)) {
    refuse(where, 'routingNumber', `the routing number "${entry.routingNumber}" is not a valid 9-digit ABA routing number.`);
  }
  if (!/^[0-9A-Za-z-]+$/.test(entry.accountNumber)) {
    refuse(where, 'accountNumber', 'the account number may hold only letters, digits and hyphens.');
  }
  // The number itself stays out of the message: errors reach logs, account numbers must not.
  if (entry.accountNumber.length > 17) {
    refuse(where, 'accountNumber', `the account number is ${entry.accountNumber.length} characters long; Nacha allows 17.`);
  }
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0) {
    refuse(where, 'amountCents', `the amount must be a whole number of cents above 0, not ${entry.amountCents}.`);
  }
  if (entry.amountCents > MAX_AMOUNT_CENTS) {
    refuse(
      where,
      'amountCents',
      `the amount of ${entry.amountCents} cents needs more than the 10 digits Nacha's amount field holds ($99,999,999.99 at most).`,
    );
  }
}

/**
 * The receiver's name as the file carries it. Nacha lets the originator shorten the Receiving
 * Individual Name to its 22 characters (RDFIs post credits by account number, not by name), so a
 * longer name is cut rather than refused; no other field is ever truncated.
 */
export function nachaIndividualName(name: string): string {
  return toNachaText(name).slice(0, INDIVIDUAL_NAME_WIDTH).trimEnd();
}

function datePartsIn(date: Date, timeZone: string): { yymmdd: string; hhmm: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: '2-digit',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { yymmdd: `${part('year')}${part('month')}${part('day')}`, hhmm: `${part('hour')}${part('minute')}` };
}

function effectiveDate(isoDate: string | undefined, creationYymmdd: string): string {
  if (isoDate === undefined) return creationYymmdd;
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(isoDate);
  const asDate = new Date(`${isoDate}T00:00:00Z`);
  if (!match || Number.isNaN(asDate.getTime()) || asDate.toISOString().slice(0, 10) !== isoDate) {
    refuse(
      'The Nacha batch',
      'effectiveEntryDate',
      `the effective entry date must be a day written YYYY-MM-DD, not "${isoDate}".`,
    );
  }
  return `${match[1]}${match[2]}${match[3]}`;
}

export function writeNachaCreditFile(input: NachaCreditFileInput): NachaCreditFile {
  const { config, entries } = input;
  checkConfig(config);
  if (!/^[A-Z0-9]$/.test(input.fileIdModifier)) {
    refuse('The Nacha file', 'fileIdModifier', `the file ID modifier must be one of A-Z or 0-9, not "${input.fileIdModifier}".`);
  }
  if (entries.length === 0) refuse('The Nacha file', 'entries', 'a batch needs at least one entry.');
  const firstSequence = input.firstTraceSequence ?? 1;
  if (!Number.isSafeInteger(firstSequence) || firstSequence < 1 || firstSequence + entries.length - 1 > MAX_TRACE_SEQUENCE) {
    refuse(
      'The Nacha file',
      'firstTraceSequence',
      `trace sequences ${firstSequence} to ${firstSequence + entries.length - 1} do not fit 7 digits.`,
    );
  }

  const created = datePartsIn(input.createdAt, input.timeZone ?? 'UTC');
  const batchNumber = input.batchNumber ?? 1;
  const records: string[] = [];
  records.push(
    formatRecord(
      fileHeaderLayout,
      {
        immediateDestination: ` ${config.immediateDestination}`,
        immediateOrigin: config.immediateOrigin.length === 9 ? ` ${config.immediateOrigin}` : config.immediateOrigin,
        fileCreationDate: created.yymmdd,
        fileCreationTime: created.hhmm,
        fileIdModifier: input.fileIdModifier,
        immediateDestinationName: config.destinationName,
        immediateOriginName: config.originName,
      },
      'The file header',
    ),
  );
  const batchIdentity = {
    serviceClassCode: SERVICE_CLASS_CREDITS_ONLY,
    companyIdentification: config.companyId,
    originatingDfiIdentification: config.odfiId,
    batchNumber,
  };
  records.push(
    formatRecord(
      batchHeaderLayout,
      {
        ...batchIdentity,
        companyName: config.companyName,
        standardEntryClassCode: 'PPD',
        companyEntryDescription: config.entryDescription,
        effectiveEntryDate: effectiveDate(input.effectiveEntryDate, created.yymmdd),
        // 1: the ODFI is bound by the Nacha rules (every US bank).
        originatorStatusCode: '1',
      },
      'The batch header',
    ),
  );

  const traces: NachaTrace[] = [];
  const rdfiIds: string[] = [];
  const entryNumberById = new Map<string, number>();
  let totalCreditCents = 0;
  entries.forEach((entry, index) => {
    const where = `Entry ${index + 1} (${entry.individualId})`;
    checkEntry(entry, where);
    // One entry per transaction: a second one would pay the seller twice.
    const earlier = entryNumberById.get(entry.individualId);
    if (earlier !== undefined) {
      refuse(where, 'individualId', `the individual id is entry ${earlier}'s too; a transaction is paid once per file.`);
    }
    entryNumberById.set(entry.individualId, index + 1);
    const individualName = nachaIndividualName(entry.individualName);
    if (individualName === '') {
      refuse(
        where,
        'individualName',
        `the name "${entry.individualName}" has no letters or digits that can be written in ASCII.`,
      );
    }
    const traceNumber = `${config.odfiId}${String(firstSequence + index).padStart(7, '0')}`;
    const rdfiId = entry.routingNumber.slice(0, 8);
    records.push(
      formatRecord(
        entryDetailLayout,
        {
          transactionCode: TRANSACTION_CODE[entry.accountType ?? 'checking'],
          receivingDfiIdentification: rdfiId,
          checkDigit: entry.routingNumber.slice(8),
          dfiAccountNumber: entry.accountNumber,
          amount: entry.amountCents,
          individualIdentificationNumber: entry.individualId,
          individualName,
          addendaRecordIndicator: 0,
          traceNumber,
        },
        where,
      ),
    );
    rdfiIds.push(rdfiId);
    totalCreditCents += entry.amountCents;
    traces.push({ individualId: entry.individualId, traceNumber, amountCents: entry.amountCents });
  });

  const entryHash = entryHashOf(rdfiIds);
  const totals = { entryAddendaCount: entries.length, entryHash, totalDebitAmount: 0, totalCreditAmount: totalCreditCents };
  records.push(formatRecord(batchControlLayout, { ...batchIdentity, ...totals }, 'The batch control'));
  // The file control counts itself among the records its block count covers.
  const blockCount = Math.ceil((records.length + 1) / BLOCKING_FACTOR);
  records.push(formatRecord(fileControlLayout, { batchCount: 1, blockCount, ...totals }, 'The file control'));
  while (records.length % BLOCKING_FACTOR !== 0) records.push(PADDING_RECORD);

  return { text: `${records.join('\n')}\n`, traces, entryCount: entries.length, totalCreditCents, entryHash, blockCount };
}
