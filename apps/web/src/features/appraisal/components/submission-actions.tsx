import { useState } from 'react';
import { Camera, IdCard, PackageCheck, Truck, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { ADMIN_MESSAGE_MAX_LENGTH, requestPhotosSchema, returnSubmissionSchema, type AdminSubmission } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { copyIssues } from '@/lib/forms/form-schemas';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm, type ZodForm } from '@/lib/forms/use-zod-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import {
  useMarkReceived,
  useMarkReturnDelivered,
  useRequestIdVerification,
  useRequestPhotos,
  useReturnSubmission,
} from '../api/submission-actions';
import { type IntakeUpload, intakePhotoIdsOf, IntakePhotosField } from './intake-photos';

const failed = (title: string) => (err: unknown) => toast.error(title, { description: errorMessage(err, '') || undefined });

/** The one text of a message dialog, checked as the body it goes in ({ message } or { reason }). */
function messageFormSchema(body: typeof requestPhotosSchema | typeof returnSubmissionSchema) {
  return z.object({ message: z.string() }).transform(({ message }, ctx): string | undefined => {
    const parsed = body.safeParse(body === requestPhotosSchema ? { message } : { reason: message });
    if (parsed.success) return 'message' in parsed.data ? parsed.data.message : parsed.data.reason;
    copyIssues(ctx, parsed.error, () => 'message');
    return z.NEVER;
  });
}
const requestPhotosForm = messageFormSchema(requestPhotosSchema);
const returnForm = messageFormSchema(returnSubmissionSchema);

/** A dialog with one optional message to the client, for "more photos" and "return". */
function MessageDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  confirmLabel,
  destructive = false,
  busy,
  form,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  destructive?: boolean;
  busy: boolean;
  /** Owned by the caller, whose mutation puts a refusal's issues on it. */
  form: ZodForm<typeof requestPhotosForm>;
  onConfirm: (message: string | undefined) => void;
}) {
  const id = `message-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} busy={busy}>
      <form className="flex flex-col gap-3" onSubmit={(event) => void form.handleSubmit(onConfirm)(event)}>
        <Field
          id={id}
          label={label}
          hint="Optional. The client reads this in the notification and the e-mail."
          error={form.formState.errors.message?.message}
        >
          {(control) => (
            <Textarea {...control} rows={3} maxLength={ADMIN_MESSAGE_MAX_LENGTH} disabled={busy} {...form.register('message')} />
          )}
        </Field>
        <DialogActions>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
            {busy ? 'Sending…' : confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Mark the parcel received, with the intake photos taken as it was opened (up to 8, optional). */
function ReceiveDialog({
  submission,
  open,
  onOpenChange,
}: {
  submission: AdminSubmission;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [uploads, setUploads] = useState<IntakeUpload[]>([]);
  const markReceived = useMarkReceived({
    onSuccess: () => {
      onOpenChange(false);
      setUploads([]);
      toast.success('Marked as received', { description: 'The 48-hour appraisal guarantee starts now.' });
    },
    onError: failed('Failed to mark as received'),
  });
  const ids = intakePhotoIdsOf(uploads);
  const refused = uploads.some((u) => u.error);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Mark parcel received"
      description={`"${submission.description}" arrived. The 48-hour appraisal guarantee starts when you confirm.`}
      busy={markReceived.isPending}
    >
      {(submission.parcelCount ?? 1) > 1 && (
        // Worth above the per-parcel insurance ships in several parcels, each with its own label.
        <p className="text-sm" role="note">
          {`This submission ships in ${submission.parcelCount} parcels. Mark it received once all ${submission.parcelCount} have arrived and been opened: the appraisal covers them together.`}
        </p>
      )}
      <IntakePhotosField uploads={uploads} onChange={setUploads} disabled={markReceived.isPending} />
      {ids === null && (
        <p className="text-xs text-muted-foreground" role="status">
          {refused ? 'Remove the photos that could not be uploaded to continue.' : 'Waiting for the photos to finish uploading…'}
        </p>
      )}
      <DialogActions>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={markReceived.isPending}>
          Cancel
        </Button>
        <Button
          disabled={markReceived.isPending || ids === null}
          onClick={() => ids && markReceived.mutate({ id: submission.id, intakePhotoIds: ids })}
        >
          <PackageCheck aria-hidden="true" />
          {markReceived.isPending
            ? 'Saving…'
            : ids && ids.length > 0
              ? `Mark Received with ${ids.length} photo${ids.length === 1 ? '' : 's'}`
              : 'Mark Received'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A returning item (DECISIONS "Returning"): the appraiser says when it reached the client. */
function MarkDeliveredButton({ submission }: { submission: AdminSubmission }) {
  const delivered = useMarkReturnDelivered({
    onSuccess: () => toast.success('Marked delivered', { description: 'The client has been told their item is back.' }),
    onError: failed('Failed to mark the return delivered'),
  });
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${submission.description}`}>
      <Button size="sm" disabled={delivered.isPending} onClick={() => delivered.mutate(submission.id)}>
        <Truck aria-hidden="true" />
        {delivered.isPending ? 'Saving…' : 'Mark delivered'}
      </Button>
    </div>
  );
}

