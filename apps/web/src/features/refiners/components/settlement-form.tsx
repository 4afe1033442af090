// A refiner's settlement typed in from its statement (issue 28 item 4): the refiner, its reference
// and date, the lots it covers with their weights, the metal paid (per lot or for the pooled melt),
// the charges and the wire. The form runs the server's own check (checkSettlement) before sending,
// puts each sentence beside its field, and shows gross − charges beside the wire as it is typed, so
// a cent's mismatch is seen before the server is asked.
import { useState } from 'react';
import { useFieldArray, useWatch, type FieldError } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  formatCents,
  meltMetalLabels,
  meltMetals,
  meltSortCategoryLabels,
  settlementChargeKinds,
  settlementChargeLabels,
  settlementDraftTotals,
  type MeltLot,
  type SettlementView,
} from '@assay/domain';
import { Button } from '@/components/ui/button';
import { Field, FieldMessage } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { FORM_ERROR, useZodForm, type ZodForm } from '@/lib/forms/use-zod-form';
import { useEnterSettlement, useMeltLotChoices, useRefiners } from '../api/refiners';
import {
  emptyCharge,
  emptyLot,
  emptyMetal,
  emptySettlementForm,
  settlementDraftOf,
  settlementFormSchema,
  type SettlementFormValues,
} from '../lib/settlement-form-values';

/** Only a lot at the refiner (shipped) or assayed can be settled (the server's settlementLotProblem). */
const settleable = (lot: MeltLot) => lot.state === 'shipped' || lot.state === 'assayed';

type SettlementControl = ZodForm<typeof settlementFormSchema>['control'];

const today = () => new Date().toISOString().slice(0, 10);

/** "Net $0.01 below the wire": said as the figures are typed, before the check's sentence. */
function NetAgainstWire({ control }: { control: SettlementControl }) {
  const values = useWatch({ control }) as SettlementFormValues;
  const totals = settlementDraftTotals(settlementDraftOf(values).draft);
  const difference = totals.wireCents === null ? null : totals.netCents - totals.wireCents;
  return (
    <div className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm" aria-live="polite">
      <p className="tabular-nums">
        Gross {formatCents(totals.grossCents)} − charges {formatCents(totals.chargesCents)} ={' '}
        <strong>net {formatCents(totals.netCents)}</strong>
      </p>
      {difference === null ? (
        <p className="text-muted-foreground">Type the wire to compare it with the net.</p>
      ) : difference === 0 ? (
        <p className="font-medium text-success">The net equals the wire of {formatCents(totals.wireCents!)}.</p>
      ) : (
        <p className="font-medium text-destructive">
          The net is {formatCents(Math.abs(difference))} {difference > 0 ? 'above' : 'below'} the wire of{' '}
          {formatCents(totals.wireCents!)}.
        </p>
      )}
    </div>
  );
}

/**
 * The lots of this settlement as choices of a metal line or a charge (besides the pool or the
 * whole settlement). It watches the lots alone, so typing elsewhere does not redraw the form.
 */
function ListedLotOptions({ control }: { control: SettlementControl }) {
  const lots = useWatch({ control, name: 'lots' });
  const listed = [...new Set(lots.map((lot) => lot.lotId.trim()).filter(Boolean))];
  return listed.map((lotId) => (
    <option key={lotId} value={lotId}>
      {lotId}
    </option>
  ));
}

/** A lot already chosen that is no longer offered (settled meanwhile) stays visible as chosen. */
function ChosenLotOption({ control, index, choices }: { control: SettlementControl; index: number; choices: MeltLot[] }) {
  const chosen = useWatch({ control, name: `lots.${index}.lotId` });
  if (!chosen || choices.some((lot) => lot.number === chosen)) return null;
  return <option value={chosen}>{chosen}</option>;
}

/** A row's title and its remove button; the row's group carries the same name for assistive technology. */
function RowHeading({ children, onRemove, removeLabel }: { children: string; onRemove?: () => void; removeLabel: string }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <p className="text-sm font-medium">{children}</p>
      {onRemove && (
        <Button type="button" variant="ghost" size="sm" aria-label={removeLabel} onClick={onRemove}>
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      )}
    </div>
  );
}

