// CHECK constraints for the enum-like text columns, built from packages/domain's constant lists
// so the database and the rules agree on one source (decision 017). A value the domain does not
// know is refused by the database itself, whatever code (or hand-written SQL) writes it.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** `column in ('a', 'b', ...)`: DDL takes no parameters, so the list is written out as literals. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map(literal).join(', '))})`;
}
