// GET /api/admin/tax-reporting/sellers (issue 28 item 7): the sellers an accountant checks for
// information returns, per calendar year (tax-year-report.ts).
import { z } from 'zod';

export const taxYearSellerSchema = z.object({
  userId: z.string(),
  /** The name on the account, and the legal name on the seller's latest ID check where there is one. */
  name: z.string(),
  legalName: z.string().nullable(),
  email: z.string(),
  /** City, state and ZIP as the account has them (the street stays sealed outside the CSV). */
  place: z.string().nullable(),
  purchases: z.number().int(),
  grossCents: z.number().int(),
  paidCents: z.number().int(),
  bullionPurchases: z.number().int(),
  firstPaidOn: z.string(),
  lastPaidOn: z.string(),
});
export type TaxYearSeller = z.infer<typeof taxYearSellerSchema>;

export const taxYearReportSchema = z.object({
  year: z.number().int(),
  timeZone: z.string(),
  thresholdCents: z.number().int(),
  sellers: z.array(taxYearSellerSchema),
});
export type TaxYearReport = z.infer<typeof taxYearReportSchema>;
