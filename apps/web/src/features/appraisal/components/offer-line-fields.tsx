import { useWatch } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import {
  formatPercentRange,
  formatReferencePrice,
  itemTypeLabels,
  itemTypes,
  offerLineNeedsReason,
  testMethodLabels,
  testMethods,
  weightUnits,
  type ItemType,
  type LivePriceRow,
  type PayoutRate,
} from '@assay/domain';
import { clearFieldError, type ZodForm } from '@/lib/forms/use-zod-form';
import { formatDateTime, formatDollars } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { itemOptionLabel } from '@/lib/offer-items';
import {
  type LineItemOption,
  type offerLinesFormSchema,
  parsedLine,
  proposalOf,
  withMaterial,
  type OfferLineValues,
} from '../lib/offer-line-values';

export type OfferLinesForm = ZodForm<ReturnType<typeof offerLinesFormSchema>>;

/** Where the line's price came from and when, so the appraiser (and later the seller) can check it. */
function PriceBasis({ line }: { line: OfferLineValues }) {
  if (!line.referencePrice) return null;
  const per = line.referenceUnit === 'carat' ? 'per carat' : 'per gram of fine metal';
  return (
    <>
      {formatReferencePrice(line.referencePrice)} {per} · {line.priceSource} ·{' '}
      <time dateTime={line.pricedAt}>{formatDateTime(line.pricedAt)}</time>
    </>
  );
}

/**
 * One line of an itemised offer: what it is, what it weighs and how pure it is, and the amount the
 * live price and the published rate propose for it. The amount follows the proposal until the
 * appraiser types one; leaving the proposal or the band asks for a reason (the domain says when).
 */
