import { useId, useState } from 'react';
import { z } from 'zod';
import { Boxes, Plus, Search, X } from 'lucide-react';
import { toast } from 'sonner';
import {
  type Bin,
  createBinBodySchema,
  renameBinBodySchema,
  type CustodyItem,
  type CustodyMove,
  type CustodyMoveTarget,
  custodyPlaceLabels,
  type CustodySearchQuery,
  normalizeItemTag,
  utcShortDateWithYear,
} from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { FORM_ERROR, useZodForm } from '@/lib/forms/use-zod-form';
import { cn } from '@/lib/utils';
import {
  useArchiveBin,
  useBin,
  useBins,
  useCreateBin,
  useCustodySearch,
  useItemMoves,
  useMoveItem,
  useRenameBin,
} from '../api/custody';
import { PoliceHoldSection } from './police-hold';

/** What the search box reads: a tag when it starts with "AS" (as printed on the bag), else a submission's number. */
export function searchQueryOf(text: string): CustodySearchQuery | null {
  const value = text.trim().replace(/^#/, '');
  if (!value) return null;
  if (/^as/i.test(value)) {
    const tag = normalizeItemTag(value);
    return tag ? { tag } : null;
  }
  return { submission: value };
}

const searchFormSchema = z.object({
  search: z.string().refine((text) => !text.trim() || searchQueryOf(text) !== null, 'A tag looks like AS-000123.'),
});

function where(item: CustodyItem): string {
  if (item.place === 'bin' && item.bin) return `Bin ${item.bin.code}`;
  // Custody knows a lot by its id only; its number and contents are on the melt lots page.
  return custodyPlaceLabels[item.place];
}

function holdText(item: CustodyItem): string {
  if (!item.holdUntil) return 'No hold on record';
  const until = new Date(item.holdUntil);
  return item.holdOver ? `Hold cleared ${utcShortDateWithYear(until)}` : `Hold until ${utcShortDateWithYear(until)}`;
}

function placeOf(place: CustodyMove['toPlace'], bin: string | null): string {
  if (place === 'bin' && bin) return `Bin ${bin}`;
  return custodyPlaceLabels[place];
}

const movedAtFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Who moved the item where and when, read when an appraiser opens it. */
function MoveHistory({ itemId }: { itemId: string }) {
  const moves = useItemMoves(itemId);
  if (moves.isPending) return <Spinner label="Loading its moves..." className="py-2" />;
  if (moves.isError) return <p className="text-sm text-destructive">{errorMessage(moves.error, 'Could not load its moves.')}</p>;
  return (
    <ol className="mt-2 flex flex-col gap-1 border-l-2 border-border pl-3 text-xs text-muted-foreground" aria-label="Moves">
      {moves.data.moves.map((move) => (
        <li key={move.id}>
          {movedAtFormat.format(new Date(move.at))}: {move.fromPlace ? `${placeOf(move.fromPlace, move.fromBin)} → ` : ''}
          {placeOf(move.toPlace, move.toBin)}
          {move.by ? `, by ${move.by}` : ''}
          {move.note ? ` (${move.note})` : ''}
        </li>
      ))}
    </ol>
  );
}

/** A destination in the move menu: the vault, an open bin, or the two ways out. */
function destinations(item: CustodyItem, bins: readonly Bin[]) {
  const options: { value: string; label: string }[] = [];
  if (item.place !== 'vault') options.push({ value: 'vault', label: 'Vault' });
  for (const bin of bins) {
    if (!bin.archivedAt && bin.id !== item.bin?.id) options.push({ value: `bin:${bin.id}`, label: `Bin ${bin.code}` });
  }
  options.push({ value: 'sold', label: 'Sold' }, { value: 'returned', label: 'Returned to seller' });
  return options;
}

function ItemRow({ item, bins }: { item: CustodyItem; bins: readonly Bin[] }) {
  const move = useMoveItem();
  const options = destinations(item, bins);
  const [target, setTarget] = useState(options[0]?.value ?? 'vault');
  const selectId = useId();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [policeOpen, setPoliceOpen] = useState(false);
  const movable = item.place === 'vault' || item.place === 'bin';

  const submit = () => {
    const [to, binId] = target.startsWith('bin:') ? ['bin' as const, target.slice(4)] : [target as CustodyMoveTarget, undefined];
    move.mutate(
      { itemId: item.itemId, body: { to, ...(binId ? { binId } : {}), version: item.version } },
      {
        onSuccess: (moved) => toast.success(`${moved.tag} moved`, { description: where(moved) }),
        onError: (err) => toast.error(errorMessage(err, 'Could not move the item.')),
      },
    );
  };

  return (
    <li className="flex flex-col gap-3 border-b border-border py-3 last:border-b-0 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-semibold">{item.tag}</span>
          {item.ready ? <Badge tone="success">Ready</Badge> : <Badge tone="progress">Not ready</Badge>}
          {item.policeHoldCase !== null && <Badge tone="danger">Police hold · case {item.policeHoldCase}</Badge>}
          <span className="text-muted-foreground">{where(item)}</span>
        </p>
        <p className="font-medium [overflow-wrap:anywhere]">
          {item.description}{' '}
          <span className="font-mono text-xs text-muted-foreground">
            #{item.shortId} · item {item.position}
          </span>
        </p>
        <p className="text-muted-foreground">
          {holdText(item)} ·{' '}
          <button
            type="button"
            className="underline underline-offset-2 hover:text-foreground"
            aria-expanded={historyOpen}
            onClick={() => setHistoryOpen((open) => !open)}
          >
            {historyOpen ? 'Hide moves' : 'Moves'}
            <span className="sr-only"> of {item.tag}</span>
          </button>{' '}
          ·{' '}
          <button
            type="button"
            className="underline underline-offset-2 hover:text-foreground"
            aria-expanded={policeOpen}
            onClick={() => setPoliceOpen((open) => !open)}
          >
            Police hold
            <span className="sr-only"> of {item.tag}</span>
          </button>
        </p>
        {historyOpen && <MoveHistory itemId={item.itemId} />}
        {policeOpen && <PoliceHoldSection item={item} />}
      </div>
      {movable && (
        <div className="flex shrink-0 items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1 md:w-44 md:flex-none">
            <label htmlFor={selectId} className="text-xs text-muted-foreground">
              Move {item.tag} to
            </label>
            <NativeSelect
              id={selectId}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              disabled={move.isPending}
            >
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button
            variant="outline"
            className="h-11"
            onClick={submit}
            disabled={move.isPending}
            aria-busy={move.isPending || undefined}
          >
            Move
          </Button>
        </div>
      )}
    </li>
  );
}

function ItemList({ items, bins, empty }: { items: readonly CustodyItem[]; bins: readonly Bin[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-col" aria-label="Items">
      {items.map((item) => (
        <ItemRow key={`${item.itemId}-${item.version}`} item={item} bins={bins} />
      ))}
    </ul>
  );
}

function NewBinForm() {
  const create = useCreateBin();
  const form = useZodForm(createBinBodySchema, { defaultValues: { code: '', label: '' } });
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      (bin) => {
        toast.success(`Bin ${bin.code} created`);
        form.reset({ code: '', label: '' });
      },
      (err: unknown) => {
        if (!applyServerIssues(form, err))
          form.setError(FORM_ERROR, { type: 'server', message: errorMessage(err, 'Could not create the bin.') });
      },
    ),
  );
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void onSubmit(event)} aria-label="New bin">
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <TextField
          label="Code"
          placeholder="B-01"
          autoComplete="off"
          maxLength={20}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <TextField
          label="Label"
          placeholder="Safe, top shelf"
          autoComplete="off"
          maxLength={80}
          error={form.formState.errors.label?.message}
          {...form.register('label')}
        />
      </div>
      <FormError message={form.formState.errors.root?.server?.message} />
      <Button type="submit" variant="outline" className="self-start" disabled={create.isPending}>
        <Plus aria-hidden="true" />
        Add bin
      </Button>
    </form>
  );
}

