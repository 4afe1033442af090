// Every admin query key starts with 'admin', so one invalidation after any admin change refreshes
// the counts, the list, the open details and the work queues together.
export const adminKeys = {
  all: ['admin'] as const,
  counts: ['admin', 'submissions', 'counts'] as const,
  submissionList: (filters: { category: string; status: string }) => ['admin', 'submissions', 'list', filters] as const,
  submissionDetail: (id: string) => ['admin', 'submissions', 'detail', id] as const,
  kyc: (status: string) => ['admin', 'kyc', status] as const,
  payouts: (status: string) => ['admin', 'payouts', status] as const,
};
