import { useState } from 'react';
import { Archive, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { RetentionEntry } from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { QueuePanel } from '@/components/queue-panel';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useEraseRecords, useRecordsPastRetention } from '../api/records-retention';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What an erase of this submission removes, said in words ("2 photos, 1 label address"). */
function erasedSummary(entry: RetentionEntry): string {
  const w = entry.wouldErase;
  const parts = [
    w.photos && plural(w.photos, 'photo'),
    w.labelAddresses && plural(w.labelAddresses, 'label address', 'label addresses'),
    w.checkAddresses && plural(w.checkAddresses, 'check address', 'check addresses'),
    w.bankDetails && 'bank details',
    w.statementIps && "the statement's IP",
    w.idChecks && plural(w.idChecks, 'ID check'),
  ].filter(Boolean);
  return parts.length ? `Erases ${parts.join(', ')}` : 'Nothing personal is left to erase; erasing marks it done.';
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * Records past their retention period (DECISIONS "Compliance"): finished submissions whose personal
 * data may now go. Amounts, dates, statuses and the ledger stay; the erase cannot be undone.
 */
export function RecordsRetentionPanel({ className }: { className?: string }) {
  const list = useRecordsPastRetention();
  const erase = useEraseRecords();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const entries = list.data?.submissions ?? [];
  const selected = entries.filter((entry) => chosen.has(entry.submissionId)).map((entry) => entry.submissionId);
  const toggle = (id: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = entries.length > 0 && selected.length === entries.length;

  const onErase = () =>
    erase.mutate(selected, {
      onSuccess: (result) => {
        toast.success(`Personal data erased from ${plural(result.erased.length, 'submission')}`, {
          description: result.alreadyErased.length
            ? `${plural(result.alreadyErased.length, 'was', 'were')} erased before.`
            : undefined,
        });
        setChosen(new Set());
      },
      onError: (err) => toast.error('Nothing was erased', { description: errorMessage(err) }),
      onSettled: () => setConfirming(false),
    });

  let body;
  if (list.isPending) body = <Spinner label="Loading records past retention..." className="py-6" />;
  else if (list.isError)
    body = (
      <LoadError
        message={`Could not load the records past retention. ${errorMessage(list.error, '')}`}
        onRetry={() => void list.refetch()}
      />
    );
  else if (entries.length === 0)
    body = (
      <p className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
        No finished submission is past its retention period.
      </p>
    );
  else
    body = (
      <>
        <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={allChosen}
              onChange={() => setChosen(allChosen ? new Set() : new Set(entries.map((entry) => entry.submissionId)))}
            />
            Select all ({entries.length})
          </label>
          <Button
            type="button"
            variant="destructive"
            disabled={selected.length === 0 || erase.isPending}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
            Erase {selected.length ? plural(selected.length, 'submission') : 'selected'}
          </Button>
        </div>
        <ul className="divide-y divide-border rounded-md border border-border" aria-label="Records past retention">
          {entries.map((entry) => (
            <li key={entry.submissionId} className="px-4 py-3">
              <label className="flex cursor-pointer items-start gap-3">
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0"
                  checked={chosen.has(entry.submissionId)}
                  onChange={() => toggle(entry.submissionId)}
                  aria-label={`Select submission ${entry.submissionId.slice(-8)} of ${entry.sellerLabel}`}
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">
                    {entry.sellerLabel}{' '}
                    <span className="font-normal text-muted-foreground">· #{entry.submissionId.slice(-8)}</span>
                  </span>
                  <span className="block text-sm text-muted-foreground">
                    {entry.status === 'completed' ? 'Paid' : 'Returned'} {day(entry.endedAt)}, kept {plural(entry.years, 'year')}
                    {entry.defaultPeriod ? ' (default period)' : ''} until {day(entry.erasableFrom)}
                  </span>
                  <span className="block text-sm">{erasedSummary(entry)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <QueuePanel
      className={className}
      title="Records past retention"
      icon={<Archive />}
      count={list.data ? entries.length : undefined}
      countTone="neutral"
      description={
        list.data
          ? `Finished submissions kept past their period (the rule's years, or ${list.data.defaultYears} without one; never under ${list.data.minimumYears}). Erasing removes photos, addresses, bank details and the statement's IP; amounts, dates and the ledger stay.`
          : 'Finished submissions kept past their retention period, whose personal data may now be erased.'
      }
    >
      {body}
      <Dialog
        open={confirming}
        onOpenChange={(next) => !next && setConfirming(false)}
        busy={erase.isPending}
        title={`Erase the personal data of ${plural(selected.length, 'submission')}?`}
        description="Photos, addresses, bank details and the statement's IP go for good; amounts, dates, statuses and the ledger stay. This cannot be undone."
      >
        <DialogActions>
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={erase.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onErase} disabled={erase.isPending} aria-busy={erase.isPending || undefined}>
            {erase.isPending ? 'Erasing…' : `Erase ${plural(selected.length, 'submission')}`}
          </Button>
        </DialogActions>
      </Dialog>
    </QueuePanel>
  );
}