export function EnterSettlementForm() {
  const refiners = useRefiners();
  const lots = useMeltLotChoices();
  const enter = useEnterSettlement();
  const form = useZodForm(settlementFormSchema, { defaultValues: emptySettlementForm(today()) });
  const { errors } = form.formState;
  const lotRows = useFieldArray({ control: form.control, name: 'lots' });
  const metalRows = useFieldArray({ control: form.control, name: 'metals' });
  const chargeRows = useFieldArray({ control: form.control, name: 'charges' });
  const [entered, setEntered] = useState<SettlementView | null>(null);

  const activeRefiners = refiners.data?.refiners.filter((refiner) => !refiner.retired) ?? [];
  const lotChoices = lots.data?.lots.filter(settleable) ?? [];

  const onSubmit = form.handleSubmit((draft) => {
    setEntered(null);
    enter.mutate(draft, {
      onSuccess: (saved) => {
        const settled = saved.lots.map((lot) => lot.lotNumber).join(', ');
        toast.success('Settlement entered', { description: `${saved.reference}: ${settled} settled.` });
        setEntered(saved);
        form.reset(emptySettlementForm(today()));
      },
      onError: (err) => {
        if (!applyServerIssues(form, err)) form.setError(FORM_ERROR, { message: errorMessage(err, 'Please try again.') });
      },
    });
  });

  const message = (error: FieldError | undefined) => error?.message;

  return (
    <form noValidate aria-label="Enter a settlement" onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          label="Refiner"
          error={errors.refiner?.message}
          hint={refiners.isSuccess && activeRefiners.length === 0 ? 'Add a refiner first.' : undefined}
        >
          {(control) => (
            <NativeSelect {...control} {...form.register('refiner')}>
              <option value="">Choose the refiner</option>
              {activeRefiners.map((refiner) => (
                <option key={refiner.id} value={refiner.name}>
                  {refiner.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Statement reference" error={errors.reference?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('reference')} />}
        </Field>
        <Field label="Date" error={errors.date?.message}>
          {(control) => <Input {...control} type="date" {...form.register('date')} />}
        </Field>
      </div>

      <section aria-label="Lots" className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold">Lots covered</h3>
        {lots.isSuccess && lotChoices.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No lot is shipped or assayed yet; a lot is settled once it has gone to the refiner.
          </p>
        )}
        {lots.isError && <FieldMessage>{errorMessage(lots.error, 'The melt lots could not be loaded.')}</FieldMessage>}
        {lotRows.fields.map((row, index) => {
          return (
            <fieldset
              key={row.id}
              aria-label={`Lot ${index + 1}`}
              className="flex flex-col gap-2 rounded-md border border-border p-3"
            >
              <RowHeading
                removeLabel={`Remove lot ${index + 1}`}
                onRemove={lotRows.fields.length > 1 ? () => lotRows.remove(index) : undefined}
              >{`Lot ${index + 1}`}</RowHeading>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-[2fr_1fr_1fr]">
                <Field label="Lot number" className="col-span-2 sm:col-span-1" error={message(errors.lots?.[index]?.lotId)}>
                  {(control) => (
                    <NativeSelect {...control} {...form.register(`lots.${index}.lotId`)}>
                      <option value="">Choose a shipped or assayed lot</option>
                      <ChosenLotOption control={form.control} index={index} choices={lotChoices} />
                      {lotChoices.map((lot) => (
                        <option key={lot.id} value={lot.number}>
                          {lot.number} · {meltSortCategoryLabels[lot.category]} · {lot.state}
                          {lot.refinerName ? ` · ${lot.refinerName}` : ''}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                <Field label="Pre-melt (g)" error={message(errors.lots?.[index]?.preMeltGrams)}>
                  {(control) => (
                    <Input {...control} inputMode="decimal" autoComplete="off" {...form.register(`lots.${index}.preMeltGrams`)} />
                  )}
                </Field>
                <Field label="Post-melt (g)" error={message(errors.lots?.[index]?.postMeltGrams)}>
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="decimal"
                      autoComplete="off"
                      {...form.register(`lots.${index}.postMeltGrams`)}
                    />
                  )}
                </Field>
              </div>
            </fieldset>
          );
        })}
        <FieldMessage>{errors.lots?.root?.message}</FieldMessage>
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => lotRows.append(emptyLot())}>
          <Plus aria-hidden="true" /> Add a lot
        </Button>
      </section>

      <section aria-label="Metal paid" className="flex flex-col gap-3">
        <div>
          <h3 className="text-sm font-semibold">Metal paid</h3>
          <p className="text-xs text-muted-foreground">
            One line per metal for the pooled melt (the refiner blended the lots), or per lot and metal. The amount is fine ounces
            × price, as the statement writes it.
          </p>
        </div>
        {metalRows.fields.map((row, index) => {
          const rowErrors = errors.metals?.[index];
          return (
            <fieldset
              key={row.id}
              aria-label={`Metal line ${index + 1}`}
              className="flex flex-col gap-2 rounded-md border border-border p-3"
            >
              <RowHeading
                removeLabel={`Remove metal line ${index + 1}`}
                onRemove={metalRows.fields.length > 1 ? () => metalRows.remove(index) : undefined}
              >{`Metal line ${index + 1}`}</RowHeading>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
                <Field label="For" className="col-span-2 sm:col-span-1" error={message(rowErrors?.lotId)}>
                  {(control) => (
                    <NativeSelect {...control} {...form.register(`metals.${index}.lotId`)}>
                      <option value="">The pooled melt</option>
                      <ListedLotOptions control={form.control} />
                    </NativeSelect>
                  )}
                </Field>
                <Field label="Metal" error={message(rowErrors?.metal)}>
                  {(control) => (
                    <NativeSelect {...control} {...form.register(`metals.${index}.metal`)}>
                      {meltMetals.map((metal) => (
                        <option key={metal} value={metal}>
                          {meltMetalLabels[metal]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                <Field label="Assay (%)" error={message(rowErrors?.assayPercent)}>
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="decimal"
                      autoComplete="off"
                      {...form.register(`metals.${index}.assayPercent`)}
                    />
                  )}
                </Field>
                <Field label="Fine oz paid" error={message(rowErrors?.fineOz)}>
                  {(control) => (
                    <Input {...control} inputMode="decimal" autoComplete="off" {...form.register(`metals.${index}.fineOz`)} />
                  )}
                </Field>
                <Field label="Price per oz ($)" error={message(rowErrors?.pricePerOz)}>
                  {(control) => (
                    <Input {...control} inputMode="decimal" autoComplete="off" {...form.register(`metals.${index}.pricePerOz`)} />
                  )}
                </Field>
                <Field label="Amount ($)" error={message(rowErrors?.amount)}>
                  {(control) => (
                    <Input {...control} inputMode="decimal" autoComplete="off" {...form.register(`metals.${index}.amount`)} />
                  )}
                </Field>
              </div>
            </fieldset>
          );
        })}
        <FieldMessage>{errors.metals?.root?.message}</FieldMessage>
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => metalRows.append(emptyMetal())}>
          <Plus aria-hidden="true" /> Add a metal line
        </Button>
      </section>

      <section aria-label="Charges" className="flex flex-col gap-3">
        <div>
          <h3 className="text-sm font-semibold">Charges</h3>
          <p className="text-xs text-muted-foreground">Leave an amount blank for a charge the refiner did not make.</p>
        </div>
        {chargeRows.fields.map((row, index) => {
          const rowErrors = errors.charges?.[index];
          return (
            <fieldset
              key={row.id}
              aria-label={`Charge ${index + 1}`}
              className="flex flex-col gap-2 rounded-md border border-border p-3"
            >
              <RowHeading removeLabel={`Remove charge ${index + 1}`} onRemove={() => chargeRows.remove(index)}>
                {`Charge ${index + 1}`}
              </RowHeading>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                <Field label="Charge" error={message(rowErrors?.kind)}>
                  {(control) => (
                    <NativeSelect {...control} {...form.register(`charges.${index}.kind`)}>
                      {settlementChargeKinds.map((kind) => (
                        <option key={kind} value={kind}>
                          {settlementChargeLabels[kind]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                <Field label="Amount ($)" error={message(rowErrors?.amount)}>
                  {(control) => (
                    <Input {...control} inputMode="decimal" autoComplete="off" {...form.register(`charges.${index}.amount`)} />
                  )}
                </Field>
                <Field label="On" className="col-span-2 sm:col-span-1" error={message(rowErrors?.lotId)}>
                  {(control) => (
                    <NativeSelect {...control} {...form.register(`charges.${index}.lotId`)}>
                      <option value="">The whole settlement</option>
                      <ListedLotOptions control={form.control} />
                    </NativeSelect>
                  )}
                </Field>
              </div>
            </fieldset>
          );
        })}
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => chargeRows.append(emptyCharge())}>
          <Plus aria-hidden="true" /> Add a charge
        </Button>
      </section>

      <section aria-label="Wire" className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <Field label="Wire received ($)" error={errors.wire?.message}>
          {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('wire')} />}
        </Field>
        <NetAgainstWire control={form.control} />
      </section>

      <FormError message={errors.root?.server?.message} />
      {entered && (
        <p role="status" className="text-sm font-medium text-success">
          Settlement {entered.reference} entered: {entered.lots.map((lot) => lot.lotNumber).join(', ')} settled, wire{' '}
          {formatCents(entered.wireCents)}.
        </p>
      )}
      <Button type="submit" className="self-start" disabled={enter.isPending}>
        {enter.isPending ? 'Entering…' : 'Enter settlement'}
      </Button>
    </form>
  );
}
