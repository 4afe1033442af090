// PayPal payouts by the Payouts API: one batch of one item per payout attempt, whose
// sender_batch_id (transaction id + attempt) makes a repeated call find the same batch instead of
// paying twice; sender_item_id is our transaction id, which PayPal's webhooks name.
import { formatCents } from '@assay/domain';
import type { PayoutAdapter, PayoutRequest, PayoutResult } from '../payout-adapter.ts';
import { PayPalPayoutsClient, type PayPalPayoutsClientOptions } from './paypal-payouts-client.ts';

export function senderBatchIdOf(payout: Pick<PayoutRequest, 'transactionId' | 'attempt'>): string {
  return `${payout.transactionId}-${payout.attempt}`;
}

/** Pays PayPal payouts through the API; any other method is left for the next adapter. */
export function payPalRail(options: PayPalPayoutsClientOptions): (payout: PayoutRequest) => Promise<PayoutResult | null> {
  const client = new PayPalPayoutsClient(options);
  return async (payout) => {
    if (payout.instruction.method !== 'paypal') return null;
    const { batch } = await client.createBatch({
      senderBatchId: senderBatchIdOf(payout),
      emailSubject: `Your payout of ${formatCents(payout.amountCents)} from Assay`,
      items: [
        {
          receiverEmail: payout.instruction.email,
          amountCents: payout.amountCents,
          senderItemId: payout.transactionId,
          note: `Payment for your item, submission ${payout.submissionId.slice(-8)}.`,
        },
      ],
    });
    return { status: 'processing', rail: 'paypal', reference: batch.payoutBatchId };
  };
}

/** The manual rail for every method, and PayPal's API for PayPal payouts when it is configured. */
export function withPayPalRail(fallback: PayoutAdapter, options: PayPalPayoutsClientOptions): PayoutAdapter {
  const paypal = payPalRail(options);
  return {
    provider: `${fallback.provider}+paypal`,
    rail: fallback.rail,
    async initiate(payout) {
      return (await paypal(payout)) ?? fallback.initiate(payout);
    },
  };
}
