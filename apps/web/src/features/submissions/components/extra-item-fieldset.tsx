import { useEffect, useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { materialCategoryProblem } from '@assay/domain';
import type { ZodForm } from '@/lib/forms/use-zod-form';
import { formatWholeDollarAmount } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { isCategory, isMaterial, itemEstimate, type LiveQuoteInputs } from '../lib/item-estimate';
import { asksAboutStones, type newSubmissionFormSchema } from '../lib/submission-form-values';
import { usePhotoUppy, type PhotoUppy } from '../lib/submission-uppy';
import {
  CategoryChoice,
  DescriptionField,
  ItemPhotos,
  MaterialField,
  StoneChoiceField,
  WeightField,
} from './submission-item-fields';

type Form = ZodForm<typeof newSubmissionFormSchema>;

/**
 * "Item 2", "Item 3"...: an item after the first, with the same questions as item 1, its own
 * photos and its own estimate. The form reads this item's photos through `onPhotos` when sending.
 */
export function ExtraItemFieldset({
  form,
  index,
  itemKey,
  live,
  onPhotos,
  onRemove,
}: {
  form: Form;
  /** Its place in the form's `items` (item number index + 2). */
  index: number;
  /** Stays with the item when one before it is removed. */
  itemKey: string;
  live?: LiveQuoteInputs;
  onPhotos: (itemKey: string, uppy: PhotoUppy | null) => void;
  onRemove: () => void;
}) {
  const number = index + 2;
  const uppy = usePhotoUppy({ itemKey });
  const base = useId();
  const ids = {
    legend: `${base}-legend`,
    category: `${base}-category-error`,
    material: `${base}-material`,
    photos: `${base}-photos`,
    description: `${base}-description`,
    weight: `${base}-weight`,
    unit: `${base}-unit`,
    quote: `${base}-quote`,
  };
  const item = useWatch({ control: form.control, name: `items.${index}` });
  const errors = form.formState.errors.items?.[index];
  const { material } = item;
  const category = item.category ?? '';
  const stoneChoice = item.stoneChoice ?? '';

  useEffect(() => {
    onPhotos(itemKey, uppy);
    return () => onPhotos(itemKey, null);
  }, [itemKey, uppy, onPhotos]);

  // As for item 1: a material the new category cannot be is let go, and stones only for jewelry.
  useEffect(() => {
    if (isCategory(category) && isMaterial(material) && materialCategoryProblem(category, material)) {
      form.setValue(`items.${index}.material`, '');
    }
    if (!asksAboutStones(category) && stoneChoice) form.setValue(`items.${index}.stoneChoice`, '');
  }, [category, material, stoneChoice, index, form]);

  const estimate = itemEstimate(item, live);

  return (
    <fieldset
      aria-labelledby={ids.legend}
      className="flex flex-col gap-6 rounded-lg border border-border p-4 sm:p-5"
      data-item={number}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* A heading rather than a <legend>, so the remove button can sit beside it. */}
        <h2 id={ids.legend} className="text-base font-semibold text-navy-900">
          Item {number}
        </h2>
        <Button type="button" variant="ghost" size="sm" aria-label={`Remove item ${number}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove item
        </Button>
      </div>
      <CategoryChoice
        field={form.register(`items.${index}.category`)}
        value={category}
        error={errors?.category?.message}
        errorId={ids.category}
      />
      <MaterialField
        id={ids.material}
        field={form.register(`items.${index}.material`)}
        category={category}
        error={errors?.material?.message}
      />
      {asksAboutStones(category) && (
        <StoneChoiceField
          field={form.register(`items.${index}.stoneChoice`)}
          value={stoneChoice}
          error={errors?.stoneChoice?.message}
        />
      )}
      {/* Under the item's own heading. */}
      <ItemPhotos id={ids.photos} uppy={uppy} headingLevel={3} />
      <DescriptionField
        id={ids.description}
        field={form.register(`items.${index}.description`)}
        error={errors?.description?.message}
      />
      <WeightField
        ids={{ weight: ids.weight, unit: ids.unit, quote: ids.quote }}
        weight={form.register(`items.${index}.estimatedWeight`)}
        unit={form.register(`items.${index}.weightUnit`)}
        error={errors?.estimatedWeight?.message}
      />
      <p id={ids.quote} role="status" className="text-sm">
        <span className="text-muted-foreground">Preliminary quote for item {number}: </span>
        {estimate.kind === 'range' ? (
          <span className="whitespace-nowrap font-semibold tabular-nums text-navy-900">
            {formatWholeDollarAmount(estimate.min)} – {formatWholeDollarAmount(estimate.max)}
          </span>
        ) : estimate.kind === 'live-later' ? (
          'from live prices, once you submit'
        ) : (
          'choose what it is and enter its weight to see an estimate'
        )}
      </p>
    </fieldset>
  );
}
