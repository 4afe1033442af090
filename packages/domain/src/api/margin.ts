// The margin, visible (issue 28 item 5), admin route GET /api/admin/margin: per settled lot, per
// submission and per month, goodwill beside, and the testing accuracy per refiner over time.
// Figures are the domain's margin.ts; this is their shape on the wire.
import { z } from 'zod';

const figures = {
  paidToSellersCents: z.number(),
  receivedCents: z.number(),
  feesCents: z.number(),
  goodwillCents: z.number(),
  netReceivedCents: z.number(),
  grossMarginCents: z.number(),
  marginPercent: z.string().nullable(),
  marginAfterGoodwillCents: z.number(),
};
const flag = z.enum(['normal', 'low', 'high', 'unknown']);
const accuracyPoint = z.object({
  month: z.string(),
  lotCount: z.number(),
  estimatedFineGrams: z.string(),
  actualFineGrams: z.string(),
  percent: z.string().nullable(),
  flag,
});

export const marginReportSchema = z.object({
  lots: z.array(
    z.object({
      ...figures,
      lotId: z.string(),
      lotNumber: z.string(),
      refinerName: z.string(),
      settledOn: z.string(),
      estimatedFineGrams: z.string().nullable(),
      actualFineGrams: z.string().nullable(),
      accuracyPercent: z.string().nullable(),
      accuracy: flag,
    }),
  ),
  submissions: z.array(
    z.object({
      ...figures,
      submissionId: z.string(),
      settledItemCount: z.number(),
      pendingItemCount: z.number(),
      pendingPaidCents: z.number(),
    }),
  ),
  months: z.array(z.object({ ...figures, month: z.string(), lotCount: z.number() })),
  accuracy: z.array(z.object({ refiner: z.string(), overall: accuracyPoint, months: z.array(accuracyPoint) })),
});
export type MarginReport = z.infer<typeof marginReportSchema>;
