import { useId, useState } from 'react';
import { Ban, FileText, Mail, Printer, ScrollText } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  addressLines,
  checkDateText,
  type AdminPayout,
  payoutApprovalMessages,
  type Check,
  checkMailedSchema,
  checkNumberMessage,
  type CheckStatus,
  checkStatuses,
  checkStatusLabels,
  CHECK_VOID_REASON_MAX_LENGTH,
  isCheckNumber,
  type ShippingAddress,
  voidCheckSchema,
} from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { FORM_ERROR, useZodForm } from '@/lib/forms/use-zod-form';
import { formatDateTime, formatDollars } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { checkStubHref, useChecks, useMarkCheckMailed, useNextCheckNumber, useRegisterCheck, useVoidCheck } from '../api/checks';
import { useAdminPayouts } from '@/lib/admin-payouts';
import { QueuePanel } from '@/components/queue-panel';

const dollars = (amount: string) => formatDollars(amount) ?? amount;

/** The browser's own day of a moment, YYYY-MM-DD: the day an appraiser means by "today". */
function localDay(at = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

const statusTones: Record<CheckStatus, 'progress' | 'success' | 'neutral'> = {
  printed: 'progress',
  mailed: 'success',
  voided: 'neutral',
};

function AddressBlock({ address, label }: { address: ShippingAddress; label: string }) {
  return (
    <address aria-label={label} className="not-italic">
      {addressLines(address).map((line) => (
        <span key={line} className="block break-words">
          {line}
        </span>
      ))}
    </address>
  );
}

/** Any refusal: field issues on their fields, anything else as the form's sentence. */
function showRefusal(form: { setError: (name: typeof FORM_ERROR, error: { message: string }) => void }, err: unknown) {
  form.setError(FORM_ERROR, { message: errorMessage(err, 'That did not work; please try again.') });
}

const registerFormSchema = z.object({
  checkNumber: z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d{1,8}$/.test(value) && isCheckNumber(Number(value))), checkNumberMessage),
});

