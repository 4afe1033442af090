// PayPal payouts by the Payouts API: one batch of one item per payout attempt, whose
// sender_batch_id (transaction id + attempt) makes a repeated call find the same batch instead of
// paying twice. The item's sender_item_id is the same pair, so PayPal's webhooks name the attempt
// and news of an earlier attempt (an unclaimed item PayPal returns 30 days later) cannot move a
// newer one.
import { formatCents } from '@assay/domain';
import {
  type PayoutAdapter,
  PayoutRailError,
  type PayoutRequest,
  type PayoutResult,
  type RailReport,
} from '../payout-adapter.ts';
import { PayPalApiError } from './paypal-errors.ts';
import { PayPalPayoutsClient, type PayPalPayoutsClientOptions } from './paypal-payouts-client.ts';
import type { PayPalLifecycleStatus } from './paypal-status.ts';

export function senderBatchIdOf(payout: Pick<PayoutRequest, 'transactionId' | 'attempt'>): string {
  return `${payout.transactionId}-${payout.attempt}`;
}

export const senderItemIdOf = senderBatchIdOf;

/**
 * Our payout and attempt from a sender_item_id: "<transaction id>-<attempt>", or a bare transaction
 * id from before attempts were named (attempt null: whichever attempt the payout is on).
 */
export function payoutAttemptOf(senderItemId: string): { transactionId: string; attempt: number | null } {
  const match = /^(.+)-(\d{1,6})$/.exec(senderItemId);
  // A UUID ends in 12 hex digits, never in a dash and a short number.
  if (match && match[1]!.length === 36) return { transactionId: match[1]!, attempt: Number(match[2]) };
  return { transactionId: senderItemId, attempt: null };
}

/** A PayPal item's state in the lifecycle's words, or null while PayPal has nothing documented to say. */
export function reportOfItem(item: {
  senderItemId: string | null;
  lifecycle: PayPalLifecycleStatus | null;
  transactionId: string | null;
  payoutItemId: string;
  reasonCode: string | null;
}): RailReport | null {
  if (!item.senderItemId || !item.lifecycle) return null;
  return {
    ...payoutAttemptOf(item.senderItemId),
    status: item.lifecycle,
    // PayPal's own transaction id once money moved; its item id otherwise.
    reference: item.transactionId ?? item.payoutItemId,
    reasonCode: item.reasonCode,
    reason: item.reasonCode ? `PayPal: ${item.reasonCode.replaceAll('_', ' ').toLowerCase()}` : null,
  };
}

/**
 * What a PayPal failure means for the payout. Retryable answers are retried; a validation error on
 * the receiver is the seller's to fix; anything else (credentials, funds, a batch id conflict, an
 * unreadable answer) is ours, and a person looks before the payout moves.
 */
export function railErrorOf(error: PayPalApiError): PayoutRailError {
  const detail = error.details.map((d) => d.issue ?? d.description).find(Boolean);
  const message = detail ? `${error.message}: ${detail}` : error.message;
  if (error.retryable) return new PayoutRailError(message, 'retry', error.errorName);
  const aboutReceiver = error.details.some((d) => /receiver|email/i.test(d.field ?? ''));
  return new PayoutRailError(message, aboutReceiver ? 'refused' : 'needs-staff', error.errorName);
}

/** Pays PayPal payouts through the API; any other method is left for the next adapter. */
export function payPalRail(options: PayPalPayoutsClientOptions) {
  const client = new PayPalPayoutsClient(options);
  const initiate = async (payout: PayoutRequest): Promise<PayoutResult | null> => {
    if (payout.instruction.method !== 'paypal') return null;
    try {
      const { batch } = await client.createBatch({
        senderBatchId: senderBatchIdOf(payout),
        emailSubject: `Your payout of ${formatCents(payout.amountCents)} from Assay`,
        items: [
          {
            receiverEmail: payout.instruction.email,
            amountCents: payout.amountCents,
            senderItemId: senderItemIdOf(payout),
            note: `Payment for your item, submission ${payout.submissionId.slice(-8)}.`,
          },
        ],
      });
      return { status: 'processing', rail: 'paypal', reference: batch.payoutBatchId };
    } catch (error) {
      if (error instanceof PayPalApiError) throw railErrorOf(error);
      throw error;
    }
  };
  /** Reads the attempt's batch (its reference while processing) and reports our item in it. */
  const lookUp: NonNullable<PayoutAdapter['lookUp']> = async (payout) => {
    if (payout.rail !== 'paypal' || !payout.reference) return null;
    try {
      const batch = await client.getBatch(payout.reference);
      const ours = senderItemIdOf(payout);
      const item = batch.items.find((i) => i.senderItemId === ours || i.senderItemId === payout.transactionId);
      return item ? reportOfItem({ ...item, reasonCode: item.errorName }) : null;
    } catch (error) {
      if (error instanceof PayPalApiError) throw railErrorOf(error);
      throw error;
    }
  };
  /** GET /v1/payments/payouts-item/{id}: the item as PayPal holds it now; an item PayPal does not know is null. */
  const lookUpItem: NonNullable<PayoutAdapter['lookUpItem']> = async (rail, itemId) => {
    if (rail !== 'paypal') return null;
    try {
      const item = await client.getItem(itemId);
      return reportOfItem({ ...item, reasonCode: item.errorName });
    } catch (error) {
      if (error instanceof PayPalApiError) {
        if (error.status === 404) return null;
        throw railErrorOf(error);
      }
      throw error;
    }
  };
  return { initiate, lookUp, lookUpItem };
}

/** The manual rail for every method, and PayPal's API for PayPal payouts when it is configured. */
export function withPayPalRail(fallback: PayoutAdapter, options: PayPalPayoutsClientOptions): PayoutAdapter {
  const paypal = payPalRail(options);
  return {
    provider: `${fallback.provider}+paypal`,
    handles: (method) => method === 'paypal' || fallback.handles(method),
    async initiate(payout) {
      return (await paypal.initiate(payout)) ?? fallback.initiate(payout);
    },
    async lookUp(payout) {
      return (await paypal.lookUp(payout)) ?? (await fallback.lookUp?.(payout)) ?? null;
    },
    async lookUpItem(rail, itemId) {
      return (await paypal.lookUpItem(rail, itemId)) ?? (await fallback.lookUpItem?.(rail, itemId)) ?? null;
    },
  };
}
