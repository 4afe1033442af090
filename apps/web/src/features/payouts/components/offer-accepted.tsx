import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { PartyPopper } from 'lucide-react';
import {
  dollarsToCents,
  isPayoutRail,
  payoutMethodInfo,
  payoutMethods,
  payoutTiming,
  railPromise,
  type PayoutMethod,
  type Transaction,
} from '@assay/domain';
import { clientPaths } from '@/lib/client-paths';
import { formatDateTime, formatDollars } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

const isPayoutMethod = (value: string): value is PayoutMethod => (payoutMethods as readonly string[]).includes(value);

/** Where the money goes, from the details the server lets us show (never full bank numbers). */
function destinationText(method: PayoutMethod, details: Record<string, string>): string {
  if (method === 'ach') {
    const last4 = details.accountLast4 ? ` ending ${details.accountLast4}` : '';
    return details.accountName ? `to ${details.accountName}'s account${last4}` : `to your bank account${last4}`;
  }
  if (method === 'paypal') return details.email ? `to ${details.email}` : 'to your PayPal account';
  return 'mailed to the shipping address on your profile';
}

/**
 * When the money arrives: before it is sent, what its rail promises (railPromise: a person, an ACH
 * file, PayPal Payouts or the check register); once sent, the method's own time counts from then.
 */
function timingText(method: PayoutMethod, rail: string, sentAt: string | null): string {
  const known = isPayoutRail(rail) ? rail : null;
  if (!sentAt) return known ? railPromise(known, method) : 'We send it within 24 hours.';
  const sent = `We sent it on ${formatDateTime(sentAt)}`;
  if (method === 'paypal') return `${sent}; it then shows in your PayPal account at once.`;
  if (method === 'ach') return `${sent}; it then reaches your bank in ${payoutTiming(method, known)}.`;
  return `${sent}; the check then takes ${payoutTiming(method, known)} by mail.`;
}

/** A figure sits right of its name; a sentence ('Paid by', 'When') goes under it, to be read as one. */
function Row({ term, children, kind = 'figure' }: { term: string; children: ReactNode; kind?: 'figure' | 'total' | 'sentence' }) {
  return (
    <div
      className={cn(
        kind === 'sentence' ? 'flex flex-col gap-0.5' : 'flex justify-between gap-3',
        kind === 'total' && 'border-t border-border pt-2 font-semibold',
      )}
    >
      <dt className={kind === 'total' ? undefined : 'text-muted-foreground'}>{term}</dt>
      <dd className={cn('[overflow-wrap:anywhere]', kind !== 'sentence' && 'text-right tabular-nums')}>{children}</dd>
    </div>
  );
}

/**
 * SPEC's 'Offer Accepted!', shown only once 'Confirm & Process Payout' has succeeded (or on a
 * later visit to a paid offer): what was accepted, how it is paid and when. Right after the
 * confirmation the heading takes the focus, so a screen reader reads the outcome at once.
 */
export function OfferAccepted({
  description,
  transaction,
  focusOnShow = false,
}: {
  description: string;
  transaction: Transaction | null;
  focusOnShow?: boolean;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);

  const t = transaction;
  const method = t && isPayoutMethod(t.payoutMethod) ? t.payoutMethod : null;
  const feeCents = t ? (dollarsToCents(t.feeAmount) ?? 0) : 0;
  const goodwillCents = t ? (dollarsToCents(t.goodwillAmount) ?? 0) : 0;

  return (
    <section aria-labelledby={headingId} className="flex max-w-2xl flex-col gap-4">
      <Card className="border-green-700/25 bg-green-50/60">
        <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="flex items-center gap-2 text-xl font-bold text-navy-900 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <PartyPopper aria-hidden="true" className="size-6 shrink-0 text-gold-700" />
            Offer Accepted!
          </h2>
          <p className="text-sm [overflow-wrap:anywhere]">
            {t ? (
              <>
                You accepted our offer of <strong>{formatDollars(t.grossAmount) ?? t.grossAmount}</strong> for {description} on{' '}
                {formatDateTime(t.createdAt)}.
              </>
            ) : (
              <>You accepted our offer for {description}, and it has been paid.</>
            )}
          </p>
          {t && (
            <dl className="flex flex-col gap-2 text-sm">
              <Row term="Offer accepted">{formatDollars(t.grossAmount) ?? t.grossAmount}</Row>
              {feeCents > 0 && <Row term="PayPal fee">−{formatDollars(t.feeAmount)}</Row>}
              {goodwillCents > 0 && (
                // Decision 036: the offer missed the guaranteed floor for no measured reason.
                <Row term="Goodwill (below your guaranteed floor)">+{formatDollars(t.goodwillAmount)}</Row>
              )}
              <Row term="You receive" kind="total">
                {formatDollars(t.amount) ?? t.amount}
              </Row>
              <Row term="Paid by" kind="sentence">
                {method ? `${payoutMethodInfo[method].label}, ${destinationText(method, t.payoutDetails)}` : t.payoutMethod}
              </Row>
              {method && (
                <Row term="When" kind="sentence">
                  {timingText(method, t.rail, t.sentAt)}
                </Row>
              )}
            </dl>
          )}
        </CardContent>
      </Card>
      <Button asChild variant="outline" className="self-start">
        <Link href={clientPaths.dashboard}>Back to dashboard</Link>
      </Button>
    </section>
  );
}
