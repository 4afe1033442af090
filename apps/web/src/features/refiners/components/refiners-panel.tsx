// Refiners and their settlements (issue 28 item 4): the list of refiners with their charges, a form
// to add one, and a settlement typed in (settlement-form.tsx) or imported from its CSV
// (docs/refiner-settlement-csv.md), checked in the browser by the same domain check the server
// runs, then settled on the server.
import { toast } from 'sonner';
import { formatCents, refinerInputSchema, settlementImportSchema } from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldMessage } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useAddRefiner, useImportSettlement, useRefiners, useRetireRefiner, useSettlements } from '../api/refiners';
import { EnterSettlementForm } from './settlement-form';

function AddRefinerForm() {
  const add = useAddRefiner();
  const form = useZodForm(refinerInputSchema, {
    defaultValues: { name: '', terms: '', refiningPercent: '', refiningPerOz: '', assayFee: '', shippingFee: '', wireFee: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (saved) => {
        toast.success('Refiner added', { description: saved.name });
        form.reset();
      },
      onError: (err) => {
        if (!applyServerIssues(form, err)) form.setError('root.server', { message: errorMessage(err, 'Please try again.') });
      },
    }),
  );
  const fields = [
    ['refiningPercent', 'Refining %'],
    ['refiningPerOz', 'Refining per oz ($)'],
    ['assayFee', 'Assay fee ($)'],
    ['shippingFee', 'Shipping ($)'],
    ['wireFee', 'Wire fee ($)'],
  ] as const;
  return (
    <form noValidate aria-label="Add a refiner" onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </Field>
        <Field label="Terms" error={errors.terms?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('terms')} />}
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {fields.map(([name, label]) => (
          <Field key={name} label={label} error={errors[name]?.message}>
            {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register(name)} />}
          </Field>
        ))}
      </div>
      {errors.root?.server?.message && <FieldMessage>{errors.root.server.message}</FieldMessage>}
      <Button type="submit" className="self-start" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add refiner'}
      </Button>
    </form>
  );
}

function ImportSettlementForm() {
  const importing = useImportSettlement();
  const form = useZodForm(settlementImportSchema, { defaultValues: { csv: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    importing.mutate(body, {
      onSuccess: (saved) => {
        toast.success('Settlement entered', {
          description: `${saved.reference}: ${saved.lots.length} lot(s) settled, wire ${formatCents(saved.wireCents)}.`,
        });
        form.reset();
      },
      onError: (err) => {
        if (!applyServerIssues(form, err)) form.setError('root.server', { message: errorMessage(err, 'Please try again.') });
      },
    }),
  );
  const readFile = async (file: File | undefined) => {
    if (file) form.setValue('csv', await file.text(), { shouldValidate: true });
  };
  return (
    <form noValidate aria-label="Import a settlement" onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
      <Field label="Settlement file (CSV)">
        {(control) => (
          <Input {...control} type="file" accept=".csv,text/csv" onChange={(event) => void readFile(event.target.files?.[0])} />
        )}
      </Field>
      <Field label="Or paste the CSV" error={errors.csv?.message}>
        {(control) => <Textarea {...control} rows={6} className="font-mono text-xs" {...form.register('csv')} />}
      </Field>
      {errors.root?.server?.message && <FieldMessage>{errors.root.server.message}</FieldMessage>}
      <Button type="submit" className="self-start" disabled={importing.isPending}>
        {importing.isPending ? 'Importing…' : 'Import settlement'}
      </Button>
    </form>
  );
}

function RefinerList() {
  const refiners = useRefiners();
  const retire = useRetireRefiner();
  if (refiners.isPending) return <Spinner />;
  if (refiners.isError)
    return (
      <LoadError
        message={errorMessage(refiners.error, 'The refiners could not be loaded.')}
        onRetry={() => void refiners.refetch()}
      />
    );
  if (refiners.data.refiners.length === 0) return <p className="text-sm text-muted-foreground">No refiners yet.</p>;
  return (
    <ul className="flex flex-col divide-y text-sm">
      {refiners.data.refiners.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <div className="min-w-0">
            <p className="font-medium">
              {r.name} {r.retired && <Badge>Retired</Badge>}
            </p>
            <p className="break-words text-muted-foreground">
              {[
                r.refiningPercent && `refining ${r.refiningPercent}%`,
                r.refiningPerOz && `$${r.refiningPerOz}/oz`,
                r.assayFee && `assay $${r.assayFee}`,
                r.shippingFee && `shipping $${r.shippingFee}`,
                r.wireFee && `wire $${r.wireFee}`,
                r.terms,
              ]
                .filter(Boolean)
                .join(' · ') || 'No charges recorded'}
            </p>
          </div>
          {!r.retired && (
            <Button
              variant="outline"
              size="sm"
              disabled={retire.isPending}
              onClick={() => retire.mutate(r.id, { onError: (err) => toast.error(errorMessage(err, 'Please try again.')) })}
            >
              Retire
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function SettlementList() {
  const settlements = useSettlements();
  if (settlements.isPending) return <Spinner />;
  if (settlements.isError)
    return (
      <LoadError
        message={errorMessage(settlements.error, 'The settlements could not be loaded.')}
        onRetry={() => void settlements.refetch()}
      />
    );
  if (settlements.data.settlements.length === 0) return <p className="text-sm text-muted-foreground">No settlements yet.</p>;
  return (
    <ul className="flex flex-col divide-y text-sm">
      {settlements.data.settlements.map((s) => (
        <li key={s.id} className="py-2">
          <p className="font-medium">
            {s.refinerName} · {s.reference} · {s.date}
          </p>
          <p className="text-muted-foreground">
            Gross {formatCents(s.grossCents)} less charges {formatCents(s.chargesCents)} = wire {formatCents(s.wireCents)} ·{' '}
            {s.lots.map((lot) => lot.lotNumber).join(', ')}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function RefinersPanel() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Refiners</CardTitle>
          <CardDescription>Who lots are shipped to, with the charges of their agreement.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <RefinerList />
          <AddRefinerForm />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Settlements</CardTitle>
          <CardDescription>
            Import the refiner&apos;s statement: its net must equal the wire to the cent. Its shipped or assayed lots are settled
            and the ledger posted.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <ImportSettlementForm />
          <SettlementList />
        </CardContent>
      </Card>
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader>
          <CardTitle>Enter a settlement</CardTitle>
          <CardDescription>
            Type in the refiner&apos;s statement: the lots it covers, the metal paid, the charges and the wire. The net must equal
            the wire to the cent.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <EnterSettlementForm />
        </CardContent>
      </Card>
    </div>
  );
}
