// Police holds on a custody item row (issue 28 item 6): the item's holds, the form that places one
// (agency, officer, badge, case, reason), and releasing or surrendering the active one. The server
// has the last word: a hold ended meanwhile by another appraiser comes back as a 409 sentence.
import { useState } from 'react';
import { toast } from 'sonner';
import {
  type CustodyItem,
  placePoliceHoldBodySchema,
  type PoliceHold,
  policeHoldStatusLabels,
  utcShortDateWithYear,
} from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { FORM_ERROR, useZodForm } from '@/lib/forms/use-zod-form';
import { useEndPoliceHold, usePlacePoliceHold, usePoliceHolds } from '../api/custody';

const holdFormSchema = placePoliceHoldBodySchema.omit({ itemId: true });

function PlaceHoldForm({ item, onDone }: { item: CustodyItem; onDone: () => void }) {
  const place = usePlacePoliceHold();
  const form = useZodForm(holdFormSchema, {
    defaultValues: { agency: '', officer: '', badgeNumber: '', caseNumber: '', reason: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    place.mutateAsync({ itemId: item.itemId, ...values }).then(
      (hold) => {
        toast.success(`${item.tag} is on police hold`, { description: `Case ${hold.caseNumber}` });
        onDone();
      },
      (err: unknown) => {
        if (!applyServerIssues(form, err))
          form.setError(FORM_ERROR, { type: 'server', message: errorMessage(err, 'Could not place the hold.') });
      },
    ),
  );
  const errors = form.formState.errors;
  return (
    <form noValidate className="flex flex-col gap-3" aria-label={`Police hold on ${item.tag}`} onSubmit={(e) => void onSubmit(e)}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Agency"
          autoComplete="off"
          maxLength={120}
          error={errors.agency?.message}
          {...form.register('agency')}
        />
        <TextField
          label="Officer"
          autoComplete="off"
          maxLength={120}
          error={errors.officer?.message}
          {...form.register('officer')}
        />
        <TextField
          label="Badge number"
          autoComplete="off"
          maxLength={40}
          error={errors.badgeNumber?.message}
          {...form.register('badgeNumber')}
        />
        <TextField
          label="Case number"
          autoComplete="off"
          maxLength={60}
          error={errors.caseNumber?.message}
          {...form.register('caseNumber')}
        />
      </div>
      <TextField label="Reason" autoComplete="off" maxLength={1000} error={errors.reason?.message} {...form.register('reason')} />
      <FormError message={errors.root?.server?.message} />
      <Button type="submit" variant="outline" className="self-start" disabled={place.isPending}>
        Place police hold
      </Button>
    </form>
  );
}

function ActiveHold({ hold }: { hold: PoliceHold }) {
  const end = useEndPoliceHold();
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const finish = (action: 'release' | 'surrender') =>
    end.mutate(
      action === 'release'
        ? { id: hold.id, action, body: note.trim() ? { note: note.trim() } : {} }
        : { id: hold.id, action, body: { reference } },
      {
        onSuccess: (ended) => toast.success(policeHoldStatusLabels[ended.status]),
        onError: (err) => toast.error(errorMessage(err, 'Could not end the hold.')),
      },
    );
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm [overflow-wrap:anywhere]">
        {hold.agency}, {hold.officer} (badge {hold.badgeNumber}): {hold.reason}. Placed by {hold.placedBy ?? 'someone'} on{' '}
        {utcShortDateWithYear(new Date(hold.placedAt))}.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <TextField
            label="Release note (optional)"
            autoComplete="off"
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button variant="outline" className="self-start" disabled={end.isPending} onClick={() => finish('release')}>
            Release hold
          </Button>
        </div>
        <div className="flex flex-col gap-2">
          <TextField
            label="Police receipt or reference"
            autoComplete="off"
            maxLength={120}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
          <Button
            variant="outline"
            className="self-start"
            disabled={end.isPending || reference.trim() === ''}
            onClick={() => finish('surrender')}
          >
            Surrender to police
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The section opened from an item row. */
export function PoliceHoldSection({ item }: { item: CustodyItem }) {
  const holds = usePoliceHolds(item.itemId);
  const [placing, setPlacing] = useState(false);
  if (holds.isPending) return <Spinner />;
  if (holds.isError) return <LoadError message="Could not load the item's police holds." onRetry={() => void holds.refetch()} />;
  const active = holds.data.holds.find((h) => h.status === 'active');
  const past = holds.data.holds.filter((h) => h.status !== 'active');
  const canPlace = !active && (item.place === 'vault' || item.place === 'bin' || item.place === 'melt-lot');
  return (
    <section className="mt-2 flex flex-col gap-3 rounded-md border border-border p-3" aria-label={`Police holds of ${item.tag}`}>
      {active && <ActiveHold hold={active} />}
      {canPlace && !placing && (
        <Button variant="outline" className="self-start" onClick={() => setPlacing(true)}>
          Police hold…
        </Button>
      )}
      {canPlace && placing && <PlaceHoldForm item={item} onDone={() => setPlacing(false)} />}
      {past.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
          {past.map((h) => (
            <li key={h.id} className="[overflow-wrap:anywhere]">
              <Badge tone="neutral">{policeHoldStatusLabels[h.status]}</Badge> Case {h.caseNumber}, {h.agency}
              {h.endedAt ? ` · ${utcShortDateWithYear(new Date(h.endedAt))}` : ''}
              {h.surrenderReference ? ` · ${h.surrenderReference}` : ''}
              {h.releaseNote ? ` · ${h.releaseNote}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
