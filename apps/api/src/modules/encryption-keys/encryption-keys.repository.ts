// Batches of encrypted values, locked while they are re-encrypted, walked by primary key.
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { EncryptedColumn } from './encrypted-columns.ts';

export interface EncryptedValue {
  id: string;
  value: string;
}

/** The next `limit` values after `afterId`, locked until the transaction ends. */
export async function lockEncryptedBatch(
  tx: Tx,
  column: EncryptedColumn,
  afterId: string,
  limit: number,
): Promise<EncryptedValue[]> {
  const rows = await tx
    .select({ id: column.id, value: column.value })
    .from(column.table)
    .where(and(gt(column.id, afterId), isNotNull(column.value)))
    .orderBy(asc(column.id))
    .limit(limit)
    .for('update');
  return rows as EncryptedValue[];
}

export async function replaceEncryptedValue(tx: Tx, column: EncryptedColumn, id: string, value: string): Promise<void> {
  // Raw SET target: the column is chosen at run time, and PostgreSQL refuses a qualified name there.
  await tx.execute(sql`update ${column.table} set ${sql.identifier(column.value.name)} = ${value} where ${eq(column.id, id)}`);
}