/** Rename or archive the bin on show; the server refuses a taken code or a bin that still holds items. */
function BinActions({ bin }: { bin: Bin }) {
  const [renaming, setRenaming] = useState(false);
  const rename = useRenameBin();
  const archive = useArchiveBin();
  const form = useZodForm(renameBinBodySchema, { defaultValues: { code: bin.code, label: bin.label } });
  const onSubmit = form.handleSubmit((values) =>
    rename.mutateAsync({ id: bin.id, body: values }).then(
      (renamed) => {
        toast.success(`Bin ${renamed.code} saved`);
        setRenaming(false);
      },
      (err: unknown) => {
        if (!applyServerIssues(form, err))
          form.setError(FORM_ERROR, { type: 'server', message: errorMessage(err, 'Could not rename the bin.') });
      },
    ),
  );
  if (bin.archivedAt) return <p className="text-sm text-muted-foreground">Archived: it takes no more items.</p>;
  if (renaming)
    return (
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => void onSubmit(event)}
        aria-label={`Rename bin ${bin.code}`}
      >
        <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
          <TextField
            label="Code"
            autoComplete="off"
            maxLength={20}
            error={form.formState.errors.code?.message}
            {...form.register('code')}
          />
          <TextField
            label="Label"
            autoComplete="off"
            maxLength={80}
            error={form.formState.errors.label?.message}
            {...form.register('label')}
          />
        </div>
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="flex gap-2">
          <Button type="submit" disabled={rename.isPending}>
            Save
          </Button>
          <Button type="button" variant="ghost" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setRenaming(true)}>
        Rename
      </Button>
      <Button
        variant="outline"
        disabled={archive.isPending}
        onClick={() =>
          archive.mutate(bin.id, {
            onSuccess: () => toast.success(`Bin ${bin.code} archived`),
            onError: (err) => toast.error(errorMessage(err, 'Could not archive the bin.')),
          })
        }
      >
        Archive
      </Button>
    </div>
  );
}

