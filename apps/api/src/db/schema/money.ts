// Money columns (decision 003): numeric(12, 2) in PostgreSQL, integer cents in code. This is the
// one conversion between the two, at the database edge, with one policy for a value that is not an
// amount: it throws, naming the column, instead of passing on 0 or a float.
import { centsToDecimalString, dollarsToCents } from '@assay/domain';
import { customType } from 'drizzle-orm/pg-core';

/** The most numeric(12, 2) holds: 9,999,999,999.99 dollars. */
export const MONEY_COLUMN_MAX_CENTS = 999_999_999_999;

export class MoneyColumnError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyColumnError';
  }
}

const inRange = (cents: number) => Number.isSafeInteger(cents) && cents >= 0 && cents <= MONEY_COLUMN_MAX_CENTS;

/** Cents as the column stores them ("1234.50"); anything but whole cents from 0 to the column's most throws. */
export function centsToStoredAmount(cents: number, column: string): string {
  if (typeof cents !== 'number' || !inRange(cents)) {
    throw new MoneyColumnError(
      `${column} takes a whole number of cents from 0 to ${MONEY_COLUMN_MAX_CENTS}, not ${String(cents)}.`,
    );
  }
  return centsToDecimalString(cents);
}

/** A stored amount as cents, exactly; a value that is not one (text, a sign, a third decimal) throws. */
export function storedAmountToCents(value: unknown, column: string): number {
  // PostgreSQL hands back text ("1234.50"; PGlite and node-postgres alike), never padded: the domain's
  // parser trims, so a padded value is refused here as the corruption it would be.
  const cents = typeof value === 'string' && value.trim() === value ? dollarsToCents(value) : null;
  if (cents === null || !inRange(cents)) {
    throw new MoneyColumnError(`${column} holds ${JSON.stringify(value)}, which is not an amount in dollars and cents.`);
  }
  return cents;
}

/**
 * A money column: `money('transactions', 'amount')` is numeric(12, 2) in the database and integer
 * cents in every row Drizzle reads or writes. One type per column, so an error names its column.
 */
export function money(table: string, name: string) {
  const column = `${table}.${name}`;
  return customType<{ data: number; driverData: string }>({
    dataType: () => 'numeric(12, 2)',
    toDriver: (cents) => centsToStoredAmount(cents, column),
    fromDriver: (value) => storedAmountToCents(value, column),
  })(name);
}
