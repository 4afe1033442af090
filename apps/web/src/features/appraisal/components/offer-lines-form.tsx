import { useMemo, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import {
  centsToDecimalString,
  customerLabel,
  dollarsToCents,
  formatCents,
  isWeightUnit,
  itemTypeLabels,
  MAX_ADMIN_NOTES_LENGTH,
  MAX_OFFER_LINES,
  parseExactDecimal,
  totalWeightIn,
  type AdminSubmission,
  type OfferLine,
  type PayoutRate,
  type SubmissionItem,
  isPriceLockInForce,
  type LivePriceRow,
  priceLockPrices,
  readPriceLock,
  sellersPriceRows,
  utcShortDate,
  type WeightUnit,
} from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { FORM_ERROR, useZodForm } from '@/lib/forms/use-zod-form';
import { Button } from '@/components/ui/button';
import { ConfirmBeforeSending } from '@/components/confirm-before-sending';
import { Field, FieldMessage } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useOfferPayoutRates, useOfferPrices } from '../api/offer-inputs';
import { useAdminSubmissionDetail } from '../api/mailbox';
import { useSubmitOffer } from '../api/submission-actions';
import {
  effectiveAmount,
  emptyLine,
  lineValuesFrom,
  offerLinesFormSchema,
  type CheckedOfferLines,
  type LineItemOption,
  type OfferLineValues,
} from '../lib/offer-line-values';
import { itemOptionLabel } from '@/lib/offer-items';
import { OfferFloorNote } from './offer-floor-note';
import { OfferLineFields } from './offer-line-fields';
import { SellerReserveNote } from './seller-reserve-note';

const unitOf = (submission: AdminSubmission): WeightUnit =>
  isWeightUnit(submission.weightUnit) ? submission.weightUnit : 'grams';

/** The lines' amounts added up as they stand (a line without an amount yet counts nothing). */
function runningTotalCents(lines: readonly OfferLineValues[], rates: readonly PayoutRate[]): number {
  return lines.reduce((sum, line) => sum + Math.max(0, dollarsToCents(effectiveAmount(line, rates)) ?? 0), 0);
}

/** The weighed weight the server records: the lines' weights in the submission's unit, once all are figures. */
function linesWeight(lines: readonly OfferLineValues[], unit: WeightUnit): string | null {
  const usable = lines.every((line) => {
    const weight = parseExactDecimal(line.weight.trim());
    return weight !== null && weight.units > 0n;
  });
  if (!usable) return null;
  const total = totalWeightIn(
    lines.map((line) => ({ weight: line.weight.trim(), weightUnit: line.weightUnit })),
    unit,
  );
  return total.replace(/\.?0+$/, '');
}

/**
 * Issue 27 item 5: in a parcel of several items, what each item comes to as the lines stand, and
 * which has no line yet (the form will not send until each has one).
 */