function BinsCard({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const bins = useBins();
  const titleId = useId();
  let body;
  if (bins.isPending) body = <Spinner label="Loading the bins..." className="py-6" />;
  else if (bins.isError)
    body = <LoadError message={`Could not load the bins. ${errorMessage(bins.error, '')}`} onRetry={() => void bins.refetch()} />;
  else
    body = (
      <>
        <p className="mb-3 text-sm">
          <span className="font-medium">Vault:</span> {bins.data.vaultCount} item{bins.data.vaultCount === 1 ? '' : 's'}
        </p>
        {bins.data.bins.length === 0 ? (
          <p className="mb-4 text-sm text-muted-foreground">No bins yet. Add the first one below.</p>
        ) : (
          <ul className="mb-4 flex flex-col gap-1" aria-label="Bins">
            {bins.data.bins.map((bin) => (
              <li key={bin.id}>
                <button
                  type="button"
                  onClick={() => onSelect(bin.id)}
                  aria-current={bin.id === selected ? 'true' : undefined}
                  className={cn(
                    'flex w-full items-center justify-between gap-3 rounded-md border px-3 py-2 text-left text-sm transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                    bin.id === selected ? 'border-navy-700 bg-muted' : 'border-border hover:bg-muted',
                    bin.archivedAt && 'opacity-60',
                  )}
                >
                  <span className="min-w-0">
                    <span className="font-mono font-semibold">{bin.code}</span>{' '}
                    <span className="text-muted-foreground [overflow-wrap:anywhere]">{bin.label}</span>
                    {bin.archivedAt && <span className="text-muted-foreground"> (archived)</span>}
                  </span>
                  <span className="shrink-0 tabular-nums">
                    {bin.itemCount}
                    <span className="sr-only"> items</span>
                    {bin.readyCount > 0 && <span className="ml-2 text-green-800">{bin.readyCount} ready</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <NewBinForm />
      </>
    );
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Boxes aria-hidden="true" className="size-5 text-navy-700" />
          Bins
        </CardTitle>
        <CardDescription>Where received items wait: choose a bin to see its items.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function SearchForm({ onSearch, active }: { onSearch: (text: string) => void; active: boolean }) {
  const form = useZodForm(searchFormSchema, { defaultValues: { search: '' } });
  const clear = () => {
    form.reset({ search: '' });
    onSearch('');
  };
  return (
    <form role="search" onSubmit={(event) => void form.handleSubmit((values) => onSearch(values.search))(event)}>
      <Field
        label="Find an item by its submission's number or its tag"
        error={form.formState.errors.search?.message}
        className="gap-1"
      >
        {(control) => (
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                {...control}
                type="search"
                maxLength={128}
                autoComplete="off"
                spellCheck={false}
                placeholder="# or AS-000123"
                className="pl-9 [&::-webkit-search-cancel-button]:appearance-none"
                {...form.register('search')}
              />
            </div>
            <Button type="submit" variant="outline">
              Find
            </Button>
            {active && (
              <Button type="button" variant="ghost" onClick={clear} aria-label="Clear the search">
                <X aria-hidden="true" />
              </Button>
            )}
          </div>
        )}
      </Field>
    </form>
  );
}

/**
 * The custody area (issue 28 item 2): the bins with their counts, a bin's items with their hold and
 * a Ready badge, a search by submission or tag, and a move per item. The server has the last word
 * on every move (the hold is the database's), and its sentence is shown when it refuses.
 */
export function CustodyPanel() {
  const bins = useBins();
  const [selectedBin, setSelectedBin] = useState<string | null>(null);
  const [query, setQuery] = useState<CustodySearchQuery | null>(null);
  const bin = useBin(query ? null : selectedBin);
  const search = useCustodySearch(query);
  const titleId = useId();
  const allBins = bins.data?.bins ?? [];

  let title = 'Items';
  let body = <p className="text-sm text-muted-foreground">Choose a bin, or find an item by its submission or tag.</p>;
  if (query) {
    title = query.tag ? `Tag ${query.tag}` : `Submission #${query.submission}`;
    if (search.isPending) body = <Spinner label="Finding..." className="py-6" />;
    else if (search.isError)
      body = <LoadError message={errorMessage(search.error, 'Could not search.')} onRetry={() => void search.refetch()} />;
    else body = <ItemList items={search.data.items} bins={allBins} empty="No received item matches." />;
  } else if (selectedBin) {
    title = bin.data ? `Bin ${bin.data.bin.code}` : 'Bin';
    if (bin.isPending) body = <Spinner label="Loading the bin..." className="py-6" />;
    else if (bin.isError)
      body = <LoadError message={errorMessage(bin.error, 'Could not load the bin.')} onRetry={() => void bin.refetch()} />;
    else body = <ItemList items={bin.data.items} bins={allBins} empty="This bin is empty." />;
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <BinsCard
        selected={query ? null : selectedBin}
        onSelect={(id) => {
          setQuery(null);
          setSelectedBin(id);
        }}
      />
      <Card role="region" aria-labelledby={titleId} className="min-w-0">
        <CardHeader className="gap-3">
          <SearchForm active={query !== null} onSearch={(text) => setQuery(searchQueryOf(text))} />
          <CardTitle id={titleId}>{title}</CardTitle>
          {!query && bin.data && (
            <BinActions key={`${bin.data.bin.id}-${bin.data.bin.code}-${bin.data.bin.label}`} bin={bin.data.bin} />
          )}
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