function RegisterCheckDialog({
  payout,
  suggested,
  onClose,
}: {
  payout: AdminPayout | null;
  suggested: number | null;
  onClose: () => void;
}) {
  const register = useRegisterCheck();
  const form = useZodForm(registerFormSchema, { defaultValues: { checkNumber: suggested ? String(suggested) : '' } });
  const onSubmit = form.handleSubmit(({ checkNumber }) => {
    if (!payout) return;
    register.mutate(
      { transactionId: payout.id, ...(checkNumber ? { checkNumber: Number(checkNumber) } : {}) },
      {
        onSuccess: (check) => {
          onClose();
          toast.success(`Check ${check.checkNumber} registered`, {
            description: `${dollars(check.amount)} to ${check.payee}. Print its stub next.`,
          });
        },
        onError: (err) => {
          if (!applyServerIssues(form, err)) showRefusal(form, err);
        },
      },
    );
  });
  return (
    <Dialog
      open={payout !== null}
      onOpenChange={(open) => !open && onClose()}
      busy={register.isPending}
      title="Register check"
      description={
        payout
          ? `${dollars(payout.amount)} to ${payout.customerLabel} for #${payout.submission.shortId}. The payout is then on its way, and the client is told.`
          : undefined
      }
    >
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Check number"
          hint="The next number in the register; change it to the number printed on the check stock if they differ."
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          disabled={register.isPending}
          error={form.formState.errors.checkNumber?.message}
          {...form.register('checkNumber')}
        />
        <FormError message={form.formState.errors.root?.server?.message} />
        <DialogActions>
          <Button variant="outline" onClick={onClose} disabled={register.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={register.isPending} aria-busy={register.isPending || undefined}>
            {register.isPending ? 'Registering…' : 'Register check'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function MarkMailedDialog({ check, onClose }: { check: Check | null; onClose: () => void }) {
  const mailed = useMarkCheckMailed();
  // Never before the day it was registered. Days are calendar days where the appraiser is (the
  // server judges them on the business's calendar, BUSINESS_TIME_ZONE, which is where appraisers work).
  const registeredDay = check ? localDay(new Date(check.registeredAt)) : '';
  const today = localDay();
  const form = useZodForm(checkMailedSchema, { defaultValues: { mailedOn: today < registeredDay ? registeredDay : today } });
  const onSubmit = form.handleSubmit(({ mailedOn }) => {
    if (!check) return;
    mailed.mutate(
      { checkId: check.id, mailedOn },
      {
        onSuccess: () => {
          onClose();
          toast.success(`Check ${check.checkNumber} marked mailed`, {
            description: `${dollars(check.amount)} to ${check.payee}`,
          });
        },
        onError: (err) => {
          if (!applyServerIssues(form, err)) showRefusal(form, err);
        },
      },
    );
  });
  return (
    <Dialog
      open={check !== null}
      onOpenChange={(open) => !open && onClose()}
      busy={mailed.isPending}
      title="Mark check mailed"
      description={
        check
          ? `Check ${check.checkNumber}, ${dollars(check.amount)} to ${check.payee}. The payout is then paid, and the client is told.`
          : undefined
      }
    >
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Mailed on"
          type="date"
          min={registeredDay || undefined}
          max={today}
          disabled={mailed.isPending}
          error={form.formState.errors.mailedOn?.message}
          {...form.register('mailedOn')}
        />
        <FormError message={form.formState.errors.root?.server?.message} />
        <DialogActions>
          <Button variant="outline" onClick={onClose} disabled={mailed.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={mailed.isPending} aria-busy={mailed.isPending || undefined}>
            {mailed.isPending ? 'Saving…' : 'Mark mailed'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function VoidCheckDialog({ check, onClose }: { check: Check | null; onClose: () => void }) {
  const voiding = useVoidCheck();
  const form = useZodForm(voidCheckSchema, { defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit(({ reason }) => {
    if (!check) return;
    voiding.mutate(
      { checkId: check.id, reason },
      {
        onSuccess: () => {
          onClose();
          toast.success(`Check ${check.checkNumber} voided`, { description: 'The client is asked for payout details again.' });
        },
        onError: (err) => {
          if (!applyServerIssues(form, err)) showRefusal(form, err);
        },
      },
    );
  });
  const consequence =
    check?.status === 'mailed'
      ? 'Stop payment with the bank first. The payout is marked returned and the client is asked for payout details again.'
      : 'Destroy the printed check. The payout is marked failed and the client is asked for payout details again.';
  return (
    <Dialog
      open={check !== null}
      onOpenChange={(open) => !open && onClose()}
      busy={voiding.isPending}
      title={check ? `Void check ${check.checkNumber}?` : 'Void check'}
      description={check ? `${dollars(check.amount)} to ${check.payee}. ${consequence}` : undefined}
    >
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Why is it voided?"
          hint="The client reads this on their submission: “Check 1234 voided: …”."
          maxLength={CHECK_VOID_REASON_MAX_LENGTH}
          autoComplete="off"
          disabled={voiding.isPending}
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <FormError message={form.formState.errors.root?.server?.message} />
        <DialogActions>
          <Button variant="outline" onClick={onClose} disabled={voiding.isPending}>
            Keep the check
          </Button>
          <Button type="submit" variant="destructive" disabled={voiding.isPending} aria-busy={voiding.isPending || undefined}>
            {voiding.isPending ? 'Voiding…' : 'Void check'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function WaitingPayout({ payout, onRegister }: { payout: AdminPayout; onRegister: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p>
          <span className="text-base font-semibold tabular-nums">{dollars(payout.amount)}</span>{' '}
          <span className="font-mono text-xs text-muted-foreground">#{payout.submission.shortId}</span>{' '}
          <span className="text-muted-foreground">{payout.customerLabel}</span>
        </p>
        {payout.mailTo ? (
          <AddressBlock address={payout.mailTo} label={`Mail to, for #${payout.submission.shortId}`} />
        ) : (
          <p className="font-medium text-destructive">No mailing address on file: ask the client for one first.</p>
        )}
        {payout.awaitingApproval && <p className="font-medium text-muted-foreground">{payoutApprovalMessages.awaiting}</p>}
      </div>
      <Button
        size="sm"
        className="w-full sm:w-auto"
        disabled={!payout.mailTo || payout.awaitingApproval}
        onClick={onRegister}
        aria-label={`Register check: ${dollars(payout.amount)} for #${payout.submission.shortId}`}
      >
        <FileText aria-hidden="true" />
        Register check
      </Button>
    </li>
  );
}

function RegisterEntry({ check, onMailed, onVoid }: { check: Check; onMailed: () => void; onVoid: () => void }) {
  const label = `check ${check.checkNumber}`;
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-mono font-semibold">No. {check.checkNumber}</span>
          <span className="font-semibold tabular-nums">{dollars(check.amount)}</span>
          <Badge tone={statusTones[check.status]}>{checkStatusLabels[check.status]}</Badge>
        </div>
        <p className="break-words">
          {check.payee} <span className="font-mono text-xs text-muted-foreground">#{check.submissionShortId}</span>
        </p>
        <p className="text-muted-foreground">
          Registered <time dateTime={check.registeredAt}>{formatDateTime(check.registeredAt)}</time>
          {check.mailedOn && <> · mailed {checkDateText(check.mailedOn)}</>}
        </p>
        {check.voidReason && <p className="break-words text-muted-foreground">Voided: {check.voidReason}</p>}
      </div>
      {check.status !== 'voided' && (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <a
            href={checkStubHref(check.id)}
            target="_blank"
            rel="noopener"
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            aria-label={`Print stub of ${label}`}
          >
            <Printer aria-hidden="true" className="size-4" />
            Print stub
          </a>
          {check.status === 'printed' && (
            <Button size="sm" onClick={onMailed} aria-label={`Mark ${label} mailed`}>
              <Mail aria-hidden="true" />
              Mark mailed
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onVoid} aria-label={`Void ${label}`}>
            <Ban aria-hidden="true" />
            Void
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Checks (DECISIONS "Money and parcels on real rails": a register with check numbers and a mailing
 * record): each pending check payout gets a numbered check, whose page is printed on the bank's
 * stock; marking it mailed pays the payout, voiding it asks the client for details again.
 */
export function ChecksPanel({ className }: { className?: string }) {
  const [filter, setFilter] = useState<CheckStatus | 'all'>('all');
  const filterId = useId();
  const pending = useAdminPayouts('pending');
  const register = useChecks(filter);
  const next = useNextCheckNumber();
  const [registering, setRegistering] = useState<AdminPayout | null>(null);
  const [mailing, setMailing] = useState<Check | null>(null);
  const [voiding, setVoiding] = useState<Check | null>(null);

  const waiting = pending.data?.filter((payout) => payout.payoutMethod === 'check') ?? [];
  const suggested = next.data?.checkNumber ?? null;

  let waitingList;
  if (pending.isPending) waitingList = <Spinner label="Loading check payouts..." className="py-4" />;
  else if (pending.isError)
    waitingList = (
      <LoadError
        message={`Could not load the payouts. ${errorMessage(pending.error, '')}`}
        onRetry={() => void pending.refetch()}
      />
    );
  else if (waiting.length === 0) waitingList = <p className="text-sm text-muted-foreground">No check payouts waiting.</p>;
  else
    waitingList = (
      <ul aria-label="Check payouts waiting" className="flex flex-col gap-2">
        {waiting.map((payout) => (
          <WaitingPayout key={payout.id} payout={payout} onRegister={() => setRegistering(payout)} />
        ))}
      </ul>
    );

  let registerList;
  if (register.isPending) registerList = <Spinner label="Loading the register..." className="py-4" />;
  else if (register.isError)
    registerList = (
      <LoadError
        message={`Could not load the check register. ${errorMessage(register.error, '')}`}
        onRetry={() => void register.refetch()}
      />
    );
  else if (register.data.length === 0) registerList = <p className="text-sm text-muted-foreground">No checks here yet.</p>;
  else
    registerList = (
      <ul aria-label="Check register" className="-mr-2 flex max-h-[28rem] flex-col gap-2 overflow-y-auto pr-2">
        {register.data.map((check) => (
          <RegisterEntry key={check.id} check={check} onMailed={() => setMailing(check)} onVoid={() => setVoiding(check)} />
        ))}
      </ul>
    );

  return (
    <QueuePanel
      className={className}
      title="Checks"
      icon={<ScrollText />}
      count={pending.data ? waiting.length : undefined}
      countTone={waiting.length ? 'offer' : 'neutral'}
      description="Register a numbered check for each check payout, print it on the bank's stock, then mark it mailed."
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold">Waiting for a check</h4>
          {waitingList}
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
            <h4 className="text-sm font-semibold">Register</h4>
            <div className="flex flex-col gap-1.5 sm:w-56">
              <Label htmlFor={filterId}>Show checks</Label>
              <NativeSelect
                id={filterId}
                value={filter}
                onChange={(event) => setFilter(event.target.value as CheckStatus | 'all')}
              >
                <option value="all">All</option>
                {checkStatuses.map((status) => (
                  <option key={status} value={status}>
                    {checkStatusLabels[status]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          {registerList}
        </div>
      </div>

      {/* Keyed by what they are about, so each opens fresh. */}
      <RegisterCheckDialog
        key={`register-${registering?.id ?? 'closed'}`}
        payout={registering}
        suggested={suggested}
        onClose={() => setRegistering(null)}
      />
      <MarkMailedDialog key={`mailed-${mailing?.id ?? 'closed'}`} check={mailing} onClose={() => setMailing(null)} />
      <VoidCheckDialog key={`void-${voiding?.id ?? 'closed'}`} check={voiding} onClose={() => setVoiding(null)} />
    </QueuePanel>
  );
}
