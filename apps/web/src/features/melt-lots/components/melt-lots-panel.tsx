import { useId, useState } from 'react';
import { z } from 'zod';
import { Flame, Plus } from 'lucide-react';
import { toast } from 'sonner';
import {
  addLotItemBodySchema,
  createMeltLotBodySchema,
  formatCents,
  type MeltLot,
  type MeltLotDetail,
  type MeltLotState,
  meltLotRouteMessages,
  meltLotStateLabels,
  meltMetalLabels,
  meltSortCategories,
  meltSortCategoryLabels,
  nextLotState,
} from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { paths, serverPaths } from '@/lib/paths';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { FORM_ERROR, useZodForm } from '@/lib/forms/use-zod-form';
import { cn } from '@/lib/utils';
import {
  useActiveRefiners,
  useAddLotItem,
  useAdvanceMeltLot,
  useCreateMeltLot,
  useMeltLot,
  useMeltLots,
  useRemoveLotItem,
  useShipMeltLot,
} from '../api/melt-lots';

const stateTone: Record<MeltLotState, 'progress' | 'info' | 'offer' | 'success' | 'neutral'> = {
  open: 'progress',
  shipped: 'info',
  assayed: 'offer',
  settled: 'success',
  closed: 'neutral',
};

const grams = (text: string) => `${Number(text).toLocaleString('en-US', { maximumFractionDigits: 2 })} g`;
const valueText = (lot: MeltLot) => (lot.estimatedValueCents === null ? 'No spot price' : formatCents(lot.estimatedValueCents));
const fineText = (lot: MeltLot) =>
  lot.metals.length === 0
    ? '0 g fine'
    : lot.metals.map((m) => `${grams(m.fineGrams)} fine ${meltMetalLabels[m.metal].toLowerCase()}`).join(', ');

/** The form's own shape: the refiner chosen from the list and the insured value, sent as the ship body. */
const shipFormSchema = z.object({
  refinerId: z.string().min(1, meltLotRouteMessages.refiner),
  insuredValue: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, meltLotRouteMessages.insured),
});

