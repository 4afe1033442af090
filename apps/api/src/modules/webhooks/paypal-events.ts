// What a verified PayPal Payouts item event does to the payout it names. The body is not trusted
// for what happened (decision 023: its signature covers only a CRC32, which can be forged): it
// only names the item, and the job asks PayPal for that item (GET /v1/payments/payouts-item/{id},
// the rail's lookUpItem) and applies what PayPal reports, like every rail's news
// (payout-handover.service.ts applyRailReport, which moves it through movePayout or changes nothing).
import type { PayoutAdapter, RailReport } from '../../adapters/payouts/payout-adapter.ts';
import { payoutAttemptOf } from '../../adapters/payouts/paypal/paypal-rail.ts';
import type { PayPalItemEvent } from '../../adapters/payouts/paypal/paypal-webhooks.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { JobLogger } from '../../jobs/job-engine.ts';
import { applyRailReport, type RailReportOutcome } from '../payout-rails/index.ts';

/**
 * PayPal's own report of the item the event names; null when PayPal does not know the item (or has
 * nothing documented to say of it), so the event moves nothing. Throws the rail's error when PayPal
 * cannot be asked now: the job is retried. A body that disagrees with PayPal is logged.
 */
export async function confirmPayPalItemEvent(
  payouts: PayoutAdapter,
  event: PayPalItemEvent,
  logger: JobLogger,
): Promise<RailReport | null> {
  const report = (await payouts.lookUpItem?.('paypal', event.payoutItemId)) ?? null;
  if (!report) return null;
  const named = event.senderItemId ? payoutAttemptOf(event.senderItemId) : null;
  const samePayout = named?.transactionId === report.transactionId && named.attempt === report.attempt;
  if (report.status !== event.status || !samePayout) {
    logger.warn(
      {
        eventId: event.eventId,
        payoutItemId: event.payoutItemId,
        bodyStatus: event.status,
        paypalStatus: report.status,
        bodyNamesAnotherPayout: !samePayout,
      },
      "a PayPal webhook's body disagrees with PayPal's record of the item; PayPal's record is applied",
    );
  }
  return report;
}

export function applyPayPalReport(tx: DbOrTx, report: RailReport, at: Date): Promise<RailReportOutcome> {
  return applyRailReport(tx, 'paypal', report, at);
}
