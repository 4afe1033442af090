/**
 * The query keys more than one feature reads or invalidates. A feature's private keys stay in its
 * own api/ folder, built on these roots, so invalidating a root here reaches them too.
 */
export const queryKeys = {
  currentUser: ['/api/auth/user'] as const,

  /** The seller's submissions: the list, and under it each one's detail and statement. */
  submissions: {
    all: ['/api/submissions'] as const,
    one: (id: string) => ['/api/submissions', id] as const,
  },

  /** Every pricing query's key starts with this string (see features/pricing isPricingQuery). */
  pricing: ['/api/pricing'] as const,

  payoutRates: ['/api/payout-rates'] as const,

  /**
   * Every appraiser query starts with 'admin', so one invalidation after any admin change
   * refreshes the counts, the list, the open details and every work area's queues together.
   */
  admin: {
    all: ['admin'] as const,
    counts: ['admin', 'submissions', 'counts'] as const,
    submissionList: (filters: { category: string; status: string }) => ['admin', 'submissions', 'list', filters] as const,
    submissionDetail: (id: string) => ['admin', 'submissions', 'detail', id] as const,
    kyc: (status: string) => ['admin', 'kyc', status] as const,
    payouts: (status: string) => ['admin', 'payouts', status] as const,
    compliance: ['admin', 'compliance'] as const,
    /** Custody: the bins, a bin's items and the searches, refreshed together after a move. */
    custody: ['admin', 'custody'] as const,
    /** The bench (issue 28): the register of instruments, and a submission's tests. */
    instruments: ['admin', 'bench', 'instruments'] as const,
    benchTests: (submissionId: string) => ['admin', 'bench', 'tests', submissionId] as const,
    /** Melt lots: the list and each lot; a lot's change moves items, so custody is read again too. */
    meltLots: ['admin', 'melt-lots'] as const,
    /** The margin (issue 28 item 5): read again after a settlement is entered. */
    margin: ['admin', 'margin'] as const,
    /** Refiners and their settlements. */
    refiners: ['admin', 'refiners'] as const,
  },
};
