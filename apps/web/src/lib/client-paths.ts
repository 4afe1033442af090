/**
 * The client's internal views (SPEC 2: dashboard, new submission, payout, consignment) have URLs
 * so that back/forward and deep links work. The router and the features share these builders.
 */
export const clientPaths = {
  dashboard: '/client',
  newSubmission: '/client/new',
  submission: (id: string) => `/client/submissions/${encodeURIComponent(id)}`,
  payout: (id: string) => `/client/submissions/${encodeURIComponent(id)}/payout`,
  consignment: (id: string) => `/client/submissions/${encodeURIComponent(id)}/consignment`,
} as const;
