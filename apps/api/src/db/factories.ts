// Row builders with overrides, shared by the tests, the demo seed, e2e and benchmarks, so every
// one of them builds data the same way the application does (quotes and deadlines by the rules).
import {
  dollarsToCents,
  guaranteeDeadlineFrom,
  type ItemType,
  payoutAmountCents,
  payoutFeeCents,
  type PayoutMethod,
  preliminaryQuote,
  type ShownPayoutDetails,
  requiresKyc,
  type SubmissionCategory,
  type SubmissionStatus,
  type WeightUnit,
} from '@assay/domain';
import type { submissionImages, submissions, transactions } from './schema/index.ts';

type SubmissionInsert = typeof submissions.$inferInsert;
type TransactionInsert = typeof transactions.$inferInsert;

const HOUR = 60 * 60 * 1000;

/** A fixture's dollars as the cents a row holds; a typo in a fixture fails loudly. */
function requiredCents(dollars: string): number {
  const cents = dollarsToCents(dollars);
  if (cents === null) throw new Error(`${dollars} is not an amount in dollars.`);
  return cents;
}

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
  /** The metal or gem named; null (not named) by default. */
  material?: ItemType;
}

export function buildSubmission(spec: SubmissionSpec): SubmissionInsert {
  const category = spec.category ?? 'jewelry';
  const estimatedWeight = spec.estimatedWeight ?? 12.5;
  const weightUnit = spec.weightUnit ?? 'grams';
  const status = spec.status ?? 'new';
  const createdAt = spec.createdAt ?? new Date();
  const quote = preliminaryQuote(category, estimatedWeight, weightUnit);
  const received = status !== 'new' ? new Date(createdAt.getTime() + 30 * HOUR) : null;
  const offered =
    status === 'offered' || status === 'completed' || ((status === 'returned' || status === 'returning') && spec.finalOffer);
  const finalOfferCents = offered ? requiredCents(spec.finalOffer ?? quote?.preliminaryQuoteMin ?? '100') : null;
  return {
    id: crypto.randomUUID(),
    userId: spec.userId,
    category,
    description: spec.description ?? '14k yellow gold chain, 20 inches',
    material: spec.material ?? null,
    estimatedWeight: String(estimatedWeight),
    weightUnit,
    preliminaryQuoteMin: quote ? requiredCents(quote.preliminaryQuoteMin) : null,
    preliminaryQuoteMax: quote ? requiredCents(quote.preliminaryQuoteMax) : null,
    finalOffer: finalOfferCents,
    actualWeight: offered ? String(spec.actualWeight ?? estimatedWeight) : null,
    adminNotes: offered ? (spec.adminNotes ?? null) : null,
    status,
    guaranteeDeadline: guaranteeDeadlineFrom(received ?? createdAt),
    requiresKyc: requiresKyc(finalOfferCents, spec.kycRequested ?? false),
    receivedAt: received,
    offeredAt: offered ? new Date((received ?? createdAt).getTime() + 20 * HOUR) : null,
    // A returning item is on its way back under a (made-up) tracking number.
    returnTrackingNumber:
      status === 'returning' || status === 'returned' ? `ASYR${String(createdAt.getTime()).slice(-12)}` : null,
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
  const grossCents = spec.submission.finalOffer;
  if (grossCents === null || grossCents === undefined) throw new Error('A payout needs a submission with a final offer.');
  const details: ShownPayoutDetails =
    method === 'paypal'
      ? { email: spec.paypalEmail ?? 'seller@example.com' }
      : method === 'ach'
        ? { accountName: 'Demo Seller', accountLast4: '6789', routingLast4: '0021' }
        : { method: 'check' };
  return {
    id: crypto.randomUUID(),
    submissionId: spec.submission.id!,
    userId: spec.submission.userId,
    grossAmount: grossCents,
    feeAmount: payoutFeeCents(grossCents, method),
    amount: payoutAmountCents(grossCents, method),
    payoutMethod: method,
    payoutDetails: details,
    status: 'pending',
    createdAt: spec.createdAt ?? new Date(),
  };
}

export interface ImageSpec {
  ownerId: string;
  submissionId?: string | null;
  purpose?: 'submission' | 'kyc';
  /** 'stored' by default; 'pending' for an upload URL never used. */
  status?: 'pending' | 'uploading' | 'stored';
  position?: number;
  createdAt?: Date;
  /** Defaults to 15 minutes after createdAt, like a real upload URL. */
  uploadExpiresAt?: Date;
}

/**
 * A photo row as the uploads module leaves it (keys "full/<id>.jpg" and "thumb/<id>.webp"). Only
 * the row: put bytes under its keys with the storage adapter when a test reads the photo.
 */
export function buildImage(spec: ImageSpec): typeof submissionImages.$inferInsert {
  const id = crypto.randomUUID();
  const createdAt = spec.createdAt ?? new Date();
  const status = spec.status ?? 'stored';
  const stored = status === 'stored';
  return {
    id,
    ownerId: spec.ownerId,
    submissionId: spec.submissionId ?? null,
    purpose: spec.purpose ?? 'submission',
    status,
    storageKey: `full/${id}.jpg`,
    thumbnailKey: `thumb/${id}.webp`,
    contentType: stored ? 'image/jpeg' : null,
    byteSize: stored ? 1024 : null,
    width: stored ? 800 : null,
    height: stored ? 600 : null,
    position: spec.position ?? (spec.submissionId ? 0 : null),
    uploadExpiresAt: spec.uploadExpiresAt ?? new Date(createdAt.getTime() + 15 * 60 * 1000),
    createdAt,
  };
}
