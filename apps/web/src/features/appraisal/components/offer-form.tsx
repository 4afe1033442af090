import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  actualWeightSchemaFor,
  customerLabel,
  dollarsToCents,
  formatCents,
  finalOfferSchema,
  isWeightUnit,
  MAX_ADMIN_NOTES_LENGTH,
  updateSubmissionSchema,
  validationMessages,
  type AdminSubmission,
  type OfferLine,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { plainDollarAmount } from '@/lib/dollar-input';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { textInput } from '@/lib/forms/form-schemas';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { Button } from '@/components/ui/button';
import { ConfirmBeforeSending } from '@/components/confirm-before-sending';
import { Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { useSubmitOffer } from '../api/submission-actions';
import { OfferLinesForm } from './offer-lines-form';

/**
 * The offer as typed, checked by the fields of the domain's updateSubmissionSchema: the offer as
 * people write dollars ('$1,250'), the weight in the submission's own unit as the server checks it
 * (0.0005 is fine in oz, not in grams).
 */
function offerFormSchema(submission: AdminSubmission) {
  const unit = isWeightUnit(submission.weightUnit) ? submission.weightUnit : undefined;
  return z.object({
    finalOffer: textInput(finalOfferSchema, plainDollarAmount),
    actualWeight: textInput(actualWeightSchemaFor(unit), (text) => text.trim()),
    adminNotes: textInput(updateSubmissionSchema.shape.adminNotes),
  });
}

type CheckedOffer = z.output<ReturnType<typeof offerFormSchema>>;

/**
 * Said back before anything is sent: an offer reaches the seller at once (e-mail and notification)
 * and only a new version can change it, so a slip of a digit must be caught here.
 */
function ConfirmOffer({
  submission,
  offer,
  sending,
  onSend,
  onBack,
}: {
  submission: AdminSubmission;
  offer: CheckedOffer;
  sending: boolean;
  onSend: () => void;
  onBack: () => void;
}) {
  const amount = formatCents(dollarsToCents(offer.finalOffer) ?? 0);
  return (
    <ConfirmBeforeSending
      question={
        <>
          Send an offer of <strong className="tabular-nums">{amount}</strong> for {offer.actualWeight} {submission.weightUnit} to{' '}
          {customerLabel(submission.userId)}? They are told at once, by e-mail and in the app.
        </>
      }
      sendLabel={`Send ${amount} offer`}
      sending={sending}
      onSend={onSend}
      onBack={onBack}
    />
  );
}

/**
 * SPEC "Admin mailbox": Final Offer ($), Actual Weight and Notes (internal), then 'Submit Offer',
 * which asks for a confirmation and then sets the status to offered (SPEC 4). The server checks
 * everything again; the browser only saves a round trip and points at the field.
 */
function SingleAmountForm({ submission, onSent }: { submission: AdminSubmission; onSent?: () => void }) {
  const schema = useMemo(() => offerFormSchema(submission), [submission]);
  const form = useZodForm(schema, {
    defaultValues: {
      finalOffer: submission.finalOffer ?? '',
      actualWeight: submission.actualWeight === null ? '' : String(submission.actualWeight),
      adminNotes: submission.adminNotes ?? '',
    },
  });
  const { errors } = form.formState;
  const [toConfirm, setToConfirm] = useState<CheckedOffer | null>(null);
  const submitOffer = useSubmitOffer({
    onSuccess: () => {
      setToConfirm(null);
      toast.success('Submission updated successfully');
      onSent?.();
    },
    onError: (err) => {
      setToConfirm(null);
      applyServerIssues(form, err);
      toast.error('Failed to update submission', { description: errorMessage(err, '') || undefined });
    },
  });
  const send = (offer: CheckedOffer) =>
    submitOffer.mutate({
      id: submission.id,
      finalOffer: offer.finalOffer,
      actualWeight: offer.actualWeight,
      adminNotes: offer.adminNotes || null,
      status: 'offered',
      version: submission.version,
    });

  const onSubmit = form.handleSubmit(
    (offer) => setToConfirm(offer),
    (found) => {
      // SPEC 5's sentence when either figure is missing; other problems are shown on their field.
      if (
        found.finalOffer?.message === validationMessages.offerAndWeight ||
        found.actualWeight?.message === validationMessages.offerAndWeight
      ) {
        toast.error(validationMessages.offerAndWeight);
      }
    },
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`Offer for ${submission.description}`}
      className="flex max-w-3xl flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Final Offer ($)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          error={errors.finalOffer?.message}
          disabled={submitOffer.isPending}
          readOnly={toConfirm !== null}
          {...form.register('finalOffer')}
        />
        <TextField
          label="Actual Weight"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          hint={`In ${submission.weightUnit}, as weighed on receipt.`}
          error={errors.actualWeight?.message}
          disabled={submitOffer.isPending}
          readOnly={toConfirm !== null}
          {...form.register('actualWeight')}
        />
      </div>
      <Field id={`notes-${submission.id}`} label="Notes (internal)" error={errors.adminNotes?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            className="min-h-16"
            maxLength={MAX_ADMIN_NOTES_LENGTH}
            placeholder="Never shown to the client"
            disabled={submitOffer.isPending}
            readOnly={toConfirm !== null}
            {...form.register('adminNotes')}
          />
        )}
      </Field>
      {toConfirm ? (
        <ConfirmOffer
          submission={submission}
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

type OfferMode = 'single' | 'lines';

const modeLabels: Record<OfferMode, string> = { single: 'Single amount', lines: 'Itemised lines' };

/**
 * The appraiser's offer, either as SPEC's one number or as itemised lines (DECISIONS "The honest
 * offer"). One number stays the first view because SPEC's journey types it; answering an offer
 * starts from its lines.
 */
export function OfferForm({
  submission,
  startFrom,
  onSent,
}: {
  submission: AdminSubmission;
  /** The lines of the offer being answered with a new version. */
  startFrom?: readonly OfferLine[];
  onSent?: () => void;
}) {
  const [mode, setMode] = useState<OfferMode>(startFrom ? 'lines' : 'single');
  // A parcel of several items is priced item by item, so the seller can choose on each (decision
  // 042): the server refuses one number for it, so the form does not offer it.
  const itemCount = submission.items?.length ?? 1;
  if (itemCount > 1) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          {`This parcel holds ${itemCount} items: give each at least one line (even at $0.00), so the seller can accept, decline or counter each.`}
        </p>
        <OfferLinesForm submission={submission} startFrom={startFrom} onSent={onSent} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div
        role="group"
        aria-label="How to make the offer"
        className="inline-flex self-start rounded-md border border-border p-0.5"
      >
        {(Object.keys(modeLabels) as OfferMode[]).map((option) => (
          <Button
            key={option}
            size="sm"
            variant={mode === option ? 'default' : 'ghost'}
            aria-pressed={mode === option}
            onClick={() => setMode(option)}
          >
            {modeLabels[option]}
          </Button>
        ))}
      </div>
      {mode === 'single' ? (
        <SingleAmountForm submission={submission} onSent={onSent} />
      ) : (
        <OfferLinesForm submission={submission} startFrom={startFrom} onSent={onSent} />
      )}
    </div>
  );
}
