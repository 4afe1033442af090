import { useMemo } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  actualWeightSchemaFor,
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

/**
 * SPEC "Admin mailbox": Final Offer ($), Actual Weight and Notes (internal), then 'Submit Offer',
 * which sets the status to offered (SPEC 4). The server checks everything again; the browser only
 * saves a round trip and points at the field.
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
  const submitOffer = useSubmitOffer({
    onSuccess: () => toast.success('Submission updated successfully'),
    onError: (err) => {
      applyServerIssues(form, err);
      toast.error('Failed to update submission', { description: errorMessage(err, '') || undefined });
    },
  });

  const onSubmit = form.handleSubmit(
    (offer) =>
      submitOffer.mutate({
        id: submission.id,
        finalOffer: offer.finalOffer,
        actualWeight: offer.actualWeight,
        adminNotes: offer.adminNotes || null,
        status: 'offered',
        version: submission.version,
      }),
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
            {...form.register('adminNotes')}
          />
        )}
      </Field>
      <div>
        <Button type="submit" variant="accent" disabled={submitOffer.isPending}>
          {submitOffer.isPending ? 'Submitting…' : 'Submit Offer'}
        </Button>
      </div>
    </form>
  );
}
