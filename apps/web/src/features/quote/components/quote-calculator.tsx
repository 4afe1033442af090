import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { z } from 'zod';
import { Calculator, Info, Loader2 } from 'lucide-react';
import {
  carriesGuaranteeFloor,
  guaranteeTermsSentence,
  calculateQuote,
  calculatorOfferCents,
  formatCents,
  formatPercentRange,
  conditionBands,
  conditionLabels,
  conditions,
  findPricingRow,
  isGemItemType,
  itemTypeLabels,
  validateCalculatorWeight,
  weightUnits,
  type Condition,
  type ItemType,
  type PayoutRate,
  type QuotePricing,
  type QuoteResult,
  type WeightUnit,
} from '@assay/domain';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldMessage } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useBusiness } from '@/lib/business';
import { formatPrice, formatWholeDollarAmount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { MaterialOptions } from '@/components/material-options';

/** What the calculator needs from a pricing row; the page hands in the rows of GET /api/pricing. */
export type QuotePriceRow = QuotePricing & { readonly itemType: string };

export type QuotePricesState = 'loading' | 'error' | 'ready';

/** The published payout rates (GET /api/payout-rates); the page hands them in. */
export type QuotePayoutRate = Pick<PayoutRate, 'minPercent' | 'maxPercent'> & { readonly itemType: string };

const unitLabels: Record<WeightUnit, string> = {
  grams: 'Grams',
  oz: 'Troy oz',
  dwt: 'Pennyweight',
  carats: 'Carats',
};

const unitNames: Record<WeightUnit, string> = { grams: 'g', oz: 'oz', dwt: 'dwt', carats: 'ct' };

const TYPE_MISSING = 'Please choose a metal or gem.';

type Estimate = {
  quote: QuoteResult;
  itemType: ItemType;
  weight: string;
  unit: WeightUnit;
  condition: Condition;
  /** The unit price used, as people read it ('$76.12 per gram'). */
  priceUsed: string | null;
};

function isItemType(value: string): value is ItemType {
  return value in itemTypeLabels;
}

/** Nothing is estimated without a type and a weight the domain accepts in the chosen unit. */
const quoteFormSchema = z
  .object({ itemType: z.string(), weight: z.string(), unit: z.enum(weightUnits), condition: z.enum(conditions) })
  .transform((values, ctx) => {
    const { itemType, weight, unit } = values;
    if (!isItemType(itemType)) ctx.addIssue({ code: 'custom', path: ['itemType'], message: TYPE_MISSING });
    const problem = validateCalculatorWeight(weight, unit);
    if (problem) ctx.addIssue({ code: 'custom', path: ['weight'], message: problem });
    return isItemType(itemType) && !problem ? { ...values, itemType } : z.NEVER;
  });

/**
 * SPEC 2 "Quote calculator" with the rules of SPEC 5 and 9 (calculateQuote in @assay/domain):
 * nothing is computed without a type, a valid weight and a pricing row for that type.
 */
export function QuoteCalculator({
  rows,
  pricesState,
  payoutRates,
  trackRecordFor,
}: {
  rows: readonly QuotePriceRow[] | undefined;
  pricesState: QuotePricesState;
  /** When given, the estimate adds what Assay would offer (DECISIONS "The honest offer"). */
  payoutRates?: readonly QuotePayoutRate[] | undefined;
  /** When given, the estimate shows our track record for the item's categories (the page composes it). */
  trackRecordFor?: ((itemType: ItemType) => ReactNode) | undefined;
}) {
  const id = useId();
  const form = useZodForm(quoteFormSchema, { defaultValues: { itemType: '', weight: '', unit: 'grams', condition: 'good' } });
  const { errors } = form.formState;
  const [unitChosen, setUnitChosen] = useState(false);
  /** Why no estimate could be made for valid input (no prices): shown where the estimate goes. */
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const loading = pricesState === 'loading';
  const condition = form.watch('condition');

  const ids = {
    type: `${id}-type`,
    typeError: `${id}-type-error`,
    weight: `${id}-weight`,
    weightHint: `${id}-weight-hint`,
    weightError: `${id}-weight-error`,
    unit: `${id}-unit`,
  };

  const chooseType = (value: string) => {
    setUnavailable(null);
    // Gems are weighed in carats, metals in grams, until the person picks a unit themselves.
    if (isItemType(value) && !unitChosen) form.setValue('unit', isGemItemType(value) ? 'carats' : 'grams');
  };

  const onSubmit = form.handleSubmit(
    ({ itemType, weight, unit, condition }) => {
      const row = pricesState === 'ready' ? findPricingRow(rows, itemType) : null;
      const quote = row ? calculateQuote({ pricing: row, itemType, weight, unit, condition }) : null;
      if (!row || !quote) {
        setEstimate(null);
        setUnavailable(
          pricesState === 'error'
            ? 'Live prices could not be loaded, so we cannot calculate an estimate right now. Please try again in a moment.'
            : `We have no current price for ${itemTypeLabels[itemType]}, so we cannot estimate it online. Create a free account and our appraisers will quote it within 24 hours.`,
        );
        return;
      }
      const priceUsed =
        quote.pricedBy === 'carat'
          ? `${formatPrice(row.pricePerCarat?.toString())} per carat`
          : `${formatPrice(row.pricePerGram?.toString())} per gram`;
      setUnavailable(null);
      setEstimate({ quote, itemType, weight: weight.trim(), unit, condition, priceUsed });
    },
    () => {
      setUnavailable(null);
      setEstimate(null);
    },
  );

  return (
    <Card className="grid overflow-hidden lg:grid-cols-[1.1fr_1fr]">
      <form
        noValidate
        onSubmit={(event) => {
          if (loading) event.preventDefault();
          else void onSubmit(event);
        }}
        aria-label="Quote calculator"
        className="flex flex-col gap-5 p-5 sm:p-8"
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.type}>Item type</Label>
          <NativeSelect
            id={ids.type}
            {...form.register('itemType', { onChange: (e: ChangeEvent<HTMLSelectElement>) => chooseType(e.target.value) })}
            aria-invalid={errors.itemType ? true : undefined}
            aria-describedby={errors.itemType ? ids.typeError : undefined}
          >
            <option value="">Choose a metal or gem</option>
            <MaterialOptions />
          </NativeSelect>
          <FieldMessage id={ids.typeError}>{errors.itemType?.message}</FieldMessage>
        </div>

        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] gap-3">
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.weight}>Weight</Label>
            <Input
              id={ids.weight}
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 12.5"
              {...form.register('weight', { onChange: () => setUnavailable(null) })}
              aria-invalid={errors.weight ? true : undefined}
              aria-describedby={errors.weight ? `${ids.weightError} ${ids.weightHint}` : ids.weightHint}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.unit}>Unit</Label>
            <NativeSelect
              id={ids.unit}
              {...form.register('unit', {
                onChange: () => {
                  setUnitChosen(true);
                  form.clearErrors('weight');
                },
              })}
            >
              {weightUnits.map((u) => (
                <option key={u} value={u}>
                  {unitLabels[u]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <FieldMessage id={ids.weightError} data-testid="weight-error" className="col-span-2">
            {errors.weight?.message}
          </FieldMessage>
          <p id={ids.weightHint} className="col-span-2 text-xs text-muted-foreground">
            1 troy oz = 31.1035 g · 1 pennyweight (dwt) = 1.55517 g · 1 carat = 0.2 g
          </p>
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Condition</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2">
            {conditions.map((c) => (
              <label
                key={c}
                className={cn(
                  'flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2.5 text-sm transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  condition === c ? 'border-navy-700 bg-navy-50' : 'border-input bg-card hover:bg-muted',
                )}
              >
                <input
                  type="radio"
                  value={c}
                  {...form.register('condition')}
                  className="mt-0.5 size-4 shrink-0 accent-navy-800 focus-visible:outline-none"
                />
                <span className="flex flex-col">
                  <span className="font-semibold text-foreground">{conditionLabels[c]}</span>
                  <span className="whitespace-nowrap text-xs tabular-nums text-muted-foreground">{conditionBands[c].label}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <Button type="submit" size="lg" disabled={loading} className="w-full sm:w-auto sm:self-start">
          {loading ? (
            <>
              <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              Loading prices...
            </>
          ) : (
            <>
              <Calculator aria-hidden="true" />
              Calculate
            </>
          )}
        </Button>
      </form>

      <div
        aria-live="polite"
        className="flex flex-col justify-center bg-navy-900 p-5 text-white sm:p-8"
        data-testid="quote-result-panel"
      >
        {unavailable ? (
          <Alert variant="warning" data-testid="quote-unavailable">
            <Info aria-hidden="true" />
            <span>{unavailable}</span>
          </Alert>
        ) : estimate ? (
          <EstimateView
            estimate={estimate}
            rate={payoutRates?.find((r) => r.itemType === estimate.itemType) ?? null}
            trackRecord={trackRecordFor?.(estimate.itemType)}
          />
        ) : (
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <span aria-hidden="true" className="rounded-full bg-white/10 p-3 text-gold-300">
              <Calculator className="size-6" />
            </span>
            <p className="text-lg font-semibold">Your estimate appears here</p>
            <p className="max-w-xs text-sm text-navy-100">
              Choose a metal or gem, enter its weight and condition, then press Calculate.
            </p>
          </div>
        )}
      </div>
    </Card>
  );
}

function EstimateView({
  estimate,
  rate,
  trackRecord,
}: {
  estimate: Estimate;
  rate: QuotePayoutRate | null;
  trackRecord: ReactNode;
}) {
  const { quote } = estimate;
  const offer = rate ? calculatorOfferCents(BigInt(quote.base) * 100n, rate) : null;
  // Decision 036: a named metal's quote carries the floor; its terms are the business's, in the domain's words.
  const guarantee = useBusiness().data?.guarantee;
  return (
    <div data-testid="quote-result" className="flex flex-col gap-5">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wider text-gold-300">Estimated value</p>
        <p className="mt-2 flex flex-wrap items-baseline gap-x-2 text-3xl font-bold tabular-nums sm:text-4xl">
          <span data-testid="quote-min">{formatWholeDollarAmount(quote.min)}</span>
          <span aria-hidden="true" className="text-navy-200">
            –
          </span>
          <span className="sr-only">to</span>
          <span data-testid="quote-max">{formatWholeDollarAmount(quote.max)}</span>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-4 border-t border-white/15 pt-4 text-sm">
        <div>
          <dt className="text-navy-200">Base value</dt>
          <dd data-testid="quote-base" className="mt-1 text-lg font-semibold tabular-nums">
            {formatWholeDollarAmount(quote.base)}
          </dd>
        </div>
        <div>
          <dt className="text-navy-200">{conditionLabels[estimate.condition]} condition</dt>
          <dd data-testid="quote-band" className="mt-1 text-lg font-semibold tabular-nums">
            {quote.band}
          </dd>
        </div>
      </dl>
      {offer && rate && (
        <div className="rounded-lg border border-gold-300/40 bg-gold-400/10 px-4 py-3" data-testid="quote-offer">
          <p className="text-base font-semibold text-gold-100 sm:text-lg">
            Our offer for this:{' '}
            <span className="whitespace-nowrap tabular-nums text-white" data-testid="quote-offer-range">
              {formatCents(offer.minCents, { wholeDollars: true })}-{formatCents(offer.maxCents, { wholeDollars: true })}
            </span>
          </p>
          <p className="text-sm text-navy-100" data-testid="quote-offer-rate">
            (we pay {formatPercentRange(rate)} of {isGemItemType(estimate.itemType) ? 'the per-carat reference' : 'metal value'})
          </p>
        </div>
      )}
      {trackRecord}
      <p className="text-sm text-navy-100">
        {estimate.weight} {unitNames[estimate.unit]} of {itemTypeLabels[estimate.itemType]}
        {estimate.priceUsed && <> at {estimate.priceUsed}</>}.
      </p>
      <p className="text-xs text-navy-200">
        An estimate from live market prices, not an offer. Your final offer follows an expert appraisal of purity, weight and
        condition.
      </p>
      {guarantee && carriesGuaranteeFloor(estimate.itemType) && (
        <p className="text-xs text-navy-100" data-testid="quote-floor-terms">
          {guaranteeTermsSentence(guarantee)}
        </p>
      )}
    </div>
  );
}
