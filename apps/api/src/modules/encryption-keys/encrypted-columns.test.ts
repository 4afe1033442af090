import { getTableName, is, type Table } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { columnName, encryptedColumns } from './encrypted-columns.ts';

describe('encryptedColumns', () => {
  it('lists every encrypted_* column of the schema, so key rotation misses none', () => {
    const inSchema = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) =>
        getTableConfig(table)
          .columns.filter((column) => column.name.startsWith('encrypted_'))
          .map((column) => `${getTableName(table as Table)}.${column.name}`),
      );
    expect(inSchema.length).toBeGreaterThan(0);
    expect(encryptedColumns.map(columnName).sort()).toEqual(inSchema.sort());
  });

  it('binds each value to its own row, the way its module writes it', () => {
    for (const column of encryptedColumns) expect(column.context('row-1')).toBe(`${columnName(column)}:row-1`);
  });
});
