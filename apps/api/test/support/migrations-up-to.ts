// For tests of a migration's backfill: the migrations folder as it was up to one migration, so a
// database can be built as it stood before, given old rows, and then migrated to the end.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { migrationsFolder } from '../../src/db/client.ts';

/** A copy of the migrations folder whose journal ends at `tag` (removed when the test ends; call it inside a test). */
export function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-migrations-up-to-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const before = path.join(dir, 'before');
  cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`No migration ${tag} in the journal.`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}