export function OfferLineFields({
  form,
  index,
  idPrefix,
  rows,
  rates,
  onRemove,
  locked,
  items = [],
}: {
  form: OfferLinesForm;
  index: number;
  idPrefix: string;
  rows: readonly LivePriceRow[];
  rates: readonly PayoutRate[];
  /** Absent on the only line: an offer has at least one. */
  onRemove?: () => void;
  /** While the offer is being confirmed or sent. */
  locked: boolean;
  /** The parcel's items when it has several: the line says which one it prices. */
  items?: readonly LineItemOption[];
}) {
  const name = `lines.${index}` as const;
  const line = useWatch({ control: form.control, name }) as OfferLineValues;
  const errors = form.formState.errors.lines?.[index];
  const proposal = proposalOf(line, rates);
  const parsed = parsedLine(line, rates);
  const needsReason = (parsed !== null && offerLineNeedsReason(parsed, rates)) || line.reason !== '' || !!errors?.reason;
  const id = (field: string) => `${idPrefix}-line-${index}-${field}`;
  const set = <K extends keyof OfferLineValues>(field: K, value: OfferLineValues[K]) =>
    form.setValue(`${name}.${field}`, value as never, { shouldDirty: true });

  const chooseMaterial = (value: string) => {
    const next = value ? withMaterial(line, value as ItemType, rows, rates) : { ...line, material: '' as const };
    for (const [field, fieldValue] of Object.entries(next)) set(field as keyof OfferLineValues, fieldValue as never);
    for (const field of ['material', 'purityPercent', 'percentPaid', 'amount', 'reason'] as const) {
      clearFieldError(form, `${name}.${field}`);
    }
  };
  const amountShown = line.amountEdited ? line.amount : (proposal?.proposedAmount ?? '');

  return (
    <fieldset className="relative flex min-w-0 flex-col gap-3 rounded-md border border-border p-3" disabled={locked}>
      <legend className="float-left mb-0 h-9 text-sm font-semibold leading-9 text-navy-900">Line {index + 1}</legend>
      {onRemove && (
        <Button
          size="sm"
          variant="ghost"
          className="absolute right-2 top-2"
          onClick={onRemove}
          aria-label={`Remove line ${index + 1}`}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.length > 1 && (
          <Field id={id('item')} label="Item" error={errors?.item?.message} className="col-span-2">
            {(control) => (
              <NativeSelect
                {...control}
                value={line.item ?? ''}
                onChange={(event) => {
                  set('item', Number(event.target.value));
                  clearFieldError(form, `${name}.item`);
                }}
              >
                {items.map((item) => (
                  <option key={item.position} value={item.position}>
                    {itemOptionLabel(item.position, item.description)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        )}
        <TextField
          id={id('description')}
          label="Description"
          autoComplete="off"
          placeholder="e.g. 14k rope chain"
          className="col-span-2"
          error={errors?.description?.message}
          {...form.register(`${name}.description`)}
        />
        <Field id={id('material')} label="Material" error={errors?.material?.message} className="col-span-2 sm:col-span-1">
          {(control) => (
            <NativeSelect {...control} value={line.material} onChange={(event) => chooseMaterial(event.target.value)}>
              <option value="">Choose…</option>
              {itemTypes.map((type) => (
                <option key={type} value={type}>
                  {itemTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id={id('testMethod')} label="Tested by" error={errors?.testMethod?.message} className="col-span-2 sm:col-span-1">
          {(control) => (
            <NativeSelect {...control} {...form.register(`${name}.testMethod`)}>
              <option value="">Choose…</option>
              {testMethods.map((method) => (
                <option key={method} value={method}>
                  {testMethodLabels[method]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <TextField
          id={id('weight')}
          label="Weight"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          error={errors?.weight?.message}
          {...form.register(`${name}.weight`)}
        />
        <Field id={id('weightUnit')} label="Unit" error={errors?.weightUnit?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register(`${name}.weightUnit`)}>
              {weightUnits.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <TextField
          id={id('purity')}
          label="Purity (%)"
          inputMode="decimal"
          autoComplete="off"
          hint={line.material ? `${itemTypeLabels[line.material]} is usually this.` : 'Set by the material.'}
          error={errors?.purityPercent?.message}
          {...form.register(`${name}.purityPercent`)}
        />
        <TextField
          id={id('percentPaid')}
          label="% paid"
          inputMode="decimal"
          autoComplete="off"
          hint={proposal?.band ? `Published ${formatPercentRange(proposal.band)}.` : 'Set by the material.'}
          error={errors?.percentPaid?.message}
          {...form.register(`${name}.percentPaid`)}
        />
      </div>
      <div className="grid gap-3 rounded-md bg-muted/60 p-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 text-sm" aria-live="polite">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Proposal</p>
          {proposal ? (
            <>
              <p className="font-semibold tabular-nums text-foreground" id={id('proposal')}>
                {proposal.proposedAmount ? formatDollars(proposal.proposedAmount) : 'Enter the weight, purity and % paid'}
              </p>
              <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                <PriceBasis line={line} />
              </p>
            </>
          ) : (
            <p className="text-muted-foreground">Choose the material to see the live price.</p>
          )}
        </div>
        <Field
          id={id('amount')}
          label="Amount ($)"
          error={errors?.amount?.message}
          describedBy={proposal ? id('proposal') : undefined}
          labelAside={
            line.amountEdited && proposal?.proposedAmount ? (
              <Button size="sm" variant="link" className="h-auto p-0" onClick={() => set('amountEdited', false)}>
                Use proposal
              </Button>
            ) : undefined
          }
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={amountShown}
              onChange={(event) => {
                set('amount', event.target.value);
                set('amountEdited', true);
                clearFieldError(form, `${name}.amount`);
              }}
            />
          )}
        </Field>
      </div>
      {needsReason && (
        <Field
          id={id('reason')}
          label="Reason"
          hint="Why this line leaves the proposal or the published rate. The client sees it."
          error={errors?.reason?.message}
        >
          {(control) => <Textarea {...control} rows={3} className="min-h-20" {...form.register(`${name}.reason`)} />}
        </Field>
      )}
    </fieldset>
  );
}
