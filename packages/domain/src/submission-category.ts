// A submission's category has two names in SPEC 2: the short one on the client's choice buttons
// and the long one on the admin mailbox tabs. Keeping both here stops the screens drifting apart.
import { z } from 'zod';

export const submissionCategories = ['jewelry', 'scrap', 'gems'] as const;

export const submissionCategorySchema = z.enum(submissionCategories, {
  error: 'Please choose what you are selling: jewelry, coins/scrap or loose gems.',
});
export type SubmissionCategory = z.infer<typeof submissionCategorySchema>;

export const submissionCategoryLabels: Record<SubmissionCategory, { readonly short: string; readonly long: string }> = {
  jewelry: { short: 'Jewelry', long: 'Finished Jewelry' },
  scrap: { short: 'Coins/Scrap', long: 'Raw & Scrap Metals' },
  gems: { short: 'Loose Gems', long: 'Loose Gems' },
};

/** Label for any stored value; an unknown category shows as it is rather than disappearing. */
export function submissionCategoryLabel(category: string, variant: 'short' | 'long' = 'long'): string {
  const labels = (submissionCategoryLabels as Record<string, { short: string; long: string } | undefined>)[category];
  return labels ? labels[variant] : category;
}
