// Refiners and their settlements (issue 28 item 4): the list of refiners with their charges, a form
// to add one, and a settlement typed in (settlement-form.tsx) or imported from its CSV
// (docs/refiner-settlement-csv.md), checked in the browser by the same domain check the server
// runs, then settled on the server.
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  addressLines,
  formatCents,
  refinerInputSchema,
  type RefinerView,
  settlementImportSchema,
  shippingAddressSchema,
} from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldMessage } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { UsStateOptions } from '@/components/us-state-options';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { useZodForm } from '@/lib/forms/use-zod-form';
import {
  useAddRefiner,
  useChangeRefiner,
  useImportSettlement,
  useRefiners,
  useRetireRefiner,
  useSettlements,
} from '../api/refiners';
import { EnterSettlementForm } from './settlement-form';

const addressKeys = ['name', 'line1', 'line2', 'city', 'state', 'postalCode', 'phone'] as const;
type AddressText = Record<(typeof addressKeys)[number], string>;
const blankAddress: AddressText = { name: '', line1: '', line2: '', city: '', state: '', postalCode: '', phone: '' };

/**
 * The refiner as the form holds it: the domain's fields, and the address as text that is either
 * all blank (no address: null) or checked by the seller's address rule, shippingAddressSchema.
 */
const refinerFormSchema = refinerInputSchema.extend({
  address: z
    .object(Object.fromEntries(addressKeys.map((key) => [key, z.string()])) as Record<keyof AddressText, z.ZodString>)
    .transform((address, ctx) => {
      if (addressKeys.every((key) => address[key].trim() === '')) return null;
      const parsed = shippingAddressSchema.safeParse(address);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }),
});

function formValuesOf(refiner: RefinerView | undefined): z.input<typeof refinerFormSchema> {
  const text = (value: string | null | undefined) => value ?? '';
  const address = refiner?.address;
  return {
    name: text(refiner?.name),
    terms: text(refiner?.terms),
    refiningPercent: text(refiner?.refiningPercent),
    refiningPerOz: text(refiner?.refiningPerOz),
    assayFee: text(refiner?.assayFee),
    shippingFee: text(refiner?.shippingFee),
    wireFee: text(refiner?.wireFee),
    address: address ? { ...address, line2: text(address.line2), phone: text(address.phone) } : blankAddress,
  };
}

/** Adds a refiner, or changes one (the whole record, as PATCH replaces it) when `refiner` is given. */
function RefinerForm({ refiner, onDone }: { refiner?: RefinerView; onDone?: () => void }) {
  const add = useAddRefiner();
  const change = useChangeRefiner();
  const saving = add.isPending || change.isPending;
  const form = useZodForm(refinerFormSchema, { defaultValues: formValuesOf(refiner) });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) => {
    const done = {
      onSuccess: (saved: RefinerView) => {
        toast.success(refiner ? 'Refiner saved' : 'Refiner added', { description: saved.name });
        form.reset(formValuesOf(refiner ? saved : undefined));
        onDone?.();
      },
      onError: (err: unknown) => {
        if (!applyServerIssues(form, err)) form.setError('root.server', { message: errorMessage(err, 'Please try again.') });
      },
    };
    if (refiner) change.mutate({ id: refiner.id, body }, done);
    else add.mutate(body, done);
  });
  const fields = [
    ['refiningPercent', 'Refining %'],
    ['refiningPerOz', 'Refining per oz ($)'],
    ['assayFee', 'Assay fee ($)'],
    ['shippingFee', 'Shipping ($)'],
    ['wireFee', 'Wire fee ($)'],
  ] as const;
  const addressErrors = errors.address;
  return (
    <form
      noValidate
      aria-label={refiner ? `Change ${refiner.name}` : 'Add a refiner'}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3"
    >
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
      <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-medium">Shipping address</legend>
        <p className="text-xs text-muted-foreground">
          Where a lot&apos;s carrier label sends it. Leave it all blank for a refiner lots are not shipped to.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Receiving name" error={addressErrors?.name?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('address.name')} />}
          </Field>
          <Field label="Phone" error={addressErrors?.phone?.message}>
            {(control) => <Input {...control} type="tel" autoComplete="off" {...form.register('address.phone')} />}
          </Field>
          <Field label="Street address" error={addressErrors?.line1?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('address.line1')} />}
          </Field>
          <Field label="Suite, dock (optional)" error={addressErrors?.line2?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('address.line2')} />}
          </Field>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <Field label="City" error={addressErrors?.city?.message} className="col-span-2 sm:col-span-1">
            {(control) => <Input {...control} autoComplete="off" {...form.register('address.city')} />}
          </Field>
          <Field label="State" error={addressErrors?.state?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('address.state')}>
                <UsStateOptions blankLabel="—" />
              </NativeSelect>
            )}
          </Field>
          <Field label="ZIP code" error={addressErrors?.postalCode?.message}>
            {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...form.register('address.postalCode')} />}
          </Field>
        </div>
      </fieldset>
      {errors.root?.server?.message && <FieldMessage>{errors.root.server.message}</FieldMessage>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {refiner ? (saving ? 'Saving…' : 'Save refiner') : saving ? 'Adding…' : 'Add refiner'}
        </Button>
        {onDone && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
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
  const [editing, setEditing] = useState<string | null>(null);
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
            {r.address ? (
              <p className="break-words text-muted-foreground">Ships to {addressLines(r.address).join(', ')}</p>
            ) : (
              !r.retired && <p className="text-amber-800">No shipping address: lots cannot ship to it until one is added.</p>
            )}
          </div>
          {!r.retired && editing !== r.id && (
            <div className="flex gap-2">
              <Button variant="outline" size="sm" onClick={() => setEditing(r.id)}>
                {r.address ? 'Edit' : 'Add address'}
                <span className="sr-only"> for {r.name}</span>
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={retire.isPending}
                onClick={() => retire.mutate(r.id, { onError: (err) => toast.error(errorMessage(err, 'Please try again.')) })}
              >
                Retire
              </Button>
            </div>
          )}
          {editing === r.id && (
            <div className="w-full">
              <RefinerForm refiner={r} onDone={() => setEditing(null)} />
            </div>
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
          <div className="flex flex-col gap-3 border-t border-border pt-4">
            <h3 className="text-sm font-semibold">Add a refiner</h3>
            <RefinerForm />
          </div>
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
