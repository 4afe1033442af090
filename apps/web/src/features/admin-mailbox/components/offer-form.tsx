import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
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
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { useSubmitOffer } from '../api/submission-actions';

type FieldErrors = { finalOffer?: string; actualWeight?: string; adminNotes?: string };

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/**
 * SPEC "Admin mailbox": Final Offer ($), Actual Weight and Notes (internal), then 'Submit Offer',
 * which sets the status to offered (SPEC 4). The server checks everything again; the browser only
 * saves a round trip and points at the field.
 */
export function OfferForm({ submission }: { submission: AdminSubmission }) {
  const submitOffer = useSubmitOffer({
    onSuccess: () => toast.success('Submission updated successfully'),
    onError: (err) => toast.error('Failed to update submission', { description: errorMessage(err, '') || undefined }),
  });
  const [finalOffer, setFinalOffer] = useState(submission.finalOffer ?? '');
  const [actualWeight, setActualWeight] = useState(submission.actualWeight === null ? '' : String(submission.actualWeight));
  const [adminNotes, setAdminNotes] = useState(submission.adminNotes ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const ids = { notes: `notes-${submission.id}` };
  const weightSchema = actualWeightSchemaFor(isWeightUnit(submission.weightUnit) ? submission.weightUnit : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!finalOffer.trim() || !actualWeight.trim()) {
      toast.error(validationMessages.offerAndWeight);
      setErrors({
        finalOffer: finalOffer.trim() ? undefined : validationMessages.offerAndWeight,
        actualWeight: actualWeight.trim() ? undefined : validationMessages.offerAndWeight,
      });
      return;
    }
    const offer = plainDollarAmount(finalOffer);
    const found: FieldErrors = {
      finalOffer: firstIssue(finalOfferSchema.safeParse(offer)),
      // In the submission's own unit, as the server checks it: 0.0005 is fine in oz, not in grams.
      actualWeight: firstIssue(weightSchema.safeParse(actualWeight.trim())),
      adminNotes: firstIssue(updateSubmissionSchema.shape.adminNotes.safeParse(adminNotes)),
    };
    setErrors(found);
    if (found.finalOffer || found.actualWeight || found.adminNotes) return;

    submitOffer.mutate({
      id: submission.id,
      finalOffer: offer,
      actualWeight: actualWeight.trim(),
      adminNotes: adminNotes.trim() || null,
      status: 'offered',
      version: submission.version,
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Offer for ${submission.description}`} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Final Offer ($)"
          name="finalOffer"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={finalOffer}
          onChange={(e) => setFinalOffer(e.target.value)}
          error={errors.finalOffer}
          disabled={submitOffer.isPending}
        />
        <TextField
          label="Actual Weight"
          name="actualWeight"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          hint={`In ${submission.weightUnit}, as weighed on receipt.`}
          value={actualWeight}
          onChange={(e) => setActualWeight(e.target.value)}
          error={errors.actualWeight}
          disabled={submitOffer.isPending}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.notes}>Notes (internal)</Label>
        <Textarea
          id={ids.notes}
          name="adminNotes"
          rows={2}
          className="min-h-16"
          maxLength={MAX_ADMIN_NOTES_LENGTH}
          placeholder="Never shown to the client"
          value={adminNotes}
          onChange={(e) => setAdminNotes(e.target.value)}
          aria-invalid={errors.adminNotes ? true : undefined}
          disabled={submitOffer.isPending}
        />
        {errors.adminNotes && <p className="text-sm font-medium text-destructive">{errors.adminNotes}</p>}
      </div>
      <div>
        <Button type="submit" variant="accent" disabled={submitOffer.isPending}>
          {submitOffer.isPending ? 'Submitting…' : 'Submit Offer'}
        </Button>
      </div>
    </form>
  );
}
