import { useEffect, useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { Link, useLocation } from 'wouter';
import { CheckCircle2, Gem, Loader2, Package, Save, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import {
  APPRAISAL_WITHIN_HOURS_OF_RECEIPT,
  createSubmissionSchema,
  describeQuoteBasis,
  dollarsToCents,
  itemTypeLabels,
  materialCategoryProblem,
  preliminaryQuote,
  PRELIMINARY_QUOTE_WITHIN_HOURS,
  readWeight,
  submissionCategories,
  submissionCategoryLabels,
  validationMessages,
  weightUnits,
  type ItemType,
  type Submission,
  type SubmissionCategory,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { copyIssues } from '@/lib/forms/form-schemas';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { clientPaths } from '@/lib/client-paths';
import { MaterialQuotePreview, type LiveQuoteInputs } from './material-quote-preview';
import { formatDateTime, formatWholeDollarAmount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { MaterialOptions } from '@/components/material-options';
import { useCreateSubmission } from '../api/create-submission';
import { clearDraft, loadDraft, saveDraft } from '../lib/draft';
import { settleUploads, uploadedImageIds, usePhotoUppy } from '../lib/submission-uppy';
import { PhotoUploader } from './photo-uploader';
import { ReserveField, reserveBody, reserveFieldOf } from './reserve-field';

const categoryIcons: Record<SubmissionCategory, typeof Gem> = { jewelry: Sparkles, scrap: Package, gems: Gem };

/** What a blank required field says; any of them makes the toast SPEC 5's requiredFields sentence. */
const blankMessages = {
  category: 'Please choose what you are selling.',
  description: 'Please describe your item.',
  estimatedWeight: 'Please enter the estimated weight.',
} as const;

const isCategory = (value: string): value is SubmissionCategory => (submissionCategories as readonly string[]).includes(value);

const isMaterial = (value: string): value is ItemType => value in itemTypeLabels;
/** Loose gems are gems; jewelry and coins/scrap are named by their metal (decision 019). */
const materialsFor = (category: string) => (!isCategory(category) ? undefined : category === 'gems' ? 'gems' : 'metals');

/** The server's quote, in words for the toast after creating: "$425 – $450 (Gold 14K at $50.00/g, we pay 85-90%)". */
function createdQuoteText(submission: Submission): string | null {
  const min = Number(submission.preliminaryQuoteMin);
  const max = Number(submission.preliminaryQuoteMax);
  if (!submission.preliminaryQuoteMin || !submission.preliminaryQuoteMax || Number.isNaN(min) || Number.isNaN(max)) return null;
  const range = `${formatWholeDollarAmount(min)} – ${formatWholeDollarAmount(max)}`;
  return submission.quoteBasis
    ? `Your preliminary quote: ${range} (${describeQuoteBasis(submission.quoteBasis)}).`
    : `Your preliminary quote: ${range}.`;
}

/**
 * The form as typed, checked field by field with the domain's createSubmissionSchema (photos are
 * added to the body once they are up). A blank required field gets its own short sentence and the
 * toast SPEC 5's 'Please fill in all required fields'.
 */
const newSubmissionFormSchema = z
  .object({
    category: z.string(),
    description: z.string(),
    estimatedWeight: z.string(),
    weightUnit: z.enum(weightUnits),
    material: z.string(),
    reserve: z.string(),
    reservePayoutMethod: z.enum(['paypal', 'check']),
    reservePaypalEmail: z.string(),
  })
  .transform((values, ctx) => {
    const { category, description, estimatedWeight, weightUnit, material } = values;
    const blank = { category: !isCategory(category), description: !description.trim(), estimatedWeight: !estimatedWeight.trim() };
    for (const field of ['category', 'description', 'estimatedWeight'] as const) {
      if (blank[field]) ctx.addIssue({ code: 'custom', path: [field], message: blankMessages[field] });
    }
    if (!isCategory(category) || blank.description || blank.estimatedWeight) return z.NEVER;
    const parsed = createSubmissionSchema.safeParse({
      category,
      description,
      estimatedWeight: readWeight(estimatedWeight),
      weightUnit,
      material: material || null,
      ...reserveBody(values),
    });
    if (parsed.success) return { ...parsed.data, category };
    copyIssues(ctx, parsed.error, (path) => reserveFieldOf(path) ?? String(path[0] ?? 'category'));
    return z.NEVER;
  });

/** SPEC 2 "New Submission view". */
export function NewSubmissionForm({
  userId,
  livePrices,
  beforeYouShip,
}: {
  userId: string;
  livePrices?: LiveQuoteInputs;
  /** Shown under "What happens next?": the seller's state rule (StateRuleBeforeShipping), placed by the page. */
  beforeYouShip?: ReactNode;
}) {
  const [, navigate] = useLocation();
  const uppy = usePhotoUppy();
  const create = useCreateSubmission();
  const [restored] = useState(() => loadDraft(userId));
  const form = useZodForm(newSubmissionFormSchema, {
    defaultValues: {
      category: restored?.category ?? '',
      description: restored?.description ?? '',
      estimatedWeight: restored?.estimatedWeight ?? '',
      weightUnit: restored?.weightUnit ?? 'grams',
      material: '',
      reserve: '',
      reservePayoutMethod: 'paypal',
      reservePaypalEmail: '',
    },
  });
  const { errors } = form.formState;
  const [category, estimatedWeight, weightUnit, material, reserve, reservePayoutMethod] = form.watch([
    'category',
    'estimatedWeight',
    'weightUnit',
    'material',
    'reserve',
    'reservePayoutMethod',
  ]);
  const [waitingForPhotos, setWaitingForPhotos] = useState(false);
  const [draftSavedAt, setDraftSavedAt] = useState<string | null>(restored?.savedAt ?? null);
  const ids = { description: useId(), weight: useId(), unit: useId(), photos: useId(), quote: useId(), material: useId() };

  useEffect(() => {
    document.title = 'New Submission — Assay';
  }, []);

  // A material the new category cannot be (a gem for jewelry, a metal for loose gems) is let go.
  useEffect(() => {
    if (isCategory(category) && isMaterial(material) && materialCategoryProblem(category, material)) {
      form.setValue('material', '');
    }
  }, [category, material, form]);

  const weightNumber = readWeight(estimatedWeight);
  const named = isMaterial(material) ? material : null;
  // A named material is quoted by the server from live prices and the payout rates in force.
  const preview =
    !named && isCategory(category) && weightNumber !== null ? preliminaryQuote(category, weightNumber, weightUnit) : null;
  const busy = create.isPending || waitingForPhotos;

  const onSaveDraft = () => {
    const { category, description, estimatedWeight, weightUnit } = form.getValues();
    if (saveDraft(userId, { category: isCategory(category) ? category : '', description, estimatedWeight, weightUnit })) {
      setDraftSavedAt(new Date().toISOString());
      toast.success('Draft saved', { description: 'Your answers are kept in this browser. Photos are not saved with a draft.' });
    } else {
      toast.error('Could not save the draft', {
        description: 'This browser does not allow saving. Please submit when you are ready.',
      });
    }
  };

  const onDiscardDraft = () => {
    clearDraft(userId);
    setDraftSavedAt(null);
    form.reset({
      category: '',
      description: '',
      estimatedWeight: '',
      weightUnit: 'grams',
      material: '',
      reserve: '',
      reservePayoutMethod: 'paypal',
      reservePaypalEmail: '',
    });
    toast('Draft discarded');
  };

  const send = async (fields: z.output<typeof newSubmissionFormSchema>) => {
    if (busy) return;
    // Photos still on their way go up first; a failed one must be retried or removed.
    setWaitingForPhotos(true);
    try {
      await settleUploads(uppy);
    } finally {
      setWaitingForPhotos(false);
    }
    const failed = uppy.getFiles().filter((file) => file.error || !file.progress.uploadComplete);
    if (failed.length > 0) {
      toast.error(`${failed.length} photo(s) did not upload`, { description: 'Retry or remove them, then submit again.' });
      return;
    }

    const quote = preliminaryQuote(fields.category, fields.estimatedWeight, fields.weightUnit);
    const { material: chosen, ...rest } = fields;
    const parsed = createSubmissionSchema.safeParse({
      ...rest,
      // Only when named: "I'm not sure" sends SPEC's body as it always was.
      ...(chosen ? { material: chosen } : {}),
      images: uploadedImageIds(uppy),
      preliminaryQuoteMin: quote?.preliminaryQuoteMin,
      preliminaryQuoteMax: quote?.preliminaryQuoteMax,
    });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? validationMessages.requiredFields);
      return;
    }

    // Only what was named: without a material or a reserve the body is SPEC's as it always was.
    const { material: sentMaterial, reserve, reservePayout, ...body } = parsed.data;
    const sent = {
      ...body,
      ...(sentMaterial ? { material: sentMaterial } : {}),
      ...(reserve !== null ? { reserve, reservePayout } : {}),
    };
    create.mutate(sent, {
      onSuccess: (submission) => {
        clearDraft(userId);
        uppy.cancelAll();
        const quoteText = submission ? createdQuoteText(submission) : null;
        toast.success(
          "Submission created successfully! You'll receive a preliminary quote within 24 hours.",
          quoteText ? { description: quoteText } : undefined,
        );
        navigate(clientPaths.dashboard);
      },
      onError: (err) => {
        applyServerIssues(form, err);
        toast.error('Error', { description: `Failed to create submission. ${errorMessage(err, '')}`.trim() });
      },
    });
  };

  const onSubmit = form.handleSubmit(send, (found) => {
    const messages = [found.category?.message, found.description?.message, found.estimatedWeight?.message].filter(
      (message) => message !== undefined,
    );
    const blank = messages.some((message) => (Object.values(blankMessages) as string[]).includes(message));
    toast.error(blank ? validationMessages.requiredFields : (messages[0] ?? validationMessages.requiredFields));
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="flex flex-col gap-6">
        {draftSavedAt && (
          <div
            role="status"
            className="flex flex-col gap-2 rounded-md border border-navy-200 bg-navy-50 px-4 py-3 text-sm text-navy-800 sm:flex-row sm:items-center sm:justify-between"
          >
            <span>Draft saved {formatDateTime(draftSavedAt)}. Photos are not kept with a draft.</span>
            <Button type="button" variant="link" size="sm" className="h-auto self-start p-0" onClick={onDiscardDraft}>
              Discard draft
            </Button>
          </div>
        )}
        <Card>
          <CardContent className="flex flex-col gap-6 pt-5 sm:pt-6">
            <fieldset
              className="flex flex-col gap-3"
              aria-describedby={errors.category ? `${ids.photos}-category-error` : undefined}
            >
              <legend className="mb-3 text-sm font-medium">What are you selling? *</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {submissionCategories.map((value) => {
                  const Icon = categoryIcons[value];
                  const checked = category === value;
                  return (
                    <label
                      key={value}
                      className={cn(
                        'flex cursor-pointer items-center gap-3 rounded-lg border p-4 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                        checked ? 'border-gold-500 bg-gold-50 text-navy-900' : 'border-input bg-card hover:bg-muted',
                        errors.category && 'border-destructive',
                      )}
                    >
                      <input type="radio" value={value} className="sr-only" {...form.register('category')} />
                      <Icon aria-hidden="true" className={cn('size-5', checked ? 'text-gold-700' : 'text-navy-600')} />
                      {submissionCategoryLabels[value].short}
                      {checked && <CheckCircle2 aria-hidden="true" className="ml-auto size-4 text-gold-700" />}
                    </label>
                  );
                })}
              </div>
              <FieldMessage id={`${ids.photos}-category-error`}>{errors.category?.message}</FieldMessage>
            </fieldset>

            <div className="flex flex-col gap-2">
              <Label htmlFor={ids.material}>What is it made of?</Label>
              <NativeSelect
                id={ids.material}
                {...form.register('material')}
                aria-invalid={errors.material ? true : undefined}
                aria-describedby={`${ids.material}-hint ${ids.material}-error`}
              >
                <option value="">I&apos;m not sure</option>
                <MaterialOptions only={materialsFor(category)} />
              </NativeSelect>
              <p id={`${ids.material}-hint`} className="text-xs text-muted-foreground">
                If you know the metal and karat (a stamp like 585 or 14K) or the gem, your quote uses today&apos;s live price
                instead of an average for the category, your parcel is insured for what the metal is worth, and a metal gets a
                guaranteed floor. Not sure? Leave it, and we quote from the category.
              </p>
              <FieldMessage id={`${ids.material}-error`}>{errors.material?.message}</FieldMessage>
            </div>

            <div className="flex flex-col gap-3">
              <h2 className="text-sm font-medium" id={ids.photos}>
                Photos
              </h2>
              <p className="text-sm text-muted-foreground" id={`${ids.photos}-hint`}>
                Add up to 4 clear photos: the whole item first (Primary), then a close-up of any marks or stamps (Detail), the
                side and the back.
              </p>
              <PhotoUploader uppy={uppy} describedBy={`${ids.photos}-hint`} />
            </div>

            <div className="flex flex-col gap-2">
              <Label htmlFor={ids.description}>Detailed Description *</Label>
              <Textarea
                id={ids.description}
                {...form.register('description')}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={`${ids.description}-hint ${ids.description}-error`}
                maxLength={2000}
                placeholder="e.g. 14k yellow gold rope chain, 22 inches, stamped 585, clasp intact"
              />
              <p id={`${ids.description}-hint`} className="text-xs text-muted-foreground">
                Metal and purity marks, stones, size, condition, and any papers or certificates.
              </p>
              <FieldMessage id={`${ids.description}-error`}>{errors.description?.message}</FieldMessage>
            </div>

            <div className="flex flex-col gap-2">
              <Label htmlFor={ids.weight}>Estimated Weight *</Label>
              <div className="flex gap-2">
                <Input
                  id={ids.weight}
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register('estimatedWeight')}
                  aria-invalid={errors.estimatedWeight ? true : undefined}
                  aria-describedby={`${ids.weight}-error ${ids.quote}`}
                  placeholder="e.g. 18.4"
                  className="flex-1"
                />
                <NativeSelect
                  id={ids.unit}
                  aria-label="Weight unit"
                  {...form.register('weightUnit')}
                  wrapperClassName="w-32 shrink-0"
                >
                  {weightUnits.map((unit) => (
                    <option key={unit} value={unit}>
                      {unit}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <FieldMessage id={`${ids.weight}-error`}>{errors.estimatedWeight?.message}</FieldMessage>
            </div>

            <div id={ids.quote} role="status" className="rounded-lg border border-gold-200 bg-gold-50 p-4">
              <p className="text-xs font-semibold uppercase tracking-wide text-gold-800">Preliminary quote</p>
              {named ? (
                <MaterialQuotePreview material={named} estimatedWeight={weightNumber} weightUnit={weightUnit} live={livePrices} />
              ) : preview ? (
                <>
                  <p className="mt-1 text-2xl font-bold tabular-nums text-navy-900">
                    {formatWholeDollarAmount(Number(preview.preliminaryQuoteMin))} –{' '}
                    {formatWholeDollarAmount(Number(preview.preliminaryQuoteMax))}
                  </p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    An estimate from the category and weight. Your final offer follows our expert appraisal.
                  </p>
                </>
              ) : (
                <p className="mt-1 text-sm text-muted-foreground">
                  Choose what you are selling and enter its weight to see an estimate.
                </p>
              )}
            </div>

            <ReserveField
              values={{ reserve, reservePayoutMethod }}
              fields={{
                reserve: form.register('reserve'),
                reservePayoutMethod: form.register('reservePayoutMethod'),
                reservePaypalEmail: form.register('reservePaypalEmail'),
              }}
              errors={{
                reserve: errors.reserve?.message,
                reservePayoutMethod: errors.reservePayoutMethod?.message,
                reservePaypalEmail: errors.reservePaypalEmail?.message,
              }}
              quoteMaxCents={preview ? dollarsToCents(preview.preliminaryQuoteMax) : null}
            />

            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button type="button" variant="ghost" asChild>
                  <Link href={clientPaths.dashboard}>Cancel</Link>
                </Button>
                <Button type="button" variant="outline" onClick={onSaveDraft} disabled={busy}>
                  <Save aria-hidden="true" />
                  Save Draft
                </Button>
              </div>
              <Button type="submit" variant="accent" size="lg" disabled={busy} aria-busy={busy || undefined}>
                {busy && <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
                {waitingForPhotos
                  ? 'Finishing photo uploads...'
                  : create.isPending
                    ? 'Submitting...'
                    : 'Submit for Preliminary Appraisal'}
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>

      <aside aria-labelledby="what-next-heading" className="flex flex-col gap-6 lg:sticky lg:top-24 lg:self-start">
        <Card>
          <CardHeader className="pb-3">
            <h2 id="what-next-heading" className="text-lg font-semibold">
              What happens next?
            </h2>
          </CardHeader>
          <CardContent>
            <ol className="flex flex-col gap-4 text-sm">
              {[
                `You'll receive a preliminary quote within ${PRELIMINARY_QUOTE_WITHIN_HOURS} hours.`,
                "We'll e-mail you a prepaid, insured shipping label.",
                `Our experts complete a full appraisal within ${APPRAISAL_WITHIN_HOURS_OF_RECEIPT} hours of receiving your item.`,
              ].map((text, index) => (
                <li key={text} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-6 shrink-0 items-center justify-center rounded-full bg-navy-900 text-xs font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <span>{text}</span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
        {beforeYouShip}
      </aside>
    </form>
  );
}
