import { useId, type ReactNode } from 'react';
import { AlertCircle, AlertTriangle, FlaskConical, Gem, Radio, Tags } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  ADMIN_PRICE_SOURCE,
  findPricingRow,
  gemItemTypes,
  gemPricePerCaratSchema,
  isDemoPriceSource,
  itemTypeLabels,
  type GemItemType,
} from '@assay/domain';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { plainDollarAmount } from '@/lib/dollar-input';
import { applyServerIssues } from '@/lib/forms/server-issues';
import { textInput } from '@/lib/forms/form-schemas';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { formatDateTime, formatDuration, formatPrice, formatUpdatedAt } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { usePricing, type LivePricingRow } from '../api/get-pricing';
import { usePricingStatus, type PricingStatus } from '../api/pricing-status';
import { useUpdateGemPrice } from '../api/update-gem-price';

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '3m ago', '2h 5m ago'; 'just now' under a minute. */
function ago(date: Date, now: number): string {
  const ms = now - date.getTime();
  return ms < 60_000 ? 'just now' : `${formatDuration(ms)} ago`;
}

/** A time as people say it ('3m ago') with the exact time beside it, both in one <time>. */
function RelativeTime({ value, now }: { value: Date; now: number }) {
  return (
    <time dateTime={value.toISOString()} className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className="font-medium text-navy-900">{ago(value, now)}</span>
      <span className="text-muted-foreground">{formatDateTime(value)}</span>
    </time>
  );
}

/** The feed in words; the demo's simulated feed says plainly that its prices are not real. */
function FeedName({ status }: { status: PricingStatus }) {
  if (status.provider === 'simulated' || isDemoPriceSource(status.source)) {
    return (
      <div className="flex flex-col items-start gap-1.5">
        <Badge tone="progress" className="text-sm">
          <FlaskConical aria-hidden="true" className="size-3.5" />
          Simulated feed (demo prices)
        </Badge>
        <p className="text-muted-foreground">Metal prices are simulated for this demo. They are not real market prices.</p>
      </div>
    );
  }
  return <p className="font-medium text-navy-900">Live metal prices from {status.source || status.provider}</p>;
}

function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:gap-4" data-testid={testId}>
      <dt className="shrink-0 font-semibold text-muted-foreground sm:w-28">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function FeedStatus({ status, now }: { status: PricingStatus; now: number }) {
  const updatedAt = toDate(status.pricesUpdatedAt);
  const lastSuccess = toDate(status.lastSuccessAt);
  const lastError = status.lastError ? { message: status.lastError.message, at: toDate(status.lastError.at) } : null;
  // The error still stands when no refresh has worked since.
  const failing = lastError !== null && (lastSuccess === null || (lastError.at !== null && lastError.at > lastSuccess));

  return (
    <div className="flex flex-col gap-4">
      <dl className="flex flex-col gap-3 text-sm">
        <Fact term="Feed" testId="pricing-feed">
          <FeedName status={status} />
        </Fact>
        <Fact term="Last updated" testId="pricing-feed-updated">
          {updatedAt ? (
            <RelativeTime value={updatedAt} now={now} />
          ) : (
            <span className="text-muted-foreground">No metal prices yet</span>
          )}
        </Fact>
        <Fact term="Refreshes">Every {status.refreshSeconds} seconds, automatically</Fact>
      </dl>
      {status.stale && (
        <Alert variant="warning" data-testid="pricing-feed-stale">
          <AlertTriangle aria-hidden="true" />
          <span>
            {updatedAt
              ? `Metal prices are out of date: the last good prices are from ${ago(updatedAt, now)}. Visitors see them marked as stale.`
              : 'No metal prices have been received from the feed yet: nothing can be quoted for metals.'}{' '}
            Try &lsquo;Refresh Pricing&rsquo;.
          </span>
        </Alert>
      )}
      {lastError &&
        (failing ? (
          <Alert variant="error" role="status" data-testid="pricing-feed-error">
            <AlertCircle aria-hidden="true" />
            <span className="min-w-0 break-words">
              <span className="font-semibold">The last refresh failed</span>
              {lastError.at && <> ({formatUpdatedAt(lastError.at, new Date(now))})</>}: {lastError.message}
            </span>
          </Alert>
        ) : (
          <p className="break-words text-xs text-muted-foreground" data-testid="pricing-feed-error">
            Last error{lastError.at && <> {formatDateTime(lastError.at)}</>}, since recovered: {lastError.message}
          </p>
        ))}
    </div>
  );
}

/** A new price per carat as typed ('$1,500'), read by the domain's gemPricePerCaratSchema. */
const gemPriceFormSchema = z.object({ pricePerCarat: textInput(gemPricePerCaratSchema, plainDollarAmount) });

function gemSourceText(row: LivePricingRow | null, now: number): string | null {
  if (!row) return null;
  const at = toDate(row.updatedAt);
  const who = row.source === ADMIN_PRICE_SOURCE ? 'Set by an appraiser' : 'Starting reference price';
  return at ? `${who} · ${formatUpdatedAt(at, new Date(now))}` : who;
}