/**
 * The appraiser's buttons besides the offer (DECISIONS "Submissions and their life"): mark the
 * parcel received, ask for photos or an ID, send the item back. Each tells the client.
 */
export function SubmissionActions({ submission }: { submission: AdminSubmission }) {
  const [dialog, setDialog] = useState<'receive' | 'photos' | 'return' | null>(null);
  const photosForm = useZodForm(requestPhotosForm, { defaultValues: { message: '' } });
  const returnItemForm = useZodForm(returnForm, { defaultValues: { message: '' } });
  const requestPhotos = useRequestPhotos({
    onSuccess: () => {
      setDialog(null);
      toast.success('Photos requested', { description: 'The client has been notified.' });
    },
    onError: (err) => {
      applyServerIssues(photosForm, err);
      failed('Failed to request photos')(err);
    },
  });
  const requestId = useRequestIdVerification({
    onSuccess: () =>
      toast.success('ID verification requested', { description: 'The client has been asked to verify their identity.' }),
    onError: failed('Failed to request ID verification'),
  });
  const returnItem = useReturnSubmission({
    onSuccess: () => {
      setDialog(null);
      toast.success(submission.status === 'new' ? 'Submission closed' : 'Item marked returning', {
        description: 'The client has been notified.',
      });
    },
    onError: (err) => {
      applyServerIssues(returnItemForm, err, { reason: 'message' });
      failed('Failed to return the item')(err);
    },
  });
  if (submission.status === 'returning') return <MarkDeliveredButton submission={submission} />;
  const open = ['new', 'appraising', 'offered'].includes(submission.status);
  if (!open) return null;

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${submission.description}`}>
      {submission.status === 'new' && (
        <Button size="sm" onClick={() => setDialog('receive')}>
          <PackageCheck aria-hidden="true" />
          Mark Received
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => setDialog('photos')}>
        <Camera aria-hidden="true" />
        Request More Photos
      </Button>
      {submission.requiresKyc ? (
        // Already asked (or the offer is above $10,000): the payout waits for the ID either way.
        <Button size="sm" variant="outline" disabled title="ID verification is already required for this submission">
          <IdCard aria-hidden="true" />
          ID Verification Required
        </Button>
      ) : (
        <Button size="sm" variant="outline" disabled={requestId.isPending} onClick={() => requestId.mutate(submission.id)}>
          <IdCard aria-hidden="true" />
          Request ID Verification
        </Button>
      )}
      <Button size="sm" variant="ghost" className="text-destructive hover:bg-destructive/10" onClick={() => setDialog('return')}>
        <Undo2 aria-hidden="true" />
        Return Item
      </Button>

      {submission.status === 'new' && (
        <ReceiveDialog
          submission={submission}
          open={dialog === 'receive'}
          onOpenChange={(isOpen) => setDialog(isOpen ? 'receive' : null)}
        />
      )}
      <MessageDialog
        open={dialog === 'photos'}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'photos' : null)}
        title="Request more photos"
        description={`The client is asked to add photos of "${submission.description}" (at most 4 in all).`}
        label="What would you like to see?"
        confirmLabel="Send request"
        busy={requestPhotos.isPending}
        form={photosForm}
        onConfirm={(message) => requestPhotos.mutate({ id: submission.id, message })}
      />
      <MessageDialog
        open={dialog === 'return'}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'return' : null)}
        title="Return this item?"
        description={
          submission.status === 'new'
            ? `"${submission.description}" has not reached us: it is closed and the client is told. This cannot be undone.`
            : `"${submission.description}" is marked returning and the client is told; a prepaid return label to their address is made for you to print from the history. Mark it delivered when it arrives. This cannot be undone.`
        }
        label="Reason for the client"
        confirmLabel="Return Item"
        destructive
        busy={returnItem.isPending}
        form={returnItemForm}
        onConfirm={(reason) => returnItem.mutate({ id: submission.id, reason })}
      />
    </div>
  );
}
