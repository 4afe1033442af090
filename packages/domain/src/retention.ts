// DECISIONS "Compliance": records are kept for the retention period in configuration. A finished
// submission's period starts at its end (paid, or its return delivered) and lasts the years of the
// rule it was received under; a submission from before the rule table uses the configured default.
// The configured minimum is a floor no rule can go under. Money is never erased: amounts, dates,
// statuses, ledger lines and audit entries stay; only what names or locates a person goes.

/** The IRS's longest common period for keeping records (7 years, for a bad-debt or worthless-security claim). */
export const DEFAULT_RECORDS_RETENTION_YEARS = 7;

export interface RetentionPolicy {
  /** Years for a submission with no stored rule. */
  defaultYears: number;
  /** No submission's records go before this many years, whatever its rule says. */
  minimumYears: number;
}

export interface RetentionFacts {
  status: string;
  /** When the seller was paid (the payout's send date); null while unpaid. */
  paidAt: Date | null;
  /** When the parcel came back to the seller, for a declined or returned submission. */
  returnDeliveredAt: Date | null;
  /** The stored rule's retentionYears; null for submissions received before the rule table. */
  ruleRetentionYears: number | null;
}

export interface RetentionPeriod {
  /** The day the submission finished: the period counts from here. */
  endedAt: Date;
  years: number;
  /** The first moment its personal data may be erased. */
  erasableFrom: Date;
}

/** The period of a finished submission; null while it is not finished (nothing runs yet). */
export function retentionPeriod(facts: RetentionFacts, policy: RetentionPolicy): RetentionPeriod | null {
  const endedAt = finishedAt(facts);
  if (endedAt === null) return null;
  const years = Math.max(facts.ruleRetentionYears ?? policy.defaultYears, policy.minimumYears);
  return { endedAt, years, erasableFrom: addYears(endedAt, years) };
}

/** Whether the submission's records may be erased at `now`. */
export function isPastRetention(facts: RetentionFacts, policy: RetentionPolicy, now: Date): boolean {
  const period = retentionPeriod(facts, policy);
  return period !== null && now.getTime() >= period.erasableFrom.getTime();
}

/**
 * A seller's ID check is kept while any of their submissions still needs it: it goes only when every
 * one of them is finished and past its period.
 */
export function mayEraseIdCheck(sellerSubmissions: readonly RetentionFacts[], policy: RetentionPolicy, now: Date): boolean {
  return sellerSubmissions.every((facts) => isPastRetention(facts, policy, now));
}

function finishedAt(facts: RetentionFacts): Date | null {
  if (facts.status === 'completed') return facts.paidAt;
  if (facts.status === 'returned') return facts.returnDeliveredAt;
  return null;
}

/** Calendar years in UTC; 29 February lands on 28 February in a common year (never early). */
function addYears(from: Date, years: number): Date {
  const to = new Date(from.getTime());
  to.setUTCFullYear(from.getUTCFullYear() + years);
  if (to.getUTCDate() !== from.getUTCDate()) to.setUTCDate(0);
  return to;
}
