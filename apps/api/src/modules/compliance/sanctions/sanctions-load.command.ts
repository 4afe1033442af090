// `npm run sanctions:load -- FILE... [--published YYYY-MM-DD]`: the command's work on an open
// database, apart from the script that opens it (scripts/sanctions-load.ts), so tests run it as is.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../db/client.ts';
import { type OfacFile, OfacListError } from './ofac-csv.ts';
import { filesByKind, loadSanctionsList } from './sanctions-list.service.ts';

export const SANCTIONS_LOAD_USAGE =
  "Usage: npm run sanctions:load -- sdn.csv alt.csv add.csv [--published YYYY-MM-DD]\n  OFAC's legacy CSV files of one release, in any order. Without --published, the date is read from OFAC's sdn.xml beside sdn.csv.";

export interface CommandIo {
  /** Relative paths are read from here (where the operator ran npm). */
  cwd: string;
  now: Date;
  out: (line: string) => void;
  err: (line: string) => void;
}

function parseArguments(argv: readonly string[]): { paths: string[]; publishedOn?: string } | string {
  const paths: string[] = [];
  let publishedOn: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--published') {
      const value = argv[i + 1];
      if (value === undefined) return '--published needs a date: --published YYYY-MM-DD.';
      publishedOn = value;
      i++;
    } else if (arg.startsWith('--published=')) {
      publishedOn = arg.slice('--published='.length);
    } else if (arg.startsWith('--')) {
      return `Unknown option ${arg}.`;
    } else {
      paths.push(arg);
    }
  }
  if (paths.length === 0) return 'Give the three files to load.';
  return publishedOn === undefined ? { paths } : { paths, publishedOn };
}

async function readGiven(file: string): Promise<Uint8Array> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new OfacListError(
      code === 'ENOENT' ? `${file} does not exist.` : `${file} could not be read (${String(code ?? 'error')}).`,
    );
  }
}

/** OFAC names it SDN.XML or sdn.xml; only a file beside sdn.csv is the same release. */
async function siblingSdnXml(sdnPath: string): Promise<string | undefined> {
  for (const name of ['sdn.xml', 'SDN.XML']) {
    try {
      // The publication block is at the top; the whole XML release is large.
      const text = await readFile(path.join(path.dirname(sdnPath), name), 'utf8');
      return text.slice(0, 4096);
    } catch {
      // Not there under this spelling.
    }
  }
  return undefined;
}

/** Exit code 0 with a summary line, else 1 (64 for a wrong command line) with the reason; nothing written on failure. */
export async function runSanctionsLoad(db: Db, argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseArguments(argv);
  if (typeof parsed === 'string') {
    io.err(parsed);
    io.err(SANCTIONS_LOAD_USAGE);
    return 64;
  }
  try {
    // The names first: a missing or unknown file is said before any is read.
    filesByKind(parsed.paths.map((name) => ({ name, content: '' })));
    const files: OfacFile[] = [];
    for (const given of parsed.paths) {
      const full = path.resolve(io.cwd, given);
      files.push({ name: given, content: await readGiven(full) });
    }
    const sdn = parsed.paths.find((p) => path.basename(p).toLowerCase() === 'sdn.csv');
    const result = await loadSanctionsList(db, {
      files,
      publishedOn: parsed.publishedOn,
      sdnXml: parsed.publishedOn === undefined && sdn ? await siblingSdnXml(path.resolve(io.cwd, sdn)) : undefined,
      today: io.now.toISOString().slice(0, 10),
      now: io.now,
    });
    io.out(result.summary);
    return 0;
  } catch (error) {
    if (!(error instanceof OfacListError)) throw error;
    io.err(`Nothing was loaded: ${error.message}`);
    return 1;
  }
}
