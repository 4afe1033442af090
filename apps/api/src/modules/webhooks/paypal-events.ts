// What a verified PayPal Payouts item event does to the payout it names (its sender_item_id is our
// transaction id and attempt): the rail report for the item's state, applied like every rail's news
// (payout-handover.service.ts applyRailReport, which moves it through movePayout or changes nothing).
import { reportOfItem } from '../../adapters/payouts/paypal/paypal-rail.ts';
import type { PayPalItemEvent } from '../../adapters/payouts/paypal/paypal-webhooks.ts';
import type { DbOrTx } from '../../db/client.ts';
import { applyRailReport, type RailReportOutcome } from '../transactions/payout-handover.service.ts';

export type PayPalEventOutcome = RailReportOutcome;

export async function applyPayPalItemEvent(tx: DbOrTx, event: PayPalItemEvent, at: Date): Promise<PayPalEventOutcome> {
  const report = reportOfItem({ ...event, lifecycle: event.status });
  if (!report) return 'unknown-payout';
  return applyRailReport(tx, 'paypal', report, at);
}
