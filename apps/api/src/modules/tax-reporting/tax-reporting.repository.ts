// The reads of the year-end list: paid payouts, the lines of the offers they paid, and who the
// sellers are. A view's own queries: they stitch the payouts', offers' and users' tables.
import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { kycRecords, offerLines, offers, transactions, users } from '../../db/schema/index.ts';

/**
 * Payouts paid in [from, to): a payout whose status is 'paid' changed to it last, so the time of
 * that change is when the seller was paid. One returned after it counts no longer.
 */
export function paidPayoutsBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      userId: transactions.userId,
      submissionId: transactions.submissionId,
      grossAmount: transactions.grossAmount,
      amount: transactions.amount,
      paidAt: transactions.statusChangedAt,
    })
    .from(transactions)
    .where(and(eq(transactions.status, 'paid'), gte(transactions.statusChangedAt, from), lt(transactions.statusChangedAt, to)));
}

/** The material and purity of each line of the accepted offer of these submissions. */
export function acceptedLinesOf(db: DbOrTx, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .select({ submissionId: offers.submissionId, material: offerLines.material, purityPercent: offerLines.purityPercent })
    .from(offerLines)
    .innerJoin(offers, eq(offers.id, offerLines.offerId))
    .where(and(inArray(offers.submissionId, [...submissionIds]), eq(offers.status, 'accepted')));
}

export function sellersByIds(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      shippingAddress: users.shippingAddress,
      encryptedStreet: users.encryptedStreet,
    })
    .from(users)
    .where(inArray(users.id, [...userIds]));
}

/** The legal name on each seller's newest approved ID check. */
export async function approvedLegalNames(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: kycRecords.userId, fullName: kycRecords.fullName })
    .from(kycRecords)
    .where(and(inArray(kycRecords.userId, [...userIds]), eq(kycRecords.status, 'approved')))
    .orderBy(desc(kycRecords.createdAt));
  const names = new Map<string, string>();
  for (const row of rows) if (!names.has(row.userId)) names.set(row.userId, row.fullName);
  return names;
}
