// A column named with its table: drizzle leaves names bare in a one-table select, which inside a
// correlated subquery would resolve to the inner table instead of the outer row.
import { getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export function qualified(column: AnyPgColumn) {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
