// Condition turns a melt or reference value into a range (SPEC 9 "Calculator value"). The bands
// are decimal text so the calculator multiplies them exactly; the label is what the page shows.
import { z } from 'zod';

export const conditions = ['excellent', 'good', 'fair', 'scrap'] as const;
export const conditionSchema = z.enum(conditions, {
  error: 'Please choose a condition: excellent, good, fair or scrap.',
});
export type Condition = z.infer<typeof conditionSchema>;

export interface ConditionBand {
  /** Multiplier applied to the base value for the low end, as decimal text. */
  readonly low: string;
  /** Multiplier for the high end. */
  readonly high: string;
  /** How the page shows the band. */
  readonly label: string;
}

export const conditionBands: Record<Condition, ConditionBand> = {
  excellent: { low: '0.95', high: '1.05', label: '±5%' },
  good: { low: '0.85', high: '0.95', label: '-15 to -5%' },
  fair: { low: '0.70', high: '0.85', label: '-30 to -15%' },
  scrap: { low: '0.60', high: '0.75', label: '-40 to -25%' },
};

export const conditionLabels: Record<Condition, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  scrap: 'Scrap',
};
