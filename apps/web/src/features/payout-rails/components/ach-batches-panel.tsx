import { useRef, useState, type FormEvent } from 'react';
import { Download, FileText, Landmark, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { dollarsToCents, formatCents, type AdminPayout } from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatDollars } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import {
  achBatchFileHref,
  useAchBatches,
  useCreateAchBatch,
  useImportAchReturns,
  useSettleAchBatch,
  type AchBatch,
  type AchBatchSummary,
  type AchReturnResult,
} from '../api/ach-batches';
import { useAdminPayouts } from '@/lib/admin-payouts';
import { QueuePanel } from '@/components/queue-panel';

const dollars = (amount: string) => formatDollars(amount) ?? amount;

/** What the next file would hold: the pending ACH payouts the mailbox already lists. */
function pendingAchSummary(payouts: AdminPayout[] | undefined): { count: number; total: string } | null {
  if (!payouts) return null;
  // A large payout still waiting for its second admin stays out of the file (the server leaves it out too).
  const ach = payouts.filter(
    (payout) => payout.payoutMethod === 'ach' && payout.status === 'pending' && !payout.awaitingApproval,
  );
  const cents = ach.reduce((sum, payout) => sum + (dollarsToCents(payout.amount) ?? 0), 0);
  return { count: ach.length, total: formatCents(cents) };
}

const payoutsWord = (n: number) => (n === 1 ? 'payout' : 'payouts');

/** A plain link to the file route: the server answers it as an attachment, written again each time. */
function DownloadLink({ batch }: { batch: AchBatchSummary }) {
  return (
    <a href={achBatchFileHref(batch.id)} download={batch.fileName} className={buttonVariants({ variant: 'outline' })}>
      <Download aria-hidden="true" className="size-4" />
      Download file<span className="sr-only"> {batch.fileName}</span>
    </a>
  );
}

