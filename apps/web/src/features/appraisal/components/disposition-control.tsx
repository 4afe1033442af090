import { useId, useState } from 'react';
import { Flame } from 'lucide-react';
import { toast } from 'sonner';
import { dispositionActions, dispositionLabels, type AdminSubmission, type DispositionAction } from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { useDisposeItem } from '../api/submission-actions';

const pastTense: Record<DispositionAction, string> = { melt: 'Melted', resell: 'Resold', consign: 'Consigned' };

function isDispositionAction(value: string): value is DispositionAction {
  return (dispositionActions as readonly string[]).includes(value);
}

/**
 * DECISIONS "Compliance": what became of a bought item, recorded once its hold is over. Before then
 * the control says until when and stays closed (the server refuses it too); it asks before recording.
 */
export function DispositionControl({ submission }: { submission: AdminSubmission }) {
  const selectId = useId();
  const [action, setAction] = useState<DispositionAction>('melt');
  const [asking, setAsking] = useState(false);
  const dispose = useDisposeItem({
    onSuccess: () => {
      setAsking(false);
      toast.success('Recorded', { description: 'The item’s disposition is in its history.' });
    },
    onError: (err) => {
      setAsking(false);
      toast.error('Could not record it', { description: errorMessage(err, '') || undefined });
    },
  });
  if (submission.status !== 'completed') return null;
  if (submission.disposition) {
    const done = isDispositionAction(submission.disposition.action) ? pastTense[submission.disposition.action] : 'Disposed of';
    return (
      <p className="text-sm text-muted-foreground">
        {done} {formatDateTime(submission.disposition.at)}
      </p>
    );
  }
  const held = submission.hold ? !submission.hold.over : false;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Disposition of ${submission.description}`}>
      <label htmlFor={selectId} className="sr-only">
        What to do with the item
      </label>
      <NativeSelect
        id={selectId}
        value={action}
        wrapperClassName="w-36"
        disabled={held || dispose.isPending}
        onChange={(event) => isDispositionAction(event.target.value) && setAction(event.target.value)}
      >
        {dispositionActions.map((value) => (
          <option key={value} value={value}>
            {dispositionLabels[value]}
          </option>
        ))}
      </NativeSelect>
      <Button size="sm" variant="outline" disabled={held || dispose.isPending} onClick={() => setAsking(true)}>
        <Flame aria-hidden="true" />
        Record
      </Button>
      {held && submission.hold && (
        <span className="text-xs text-muted-foreground">
          {submission.hold.label} ({submission.hold.basis})
        </span>
      )}
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title={`${dispositionLabels[action]} this item?`}
        description={`"${submission.description}" is recorded as ${pastTense[action].toLowerCase()}, in its history. This cannot be undone.`}
        busy={dispose.isPending}
      >
        <DialogActions>
          <Button variant="outline" onClick={() => setAsking(false)} disabled={dispose.isPending}>
            Cancel
          </Button>
          <Button disabled={dispose.isPending} onClick={() => dispose.mutate({ id: submission.id, action })}>
            {dispose.isPending ? 'Saving…' : dispositionLabels[action]}
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}
