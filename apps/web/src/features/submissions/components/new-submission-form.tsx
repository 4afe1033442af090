import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { Loader2, Plus, Save } from 'lucide-react';
import { toast } from 'sonner';
import {
  APPRAISAL_WITHIN_HOURS_OF_RECEIPT,
  createSubmissionSchema,
  describeQuoteBasis,
  dollarsToCents,
  materialCategoryProblem,
  MAX_ITEMS_PER_SUBMISSION,
  preliminaryQuote,
  PRELIMINARY_QUOTE_WITHIN_HOURS,
  readWeight,
  validationMessages,
  type Submission,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { clientPaths } from '@/lib/client-paths';
import { MaterialQuotePreview, type LiveQuoteInputs } from './material-quote-preview';
import { formatDateTime, formatWholeDollarAmount } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useCreateSubmission } from '../api/create-submission';
import { clearDraft, loadDraft, saveDraft } from '../lib/draft';
import { isCategory, isMaterial, itemEstimate, parcelEstimate } from '../lib/item-estimate';
import {
  asksAboutStones,
  blankMessages,
  emptyForm,
  emptyItem,
  itemMessages,
  newSubmissionFormSchema,
  type ItemValues,
  type NewSubmissionFields,
} from '../lib/submission-form-values';
import { settleUploads, uploadedImageIds, usePhotoUppy, type PhotoUppy } from '../lib/submission-uppy';
import { ExtraItemFieldset } from './extra-item-fieldset';
import { ParcelQuote } from './parcel-quote';
import { ReserveField } from './reserve-field';
import {
  CategoryChoice,
  DescriptionField,
  ItemPhotos,
  MaterialField,
  StoneChoiceField,
  WeightField,
} from './submission-item-fields';

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