/** One gem: its price per carat now, and a field to set a new one. */
function GemPriceItem({ itemType, row, now }: { itemType: GemItemType; row: LivePricingRow | null; now: number }) {
  const label = itemTypeLabels[itemType];
  const current = formatPrice(row?.pricePerCarat);
  const update = useUpdateGemPrice();
  const form = useZodForm(gemPriceFormSchema, { defaultValues: { pricePerCarat: '' } });

  const onSubmit = form.handleSubmit(({ pricePerCarat }) =>
    update.mutate(
      { itemType, pricePerCarat },
      {
        onSuccess: (saved) => {
          form.reset();
          const price = formatPrice(saved.pricePerCarat) ?? formatPrice(pricePerCarat);
          toast.success(`${label} price updated`, { description: `Now ${price} per carat.` });
        },
        onError: (err) => {
          applyServerIssues(form, err);
          toast.error(`Failed to update the ${label} price`, { description: errorMessage(err, 'Please try again.') });
        },
      },
    ),
  );

  return (
    <li
      data-testid="gem-price"
      data-item-type={itemType}
      className="flex flex-col gap-3 border-t border-border py-4 first:border-t-0 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6"
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-navy-900">{label}</span>
          <span className="text-lg font-semibold tabular-nums" data-testid="gem-price-current">
            {current ?? (
              <>
                <span aria-hidden="true" className="text-muted-foreground">
                  —
                </span>
                <span className="sr-only">no price set</span>
              </>
            )}
          </span>
          <span className="text-xs text-muted-foreground">per carat</span>
        </div>
        {row && <p className="text-xs text-muted-foreground">{gemSourceText(row, now)}</p>}
      </div>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label={`${label} price per carat`}
        className="w-full sm:w-auto"
      >
        <Field
          label={`New ${label} price per carat, in US dollars`}
          labelClassName="sr-only"
          error={form.formState.errors.pricePerCarat?.message}
          errorClassName="sm:max-w-[13.5rem]"
          className="gap-1.5"
        >
          {(control) => (
            <div className="flex gap-2">
              <div className="relative min-w-0 flex-1 sm:w-36 sm:flex-none">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
                >
                  $
                </span>
                <Input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={row?.pricePerCarat ?? '0.00'}
                  className="pl-7 tabular-nums"
                  disabled={update.isPending}
                  {...form.register('pricePerCarat')}
                />
              </div>
              <Button type="submit" className="h-11" disabled={update.isPending} aria-label={`Save ${label} price`}>
                {update.isPending ? 'Saving…' : 'Save'}
              </Button>
            </div>
          )}
        </Field>
      </form>
    </li>
  );
}

function SectionTitle({ id, icon, children }: { id: string; icon: ReactNode; children: ReactNode }) {
  return (
    <h4
      id={id}
      className="mb-3 flex items-center gap-2 text-base font-semibold text-navy-900 [&_svg]:size-4 [&_svg]:text-navy-700"
    >
      <span aria-hidden="true">{icon}</span>
      {children}
    </h4>
  );
}

/**
 * The appraisers' side of prices (DECISIONS "Prices"): how the metal feed is doing (which feed,
 * when it last answered, whether visitors see stale prices, its last error) and the four gems'
 * per-carat reference prices, each editable in place.
 */
export function PricingAdminPanel({ className }: { className?: string }) {
  const status = usePricingStatus();
  const pricing = usePricing();
  const now = useNow(30_000);
  const titleId = useId();
  const feedId = useId();
  const gemsId = useId();

  let feed;
  if (status.isPending) {
    feed = <Spinner label="Loading the feed status..." className="py-8" />;
  } else if (status.isError) {
    feed = (
      <LoadError
        message={`Could not load the feed status. ${errorMessage(status.error, '')}`}
        onRetry={() => void status.refetch()}
      />
    );
  } else {
    feed = <FeedStatus status={status.data} now={now} />;
  }

  let gems;
  if (pricing.isPending) {
    gems = <Spinner label="Loading gem prices..." className="py-8" />;
  } else if (pricing.isError) {
    gems = (
      <LoadError
        message={`Could not load the gem prices. ${errorMessage(pricing.error, '')}`}
        onRetry={() => void pricing.refetch()}
      />
    );
  } else {
    gems = (
      <ul aria-labelledby={gemsId} className="flex flex-col">
        {gemItemTypes.map((itemType) => (
          <GemPriceItem key={itemType} itemType={itemType} row={findPricingRow(pricing.data, itemType)} now={now} />
        ))}
      </ul>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId} className={cn('min-w-0', className)}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 [&_svg]:size-5 [&_svg]:text-navy-700">
          <span aria-hidden="true">
            <Tags />
          </span>
          Prices
        </CardTitle>
        <CardDescription>The metal price feed, and the gem prices per carat that quotes use.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 lg:grid-cols-2 lg:gap-10">
        <section aria-labelledby={feedId} className="min-w-0">
          <SectionTitle id={feedId} icon={<Radio />}>
            Metal price feed
          </SectionTitle>
          {feed}
        </section>
        <section
          aria-labelledby={gemsId}
          className="min-w-0 border-t border-border pt-6 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-10"
        >
          <SectionTitle id={gemsId} icon={<Gem />}>
            Gem prices per carat
          </SectionTitle>
          {gems}
        </section>
      </CardContent>
    </Card>
  );
}
