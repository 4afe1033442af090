// The rules the docs keep (issue 26 item 7), as pure functions of their text so a test can show
// each one fires: the map stays small and its links lead somewhere, and every decision record
// carries its date and status, agrees with the index, and names its amendments on both sides.

/** The most docs/architecture.md may weigh: a map read in one sitting, its detail one link away. */
export const MAP_MAX_BYTES = 15_000;

export type DecisionStatus = { kind: 'accepted' } | { kind: 'amended'; by: number[] } | { kind: 'superseded'; by: number[] };

export interface DecisionRecord {
  fileName: string;
  number: number;
  date: string;
  /** The Status line's words before any bracketed reason, as the index shows them. */
  statusText: string;
  status: DecisionStatus;
  /** The earlier records this one names on its "Amends" or "Supersedes" line. */
  changes: number[];
}

const recordFileName = /^(\d{3})-[a-z0-9-]+\.md$/;
const dateLine = /^Date: (\d{4}-\d{2}-\d{2})$/m;
const statusLine = /^Status: (accepted|amended by \d{3}(?:, \d{3})*|superseded by \d{3}(?:, \d{3})*)(?: \(.+\))?$/m;
const no = (n: number) => String(n).padStart(3, '0');
const recordNumbers = (text: string) => [...text.matchAll(/\b\d{3}\b/g)].map((m) => Number(m[0]));

export function isDecisionRecordFile(fileName: string): boolean {
  const match = recordFileName.exec(fileName);
  return match !== null && match[1] !== '000';
}

function isRealDate(text: string): boolean {
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}

/** Reads one record's header, or says what is missing from it. */
export function readDecisionRecord(fileName: string, text: string): DecisionRecord | { problems: string[] } {
  const problems: string[] = [];
  const number = recordFileName.exec(fileName)?.[1];
  if (!number) return { problems: [`${fileName}: a record's file is named NNN-short-name.md`] };
  const title = text.split('\n', 1)[0] ?? '';
  if (!title.startsWith(`# ${number} `)) problems.push(`${fileName}: the first line is "# ${number} <title>"`);
  const date = dateLine.exec(text)?.[1];
  if (!date) problems.push(`${fileName}: no "Date: YYYY-MM-DD" line under the title`);
  else if (!isRealDate(date)) problems.push(`${fileName}: "${date}" is not a date`);
  const status = statusLine.exec(text)?.[1];
  if (!status) {
    problems.push(`${fileName}: no "Status: accepted | amended by NNN[, NNN] | superseded by NNN" line under the title`);
  }
  if (problems.length > 0 || !date || !status) return { problems };
  // The header is everything before the record's first section; "Amends" further down would be prose.
  const header = text.split(/^\*\*Context\.\*\*|^## /m, 1)[0] ?? '';
  const changesParagraph = /\b(?:Amends|Supersedes) [^]*?(?:\n\n|$)/.exec(header)?.[0] ?? '';
  return {
    fileName,
    number: Number(number),
    date,
    statusText: status,
    status:
      status === 'accepted'
        ? { kind: 'accepted' }
        : { kind: status.startsWith('amended') ? 'amended' : 'superseded', by: recordNumbers(status) },
    changes: recordNumbers(changesParagraph),
  };
}

/** A record amended or superseded names a later record that exists and names it back. */
export function lifecycleProblems(records: readonly DecisionRecord[]): string[] {
  const byNumber = new Map(records.map((r) => [r.number, r]));
  const problems: string[] = [];
  for (const record of records) {
    const laterOnes = record.status.kind === 'accepted' ? [] : record.status.by;
    for (const later of laterOnes) {
      const other = byNumber.get(later);
      if (!other) problems.push(`${record.fileName}: its status names ${no(later)}, which is not a record`);
      else if (later <= record.number) problems.push(`${record.fileName}: only a later record can change it, not ${no(later)}`);
      else if (!other.changes.includes(record.number)) {
        problems.push(`${other.fileName}: says nothing of ${record.fileName}, whose status names it (add "Amends ...")`);
      }
    }
    for (const earlier of record.changes) {
      const other = byNumber.get(earlier);
      const named = other && other.status.kind !== 'accepted' && other.status.by.includes(record.number);
      if (!other) problems.push(`${record.fileName}: changes ${no(earlier)}, which is not a record`);
      else if (!named) problems.push(`${other.fileName}: its status does not name ${record.fileName}, which changes it`);
    }
  }
  return problems;
}

/** The index lists every record once, with the date and status the record itself gives. */
export function indexProblems(indexText: string, records: readonly DecisionRecord[]): string[] {
  const problems: string[] = [];
  const rows = indexText.split('\n').filter((line) => /^\| \[\d{3}\]/.test(line));
  const listed = new Set<string>();
  for (const row of rows) {
    const cells = row.split('|').map((cell) => cell.trim());
    const link = /^\[(\d{3})\]\(([^)]+)\)$/.exec(cells[1] ?? '');
    const record = records.find((r) => r.fileName === link?.[2]);
    if (!link || !record) {
      problems.push(`the index lists "${cells[1]}", which is not a record`);
      continue;
    }
    listed.add(record.fileName);
    if (Number(link[1]) !== record.number) problems.push(`the index links ${record.fileName} as ${link[1]}`);
    if (cells[3] !== record.date) problems.push(`the index gives ${record.fileName} the date ${cells[3]}, not ${record.date}`);
    if (cells[4] !== record.statusText) {
      problems.push(`the index gives ${record.fileName} the status "${cells[4]}", not "${record.statusText}"`);
    }
  }
  for (const record of records) if (!listed.has(record.fileName)) problems.push(`the index does not list ${record.fileName}`);
  return problems;
}