/** The batch just made: its file, what went in and what was left for a person. */
function NewBatch({ batch }: { batch: AchBatch }) {
  return (
    <section aria-label={`New ACH file ${batch.fileName}`} className="flex flex-col gap-3 rounded-md border border-border p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0 break-all font-mono text-sm font-medium">{batch.fileName}</p>
        <DownloadLink batch={batch} />
      </div>
      {batch.exampleSettings && (
        <Alert variant="warning">
          <p>
            <strong>Example settings: a bank would reject this file.</strong> The ACH settings are not set, so example bank
            numbers stand in.
          </p>
        </Alert>
      )}
      <p className="text-sm">
        {batch.entryCount} {payoutsWord(batch.entryCount)}, {dollars(batch.total)} in all. They are on their way now.
      </p>
      {batch.entries.length > 0 && (
        <ul aria-label="In the file" className="flex flex-col gap-1 text-sm">
          {batch.entries.map((entry) => (
            <li key={entry.transactionId} className="flex flex-wrap gap-x-3">
              <span className="font-mono text-xs text-muted-foreground">#{entry.submissionShortId}</span>
              <span className="tabular-nums font-medium">{dollars(entry.amount)}</span>
              <span className="break-all text-muted-foreground">trace {entry.traceNumber}</span>
            </li>
          ))}
        </ul>
      )}
      {batch.leftOut.length > 0 && (
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-medium text-destructive">Left out, still waiting to be sent:</p>
          <ul aria-label="Left out of the file" className="flex flex-col gap-1">
            {batch.leftOut.map((item) => (
              <li key={item.transactionId} className="break-words">
                <span className="font-mono text-xs text-muted-foreground">#{item.submissionShortId}</span> {item.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The bank's answer to a return file, in the order an appraiser acts on it. */
function ReturnAnswer({ result }: { result: AchReturnResult }) {
  const nothing =
    result.returned.length + result.unmatched.length + result.alreadyApplied.length + result.changeNotices.length === 0;
  return (
    <section aria-label="Return file imported" className="flex flex-col gap-3 text-sm">
      {nothing && <p>The file held no returns.</p>}
      {result.returned.length > 0 && (
        <div>
          <h4 className="font-medium">Returned ({result.returned.length}): the clients are asked for new details</h4>
          <ul className="mt-1 flex flex-col gap-1">
            {result.returned.map((item) => (
              <li key={item.transactionId} className="break-words">
                <span className="font-mono text-xs text-muted-foreground">#{item.submissionShortId}</span>{' '}
                <span className="tabular-nums">{dollars(item.amount)}</span> — {item.returnCode}: {item.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.unmatched.length > 0 && (
        <div>
          <h4 className="font-medium text-destructive">Not matched ({result.unmatched.length}): look into these</h4>
          <ul className="mt-1 flex flex-col gap-1">
            {result.unmatched.map((item) => (
              <li key={`${item.traceNumber}-${item.returnCode}`} className="break-words">
                trace <span className="font-mono">{item.traceNumber}</span>, {item.returnCode},{' '}
                <span className="tabular-nums">{dollars(item.amount)}</span>: {item.why}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.alreadyApplied.length > 0 && (
        <div>
          <h4 className="font-medium">Already applied ({result.alreadyApplied.length}): nothing changed</h4>
          <ul className="mt-1 flex flex-col gap-1">
            {result.alreadyApplied.map((item) => (
              <li key={`${item.traceNumber}-${item.returnCode}`} className="break-words">
                trace <span className="font-mono">{item.traceNumber}</span>, {item.returnCode}, now {item.status}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.changeNotices.length > 0 && (
        <div>
          <h4 className="font-medium">Notices of change ({result.changeNotices.length}): nothing moved</h4>
          <ul className="mt-1 flex flex-col gap-1">
            {result.changeNotices.map((item) => (
              <li key={`${item.traceNumber}-${item.changeCode}`} className="break-words">
                trace <span className="font-mono">{item.traceNumber}</span>, {item.changeCode}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** Reads the chosen return file in the browser and sends its text; the answer stays on the panel. */
function ReturnImport({ onError }: { onError: (message: string) => void }) {
  const importReturns = useImportAchReturns();
  const input = useRef<HTMLInputElement>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [result, setResult] = useState<AchReturnResult | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (importReturns.isPending) return;
    const file = input.current?.files?.[0];
    if (!file) return setFieldError("Choose the bank's return file first.");
    const text = await file.text();
    if (!text.trim()) return setFieldError('That file is empty: choose the return file the bank sent.');
    setFieldError(undefined);
    importReturns.mutate(text, {
      onSuccess: (answer) => {
        setResult(answer);
        toast.success('Return file imported', {
          description: `${answer.returned.length} returned, ${answer.unmatched.length} not matched.`,
        });
      },
      onError: (err) => {
        const message = errorMessage(err, 'Could not import the return file.');
        setFieldError(message);
        onError(message);
      },
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)}>
        <Field
          label="Import bank return file"
          hint="The return file exactly as the bank sent it (text)."
          error={fieldError}
          className="min-w-0 flex-1"
        >
          {(control) => (
            <input
              {...control}
              ref={input}
              type="file"
              accept=".txt,.ach,text/plain"
              disabled={importReturns.isPending}
              onChange={() => setFieldError(undefined)}
              className="block w-full min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:text-sm file:font-medium"
            />
          )}
        </Field>
        <Button
          type="submit"
          variant="outline"
          className="sm:self-start"
          disabled={importReturns.isPending}
          aria-busy={importReturns.isPending || undefined}
        >
          <Upload aria-hidden="true" />
          {importReturns.isPending ? 'Importing…' : 'Import'}
        </Button>
      </form>
      {result && <ReturnAnswer result={result} />}
    </div>
  );
}

function EarlierBatch({ batch, busy, onSettle }: { batch: AchBatchSummary; busy: boolean; onSettle: () => void }) {
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-all font-mono font-medium">{batch.fileName}</p>
        <p className="text-muted-foreground">
          {batch.entryCount} {payoutsWord(batch.entryCount)}, {dollars(batch.total)} · made{' '}
          <time dateTime={batch.createdAt}>{formatDateTime(batch.createdAt)}</time>
        </p>
        <p className="text-muted-foreground">
          {batch.waitingCount === 0
            ? 'Settled: nothing in it waits for the bank.'
            : `${batch.waitingCount} of ${batch.entryCount} waiting for the bank.`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <DownloadLink batch={batch} />
        {batch.waitingCount > 0 && (
          <Button variant="outline" disabled={busy} onClick={onSettle} aria-label={`Mark settled: ${batch.fileName}`}>
            Mark settled
          </Button>
        )}
      </div>
    </li>
  );
}

function ConfirmDialog({
  open,
  title,
  question,
  action,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  question: string;
  action: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} busy={busy} title={title} description={question}>
      <DialogActions>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Working…' : action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * ACH payouts by file (DECISIONS "Money and parcels on real rails"): the pending ACH payouts go in
 * one Nacha file for the bank, the batch is marked settled once the bank confirms it, and the
 * bank's return file marks the payouts that came back.
 */
export function AchBatchesPanel({ className }: { className?: string }) {
  const pending = useAdminPayouts('pending');
  const batches = useAchBatches();
  const create = useCreateAchBatch();
  const settle = useSettleAchBatch();
  const [confirmingCreate, setConfirmingCreate] = useState(false);
  const [settling, setSettling] = useState<AchBatchSummary | null>(null);
  const [made, setMade] = useState<AchBatch | null>(null);
  const [error, setError] = useState<string | null>(null);
  const next = pendingAchSummary(pending.data);

  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  const makeFile = () =>
    create.mutate(undefined, {
      onSuccess: (batch) => {
        setConfirmingCreate(false);
        setMade(batch);
        setError(null);
        toast.success('ACH file made', {
          description: `${batch.entryCount} ${payoutsWord(batch.entryCount)}, ${dollars(batch.total)}`,
        });
      },
      onError: (err) => {
        setConfirmingCreate(false);
        fail(errorMessage(err, 'Could not make the ACH file.'));
      },
    });

  const settleBatch = (batch: AchBatchSummary) =>
    settle.mutate(batch.id, {
      onSuccess: (answer) => {
        setSettling(null);
        setError(null);
        toast.success('Batch marked settled', {
          description: `${answer.paid.length} paid${answer.unchanged.length ? `, ${answer.unchanged.length} left as they were` : ''}.`,
        });
      },
      onError: (err) => {
        setSettling(null);
        fail(errorMessage(err, 'Could not mark the batch settled.'));
      },
    });

  let list;
  if (batches.isPending) list = <Spinner label="Loading ACH files..." className="py-4" />;
  else if (batches.isError)
    list = (
      <LoadError
        message={`Could not load the ACH files. ${errorMessage(batches.error, '')}`}
        onRetry={() => void batches.refetch()}
      />
    );
  else if (batches.data.length === 0) list = <p className="text-sm text-muted-foreground">No ACH files yet.</p>;
  else
    list = (
      <ul aria-label="ACH files made" className="-mr-2 flex max-h-[24rem] flex-col gap-2 overflow-y-auto pr-2">
        {batches.data.map((batch) => (
          <EarlierBatch
            key={batch.id}
            batch={batch}
            busy={settle.isPending && settle.variables === batch.id}
            onSettle={() => setSettling(batch)}
          />
        ))}
      </ul>
    );

  const question = next
    ? `Put ${next.count} pending ACH ${payoutsWord(next.count)}, ${next.total} in all, in a file for the bank?`
    : 'Put every pending ACH payout in a file for the bank?';

  return (
    <QueuePanel
      className={className}
      title="ACH files"
      icon={<Landmark />}
      count={next?.count}
      countTone={next?.count ? 'offer' : 'neutral'}
      description="Pending ACH payouts go to the bank in one file; mark it settled when the bank confirms it."
    >
      <div className="flex flex-col gap-5">
        {error && (
          <Alert variant="error">
            <p>{error}</p>
          </Alert>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            {next
              ? next.count > 0
                ? `${next.count} pending ACH ${payoutsWord(next.count)}, ${next.total} in all.`
                : 'No pending ACH payouts.'
              : null}
          </p>
          <Button onClick={() => setConfirmingCreate(true)} disabled={create.isPending || next?.count === 0}>
            <FileText aria-hidden="true" />
            Make ACH file
          </Button>
        </div>
        {made && <NewBatch batch={made} />}

        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold">Files made</h4>
          {list}
        </div>

        <ReturnImport onError={(message) => toast.error(message)} />
      </div>

      <ConfirmDialog
        open={confirmingCreate}
        title="Make ACH file"
        question={question}
        action="Make file"
        busy={create.isPending}
        onClose={() => setConfirmingCreate(false)}
        onConfirm={makeFile}
      />
      <ConfirmDialog
        open={settling !== null}
        title="Mark ACH file settled"
        question={
          settling
            ? `Did the bank confirm ${settling.fileName}? Its payouts still on their way are marked paid and their clients told.`
            : ''
        }
        action="Mark settled"
        busy={settle.isPending}
        onClose={() => setSettling(null)}
        onConfirm={() => settling && settleBatch(settling)}
      />
    </QueuePanel>
  );
}
