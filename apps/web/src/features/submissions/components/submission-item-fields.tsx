// The fields of one item of a parcel (issue 27 item 5): item 1 and every item added after it ask
// the same questions in the same words, so they share these.
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CheckCircle2, Gem, Package, Sparkles } from 'lucide-react';
import {
  stoneChoiceInfo,
  stoneChoices,
  submissionCategories,
  submissionCategoryLabels,
  weightUnits,
  type SubmissionCategory,
} from '@assay/domain';
import { cn } from '@/lib/utils';
import { FieldMessage } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { MaterialOptions } from '@/components/material-options';
import { isCategory } from '../lib/item-estimate';
import { PhotoUploader } from './photo-uploader';
import type { PhotoUppy } from '../lib/submission-uppy';

const categoryIcons: Record<SubmissionCategory, typeof Gem> = { jewelry: Sparkles, scrap: Package, gems: Gem };

/** Loose gems are gems; jewelry and coins/scrap are named by their metal (decision 019). */
const materialsFor = (category: string) => (!isCategory(category) ? undefined : category === 'gems' ? 'gems' : 'metals');

export function CategoryChoice({
  field,
  value,
  error,
  errorId,
}: {
  field: UseFormRegisterReturn;
  value: string;
  error?: string;
  errorId: string;
}) {
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-sm font-medium">What are you selling? *</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {submissionCategories.map((category) => {
          const Icon = categoryIcons[category];
          const checked = value === category;
          return (
            <label
              key={category}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border p-4 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-gold-500 bg-gold-50 text-navy-900' : 'border-input bg-card hover:bg-muted',
                error && 'border-destructive',
              )}
            >
              <input type="radio" value={category} className="sr-only" {...field} />
              <Icon aria-hidden="true" className={cn('size-5', checked ? 'text-gold-700' : 'text-navy-600')} />
              {submissionCategoryLabels[category].short}
              {checked && <CheckCircle2 aria-hidden="true" className="ml-auto size-4 text-gold-700" />}
            </label>
          );
        })}
      </div>
      <FieldMessage id={errorId}>{error}</FieldMessage>
    </fieldset>
  );
}

export function MaterialField({
  id,
  field,
  category,
  error,
}: {
  id: string;
  field: UseFormRegisterReturn;
  category: string;
  error?: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>What is it made of?</Label>
      <NativeSelect id={id} {...field} aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint ${id}-error`}>
        <option value="">I&apos;m not sure</option>
        <MaterialOptions only={materialsFor(category)} />
      </NativeSelect>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        If you know the metal and karat (a stamp like 585 or 14K) or the gem, your quote uses today&apos;s live price instead of
        an average for the category, your parcel is insured for what the metal is worth, and a metal gets a guaranteed floor. Not
        sure? Leave it, and we quote from the category.
      </p>
      <FieldMessage id={`${id}-error`}>{error}</FieldMessage>
    </div>
  );
}

/**
 * "Does it have stones?": none, or what happens to them. Each choice shows its risk in full before
 * it is chosen, because taking stones out, testing and melting cannot be undone.
 */
export function StoneChoiceField({ field, value, error }: { field: UseFormRegisterReturn; value: string; error?: string }) {
  const id = useId();
  const option = (choice: string, title: string, risk?: string) => {
    const checked = value === choice;
    return (
      <label
        key={choice || 'none'}
        className={cn(
          'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          checked ? 'border-gold-500 bg-gold-50' : 'border-input bg-card hover:bg-muted',
        )}
      >
        <input
          type="radio"
          value={choice}
          className="mt-0.5 size-4 shrink-0 accent-navy-900"
          aria-labelledby={`${id}-${choice || 'none'}`}
          aria-describedby={risk ? `${id}-${choice}-risk` : undefined}
          {...field}
        />
        <span className="flex min-w-0 flex-col gap-1">
          <span id={`${id}-${choice || 'none'}`} className="font-semibold text-navy-900">
            {title}
          </span>
          {risk && (
            <span id={`${id}-${choice}-risk`} className="text-xs text-muted-foreground">
              {risk}
            </span>
          )}
        </span>
      </label>
    );
  };
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="mb-1 text-sm font-medium">Does it have stones?</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        If it does, choose now what happens to them: we act on your choice before we test the metal, and testing and melting
        cannot be undone.
      </p>
      <div className="flex flex-col gap-2">
        {option('', 'None')}
        {stoneChoices.map((choice) => option(choice, stoneChoiceInfo[choice].label, stoneChoiceInfo[choice].risk))}
      </div>
      <FieldMessage id={`${id}-error`}>{error}</FieldMessage>
    </fieldset>
  );
}

export function ItemPhotos({ id, uppy, headingLevel = 2 }: { id: string; uppy: PhotoUppy; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col gap-3">
      <Heading className="text-sm font-medium" id={id}>
        Photos
      </Heading>
      <p className="text-sm text-muted-foreground" id={`${id}-hint`}>
        Add up to 4 clear photos: the whole item first (Primary), then a close-up of any marks or stamps (Detail), the side and
        the back.
      </p>
      <PhotoUploader uppy={uppy} describedBy={`${id}-hint`} />
    </div>
  );
}

export function DescriptionField({ id, field, error }: { id: string; field: UseFormRegisterReturn; error?: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Detailed Description *</Label>
      <Textarea
        id={id}
        {...field}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        maxLength={2000}
        placeholder="e.g. 14k yellow gold rope chain, 22 inches, stamped 585, clasp intact"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Metal and purity marks, stones, size, condition, and any papers or certificates.
      </p>
      <FieldMessage id={`${id}-error`}>{error}</FieldMessage>
    </div>
  );
}

export function WeightField({
  ids,
  weight,
  unit,
  error,
}: {
  /** The weight input, the unit select, and the quote the weight drives (read out with it). */
  ids: { weight: string; unit: string; quote: string };
  weight: UseFormRegisterReturn;
  unit: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={ids.weight}>Estimated Weight *</Label>
      <div className="flex gap-2">
        <Input
          id={ids.weight}
          inputMode="decimal"
          autoComplete="off"
          {...weight}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${ids.weight}-error ${ids.quote}`}
          placeholder="e.g. 18.4"
          className="flex-1"
        />
        <NativeSelect id={ids.unit} aria-label="Weight unit" {...unit} wrapperClassName="w-32 shrink-0">
          {weightUnits.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect>
      </div>
      <FieldMessage id={`${ids.weight}-error`}>{error}</FieldMessage>
    </div>
  );
}