/** The relative targets of a Markdown text's links (web addresses and in-page anchors left out). */
export function relativeLinkTargets(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[^]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^(?:[a-z]+:|#)/i.test(target))
    .map((target) => decodeURIComponent(target.split('#', 1)[0] ?? ''));
}

/** What keeps the map a map: its weight, and a line that links each server module's folder. */
export function mapProblems(mapText: string, moduleNames: readonly string[]): string[] {
  const problems: string[] = [];
  const bytes = Buffer.byteLength(mapText, 'utf8');
  if (bytes > MAP_MAX_BYTES) {
    problems.push(`docs/architecture.md weighs ${bytes} bytes, over ${MAP_MAX_BYTES}: move the detail to a README or a decision`);
  }
  const linked = new Set(
    relativeLinkTargets(mapText).flatMap((target) => /apps\/api\/src\/modules\/([^/]+)/.exec(target)?.[1] ?? []),
  );
  for (const name of moduleNames) {
    if (!linked.has(name)) problems.push(`docs/architecture.md has no line linking modules/${name}`);
  }
  return problems;
}

/** Folders of apps/api/test that are no module's: the process's own tests, and what tests share. */
export const SHARED_TEST_FOLDERS: readonly string[] = ['app', 'support', 'fixtures'];

export interface ApiTestLayout {
  /** The folders of apps/api/src/modules. */
  modules: readonly string[];
  /** Modules with a unit test beside their source (a *.test.ts under src/modules/<m>). */
  modulesWithUnitTests: readonly string[];
  /** The folders of apps/api/test that hold a file. */
  testFolders: readonly string[];
}

/**
 * The map's "apps/api/test/<module>/ mirrors src/modules/<module>/": each module has its folder of
 * tests (a unit test beside its source will do), and each test folder is a module's or a shared one.
 */
export function testLayoutProblems({ modules, modulesWithUnitTests, testFolders }: ApiTestLayout): string[] {
  const problems: string[] = [];
  for (const name of modules) {
    if (!testFolders.includes(name) && !modulesWithUnitTests.includes(name)) {
      problems.push(`modules/${name} has no tests in apps/api/test/${name}: its tests go there`);
    }
  }
  for (const folder of testFolders) {
    if (!modules.includes(folder) && !SHARED_TEST_FOLDERS.includes(folder)) {
      problems.push(`apps/api/test/${folder} is no module's: name it after its module, or use ${SHARED_TEST_FOLDERS.join(', ')}`);
    }
  }
  return problems;
}
