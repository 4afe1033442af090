import { useState } from 'react';
import { Check, ImageOff, ShieldCheck, X } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { idTypeLabels, kycReviewSchema, MAX_REJECTION_REASON_LENGTH, type AdminKycRecord } from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { thumbnailUrl } from '@/lib/display';
import { formatDateTime } from '@/lib/format';
import { copyIssues } from '@/lib/forms/form-schemas';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useKycRecords, useReviewKyc } from '../api/kyc-reviews';
import { QueuePanel } from '@/components/queue-panel';
import { SellerRecordsLink } from '@/components/seller-records-link';

const REVIEW_FAILED = 'Failed to review the verification';

const idTypeLabel = (idType: string) => (idTypeLabels as Record<string, string>)[idType] ?? idType;

const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** '1980-02-29' as 'Feb 29, 1980' (a calendar date: no time zone may shift it); as sent otherwise. */
function formatDateOfBirth(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  return date && !Number.isNaN(date.getTime()) ? dateOnly.format(date) : value;
}

/** Checks sent before the issuer was asked for have none: said so, rather than left blank. */
const issuedBy = (record: AdminKycRecord) => (record.idIssuer ? `issued by ${record.idIssuer}` : 'issuer not recorded');

const who = (record: AdminKycRecord) => `${record.fullName} (${record.customerLabel})`;

/** A rejection as the server checks it (kycReviewSchema): the reason is required. */
const rejectFormSchema = z.object({ reason: z.string() }).transform(({ reason }, ctx) => {
  const parsed = kycReviewSchema.safeParse({ approve: false, reason });
  if (parsed.success) return { reason: parsed.data.reason ?? '' };
  copyIssues(ctx, parsed.error, () => 'reason');
  return z.NEVER;
});