function NewLotForm({ onCreated }: { onCreated: (id: string) => void }) {
  const create = useCreateMeltLot();
  const form = useZodForm(createMeltLotBodySchema, { defaultValues: { category: 'gold-14k' } });
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      (detail) => {
        toast.success(`${detail.lot.number} opened`, { description: meltSortCategoryLabels[detail.lot.category] });
        onCreated(detail.lot.id);
      },
      (err: unknown) => {
        if (!applyServerIssues(form, err))
          form.setError(FORM_ERROR, { type: 'server', message: errorMessage(err, 'Could not open the lot.') });
      },
    ),
  );
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)} aria-label="New lot">
      <Field label="Sort category" error={form.formState.errors.category?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('category')}>
            {meltSortCategories.map((category) => (
              <option key={category} value={category}>
                {meltSortCategoryLabels[category]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <FormError message={form.formState.errors.root?.server?.message} />
      <Button type="submit" variant="outline" className="self-start" disabled={create.isPending}>
        <Plus aria-hidden="true" />
        Open a lot
      </Button>
    </form>
  );
}

function LotsCard({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const lots = useMeltLots();
  const titleId = useId();
  let body;
  if (lots.isPending) body = <Spinner label="Loading the lots..." className="py-6" />;
  else if (lots.isError)
    body = <LoadError message={`Could not load the lots. ${errorMessage(lots.error, '')}`} onRetry={() => void lots.refetch()} />;
  else
    body = (
      <>
        {lots.data.lots.length === 0 ? (
          <p className="mb-4 text-sm text-muted-foreground">No lots yet. Open the first one below.</p>
        ) : (
          <ul className="mb-4 flex flex-col gap-1" aria-label="Lots">
            {lots.data.lots.map((lot) => (
              <li key={lot.id}>
                <button
                  type="button"
                  onClick={() => onSelect(lot.id)}
                  aria-current={lot.id === selected ? 'true' : undefined}
                  className={cn(
                    'flex w-full flex-col gap-1 rounded-md border px-3 py-2 text-left text-sm transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                    lot.id === selected ? 'border-navy-700 bg-muted' : 'border-border hover:bg-muted',
                    lot.state === 'closed' && 'opacity-70',
                  )}
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-semibold">{lot.number}</span>
                    <span>{meltSortCategoryLabels[lot.category]}</span>
                    <Badge tone={stateTone[lot.state]}>{meltLotStateLabels[lot.state]}</Badge>
                  </span>
                  <span className="text-muted-foreground tabular-nums">
                    {lot.itemCount} item{lot.itemCount === 1 ? '' : 's'} · {grams(lot.grossGrams)} gross · {fineText(lot)}
                    {lot.stoneCount > 0 && ` · ${lot.stoneCount} stone${lot.stoneCount === 1 ? '' : 's'}`} ·{' '}
                    <span className="font-medium text-foreground">{valueText(lot)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <NewLotForm onCreated={onSelect} />
      </>
    );
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Flame aria-hidden="true" className="size-5 text-navy-700" />
          Lots
        </CardTitle>
        <CardDescription>Values at today's spot. Choose a lot to see its items.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function AddItemForm({ lotId }: { lotId: string }) {
  const add = useAddLotItem();
  const form = useZodForm(addLotItemBodySchema, { defaultValues: { tag: '' } });
  const onSubmit = form.handleSubmit((values) =>
    add.mutateAsync({ id: lotId, body: values }).then(
      () => {
        toast.success(`${values.tag.toUpperCase()} added`);
        form.reset({ tag: '' });
      },
      (err: unknown) => {
        if (!applyServerIssues(form, err))
          form.setError(FORM_ERROR, { type: 'server', message: errorMessage(err, 'Could not add the item.') });
      },
    ),
  );
  return (
    <form noValidate className="flex flex-col gap-2" onSubmit={(event) => void onSubmit(event)} aria-label="Add an item">
      <div className="flex items-end gap-2">
        <TextField
          label="Add an item by its tag"
          placeholder="AS-000123"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          className="min-w-0 flex-1"
          error={form.formState.errors.tag?.message}
          {...form.register('tag')}
        />
        <Button type="submit" variant="outline" className="h-11" disabled={add.isPending}>
          Add
        </Button>
      </div>
      <FormError message={form.formState.errors.root?.server?.message} />
    </form>
  );
}

/**
 * Ships an open lot: the refiner from the active ones (one without a shipping address is shown but
 * cannot be chosen, with why), insured for the lot's value at today's spot unless raised. The
 * server buys the label through the configured carrier; its sentence is shown when it refuses.
 */
function ShipForm({ lot }: { lot: MeltLot }) {
  const ship = useShipMeltLot();
  const refiners = useActiveRefiners();
  const form = useZodForm(shipFormSchema, {
    defaultValues: {
      refinerId: '',
      insuredValue: lot.estimatedValueCents === null ? '' : (lot.estimatedValueCents / 100).toFixed(2),
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    ship.mutateAsync({ id: lot.id, body: values }).then(
      (detail) =>
        toast.success(`${detail.lot.number} shipped`, {
          description: `To ${detail.lot.refinerName}, ${detail.lot.carrier} ${detail.lot.trackingNumber}`,
        }),
      (err: unknown) => {
        if (!applyServerIssues(form, err))
          form.setError(FORM_ERROR, { type: 'server', message: errorMessage(err, 'Could not ship the lot.') });
      },
    ),
  );
  const active = refiners.data?.refiners.filter((r) => !r.retired) ?? [];
  const without = active.filter((r) => r.address === null);
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)} aria-label="Ship the lot">
      <p className="text-sm text-muted-foreground">
        Ship to a refiner: the carrier label is bought from our address to the refiner&apos;s, insured for at least the lot&apos;s
        value at today&apos;s spot ({valueText(lot)}).
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Refiner" error={form.formState.errors.refinerId?.message}>
          {(control) => (
            <NativeSelect {...control} disabled={refiners.isPending} {...form.register('refinerId')}>
              <option value="">{refiners.isPending ? 'Loading the refiners…' : 'Choose a refiner'}</option>
              {active.map((r) => (
                <option key={r.id} value={r.id} disabled={r.address === null}>
                  {r.address === null ? `${r.name} (no shipping address)` : `${r.name}, ${r.address.city} ${r.address.state}`}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <TextField
          label="Insured for ($)"
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          error={form.formState.errors.insuredValue?.message}
          {...form.register('insuredValue')}
        />
      </div>
      {refiners.isError && <FormError message={errorMessage(refiners.error, 'The refiners could not be loaded.')} />}
      {refiners.isSuccess && active.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No active refiners yet: add one on the{' '}
          <a className="underline" href={paths.adminRefiners}>
            Refiners
          </a>{' '}
          page.
        </p>
      )}
      {without.length > 0 && (
        <p className="text-sm text-muted-foreground">
          {without.map((r) => r.name).join(', ')} cannot be chosen: no shipping address. Add it on the{' '}
          <a className="underline" href={paths.adminRefiners}>
            Refiners
          </a>{' '}
          page.
        </p>
      )}
      <FormError message={form.formState.errors.root?.server?.message} />
      <Button type="submit" className="self-start" disabled={ship.isPending}>
        {ship.isPending ? 'Buying the label…' : 'Buy label and ship'}
      </Button>
    </form>
  );
}

/** The shipment as stored: carrier, tracking number, what it is insured for, and its label to print. */
function Shipment({ lot }: { lot: MeltLot }) {
  if (!lot.refinerName) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        Shipped to <span className="font-medium">{lot.refinerName}</span>
        {lot.carrier && (
          <>
            {' '}
            by {lot.carrier}
            {lot.service && ` ${lot.service}`}
          </>
        )}
        , tracking <span className="font-mono [overflow-wrap:anywhere]">{lot.trackingNumber}</span>, insured for{' '}
        {lot.insuredValueCents === null ? '-' : formatCents(lot.insuredValueCents)}
        {lot.postageCents !== null && `, postage ${formatCents(lot.postageCents)}`}.
      </p>
      {lot.hasLabel && (
        <p className="flex flex-wrap items-center gap-2">
          <a
            className="font-medium text-navy-700 underline"
            href={serverPaths.meltLotLabelPdf(lot.id)}
            download={`melt-lot-${lot.number}-label.pdf`}
          >
            Print label
          </a>
          {lot.validForPostage === false && <Badge tone="neutral">Sample: not valid for postage</Badge>}
        </p>
      )}
    </div>
  );
}

function NextStep({ lot }: { lot: MeltLot }) {
  const advance = useAdvanceMeltLot();
  const next = nextLotState(lot.state);
  if (lot.state === 'open') return <ShipForm lot={lot} />;
  if (next === null)
    return (
      <div className="flex flex-col gap-2">
        <Shipment lot={lot} />
        <p className="text-sm text-muted-foreground">Closed: this lot can no longer change.</p>
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      <Shipment lot={lot} />
      <Button
        className="self-start"
        disabled={advance.isPending}
        onClick={() =>
          advance.mutate(
            { id: lot.id, body: { to: next as Exclude<MeltLotState, 'shipped'> } },
            {
              onSuccess: (detail) => toast.success(`${detail.lot.number}: ${meltLotStateLabels[detail.lot.state].toLowerCase()}`),
              onError: (err) => toast.error(errorMessage(err, 'Could not move the lot on.')),
            },
          )
        }
      >
        Mark {meltLotStateLabels[next].toLowerCase()}
      </Button>
    </div>
  );
}

function LotItems({ detail }: { detail: MeltLotDetail }) {
  const remove = useRemoveLotItem();
  const { lot, items } = detail;
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No items in this lot yet.</p>;
  return (
    <ul className="flex flex-col" aria-label="Items in the lot">
      {items.map((item) => (
        <li
          key={item.itemId}
          className="flex flex-col gap-2 border-b border-border py-3 text-sm last:border-b-0 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-mono font-semibold">{item.tag}</span>
              <span className="font-mono text-xs text-muted-foreground">
                #{item.shortId} · item {item.position}
              </span>
            </p>
            <p className="font-medium [overflow-wrap:anywhere]">{item.description}</p>
            <p className="text-muted-foreground tabular-nums">
              {Number(item.weight).toLocaleString('en-US', { maximumFractionDigits: 4 })} {item.weightUnit} at{' '}
              {Number(item.purityPercent)}% · {grams(item.fineGrams)} fine
              {item.stoneCount > 0 && ` · ${item.stoneCount} stone${item.stoneCount === 1 ? '' : 's'}`}
            </p>
          </div>
          {lot.state === 'open' && (
            <Button
              variant="outline"
              className="self-start sm:self-auto"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { id: lot.id, itemId: item.itemId },
                  {
                    onSuccess: () => toast.success(`${item.tag} back in the vault`),
                    onError: (err) => toast.error(errorMessage(err, 'Could not take the item out.')),
                  },
                )
              }
            >
              Take out<span className="sr-only"> {item.tag}</span>
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The melt lots area (issue 28 item 3): the lots with their totals and state, a lot's items, an
 * item added by the tag on its bag or taken out, and the lot moved one state on. The server has the
 * last word (the hold and a closed lot are the database's) and its sentence is shown when it refuses.
 */
export function MeltLotsPanel() {
  const [selected, setSelected] = useState<string | null>(null);
  const lot = useMeltLot(selected);
  const titleId = useId();
  let title = 'Lot';
  let body = <p className="text-sm text-muted-foreground">Choose a lot, or open a new one for a sort category.</p>;
  if (selected) {
    if (lot.isPending) body = <Spinner label="Loading the lot..." className="py-6" />;
    else if (lot.isError)
      body = <LoadError message={errorMessage(lot.error, 'Could not load the lot.')} onRetry={() => void lot.refetch()} />;
    else {
      const detail = lot.data;
      title = `${detail.lot.number} · ${meltSortCategoryLabels[detail.lot.category]}`;
      body = (
        <div className="flex flex-col gap-5">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone={stateTone[detail.lot.state]}>{meltLotStateLabels[detail.lot.state]}</Badge>
            <span className="tabular-nums text-muted-foreground">
              {detail.lot.itemCount} item{detail.lot.itemCount === 1 ? '' : 's'} · {grams(detail.lot.grossGrams)} gross ·{' '}
              {fineText(detail.lot)} · <span className="font-medium text-foreground">{valueText(detail.lot)}</span>
            </span>
          </p>
          {detail.lot.state === 'open' && <AddItemForm key={detail.lot.id} lotId={detail.lot.id} />}
          <LotItems detail={detail} />
          <div className="border-t border-border pt-4">
            <NextStep key={`${detail.lot.id}-${detail.lot.state}`} lot={detail.lot} />
          </div>
        </div>
      );
    }
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
      <LotsCard selected={selected} onSelect={setSelected} />
      <Card role="region" aria-labelledby={titleId} className="min-w-0">
        <CardHeader>
          <CardTitle id={titleId}>{title}</CardTitle>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
