import { useEffect, useMemo, useRef, useState } from 'react';
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
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { plainDollarAmount } from '@/lib/dollar-input';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { textInput } from '@/lib/forms/form-schemas';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { useSubmitOffer } from '../api/submission-actions';

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
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  const amount = formatCents(dollarsToCents(offer.finalOffer) ?? 0);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="group"
      aria-labelledby={`confirm-offer-${submission.id}`}
      className="flex flex-col gap-3 rounded-lg border border-gold-300 bg-gold-50 p-3 outline-none focus-visible:outline-2 focus-visible:outline-ring"
    >
      <p id={`confirm-offer-${submission.id}`} className="text-sm text-navy-900">
        Send an offer of <strong className="tabular-nums">{amount}</strong> for {offer.actualWeight} {submission.weightUnit} to{' '}
        {customerLabel(submission.userId)}? They are told at once, by e-mail and in the app.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="accent" onClick={onSend} disabled={sending}>
          {sending ? 'Sending…' : `Send ${amount} offer`}
        </Button>
        <Button type="button" variant="outline" onClick={onBack} disabled={sending}>
          Back to edit
        </Button>
      </div>
    </div>
  );
}

/**
 * SPEC "Admin mailbox": Final Offer ($), Actual Weight and Notes (internal), then 'Submit Offer',
 * which asks for a confirmation and then sets the status to offered (SPEC 4). The server checks
 * everything again; the browser only saves a round trip and points at the field.
 */
export function OfferForm({ submission }: { submission: AdminSubmission }) {
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
      className="flex flex-col gap-3"
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