/** SPEC 2 "New Submission view": one item, or a parcel of up to MAX_ITEMS_PER_SUBMISSION (issue 27 item 5). */
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
      ...emptyForm,
      category: restored?.category ?? '',
      description: restored?.description ?? '',
      estimatedWeight: restored?.estimatedWeight ?? '',
      weightUnit: restored?.weightUnit ?? 'grams',
      items: restored?.items.map((item) => ({ ...emptyItem, ...item })) ?? [],
    },
  });
  const extraItems = useFieldArray({ control: form.control, name: 'items' });
  // Each added item has its own photo widget, mounted with its fieldset; sending reads them all.
  const [extraPhotos] = useState(() => new Map<string, PhotoUppy>());
  const onExtraPhotos = useCallback(
    (itemKey: string, itemUppy: PhotoUppy | null) => {
      if (itemUppy) extraPhotos.set(itemKey, itemUppy);
      else extraPhotos.delete(itemKey);
    },
    [extraPhotos],
  );
  const { errors } = form.formState;
  const [categoryValue, estimatedWeight, weightUnit, material, stoneValue, reserve, reservePayoutMethod] = form.watch([
    'category',
    'estimatedWeight',
    'weightUnit',
    'material',
    'stoneChoice',
    'reserve',
    'reservePayoutMethod',
  ]);
  const items = form.watch('items');
  const category = categoryValue ?? '';
  const stoneChoice = stoneValue ?? '';
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
    if (!asksAboutStones(category) && stoneChoice) form.setValue('stoneChoice', '');
  }, [category, material, stoneChoice, form]);

  const weightNumber = readWeight(estimatedWeight);
  const named = isMaterial(material) ? material : null;
  // A named material is quoted by the server from live prices and the payout rates in force.
  const preview =
    !named && isCategory(category) && weightNumber !== null ? preliminaryQuote(category, weightNumber, weightUnit) : null;
  const estimates = [{ category, material, estimatedWeight, weightUnit }, ...items].map((item) => itemEstimate(item, livePrices));
  const parcel = parcelEstimate(estimates);
  // The reserve is on the whole parcel: it is compared with the parcel's quote once every item has one.
  const quoteMaxCents =
    items.length === 0
      ? preview
        ? dollarsToCents(preview.preliminaryQuoteMax)
        : null
      : parcel.priced === parcel.of
        ? parcel.max * 100
        : null;
  const itemCount = 1 + extraItems.fields.length;
  const busy = create.isPending || waitingForPhotos;

  const onSaveDraft = () => {
    const { items, ...first } = form.getValues();
    const draftItem = ({ category, description, estimatedWeight, weightUnit }: ItemValues) => {
      const chosen = category ?? '';
      return { category: isCategory(chosen) ? chosen : ('' as const), description, estimatedWeight, weightUnit };
    };
    if (saveDraft(userId, { ...draftItem(first), items: items.map(draftItem) })) {
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
    form.reset(emptyForm);
    toast('Draft discarded');
  };

  const send = async (fields: NewSubmissionFields) => {
    if (busy) return;
    // Every item's photos, in the order of the items; photos still on their way go up first, and a
    // failed one must be retried or removed.
    const itemUppys = extraItems.fields.map((field) => extraPhotos.get(field.id));
    const allUppys = [uppy, ...itemUppys.filter((each) => each !== undefined)];
    setWaitingForPhotos(true);
    try {
      await Promise.all(allUppys.map((each) => settleUploads(each)));
    } finally {
      setWaitingForPhotos(false);
    }
    const failed = allUppys.flatMap((each) => each.getFiles().filter((file) => file.error || !file.progress.uploadComplete));
    if (failed.length > 0) {
      toast.error(`${failed.length} photo(s) did not upload`, { description: 'Retry or remove them, then submit again.' });
      return;
    }

    const quote = preliminaryQuote(fields.category, fields.estimatedWeight, fields.weightUnit);
    const { material: chosen, stoneChoice: stones, items: extra, ...rest } = fields;
    const parsed = createSubmissionSchema.safeParse({
      ...rest,
      // Only when named: "I'm not sure" sends SPEC's body as it always was.
      ...(chosen ? { material: chosen } : {}),
      ...(stones ? { stoneChoice: stones } : {}),
      images: uploadedImageIds(uppy),
      items: extra.map((item, index) => {
        const itemUppy = itemUppys[index];
        return { ...item, images: itemUppy ? uploadedImageIds(itemUppy) : [] };
      }),
      preliminaryQuoteMin: quote?.preliminaryQuoteMin,
      preliminaryQuoteMax: quote?.preliminaryQuoteMax,
    });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? validationMessages.requiredFields);
      return;
    }

    // Only what was named: with one item and no material, stones or reserve the body is SPEC's as
    // it always was. Each added item says all of its fields, null where the seller named nothing.
    const { material: sentMaterial, stoneChoice: sentStones, items: sentItems, reserve, reservePayout, ...body } = parsed.data;
    const sent = {
      ...body,
      ...(sentMaterial ? { material: sentMaterial } : {}),
      ...(sentStones ? { stoneChoice: sentStones } : {}),
      ...(sentItems.length > 0 ? { items: sentItems } : {}),
      ...(reserve !== null ? { reserve, reservePayout } : {}),
    };
    create.mutate(sent, {
      onSuccess: (submission) => {
        clearDraft(userId);
        for (const each of allUppys) each.cancelAll();
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
    const messages = itemMessages(found);
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
            {/* Item 1 is named only once there are others to tell it from. */}
            {itemCount > 1 && <h2 className="text-base font-semibold text-navy-900">Item 1</h2>}
            <CategoryChoice
              field={form.register('category')}
              value={category}
              error={errors.category?.message}
              errorId={`${ids.photos}-category-error`}
            />

            <MaterialField
              id={ids.material}
              field={form.register('material')}
              category={category}
              error={errors.material?.message}
            />

            {asksAboutStones(category) && (
              <StoneChoiceField field={form.register('stoneChoice')} value={stoneChoice} error={errors.stoneChoice?.message} />
            )}

            <ItemPhotos id={ids.photos} uppy={uppy} />

            <DescriptionField id={ids.description} field={form.register('description')} error={errors.description?.message} />

            <WeightField
              ids={{ weight: ids.weight, unit: ids.unit, quote: ids.quote }}
              weight={form.register('estimatedWeight')}
              unit={form.register('weightUnit')}
              error={errors.estimatedWeight?.message}
            />

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

            {extraItems.fields.map((field, index) => (
              <ExtraItemFieldset
                key={field.id}
                form={form}
                index={index}
                itemKey={field.id}
                live={livePrices}
                onPhotos={onExtraPhotos}
                onRemove={() => extraItems.remove(index)}
              />
            ))}

            {itemCount < MAX_ITEMS_PER_SUBMISSION ? (
              <div className="flex flex-col items-start gap-2">
                <Button type="button" variant="outline" onClick={() => extraItems.append({ ...emptyItem })}>
                  <Plus aria-hidden="true" />
                  Add another item
                </Button>
                <p className="text-xs text-muted-foreground">
                  Sending several pieces in one parcel? Add each one: each gets its own quote and its own offer, and you can
                  accept or decline each. Up to {MAX_ITEMS_PER_SUBMISSION} items in one parcel.
                </p>
              </div>
            ) : (
              <p role="status" className="rounded-md border border-border bg-muted/60 px-4 py-3 text-sm text-navy-900">
                This parcel is full: one submission holds up to {MAX_ITEMS_PER_SUBMISSION} items. Please send the rest in another
                submission.
              </p>
            )}

            {itemCount > 1 && <ParcelQuote estimates={estimates} total={parcel} />}

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
              quoteMaxCents={quoteMaxCents}
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
