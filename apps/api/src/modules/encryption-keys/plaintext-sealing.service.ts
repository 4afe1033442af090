// The data step of migration 0023 (SQL cannot encrypt): at start, right after the migrations, every
// row still holding a date of birth, a street, a phone or an IP in clear has it sealed with the
// current key and the clear value emptied, in one small transaction per batch. A row is picked only
// while it still holds clear text and its writes commit together, so a crash loses nothing and a
// second run finishes the work (or, once done, costs one empty query per table).
import type { ShippingAddress } from '@assay/domain';
import { getTableName } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sealAddress, sealText } from '../../lib/personal-data.ts';
import { type PlaintextTable, plaintextTables } from './plaintext-columns.ts';
import { lockPlaintextBatch, type SealedField, stillClear, storeSealedRow } from './plaintext-sealing.repository.ts';

export const SEALING_BATCH_SIZE = 200;

/** Seals what is left in clear; answers how many values were sealed per column ('table.encrypted_column'). */
export async function sealPlaintextPersonalData(
  db: Db,
  encryptionKey: string,
  options: { batchSize?: number; tables?: PlaintextTable[] } = {},
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of options.tables ?? plaintextTables) {
    const names = table.fields.map((field) => `${getTableName(table.table)}.${field.sealed.name}`);
    for (const name of names) counts[name] = 0;
    let afterId = '';
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const rows = await lockPlaintextBatch(tx, table, afterId, options.batchSize ?? SEALING_BATCH_SIZE);
        for (const row of rows) {
          const sealed: SealedField[] = [];
          table.fields.forEach((field, i) => {
            const clear = row.clear[i];
            if (!stillClear(field, clear)) return;
            const context = field.context(row.id);
            if (field.kind === 'text')
              sealed.push({ field, sealed: sealText(encryptionKey, String(clear), context), clear: null });
            else {
              // Older rows may lack line2 or phone; sealAddress stores them as null.
              const { address, encryptedStreet } = sealAddress(encryptionKey, clear as ShippingAddress, context);
              sealed.push({ field, sealed: encryptedStreet, clear: address });
            }
            counts[names[i]!]! += 1;
          });
          await storeSealedRow(tx, table, row.id, sealed);
        }
        return rows;
      });
      if (batch.length === 0) break;
      afterId = batch.at(-1)!.id;
    }
  }
  return counts;
}
