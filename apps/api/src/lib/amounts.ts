// Rows hold amounts as integer cents (db/schema/money.ts); the wire and the domain's quote helpers
// read decimal strings (decision 003). A nullable column's amount crosses with its null kept.
import { centsToDecimalString, dollarsToCents } from '@assay/domain';

/** 123450 -> "1234.50"; null stays null. */
export function decimalOrNull(cents: number | null): string | null {
  return cents === null ? null : centsToDecimalString(cents);
}

/** A decimal string already checked as an amount (a schema, a domain rule) as cents; a slip throws. */
export function checkedCents(decimal: string): number {
  const cents = dollarsToCents(decimal);
  if (cents === null) throw new Error(`${JSON.stringify(decimal)} was taken for an amount in dollars, and is not one.`);
  return cents;
}
