// The reads behind the appraisers' compliance queue (compliance-queue.service.ts): offers waiting to
// be accepted, payouts a sanctions screening holds, bought items still on hold. Reads only.
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { submissions, transactions } from '../../db/schema/index.ts';

/** Oldest first; the queue shows at most this many of each kind (a longer one is a backlog). */
export const QUEUE_LIMIT = 100;

const submissionColumns = {
  id: submissions.id,
  userId: submissions.userId,
  description: submissions.description,
  finalOffer: submissions.finalOffer,
  holdUntil: submissions.holdUntil,
  complianceRule: submissions.complianceRule,
};

/** Offers the seller has not accepted yet: what would block paying them is known already. */
export function offeredSubmissions(db: DbOrTx) {
  return db
    .select(submissionColumns)
    .from(submissions)
    .where(eq(submissions.status, 'offered'))
    .orderBy(asc(submissions.offeredAt), asc(submissions.id))
    .limit(QUEUE_LIMIT);
}

/** Payouts a sanctions screening holds, with their submission. */
export function heldPayouts(db: DbOrTx) {
  return db
    .select({ transactionId: transactions.id, hold: transactions.complianceHold, submission: submissionColumns })
    .from(transactions)
    .innerJoin(submissions, eq(submissions.id, transactions.submissionId))
    .where(isNotNull(transactions.complianceHold))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .limit(QUEUE_LIMIT);
}

/** Bought items whose hold has not ended and that nothing was done with yet. */
export function boughtItemsOnHold(db: DbOrTx, now: Date) {
  return db
    .select(submissionColumns)
    .from(submissions)
    .where(and(eq(submissions.status, 'completed'), gt(submissions.holdUntil, now), isNull(submissions.disposition)))
    .orderBy(asc(submissions.holdUntil), asc(submissions.id))
    .limit(QUEUE_LIMIT);
}
