import { useId, useState } from 'react';
import { BadgeCheck, Banknote, Send } from 'lucide-react';
import { toast } from 'sonner';
import {
  addressLines,
  ADMIN_PAYOUT_LIST_MAX,
  dollarsToCents,
  markPayoutSentSchema,
  PAYOUT_REFERENCE_MAX_LENGTH,
  payoutStatuses,
  payoutStatusLabels,
  type AdminPayout,
  type PayoutStatus,
} from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { formatDateTime, formatDollars } from '@/lib/format';
import { payoutStateLine } from '@/lib/payout-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useAdminPayouts } from '@/lib/admin-payouts';
import { useConfirmManualPayout, useMarkPayoutSent } from '../api/admin-payouts';
import { QueuePanel } from '@/components/queue-panel';
import { BankDetailsButton } from './bank-details-button';
import { PayoutApprovalControl } from './payout-approval-control';

const methodLabels: Record<string, string> = { ach: 'ACH', paypal: 'PayPal', check: 'Check' };
const methodLabel = (method: string) => methodLabels[method] ?? method;

/** What may be shown of where the money goes: the holder and last 4 digits, or the PayPal e-mail. */
function destination(payout: AdminPayout): string | null {
  const details = payout.payoutDetails;
  if (payout.payoutMethod === 'ach') {
    return [details.accountName, details.accountLast4 ? `••••${details.accountLast4}` : null].filter(Boolean).join(' ') || null;
  }
  if (payout.payoutMethod === 'paypal') return details.email ?? null;
  return null;
}

const amountOf = (payout: AdminPayout) => formatDollars(payout.amount) ?? payout.amount;
const payoutSummary = (payout: AdminPayout) => `${amountOf(payout)} to ${payout.customerLabel} for #${payout.submission.shortId}`;

/** The two things a person records of a payout they pay by hand (decision 034). */
const handSteps = {
  send: {
    title: 'Mark payout as sent',
    told: 'The client is told it is on its way.',
    label: 'Payment reference',
    hint: 'The ACH trace or PayPal transaction id.',
    action: 'Mark sent',
  },
  confirm: {
    title: 'Confirm payout paid',
    told: 'The client is told it is paid, with this reference.',
    label: "Provider's confirmation",
    hint: 'The PayPal transaction id PayPal shows as completed, or the bank’s reference of the settled transfer.',
    action: 'Confirm paid',
  },
} as const;
type HandStep = keyof typeof handSteps;

