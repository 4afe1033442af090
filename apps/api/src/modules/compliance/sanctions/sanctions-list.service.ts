// Loading OFAC's SDN list (`npm run sanctions:load`): the three CSV files of one release are read and
// checked whole by the pure reader first, then written in one database transaction that also makes
// the new list the active one, so a refused or interrupted load leaves the previous list in force.
import type { SanctionsListState } from '@assay/domain';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { type OfacFile, type OfacFileKind, OfacListError, ofacFileKind, readSdnList, type SdnEntry } from './ofac-csv.ts';
import { isListStale, listAgeDays, parsePublicationDate, publicationDateFromSdnXml } from './ofac-publication-date.ts';
import { entriesOfList, findActiveList, insertSanctionsList, type SanctionsListRow } from './sanctions.repository.ts';

export { OfacListError } from './ofac-csv.ts';

export interface SanctionsLoadInput {
  /** The CSV files as given: sdn.csv, alt.csv and add.csv, in any order. */
  files: OfacFile[];
  /** The operator's YYYY-MM-DD, which wins over sdn.xml. */
  publishedOn?: string | undefined;
  /** The text of an sdn.xml found beside sdn.csv, if any. */
  sdnXml?: string | undefined;
  /** YYYY-MM-DD (UTC): a publication date after it is refused. */
  today: string;
  now: Date;
}

export interface SanctionsLoadResult {
  list: SanctionsListRow;
  summary: string;
}

const KIND_NAMES = ['sdn', 'alt', 'add'] as const satisfies readonly OfacFileKind[];

/** Sorts the files by kind: each of the three exactly once, nothing else. */
export function filesByKind(files: readonly OfacFile[]): Record<OfacFileKind, OfacFile> {
  const found: Partial<Record<OfacFileKind, OfacFile>> = {};
  for (const file of files) {
    const kind = ofacFileKind(file.name);
    if (!kind) throw new OfacListError(`${file.name} is not one of OFAC's SDN files; give sdn.csv, alt.csv and add.csv.`);
    if (found[kind]) throw new OfacListError(`${kind}.csv was given twice (${found[kind].name} and ${file.name}).`);
    found[kind] = file;
  }
  const missing = KIND_NAMES.filter((kind) => !found[kind]);
  if (missing.length > 0) {
    throw new OfacListError(
      `${missing.map((kind) => `${kind}.csv`).join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing; load sdn.csv, alt.csv and add.csv of the same release together.`,
    );
  }
  return found as Record<OfacFileKind, OfacFile>;
}

function publicationDateOf(input: SanctionsLoadInput): string {
  const date =
    input.publishedOn !== undefined
      ? parsePublicationDate(input.publishedOn, input.today)
      : input.sdnXml !== undefined
        ? publicationDateFromSdnXml(input.sdnXml, input.today)
        : {
            ok: false as const,
            message:
              "The list's publication date is unknown: give it with --published YYYY-MM-DD (from OFAC's page), or put OFAC's sdn.xml of the same release beside sdn.csv.",
          };
  if (!date.ok) throw new OfacListError(date.message);
  return date.date;
}

function baseName(path: string): string {
  return path.split(/[\\/]/u).pop() ?? path;
}

/** Reads and checks everything, then writes the list and makes it active, in one transaction. */
export async function loadSanctionsList(db: Db, input: SanctionsLoadInput): Promise<SanctionsLoadResult> {
  const files = filesByKind(input.files);
  const publishedOn = publicationDateOf(input);
  const entries = readSdnList(files);
  if (entries.length === 0) throw new OfacListError(`${files.sdn.name} lists nobody; an SDN list is never empty.`);
  const aliasCount = entries.reduce((n, e) => n + e.aliases.length, 0);
  const addressCount = entries.reduce((n, e) => n + e.addresses.length, 0);
  const list = await db.transaction((tx) =>
    insertSanctionsList(
      tx,
      {
        id: crypto.randomUUID(),
        source: 'ofac-sdn',
        publishedOn,
        loadedAt: input.now,
        entryCount: entries.length,
        aliasCount,
        addressCount,
        fileNames: KIND_NAMES.map((kind) => baseName(files[kind].name)),
      },
      entries.map((e) => ({
        entNum: e.entNum,
        name: e.name,
        type: e.type,
        programs: e.programs,
        title: e.title,
        remarks: e.remarks,
        aliases: e.aliases,
        addresses: e.addresses,
      })),
    ),
  );
  return {
    list,
    summary: `Loaded the OFAC SDN list published ${publishedOn}: ${entries.length} listings, ${aliasCount} other names, ${addressCount} addresses. It is now the active list.`,
  };
}

// ---------------------------------------------------------------------------------------------
// The active list, as screenings use it.

/** A loaded list never changes, so its entries are kept once read (the screener keeps its work with them). */
let cached: { listId: string; entries: SdnEntry[] } | null = null;

export async function activeSanctionsList(db: DbOrTx): Promise<{ list: SanctionsListRow; entries: SdnEntry[] } | null> {
  const list = await findActiveList(db);
  if (!list) return null;
  if (cached?.listId !== list.id) {
    const rows = await entriesOfList(db, list.id);
    cached = {
      listId: list.id,
      entries: rows.map((r) => ({
        entNum: r.entNum,
        name: r.name,
        type: r.type as SdnEntry['type'],
        programs: r.programs,
        title: r.title,
        remarks: r.remarks,
        aliases: r.aliases,
        addresses: r.addresses,
      })),
    };
  }
  return { list, entries: cached.entries };
}

export const NO_LIST_MESSAGE =
  'No sanctions list is loaded, so sellers are not screened. Load the OFAC SDN list with npm run sanctions:load.';

/** What the admin sees of the active list: its date and whether it is too old. */
export async function sanctionsListState(db: DbOrTx, today: string): Promise<SanctionsListState> {
  const list = await findActiveList(db);
  if (!list) return { loaded: false, message: NO_LIST_MESSAGE };
  return {
    loaded: true,
    publishedOn: list.publishedOn,
    loadedAt: list.loadedAt.toISOString(),
    entryCount: list.entryCount,
    ageDays: listAgeDays(list.publishedOn, today),
    stale: isListStale(list.publishedOn, today),
  };
}
