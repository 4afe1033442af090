// Key rotation: every encrypted value is re-encrypted with the current key, reading it with
// whichever previous key fits. One transaction per batch keeps locks short; a value already on
// the current key is left as it is, so an interrupted run is finished by running it again.
import type { Db } from '../../db/client.ts';
import { DecryptionError, decryptField, encryptField } from '../../lib/crypto.ts';
import { columnName, type EncryptedColumn, encryptedColumns } from './encrypted-columns.ts';
import { lockEncryptedBatch, replaceEncryptedValue } from './encryption-keys.repository.ts';

export interface KeyRing {
  current: string;
  previous: readonly string[];
}

export type Reencryption = { state: 'current' } | { state: 'rotated'; value: string } | { state: 'unreadable' };

/** What rotation does to one stored value. */
export function reencrypt(stored: string, context: string, keys: KeyRing): Reencryption {
  if (tryDecrypt(keys.current, stored, context) !== null) return { state: 'current' };
  for (const key of keys.previous) {
    const plaintext = tryDecrypt(key, stored, context);
    if (plaintext !== null) return { state: 'rotated', value: encryptField(keys.current, plaintext, context) };
  }
  return { state: 'unreadable' };
}

function tryDecrypt(key: string, stored: string, context: string): string | null {
  try {
    return decryptField(key, stored, context);
  } catch (err) {
    if (err instanceof DecryptionError) return null;
    throw err;
  }
}

export interface ColumnReport {
  column: string;
  /** Values moved to the current key (with `write: false`: that would be). */
  rotated: number;
  alreadyCurrent: number;
  /** Ids of rows no configured key reads; left as they are. */
  unreadable: string[];
}

export const ROTATION_BATCH_SIZE = 500;

export async function rotateEncryptedValues(
  db: Db,
  keys: KeyRing,
  options: { write?: boolean; batchSize?: number; columns?: EncryptedColumn[] } = {},
): Promise<ColumnReport[]> {
  const write = options.write ?? true;
  const reports: ColumnReport[] = [];
  for (const column of options.columns ?? encryptedColumns) {
    const report: ColumnReport = { column: columnName(column), rotated: 0, alreadyCurrent: 0, unreadable: [] };
    let afterId = '';
    for (;;) {
      // Counted inside and added after the commit: a transaction that lost a race runs again
      // (db/transaction-retry.ts), and its first run must not count.
      const { rows: batch, counts } = await db.transaction(async (tx) => {
        const rows = await lockEncryptedBatch(tx, column, afterId, options.batchSize ?? ROTATION_BATCH_SIZE);
        const counts = { rotated: 0, alreadyCurrent: 0, unreadable: [] as string[] };
        for (const row of rows) {
          const outcome = reencrypt(row.value, column.context(row.id), keys);
          if (outcome.state === 'current') counts.alreadyCurrent += 1;
          else if (outcome.state === 'unreadable') counts.unreadable.push(row.id);
          else {
            counts.rotated += 1;
            if (write) await replaceEncryptedValue(tx, column, row.id, outcome.value);
          }
        }
        return { rows, counts };
      });
      report.rotated += counts.rotated;
      report.alreadyCurrent += counts.alreadyCurrent;
      report.unreadable.push(...counts.unreadable);
      if (batch.length === 0) break;
      afterId = batch.at(-1)!.id;
    }
    reports.push(report);
  }
  return reports;
}

const MAX_IDS_SHOWN = 10;

/** The command's answer: one line per column, then what to do next. */
export function describeRotation(reports: ColumnReport[], write: boolean): string[] {
  const lines = reports.map((r) => {
    const moved = write ? `${r.rotated} re-encrypted with the current key` : `${r.rotated} on a previous key`;
    return `${r.column}: ${moved}, ${r.alreadyCurrent} already on the current key, ${r.unreadable.length} unreadable`;
  });
  const unreadable = reports.flatMap((r) => r.unreadable.map((id) => `${r.column} ${id}`));
  const waiting = reports.reduce((sum, r) => sum + r.rotated, 0);
  if (unreadable.length > 0) {
    const shown = unreadable.slice(0, MAX_IDS_SHOWN).join(', ');
    const more = unreadable.length > MAX_IDS_SHOWN ? ` and ${unreadable.length - MAX_IDS_SHOWN} more` : '';
    lines.push(
      `${unreadable.length} value(s) open with none of the configured keys (${shown}${more}). ` +
        'Add the key that wrote them to ENCRYPTION_KEYS_PREVIOUS and run again; they were left as they are.',
    );
  } else if (!write && waiting > 0) {
    lines.push('Run `npm run keys -- rotate` to move them to ENCRYPTION_KEY.');
  } else {
    lines.push(
      'Every encrypted value opens with ENCRYPTION_KEY alone: no previous key is needed any more (ENCRYPTION_KEYS_PREVIOUS can go).',
    );
  }
  return lines;
}
