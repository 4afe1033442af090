// OFAC's SDN list in its legacy CSV release: sdn.csv (one row per listing), alt.csv (its other
// names) and add.csv (its addresses), joined by ent_num. None of the files has a header row. Column
// lists from OFAC's "SDN data specification" (dat_spec.txt). The files carry no publication date:
// see ofac-publication-date.ts. Pure: the caller reads the files and stores the result.
import type { SdnAddress, SdnAlias } from '../../../db/schema/sanctions.ts';
import { OfacListError, decodeOfacFile, ofacValue, parseCsvRecords, type CsvRecord } from './ofac-csv-records.ts';

export { OfacListError } from './ofac-csv-records.ts';

export const SDN_COLUMNS = [
  'ent_num',
  'SDN_Name',
  'SDN_Type',
  'Program',
  'Title',
  'Call_Sign',
  'Vess_type',
  'Tonnage',
  'GRT',
  'Vess_flag',
  'Vess_owner',
  'Remarks',
] as const;
export const ALT_COLUMNS = ['ent_num', 'alt_num', 'alt_type', 'alt_name', 'alt_remarks'] as const;
export const ADD_COLUMNS = [
  'Ent_num',
  'Add_num',
  'Address',
  'City/State/Province/Postal Code',
  'Country',
  'Add_remarks',
] as const;

export type OfacFileKind = 'sdn' | 'alt' | 'add';

const columnsOf: Record<OfacFileKind, readonly string[]> = { sdn: SDN_COLUMNS, alt: ALT_COLUMNS, add: ADD_COLUMNS };

/** OFAC's empty SDN_Type is an entity (a company, group or other organisation). */
export type SdnType = 'individual' | 'entity' | 'vessel' | 'aircraft';

export interface SdnEntry {
  entNum: number;
  /** As listed: an individual is written "LAST, First". */
  name: string;
  type: SdnType;
  programs: string[];
  title: string | null;
  remarks: string | null;
  aliases: SdnAlias[];
  addresses: SdnAddress[];
}

export interface OfacFile {
  /** Shown in error sentences, e.g. the path given to the command. */
  name: string;
  content: Uint8Array | string;
}

/** Which file of the release a path is, by its base name (OFAC names them SDN.CSV, ALT.CSV, ADD.CSV). */
export function ofacFileKind(path: string): OfacFileKind | null {
  const base = (path.split(/[\\/]/u).pop() ?? '').toLowerCase();
  if (base === 'sdn.csv') return 'sdn';
  if (base === 'alt.csv') return 'alt';
  if (base === 'add.csv') return 'add';
  return null;
}

function recordsOf(kind: OfacFileKind, file: OfacFile): CsvRecord[] {
  const records = parseCsvRecords(file.name, decodeOfacFile(file.name, file.content));
  if (records.length === 0) throw new OfacListError(`${file.name} has no records; an OFAC ${kind}.csv file is never empty.`);
  const columns = columnsOf[kind];
  for (const record of records) {
    if (record.fields.length !== columns.length) {
      throw new OfacListError(
        `${file.name}, line ${record.line}: expected ${columns.length} columns (${columns.join(', ')}), found ${record.fields.length}. Is this the ${kind}.csv file?`,
      );
    }
  }
  return records;
}

function wholeNumber(file: OfacFile, record: CsvRecord, column: number, label: string): number {
  const text = (record.fields[column] ?? '').trim();
  if (!/^\d{1,10}$/u.test(text)) {
    throw new OfacListError(`${file.name}, line ${record.line}: ${label} must be a whole number, not ${JSON.stringify(text)}.`);
  }
  return Number(text);
}

function field(record: CsvRecord, column: number): string | null {
  return ofacValue(record.fields[column] ?? '');
}

function sdnType(file: OfacFile, record: CsvRecord): SdnType {
  const value = field(record, 2)?.toLowerCase() ?? null;
  if (value === null) return 'entity';
  if (value === 'individual' || value === 'vessel' || value === 'aircraft') return value;
  throw new OfacListError(`${file.name}, line ${record.line}: SDN_Type ${JSON.stringify(value)} is not one OFAC uses.`);
}

/** Several programmes share the field as "SDGT] [IRGC". */
function programsOf(value: string | null): string[] {
  if (value === null) return [];
  return value
    .replace(/^\[/u, '')
    .replace(/\]$/u, '')
    .split('] [')
    .map((program) => program.trim())
    .filter((program) => program !== '');
}

function entryFor(entries: ReadonlyMap<number, SdnEntry>, file: OfacFile, record: CsvRecord, entNum: number): SdnEntry {
  const entry = entries.get(entNum);
  if (!entry) {
    throw new OfacListError(
      `${file.name}, line ${record.line}: ent_num ${entNum} is not in sdn.csv. Load the three files of the same release together.`,
    );
  }
  return entry;
}

/** The whole list, each listing with its other names and addresses, in sdn.csv's order. */
export function readSdnList(files: { sdn: OfacFile; alt: OfacFile; add: OfacFile }): SdnEntry[] {
  const entries = new Map<number, SdnEntry>();
  for (const record of recordsOf('sdn', files.sdn)) {
    const entNum = wholeNumber(files.sdn, record, 0, 'ent_num');
    const name = field(record, 1);
    if (name === null) throw new OfacListError(`${files.sdn.name}, line ${record.line}: the listing has no SDN_Name.`);
    if (entries.has(entNum)) throw new OfacListError(`${files.sdn.name}, line ${record.line}: ent_num ${entNum} appears twice.`);
    entries.set(entNum, {
      entNum,
      name,
      type: sdnType(files.sdn, record),
      programs: programsOf(field(record, 3)),
      title: field(record, 4),
      remarks: field(record, 11),
      aliases: [],
      addresses: [],
    });
  }

  for (const record of recordsOf('alt', files.alt)) {
    const entry = entryFor(entries, files.alt, record, wholeNumber(files.alt, record, 0, 'ent_num'));
    const name = field(record, 3);
    if (name === null) continue;
    entry.aliases.push({
      altNum: wholeNumber(files.alt, record, 1, 'alt_num'),
      type: (field(record, 2) ?? 'aka').toLowerCase().replaceAll('.', ''),
      name,
      remarks: field(record, 4),
    });
  }

  for (const record of recordsOf('add', files.add)) {
    const entry = entryFor(entries, files.add, record, wholeNumber(files.add, record, 0, 'ent_num'));
    entry.addresses.push({
      addNum: wholeNumber(files.add, record, 1, 'add_num'),
      address: field(record, 2),
      cityStateZip: field(record, 3),
      country: field(record, 4),
      remarks: field(record, 5),
    });
  }

  return [...entries.values()];
}
