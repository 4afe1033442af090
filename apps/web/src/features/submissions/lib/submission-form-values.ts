// The new-submission form as typed, and how it becomes POST /api/submissions' body: item 1's
// fields at the top level (SPEC's body) and each item added after it in `items` (issue 27 item 5).
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { createSubmissionSchema, readWeight, weightUnits } from '@assay/domain';
import { copyIssues } from '@/lib/forms/form-schemas';
import { reserveBody, reserveFieldOf } from '../components/reserve-field';
import { isCategory } from './item-estimate';

/** What a blank required field says; any of them makes the toast SPEC 5's requiredFields sentence. */
export const blankMessages = {
  category: 'Please choose what you are selling.',
  description: 'Please describe your item.',
  estimatedWeight: 'Please enter the estimated weight.',
} as const;

const requiredFields = ['category', 'description', 'estimatedWeight'] as const;

const itemValuesSchema = z.object({
  // Null while none of an added item's radios is checked (react-hook-form reads the group so).
  category: z.string().nullable(),
  description: z.string(),
  estimatedWeight: z.string(),
  weightUnit: z.enum(weightUnits),
  /** '' for "I'm not sure". */
  material: z.string(),
  /** '' or null for no stones (or a category that has none). */
  stoneChoice: z.string().nullable(),
});
export type ItemValues = z.infer<typeof itemValuesSchema>;

export const emptyItem: ItemValues = {
  category: '',
  description: '',
  estimatedWeight: '',
  weightUnit: 'grams',
  material: '',
  stoneChoice: '',
};

/** Only jewelry is set with stones; loose gems are the stones, and scrap and coins have none. */
export const asksAboutStones = (category: string | null) => category === 'jewelry';

/** An item's fields as the domain schema reads them (photos are added once they are up). */
function itemBody(item: ItemValues) {
  return {
    category: item.category ?? '',
    description: item.description,
    estimatedWeight: readWeight(item.estimatedWeight),
    weightUnit: item.weightUnit,
    material: item.material || null,
    stoneChoice: asksAboutStones(item.category) && item.stoneChoice ? item.stoneChoice : null,
  };
}

/** The form field a domain issue is about: `items.1.description` for the third item's description. */
function formFieldOf(path: readonly PropertyKey[]): string {
  const reserveField = reserveFieldOf(path);
  if (reserveField) return reserveField;
  if (path[0] === 'items' && typeof path[1] === 'number') return `items.${path[1]}.${String(path[2] ?? 'description')}`;
  return String(path[0] ?? 'category');
}

/**
 * The form as typed, checked field by field with the domain's createSubmissionSchema. A blank
 * required field, of any item, gets its own short sentence and the toast SPEC 5's 'Please fill in
 * all required fields'.
 */
export const newSubmissionFormSchema = itemValuesSchema
  .extend({
    reserve: z.string(),
    reservePayoutMethod: z.enum(['paypal', 'check']),
    reservePaypalEmail: z.string(),
    /** The items after the first, in the order they were added. */
    items: z.array(itemValuesSchema),
  })
  .transform((values, ctx) => {
    let blank = false;
    const checkBlanks = (item: ItemValues, path: (string | number)[]) => {
      const isBlank = {
        category: !isCategory(item.category ?? ''),
        description: !item.description.trim(),
        estimatedWeight: !item.estimatedWeight.trim(),
      };
      for (const field of requiredFields) {
        if (!isBlank[field]) continue;
        blank = true;
        ctx.addIssue({ code: 'custom', path: [...path, field], message: blankMessages[field] });
      }
    };
    checkBlanks(values, []);
    values.items.forEach((item, index) => checkBlanks(item, ['items', index]));
    if (blank) return z.NEVER;
    const parsed = createSubmissionSchema.safeParse({
      ...itemBody(values),
      items: values.items.map(itemBody),
      ...reserveBody(values),
    });
    if (parsed.success) return parsed.data;
    copyIssues(ctx, parsed.error, formFieldOf);
    return z.NEVER;
  });

export type NewSubmissionValues = z.input<typeof newSubmissionFormSchema>;
export type NewSubmissionFields = z.output<typeof newSubmissionFormSchema>;

export const emptyForm: NewSubmissionValues = {
  ...emptyItem,
  reserve: '',
  reservePayoutMethod: 'paypal',
  reservePaypalEmail: '',
  items: [],
};

/** Every message of a failed check, item 1's first, for the toast. */
export function itemMessages(errors: FieldErrors<NewSubmissionValues>): string[] {
  const of = (item: FieldErrors<ItemValues> | undefined) => requiredFields.flatMap((field) => item?.[field]?.message ?? []);
  const items = Array.isArray(errors.items) ? (errors.items as (FieldErrors<ItemValues> | undefined)[]) : [];
  return [...of(errors), ...items.flatMap((item) => of(item))];
}