/** The reason is required and goes to the client, who then sends their details again. */
function RejectDialog({
  record,
  busy,
  onClose,
  onReject,
}: {
  record: AdminKycRecord | null;
  busy: boolean;
  onClose: () => void;
  /** `onRefused` puts a refusal's field messages on the form. */
  onReject: (record: AdminKycRecord, reason: string, onRefused: (err: unknown) => void) => void;
}) {
  const form = useZodForm(rejectFormSchema, { defaultValues: { reason: '' } });

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(({ reason }) => {
    if (record) onReject(record, reason, (err) => applyServerIssues(form, err));
  });

  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      busy={busy}
      title="Reject this verification?"
      description={record ? `${who(record)} will be asked to send their details again.` : undefined}
    >
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)}>
        <Field
          label="Reason"
          hint={`Required, up to ${MAX_REJECTION_REASON_LENGTH} characters. The client reads this in the notification and the e-mail.`}
          error={form.formState.errors.reason?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={MAX_REJECTION_REASON_LENGTH}
              disabled={busy}
              {...form.register('reason')}
            />
          )}
        </Field>
        <DialogActions>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Rejecting…' : 'Reject verification'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function IdPhoto({ record, onOpen }: { record: AdminKycRecord; onOpen: () => void }) {
  const frame = 'size-20 shrink-0 overflow-hidden rounded-md border border-border bg-muted sm:size-24';
  if (!record.idImageUrl) {
    return (
      <div className={cn(frame, 'flex flex-col items-center justify-center gap-1 text-xs text-muted-foreground')}>
        <ImageOff aria-hidden="true" className="size-5" />
        No photo
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`Enlarge the ID photo of ${who(record)}`}
      className={cn(
        frame,
        'cursor-zoom-in transition hover:ring-2 hover:ring-gold-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      )}
    >
      <img
        src={thumbnailUrl(record.idImageUrl)}
        alt={`ID photo of ${record.fullName}`}
        loading="lazy"
        className="size-full object-cover"
      />
    </button>
  );
}

function KycRecordItem({
  record,
  busy,
  onApprove,
  onReject,
  onOpenPhoto,
}: {
  record: AdminKycRecord;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onOpenPhoto: () => void;
}) {
  return (
    <li className="flex flex-col gap-4 rounded-md border border-border p-4 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 gap-4">
        <IdPhoto record={record} onOpen={onOpenPhoto} />
        <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{record.customerLabel}</p>
          <p className="break-words font-semibold">{record.fullName}</p>
          <dl className="grid gap-x-4 gap-y-1 text-muted-foreground sm:grid-cols-[auto_1fr]">
            <dt className="sr-only sm:not-sr-only">Date of birth</dt>
            <dd>
              <span aria-hidden="true" className="sm:hidden">
                Born{' '}
              </span>
              {formatDateOfBirth(record.dateOfBirth)}
            </dd>
            <dt className="sr-only sm:not-sr-only">ID</dt>
            <dd>
              {idTypeLabel(record.idType)} ending in {record.idNumberLast4}, {issuedBy(record)}
            </dd>
            <dt className="sr-only sm:not-sr-only">Sent</dt>
            <dd>
              <span aria-hidden="true" className="sm:hidden">
                Sent{' '}
              </span>
              <time dateTime={record.createdAt}>{formatDateTime(record.createdAt)}</time>
            </dd>
          </dl>
          <SellerRecordsLink userId={record.userId} className="h-auto self-start px-0 py-1" />
        </div>
      </div>
      <div className="flex gap-2 sm:flex-col">
        <Button
          size="sm"
          className="flex-1 sm:w-28 sm:flex-none"
          disabled={busy}
          onClick={onApprove}
          aria-label={`Approve the identity of ${who(record)}`}
        >
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="flex-1 text-destructive hover:bg-destructive/10 sm:w-28 sm:flex-none"
          disabled={busy}
          onClick={onReject}
          aria-label={`Reject the identity of ${who(record)}`}
        >
          <X aria-hidden="true" />
          Reject
        </Button>
      </div>
    </li>
  );
}

/**
 * The appraisers' queue of identity checks (DECISIONS "requiresKyc"): each pending record with its
 * ID photo, approved at once or rejected with a reason the client reads. A payout above $10,000
 * waits until its customer is approved here.
 */
export function KycReviewPanel({ className }: { className?: string }) {
  const records = useKycRecords('pending');
  const review = useReviewKyc();
  const [rejecting, setRejecting] = useState<AdminKycRecord | null>(null);
  const [photo, setPhoto] = useState<AdminKycRecord | null>(null);
  const count = records.data?.length;

  const approve = (record: AdminKycRecord) =>
    review.mutate(
      { recordId: record.id, approve: true },
      {
        onSuccess: (reviewed) => {
          // A possible sanctions match holds the payouts whatever the ID says: the reviewer hears it now.
          if (reviewed.sanctionsScreening?.status === 'possible-match' || reviewed.sanctionsScreening?.status === 'blocked') {
            toast.warning('Identity verified, but payouts are held', {
              description: reviewed.sanctionsScreening.message,
              duration: 20_000,
            });
          } else {
            toast.success('Identity verified', { description: `${who(record)} can now be paid.` });
          }
        },
        onError: (err) => toast.error(errorMessage(err, REVIEW_FAILED)),
      },
    );

  const reject = (record: AdminKycRecord, reason: string, onRefused: (err: unknown) => void) =>
    review.mutate(
      { recordId: record.id, approve: false, reason },
      {
        onSuccess: () => {
          setRejecting(null);
          toast.success('Verification rejected', { description: `${who(record)} has been told why.` });
        },
        onError: (err) => {
          onRefused(err);
          toast.error(errorMessage(err, REVIEW_FAILED));
        },
      },
    );

  let body;
  if (records.isPending) {
    body = <Spinner label="Loading identity checks..." className="py-8" />;
  } else if (records.isError) {
    body = (
      <LoadError
        message={`Could not load the identity checks. ${errorMessage(records.error, '')}`}
        onRetry={() => void records.refetch()}
      />
    );
  } else if (records.data.length === 0) {
    body = <EmptyState icon={<ShieldCheck />} title="No identity checks waiting" className="py-8" />;
  } else {
    body = (
      <ul
        className="-mr-2 flex max-h-[32rem] flex-col gap-3 overflow-y-auto pr-2"
        aria-label="Identity checks waiting for review"
      >
        {records.data.map((record) => (
          <KycRecordItem
            key={record.id}
            record={record}
            busy={review.isPending && review.variables?.recordId === record.id}
            onApprove={() => approve(record)}
            onReject={() => setRejecting(record)}
            onOpenPhoto={() => setPhoto(record)}
          />
        ))}
      </ul>
    );
  }

  return (
    <QueuePanel
      className={className}
      title="Identity checks"
      icon={<ShieldCheck />}
      count={count}
      countTone={count ? 'progress' : 'neutral'}
      description="Payouts above $10,000 wait until the customer's ID is approved."
    >
      {body}

      {/* Keyed by the record, so each opens with an empty reason. */}
      <RejectDialog
        key={rejecting?.id ?? 'closed'}
        record={rejecting}
        busy={review.isPending && rejecting !== null && review.variables?.recordId === rejecting.id}
        onClose={() => setRejecting(null)}
        onReject={reject}
      />
      <Dialog
        open={photo !== null}
        onOpenChange={(open) => {
          if (!open) setPhoto(null);
        }}
        title={photo ? `ID photo of ${photo.fullName}` : 'ID photo'}
        description={
          photo
            ? `${idTypeLabel(photo.idType)} ending in ${photo.idNumberLast4}, ${issuedBy(photo)} · ${photo.customerLabel}`
            : undefined
        }
        className="max-w-3xl"
      >
        {photo?.idImageUrl && (
          <img
            src={photo.idImageUrl}
            alt={`ID photo of ${photo.fullName}`}
            className="max-h-[70dvh] w-full rounded-md bg-muted object-contain"
          />
        )}
      </Dialog>
    </QueuePanel>
  );
}
