import { useEffect } from 'react';
import { Link } from 'wouter';
import { BadgeCheck, Banknote, CheckCircle2, Gavel, Search, Truck } from 'lucide-react';
import { toast } from 'sonner';
import {
  BUYERS_PREMIUM_BASIS_POINTS,
  CONSIGNMENT_EXAMPLE_DIRECT_CENTS,
  CONSIGNMENT_EXAMPLE_MAX_CENTS,
  CONSIGNMENT_EXAMPLE_MIN_CENTS,
  CONSIGNMENT_PAYOUT_HOURS_AFTER_SALE,
  consignmentEstimate,
  consignmentTiers,
  dollarsToCents,
  formatCents,
  LISTING_FEE_CENTS,
  PAYMENT_WITHIN_HOURS,
} from '@assay/domain';
import { errorMessage } from '@/lib/api-client';
import { clientPaths } from '@/lib/client-paths';
import { formatDateTime } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useRequestConsignment } from '../api/request-consignment';

const whole = (cents: number) => formatCents(cents, { wholeDollars: true });
const percent = (basisPoints: number) => `${basisPoints / 100}%`;

const steps = [
  { icon: Truck, title: 'Submit your item', text: 'Send it to us with free, insured shipping.' },
  { icon: Search, title: 'Expert review', text: 'Our appraisers authenticate, grade and photograph it.' },
  { icon: Gavel, title: 'Market listing', text: 'We list it to our network of collectors and buyers.' },
  { icon: Banknote, title: 'Get paid', text: `Your payout arrives within ${CONSIGNMENT_PAYOUT_HOURS_AFTER_SALE}h of the sale.` },
];

/** What this seller's own item might do on consignment, beside our direct offer for it. */
function OwnItemEstimate({ offerCents }: { offerCents: number }) {
  const { low, high } = consignmentEstimate(offerCents);
  const money = (cents: number) => formatCents(cents);
  const rows: { label: string; low: string; high: string; strong?: boolean }[] = [
    { label: 'If it sells for', low: money(low.saleCents), high: money(high.saleCents) },
    {
      label: 'Commission (its tier)',
      low: `${percent(low.tier.commissionBasisPoints)}: ${money(low.commissionCents)}`,
      high: `${percent(high.tier.commissionBasisPoints)}: ${money(high.commissionCents)}`,
    },
    { label: 'Listing prep fee', low: money(low.listingFeeCents), high: money(high.listingFeeCents) },
    { label: 'You would receive', low: money(low.sellerPayoutCents), high: money(high.sellerPayoutCents), strong: true },
    {
      label: `The buyer also pays (${percent(BUYERS_PREMIUM_BASIS_POINTS)} premium)`,
      low: money(low.buyersPremiumCents),
      high: money(high.buyersPremiumCents),
    },
  ];
  return (
    <Card role="region" aria-labelledby="consignment-own-item" className="p-5">
      <h2 id="consignment-own-item" className="text-lg font-semibold">
        Your item on consignment: an estimate
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Our direct offer for it is <strong className="text-navy-900 tabular-nums">{money(offerCents)}</strong>, paid within{' '}
        {PAYMENT_WITHIN_HOURS} hours of accepting.
      </p>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">Estimated consignment outcome for your item, at a lower and a higher sale price</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs uppercase tracking-wide text-muted-foreground">
            <th scope="col" className="pb-2 font-medium">
              <span className="sr-only">Figure</span>
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Lower sale
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Higher sale
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.label} className={row.strong ? 'font-semibold text-navy-900' : undefined}>
              <th scope="row" className="py-2 pr-2 text-left font-medium">
                {row.label}
              </th>
              <td className="py-2 text-right tabular-nums">{row.low}</td>
              <td className="py-2 text-right tabular-nums">{row.high}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-muted-foreground">
        An estimate, not a promise: the sale prices are our direct offer times the same multiples as the example below (1.2 to
        about 1.47). The real price is whatever a buyer pays, and may be lower.
      </p>
    </Card>
  );
}

/**
 * SPEC 2 "Consignment view": selling through us for possibly more, versus our direct offer.
 * Every figure comes from @assay/domain's consignment rules; with an offer on the table, the page
 * starts with what consignment might mean for this item.
 */
