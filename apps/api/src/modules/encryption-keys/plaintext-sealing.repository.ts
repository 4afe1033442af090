// Rows still holding personal data in clear (written before migration 0023), locked in batches
// while they are sealed, walked by primary key.
import { and, asc, gt, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { STREET_KEYS } from '../../lib/personal-data.ts';
import type { PlaintextField, PlaintextTable } from './plaintext-columns.ts';

export interface PlaintextRow {
  id: string;
  /** Per field (in the table's order): a text, or a stored address (jsonb) with its street lines and phone. */
  clear: unknown[];
}

const streetKeys = sql.raw(`array[${STREET_KEYS.map((k) => `'${k}'`).join(', ')}]`);

const holdsClearText = (field: PlaintextField): SQL =>
  field.kind === 'text' ? sql`${field.clear} is not null` : sql`coalesce(${field.clear} ?| ${streetKeys}, false)`;

/** Whether a field's clear column still holds what must be sealed. */
export function stillClear(field: PlaintextField, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (field.kind === 'text') return true;
  return typeof value === 'object' && STREET_KEYS.some((key) => key in value);
}

/** The next `limit` rows after `afterId` holding clear text in any field, locked until the transaction ends. */
export async function lockPlaintextBatch(tx: Tx, table: PlaintextTable, afterId: string, limit: number): Promise<PlaintextRow[]> {
  const selection: Record<string, SQL | typeof table.id> = { id: table.id };
  table.fields.forEach((field, i) => (selection[`f${i}`] = sql`${field.clear}`));
  const rows = (await tx
    .select(selection)
    .from(table.table)
    .where(and(gt(table.id, afterId), or(...table.fields.map(holdsClearText))))
    .orderBy(asc(table.id))
    .limit(limit)
    .for('update')) as Record<string, unknown>[];
  return rows.map((row) => ({ id: row.id as string, clear: table.fields.map((_, i) => row[`f${i}`]) }));
}

export interface SealedField {
  field: PlaintextField;
  sealed: string;
  /** What stays in clear: null for a text, the postal area of an address. */
  clear: object | null;
}

/** Writes a row's sealed values and what stays in clear, in one update (each clear column's CHECK sees the whole row). */
export async function storeSealedRow(tx: Tx, table: PlaintextTable, id: string, fields: SealedField[]) {
  // Raw SET targets: the columns are chosen at run time, and PostgreSQL refuses a qualified name there.
  const assignments = fields.flatMap(({ field, sealed, clear }) => [
    sql`${sql.identifier(field.sealed.name)} = ${sealed}`,
    sql`${sql.identifier(field.clear.name)} = ${clear === null ? sql`null` : sql`${JSON.stringify(clear)}::jsonb`}`,
  ]);
  await tx.execute(sql`update ${table.table} set ${sql.join(assignments, sql`, `)} where ${table.id} = ${id}`);
}
