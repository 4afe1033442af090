// GET /api/track-record (public): the published track record of packages/domain's track-record.ts,
// per category, with the definitions the page states beside it (decision 039).
import { z } from 'zod';
import { submissionCategorySchema } from '../submission-category.ts';

const countSchema = z.int().min(0);

/** A share in basis points (10 000 = 100%), or no figure below the minimum count. */
export const trackRecordFigureSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('figure'), basisPoints: z.int().min(0), count: countSchema }),
  z.object({ kind: z.literal('not-enough-data'), count: countSchema }),
]);
export type TrackRecordFigureView = z.infer<typeof trackRecordFigureSchema>;

export const trackRecordCategorySchema = z.object({
  category: submissionCategorySchema,
  /** Final offers in the window with a usable quote. */
  count: countSchema,
  /** The median final offer as a share of the preliminary quote's midpoint. */
  medianShareOfQuote: trackRecordFigureSchema,
  /** Of the offers whose submission carried a guaranteed floor, the share at or above it. */
  shareAtOrAboveFloor: trackRecordFigureSchema,
});

export const trackRecordResponseSchema = z.object({
  categories: z.array(trackRecordCategorySchema),
  windowDays: z.int().positive(),
  minCount: z.int().positive(),
  /** When these figures were computed (they are kept a few minutes). */
  computedAt: z.iso.datetime(),
  /** True in demo mode: the figures are the demo's sample submissions, and the page says so. */
  sample: z.boolean(),
});
export type TrackRecordResponse = z.infer<typeof trackRecordResponseSchema>;