export function ConsignmentView({
  submissionId,
  status,
  consignmentRequestedAt,
  finalOffer = null,
}: {
  submissionId: string;
  status: string;
  consignmentRequestedAt: string | null;
  /** Our direct offer for the item (decimal dollars), when there is one. */
  finalOffer?: string | null;
}) {
  const offerCents = finalOffer === null ? null : dollarsToCents(finalOffer);
  const request = useRequestConsignment();
  const requestedAt = consignmentRequestedAt ?? request.data?.consignmentRequestedAt ?? null;
  const canChoose = status === 'offered';

  useEffect(() => {
    document.title = 'Consignment — Assay';
  }, []);

  const choose = () =>
    request.mutate(submissionId, {
      onSuccess: () =>
        toast.success('Consignment requested', {
          description: "We've let our appraisers know. They will contact you about the listing.",
        }),
      onError: (err) => toast.error('Could not request a consignment sale', { description: errorMessage(err) }),
    });

  return (
    <div className="flex flex-col gap-6">
      {offerCents !== null && offerCents > 0 && <OwnItemEstimate offerCents={offerCents} />}
      <section aria-labelledby="consignment-compare" className="grid gap-4 sm:grid-cols-2">
        <h2 id="consignment-compare" className="sr-only">
          Direct purchase or consignment
        </h2>
        <Card className="p-5">
          <p className="text-sm font-medium text-muted-foreground">Direct purchase payout (example)</p>
          <p className="mt-2 text-3xl font-bold tabular-nums text-navy-900">{whole(CONSIGNMENT_EXAMPLE_DIRECT_CENTS)}</p>
          <p className="mt-1 text-sm text-muted-foreground">{`Paid within ${PAYMENT_WITHIN_HOURS} hours of accepting; no waiting for a buyer.`}</p>
        </Card>
        <Card className="border-gold-300 bg-gold-50/60 p-5">
          <p className="text-sm font-medium text-gold-900">Consignment sale (example)</p>
          <p className="mt-2 text-3xl font-bold tabular-nums text-navy-900">
            {whole(CONSIGNMENT_EXAMPLE_MIN_CENTS)} - {whole(CONSIGNMENT_EXAMPLE_MAX_CENTS)}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            Can be more for collectible and designer pieces; paid once a buyer is found.
          </p>
        </Card>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card role="region" aria-labelledby="consignment-fees">
          <CardHeader className="pb-3">
            <h2 id="consignment-fees" className="text-lg font-semibold">
              Commission and fees
            </h2>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <table className="w-full text-sm">
              <caption className="sr-only">Tiered commission by sale amount</caption>
              <thead>
                <tr className="border-b border-border text-left text-xs uppercase tracking-wide text-muted-foreground">
                  <th scope="col" className="pb-2 font-medium">
                    Sale amount
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Commission
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    You keep<span aria-hidden="true">*</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {consignmentTiers.map((tier) => (
                  <tr key={tier.label}>
                    <th scope="row" className="py-2 text-left font-medium">
                      {tier.label}
                    </th>
                    <td className="py-2 text-right tabular-nums">{percent(tier.commissionBasisPoints)}</td>
                    <td className="py-2 text-right tabular-nums">{percent(10_000 - tier.commissionBasisPoints)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-xs text-muted-foreground">
              <span aria-hidden="true">* </span>"You keep" is the share of the sale price, before the listing prep fee. The whole
              sale is charged at the rate of its tier.
            </p>
            <dl className="flex flex-col gap-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Buyer's premium (paid by the buyer)</dt>
                <dd className="font-semibold">{percent(BUYERS_PREMIUM_BASIS_POINTS)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Listing prep fee</dt>
                <dd className="font-semibold">{formatCents(LISTING_FEE_CENTS, { wholeDollars: true })} per item</dd>
              </div>
            </dl>
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="consignment-steps">
          <CardHeader className="pb-3">
            <h2 id="consignment-steps" className="text-lg font-semibold">
              How consignment works
            </h2>
          </CardHeader>
          <CardContent>
            <ol className="flex flex-col gap-4">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-700"
                  >
                    <step.icon className="size-4" />
                  </span>
                  <div>
                    <p className="font-semibold">
                      {index + 1}. {step.title}
                    </p>
                    <p className="text-sm text-muted-foreground">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>

      {requestedAt ? (
        <Alert variant="success">
          <CheckCircle2 aria-hidden="true" />
          <span>
            You chose a consignment sale on {formatDateTime(requestedAt)}. We've let our appraisers know; they will contact you
            about listing your item.
          </span>
        </Alert>
      ) : !canChoose ? (
        <Alert variant="info">
          <BadgeCheck aria-hidden="true" />
          <span>A consignment sale can be chosen once we have sent you a final offer.</span>
        </Alert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        {canChoose && !requestedAt && (
          <Button
            variant="accent"
            size="lg"
            onClick={choose}
            disabled={request.isPending}
            aria-busy={request.isPending || undefined}
          >
            {request.isPending ? 'Sending...' : 'Choose Consignment Sale'}
          </Button>
        )}
        {canChoose && (
          <Button asChild variant="outline" size="lg">
            <Link href={clientPaths.payout(submissionId)}>Accept the direct offer instead</Link>
          </Button>
        )}
        <Button asChild variant="ghost" size="lg">
          <Link href={clientPaths.dashboard}>Back to dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