/** Asks for the bank's or PayPal's reference, with the domain's messages, and records it. */
function HandStepDialog({
  step,
  payout,
  busy,
  onClose,
  onConfirm,
}: {
  step: HandStep;
  payout: AdminPayout | null;
  busy: boolean;
  onClose: () => void;
  /** `onRefused` puts a refusal's field messages on the form. */
  onConfirm: (payout: AdminPayout, reference: string, onRefused: (err: unknown) => void) => void;
}) {
  const form = useZodForm(markPayoutSentSchema, { defaultValues: { reference: '' } });
  const words = handSteps[step];

  const onSubmit = form.handleSubmit(({ reference }) => {
    if (payout) onConfirm(payout, reference, (err) => applyServerIssues(form, err));
  });

  return (
    <Dialog
      open={payout !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      busy={busy}
      title={words.title}
      description={
        payout
          ? `${amountOf(payout)} by ${methodLabel(payout.payoutMethod)} to ${payout.customerLabel}. ${words.told}`
          : undefined
      }
    >
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={words.label}
          hint={words.hint}
          maxLength={PAYOUT_REFERENCE_MAX_LENGTH}
          autoComplete="off"
          disabled={busy}
          error={form.formState.errors.reference?.message}
          {...form.register('reference')}
        />
        <DialogActions>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving…' : words.action}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const handStepIcons = { send: Send, confirm: BadgeCheck } as const;

function HandStepButton({
  step,
  payout,
  busy,
  onClick,
}: {
  step: HandStep;
  payout: AdminPayout;
  busy: boolean;
  onClick: () => void;
}) {
  const Icon = handStepIcons[step];
  const { action } = handSteps[step];
  return (
    <Button
      size="sm"
      className="w-full sm:w-auto"
      disabled={busy}
      onClick={onClick}
      aria-label={`${action}: ${payoutSummary(payout)}`}
    >
      <Icon aria-hidden="true" />
      {action}
    </Button>
  );
}

function PayoutItem({
  payout,
  busy,
  onMarkSent,
  onConfirmPaid,
}: {
  payout: AdminPayout;
  busy: boolean;
  onMarkSent: () => void;
  onConfirmPaid: () => void;
}) {
  const to = destination(payout);
  const fee = formatDollars(payout.feeAmount);
  const hasFee = (dollarsToCents(payout.feeAmount) ?? 0) > 0;
  // The lifecycle's own sentence: the approval has its badge and control beside it.
  const stateLine = payoutStateLine({ ...payout, awaitingApproval: false });
  // Only a payout still waiting can be paid by hand; the others are the rail's or the seller's now.
  // A check is never paid by hand: it goes through the check register, under its number.
  const byCheck = payout.payoutMethod === 'check';
  // A sanctions hold: no rail may pay it until the match is cleared (or ever, once blocked).
  const held = payout.complianceHold ?? null;
  // A large payout goes nowhere until a second admin approves it (PayoutApprovalControl).
  const unapproved = payout.awaitingApproval;
  const waiting = payout.status === 'pending' && !byCheck && !held && !unapproved;
  // Sent by hand: paid only once someone records the provider's confirmation (decision 034).
  const sentByHand = payout.status === 'processing' && payout.rail === 'manual';
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-lg font-semibold tabular-nums">{amountOf(payout)}</span>
          <Badge tone="neutral">{methodLabel(payout.payoutMethod)}</Badge>
          {hasFee && fee && (
            <span className="text-xs text-muted-foreground">
              {formatDollars(payout.grossAmount)} offer − {fee} fee
            </span>
          )}
        </div>
        {stateLine && <p className="break-words text-navy-800">{stateLine}</p>}
        {held && (
          <p className="break-words font-medium text-destructive" data-testid="payout-compliance-hold">
            {held.message}
          </p>
        )}
        {to && <p className="break-words font-medium">{to}</p>}
        {payout.payoutMethod === 'check' &&
          (payout.mailTo ? (
            <address aria-label="Mail the check to" className="not-italic font-medium">
              {addressLines(payout.mailTo).map((line) => (
                <span key={line} className="block break-words">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            <p className="font-medium text-destructive">No mailing address on file: ask the client for one before sending.</p>
          ))}
        <p className="min-w-0 break-words">
          <span className="font-mono text-xs text-muted-foreground">#{payout.submission.shortId}</span>{' '}
          {payout.submission.description}
        </p>
        <p className="text-muted-foreground">
          {payout.customerLabel} · requested <time dateTime={payout.createdAt}>{formatDateTime(payout.createdAt)}</time>
        </p>
      </div>
      <PayoutApprovalControl payout={payout} summary={payoutSummary(payout)} />
      {payout.status === 'pending' && byCheck && !held && !unapproved && (
        <p className="text-sm text-muted-foreground sm:max-w-48 sm:text-right">Register its check in the Checks panel.</p>
      )}
      {waiting && (
        <div className="flex flex-col gap-2 sm:items-end">
          <HandStepButton step="send" payout={payout} busy={busy} onClick={onMarkSent} />
          {payout.payoutMethod === 'ach' && <BankDetailsButton transactionId={payout.id} summary={payoutSummary(payout)} />}
        </div>
      )}
      {sentByHand && <HandStepButton step="confirm" payout={payout} busy={busy} onClick={onConfirmPaid} />}
    </li>
  );
}

const statusDescriptions: Record<PayoutStatus, string> = {
  pending: 'Oldest first. Pay each one, then record its reference; checks go through the check register.',
  processing:
    'Handed to a rail (an ACH file, PayPal or a mailed check), or sent by hand and waiting for the provider’s confirmation; newest first.',
  paid: 'Newest first.',
  failed: 'Waiting for the client to give new payout details; newest first.',
  returned: 'Sent back by the bank; waiting for new payout details. Newest first.',
  unclaimed: 'Not claimed in time; waiting for new payout details. Newest first.',
};

/**
 * The payouts by state (DECISIONS "Payout lifecycle"): those waiting are paid by hand oldest first
 * (DECISIONS "Payouts"), marking one sent records its reference and tells the client; the other
 * states are there to follow each payout to the end, each row saying its state in a sentence.
 */
export function PayoutsPanel({ className }: { className?: string }) {
  const [status, setStatus] = useState<PayoutStatus>('pending');
  const statusSelectId = useId();
  const payouts = useAdminPayouts(status);
  const markSent = useMarkPayoutSent();
  const confirmPaid = useConfirmManualPayout();
  const [open, setOpen] = useState<{ step: HandStep; payout: AdminPayout } | null>(null);
  const count = payouts.data?.length;
  const busyWith = (id: string) =>
    (markSent.isPending && markSent.variables?.transactionId === id) ||
    (confirmPaid.isPending && confirmPaid.variables?.transactionId === id);

  const record = (payout: AdminPayout, reference: string, onRefused: (err: unknown) => void) => {
    const step = open?.step ?? 'send';
    const done = {
      onSuccess: () => {
        setOpen(null);
        toast.success(step === 'send' ? 'Payout marked as sent' : 'Payout confirmed as paid', {
          description: payoutSummary(payout),
        });
      },
      onError: (err: unknown) => {
        onRefused(err);
        toast.error(errorMessage(err, step === 'send' ? 'Failed to mark the payout as sent' : 'Failed to confirm the payout'));
      },
    };
    if (step === 'send') markSent.mutate({ transactionId: payout.id, reference }, done);
    else confirmPaid.mutate({ transactionId: payout.id, confirmation: reference }, done);
  };

  let body;
  if (payouts.isPending) {
    body = <Spinner label="Loading payouts..." className="py-8" />;
  } else if (payouts.isError) {
    body = (
      <LoadError
        message={`Could not load the payouts. ${errorMessage(payouts.error, '')}`}
        onRetry={() => void payouts.refetch()}
      />
    );
  } else if (payouts.data.length === 0) {
    body = (
      <EmptyState icon={<Banknote />} title={`No payouts here: ${payoutStatusLabels[status].toLowerCase()}`} className="py-8" />
    );
  } else {
    body = (
      <ul
        className="-mr-2 flex max-h-[32rem] flex-col gap-3 overflow-y-auto pr-2"
        aria-label={`Payouts: ${payoutStatusLabels[status]}`}
      >
        {payouts.data.map((payout) => (
          <PayoutItem
            key={payout.id}
            payout={payout}
            busy={busyWith(payout.id)}
            onMarkSent={() => setOpen({ step: 'send', payout })}
            onConfirmPaid={() => setOpen({ step: 'confirm', payout })}
          />
        ))}
      </ul>
    );
  }

  // The server answers at most 100: a full list means there may be more behind it.
  const countText = count === undefined ? null : count >= ADMIN_PAYOUT_LIST_MAX ? `${ADMIN_PAYOUT_LIST_MAX}+` : String(count);
  return (
    <QueuePanel
      className={className}
      title="Payouts to send"
      icon={<Banknote />}
      // The count says how many wait to be sent; the other states are lists to follow, not work.
      count={status === 'pending' ? (countText ?? undefined) : undefined}
      countTone={count && status === 'pending' ? 'offer' : 'neutral'}
      description={statusDescriptions[status]}
    >
      <div className="mb-4 flex flex-col gap-1.5 sm:max-w-xs">
        <Label htmlFor={statusSelectId}>Show payouts</Label>
        <NativeSelect id={statusSelectId} value={status} onChange={(event) => setStatus(event.target.value as PayoutStatus)}>
          {payoutStatuses.map((value) => (
            <option key={value} value={value}>
              {payoutStatusLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {body}

      {/* Keyed by the payout and step, so each opens with an empty reference. */}
      <HandStepDialog
        key={open ? `${open.step}-${open.payout.id}` : 'closed'}
        step={open?.step ?? 'send'}
        payout={open?.payout ?? null}
        busy={open !== null && busyWith(open.payout.id)}
        onClose={() => setOpen(null)}
        onConfirm={record}
      />
    </QueuePanel>
  );
}
