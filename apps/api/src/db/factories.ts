// Row builders with overrides, shared by the tests, the demo seed, e2e and benchmarks, so every
// one of them builds data the same way the application does (quotes and deadlines by the rules).
import {
  centsToDecimalString,
  dollarsToCents,
  guaranteeDeadlineFrom,
  payoutAmountCents,
  payoutFeeCents,
  type PayoutMethod,
  preliminaryQuote,
  requiresKyc,
  type SubmissionCategory,
  type SubmissionStatus,
  type WeightUnit,
} from '@assay/domain';
import type { submissions, transactions } from './schema/index.ts';

type SubmissionInsert = typeof submissions.$inferInsert;
type TransactionInsert = typeof transactions.$inferInsert;

const HOUR = 60 * 60 * 1000;

export interface SubmissionSpec {
  userId: string;
  category?: SubmissionCategory;
  description?: string;
  estimatedWeight?: number;
  weightUnit?: WeightUnit;
  status?: SubmissionStatus;
  createdAt?: Date;
  /** Dollars as a decimal string; required for offered and completed. */
  finalOffer?: string;
  actualWeight?: number;
  adminNotes?: string;
  kycRequested?: boolean;
}

export function buildSubmission(spec: SubmissionSpec): SubmissionInsert {
  const category = spec.category ?? 'jewelry';
  const estimatedWeight = spec.estimatedWeight ?? 12.5;
  const weightUnit = spec.weightUnit ?? 'grams';
  const status = spec.status ?? 'new';
  const createdAt = spec.createdAt ?? new Date();
  const quote = preliminaryQuote(category, estimatedWeight, weightUnit);
  const received = status !== 'new' ? new Date(createdAt.getTime() + 30 * HOUR) : null;
  const offered = status === 'offered' || status === 'completed' || (status === 'returned' && spec.finalOffer);
  const finalOffer = offered ? (spec.finalOffer ?? quote?.preliminaryQuoteMin ?? '100') : null;
  const finalOfferCents = finalOffer === null ? null : dollarsToCents(finalOffer);
  return {
    id: crypto.randomUUID(),
    userId: spec.userId,
    category,
    description: spec.description ?? '14k yellow gold chain, 20 inches',
    estimatedWeight: String(estimatedWeight),
    weightUnit,
    preliminaryQuoteMin: quote?.preliminaryQuoteMin ?? null,
    preliminaryQuoteMax: quote?.preliminaryQuoteMax ?? null,
    finalOffer,
    actualWeight: offered ? String(spec.actualWeight ?? estimatedWeight) : null,
    adminNotes: offered ? (spec.adminNotes ?? null) : null,
    status,
    guaranteeDeadline: guaranteeDeadlineFrom(received ?? createdAt),
    requiresKyc: requiresKyc(finalOfferCents, spec.kycRequested ?? false),
    receivedAt: received,
    offeredAt: offered ? new Date((received ?? createdAt).getTime() + 20 * HOUR) : null,
    createdAt,
    updatedAt: createdAt,
  };
}

export interface TransactionSpec {
  submission: Pick<SubmissionInsert, 'id' | 'userId' | 'finalOffer'>;
  method?: PayoutMethod;
  paypalEmail?: string;
  createdAt?: Date;
}

/** A recorded payout; bank transfers keep only the holder name and last 4 digits here. */
export function buildTransaction(spec: TransactionSpec): TransactionInsert {
  const method = spec.method ?? 'check';
  const grossCents = dollarsToCents(spec.submission.finalOffer ?? '');
  if (grossCents === null) throw new Error('A payout needs a submission with a final offer.');
  const details =
    method === 'paypal'
      ? { email: spec.paypalEmail ?? 'seller@example.com' }
      : method === 'ach'
        ? { accountName: 'Demo Seller', accountLast4: '6789', routingLast4: '0021' }
        : { method: 'check' };
  return {
    id: crypto.randomUUID(),
    submissionId: spec.submission.id!,
    userId: spec.submission.userId,
    grossAmount: centsToDecimalString(grossCents),
    feeAmount: centsToDecimalString(payoutFeeCents(grossCents, method)),
    amount: centsToDecimalString(payoutAmountCents(grossCents, method)),
    payoutMethod: method,
    payoutDetails: details,
    status: 'pending',
    createdAt: spec.createdAt ?? new Date(),
  };
}
