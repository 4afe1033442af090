import {
  adminSubmissionSchema,
  businessIdentitySchema,
  type BusinessIdentity,
  submissionDetailSchema,
  submissionSchema,
  transactionSchema,
  type AdminSubmission,
  type Submission,
  type SubmissionDetail,
  type Transaction,
} from '@assay/domain';

// Answers as the API sends them, checked against the domain's response schemas so a test never
// feeds a component a shape the server cannot produce.

const submissionBase: Submission = {
  id: 'sub_0000000000000000000001',
  userId: 'user_00000000000000000001',
  category: 'jewelry',
  description: '14k gold ring',
  estimatedWeight: 9.5,
  weightUnit: 'grams',
  images: [],
  preliminaryQuoteMin: '223.00',
  preliminaryQuoteMax: '335.00',
  material: null,
  quoteBasis: null,
  insuredValue: '335.00',
  finalOffer: null,
  actualWeight: null,
  status: 'new',
  guaranteeDeadline: '2030-01-03T12:00:00.000Z',
  requiresKyc: false,
  createdAt: '2030-01-01T12:00:00.000Z',
  offerValidUntil: null,
};

export function aSubmission(overrides: Partial<Submission> = {}): Submission {
  return submissionSchema.parse({ ...submissionBase, ...overrides });
}

export function aSubmissionDetail(overrides: Partial<SubmissionDetail> = {}): SubmissionDetail {
  return submissionDetailSchema.parse({
    ...submissionBase,
    timeline: [],
    label: null,
    parcels: [],
    returnLabel: null,
    parcel: null,
    transaction: null,
    freeReturn: null,
    consignmentRequestedAt: null,
    offer: null,
    previousOffers: [],
    ...overrides,
  });
}

export function anAdminSubmission(overrides: Partial<AdminSubmission> = {}): AdminSubmission {
  return adminSubmissionSchema.parse({
    ...submissionBase,
    status: 'appraising',
    adminNotes: null,
    customerLabel: 'Customer #0001',
    nearingDeadline: false,
    version: 3,
    receivedAt: '2030-01-02T12:00:00.000Z',
    offeredAt: null,
    consignmentRequestedAt: null,
    ...overrides,
  });
}

export function aTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return transactionSchema.parse({
    id: 'txn_0000000000000000000001',
    submissionId: submissionBase.id,
    amount: '1450.00',
    grossAmount: '1450.00',
    feeAmount: '0.00',
    payoutMethod: 'ach',
    payoutDetails: { accountName: 'Dana Client', accountLast4: '6789' },
    status: 'pending',
    rail: 'manual',
    reference: null,
    statusReason: null,
    statusChangedAt: '2030-01-04T12:00:00.000Z',
    attempt: 1,
    sentAt: null,
    createdAt: '2030-01-04T12:00:00.000Z',
    awaitingApproval: false,
    ...overrides,
  });
}

/** GET /api/business as a real (not example) business answers it. */
export const businessIdentity: BusinessIdentity = businessIdentitySchema.parse({
  legalName: 'Assay Buyers LLC',
  address: 'Assay Buyers LLC, 1 Market Street, Suite 5, Wilmington, DE 19801',
  licences: [{ authority: 'Delaware Division of Revenue', number: '2019-0001' }],
  insurer: 'Harbor Mutual Insurance',
  insuredLimitCents: 2_500_000,
  appraisers: [
    { name: 'Dana Reyes', credential: 'GIA Graduate Gemologist' },
    { name: 'Lee Park', credential: 'ASA Accredited Senior Appraiser' },
  ],
  guarantee: { floorPercent: 90, goodwillCents: 2_500 },
  example: false,
  receivingState: 'DE',
});