function ItemSubtotals({
  items,
  lines,
  rates,
}: {
  items: readonly LineItemOption[];
  lines: readonly OfferLineValues[];
  rates: readonly PayoutRate[];
}) {
  return (
    <div className="rounded-md border border-border p-3 text-sm">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Each item</p>
      <ul aria-label="Item subtotals" className="mt-1 flex flex-col gap-0.5" aria-live="polite">
        {items.map((item) => {
          const own = lines.filter((line) => line.item === item.position);
          return (
            <li key={item.position} className="flex flex-wrap justify-between gap-x-3">
              <span className="min-w-0 [overflow-wrap:anywhere]">{itemOptionLabel(item.position, item.description)}</span>
              {own.length > 0 ? (
                <span className="font-semibold tabular-nums">{formatCents(runningTotalCents(own, rates))}</span>
              ) : (
                <span className="text-destructive">No line yet</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Said back before it goes: every line and the total, since the client is told at once. */
function ConfirmLines({
  submission,
  offer,
  sending,
  onSend,
  onBack,
  byItem,
}: {
  submission: AdminSubmission;
  offer: CheckedOfferLines;
  /** The parcel has several items: each line says which it prices. */
  byItem: boolean;
  sending: boolean;
  onSend: () => void;
  onBack: () => void;
}) {
  const total = formatCents(offer.totalCents);
  return (
    <ConfirmBeforeSending
      question={
        <>
          Send an offer of <strong className="tabular-nums">{total}</strong> in {offer.lines.length}{' '}
          {offer.lines.length === 1 ? 'line' : 'lines'} to {customerLabel(submission.userId)}? They are told at once, by e-mail
          and in the app.
        </>
      }
      sendLabel={`Send ${total} offer`}
      sending={sending}
      onSend={onSend}
      onBack={onBack}
    >
      <ol className="flex flex-col gap-1 text-sm" aria-label="Offer lines">
        {offer.lines.map((line, index) => (
          <li key={index} className="flex flex-wrap justify-between gap-x-3 border-b border-gold-200 pb-1 last:border-0">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {index + 1}. {byItem && line.item ? `Item ${line.item}: ` : ''}
              {line.description} — {line.weight} {line.weightUnit} {itemTypeLabels[line.material]}, {line.percentPaid}% paid
              {line.reason && <span className="block text-xs text-muted-foreground">Reason: {line.reason}</span>}
            </span>
            <span className="font-semibold tabular-nums">{formatCents(dollarsToCents(line.amount) ?? 0)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-3 pt-1 font-semibold">
          <span>Total</span>
          <span className="tabular-nums">{total}</span>
        </li>
      </ol>
    </ConfirmBeforeSending>
  );
}

function LinesForm({
  submission,
  parcelItems,
  rows,
  rates,
  startFrom,
  onSent,
}: {
  submission: AdminSubmission;
  parcelItems: readonly SubmissionItem[];
  rows: readonly LivePriceRow[];
  rates: readonly PayoutRate[];
  startFrom?: readonly OfferLine[];
  onSent?: () => void;
}) {
  const unit = unitOf(submission);
  const items = useMemo<LineItemOption[]>(
    () => parcelItems.map(({ position, description }) => ({ position, description })),
    [parcelItems],
  );
  // One item: no select and nothing sent (the server puts the lines on item 1).
  const byItem = items.length > 1;
  const firstItem = byItem ? items[0]!.position : null;
  const schema = useMemo(() => offerLinesFormSchema(rates, items), [rates, items]);
  const form = useZodForm(schema, {
    defaultValues: {
      lines:
        startFrom && startFrom.length > 0
          ? startFrom.map((line) => lineValuesFrom(line, unit, byItem))
          : [emptyLine(unit, firstItem)],
      adminNotes: submission.adminNotes ?? '',
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = useWatch({ control: form.control, name: 'lines' }) as OfferLineValues[];
  const [toConfirm, setToConfirm] = useState<CheckedOfferLines | null>(null);
  const submitOffer = useSubmitOffer({
    onSuccess: () => {
      setToConfirm(null);
      toast.success('Submission updated successfully');
      onSent?.();
    },
    onError: (err) => {
      setToConfirm(null);
      form.setError(FORM_ERROR, { type: 'server', message: errorMessage(err, 'The offer was not sent.') });
      toast.error('Failed to update submission', { description: errorMessage(err, '') || undefined });
    },
  });
  const send = (offer: CheckedOfferLines) =>
    submitOffer.mutate({
      id: submission.id,
      offerLines: offer.lines,
      finalOffer: centsToDecimalString(offer.totalCents),
      adminNotes: offer.adminNotes || null,
      status: 'offered',
      version: submission.version,
    });
  const onSubmit = form.handleSubmit((offer) => setToConfirm(offer));
  const { errors } = form.formState;
  const locked = toConfirm !== null || submitOffer.isPending;
  const total = runningTotalCents(values, rates);
  const weight = linesWeight(values, unit);
  const formMessage = errors.lines?.message ?? errors.lines?.root?.message ?? errors.root?.server?.message;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`Itemised offer for ${submission.description}`}
      className="flex flex-col gap-3"
    >
      {lines.fields.map((field, index) => (
        <OfferLineFields
          key={field.id}
          form={form}
          index={index}
          idPrefix={submission.id}
          rows={rows}
          rates={rates}
          locked={locked}
          onRemove={lines.fields.length > 1 ? () => lines.remove(index) : undefined}
          items={byItem ? items : undefined}
        />
      ))}
      {lines.fields.length < MAX_OFFER_LINES && !locked && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => lines.append(emptyLine(unit, byItem ? (values.at(-1)?.item ?? firstItem) : null))}
        >
          <Plus aria-hidden="true" />
          Add line
        </Button>
      )}
      <dl className="grid grid-cols-2 gap-3 rounded-md border border-border p-3 text-sm">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Total offer</dt>
          <dd className="text-lg font-semibold tabular-nums text-navy-900" aria-live="polite">
            {formatCents(total)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Actual weight</dt>
          <dd className="mt-1 tabular-nums">{weight === null ? '—' : `${weight} ${unit}`}</dd>
          <dd className="text-xs text-muted-foreground">The lines added up, recorded as weighed.</dd>
        </div>
      </dl>
      {byItem && <ItemSubtotals items={items} lines={values} rates={rates} />}
      <OfferFloorNote submission={submission} lines={values} rates={rates} />
      <Field id={`line-notes-${submission.id}`} label="Notes (internal)" error={errors.adminNotes?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            className="min-h-16"
            maxLength={MAX_ADMIN_NOTES_LENGTH}
            placeholder="Never shown to the client"
            readOnly={locked}
            {...form.register('adminNotes')}
          />
        )}
      </Field>
      <FieldMessage role="alert">{formMessage}</FieldMessage>
      {toConfirm ? (
        <ConfirmLines
          submission={submission}
          byItem={byItem}
          offer={toConfirm}
          sending={submitOffer.isPending}
          onSend={() => send(toConfirm)}
          onBack={() => setToConfirm(null)}
        />
      ) : (
        <div>
          <Button type="submit" variant="accent">
            Submit Offer
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * DECISIONS "The honest offer": an offer of 1 to 20 lines, each proposed from the live price and
 * the published payout rate; the total is the offer. `startFrom` fills it with the lines of the
 * offer being answered (a counter-offer's answer is a new version of them).
 */
export function OfferLinesForm({
  submission,
  startFrom,
  onSent,
}: {
  submission: AdminSubmission;
  startFrom?: readonly OfferLine[];
  onSent?: () => void;
}) {
  const prices = useOfferPrices(true);
  const rates = useOfferPayoutRates(true);
  // The parcel's items (decision 042) come with the mailbox's card; a card without them reads the detail.
  const detail = useAdminSubmissionDetail(submission.id, submission.items === undefined);
  const parcelItems = submission.items ?? (detail.data ? (detail.data.items ?? []) : undefined);
  // The parcel's price lock lifts each metal row to its locked price while in force (issue 27).
  const lock = useMemo(() => readPriceLock(submission.priceLock), [submission.priceLock]);
  const lockInForce = lock !== null && isPriceLockInForce(lock, new Date());
  const rows = useMemo(() => (prices.data ? sellersPriceRows(prices.data, lock, new Date()) : []), [prices.data, lock]);
  if (prices.isPending || rates.isPending) return <Spinner label="Loading live prices and payout rates..." className="py-4" />;
  if (prices.isError || rates.isError) {
    return (
      <LoadError
        message={`Could not load the live prices and payout rates. ${errorMessage(prices.error ?? rates.error, '')}`}
        onRetry={() => {
          void prices.refetch();
          void rates.refetch();
        }}
      />
    );
  }
  if (!parcelItems && detail.isError) {
    return (
      <LoadError
        message={`Could not load the parcel's items. ${errorMessage(detail.error, '')}`}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (!parcelItems) return <Spinner label="Loading the parcel's items..." className="py-4" />;
  return (
    <>
      <SellerReserveNote reserve={submission.reserve} />
      {lock && lockInForce && (
        <p className="rounded-md border border-border bg-muted/40 p-3 text-sm" role="note">
          <span className="font-medium">Prices locked until {utcShortDate(lock.lockedUntil)}</span> (first scan{' '}
          {utcShortDate(lock.lockedAt)}): {priceLockPrices(lock.spot)}. Each metal line starts from the locked price or
          today&apos;s, whichever is higher; the server refuses a metal line priced below the lock.
        </p>
      )}
      <LinesForm
        submission={submission}
        parcelItems={parcelItems}
        rows={rows}
        rates={rates.data.rates}
        startFrom={startFrom}
        onSent={onSent}
      />
    </>
  );
}
