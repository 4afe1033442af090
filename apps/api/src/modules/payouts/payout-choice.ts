// What a seller's payout choice shows and pays: shared by accepting an offer and retrying a payout.
import {
  type PayoutChoice,
  canPayOut,
  payoutAmountCents,
  payoutFeeCents,
  type PayoutMethod,
  type ShownPayoutDetails,
} from '@assay/domain';
import { badRequest } from '../../lib/app-error.ts';

/** What the transactions table may show: the holder's name and last 4 digits; the PayPal e-mail. */
export function shownDetails(body: PayoutChoice): ShownPayoutDetails {
  switch (body.payoutMethod) {
    case 'ach':
      return {
        accountName: body.payoutDetails.accountName,
        accountLast4: body.payoutDetails.accountNumber.slice(-4),
        routingLast4: body.payoutDetails.routingNumber.slice(-4),
      };
    case 'paypal':
      return { email: body.payoutDetails.email };
    case 'check':
      return { method: 'check' };
  }
}

/** The amount and fee, or a 400 saying why this method cannot pay this offer. */
/**
 * The fee and the amount of a payout: SPEC's fee is kept from the offer; the goodwill owed for an
 * offer below the guaranteed floor (decision 036) is added whole. A declined offer's goodwill is a
 * payout of its own (gross 0): no fee, the goodwill is the amount.
 */
export function amountsFor(grossCents: number, method: PayoutMethod, goodwillCents = 0) {
  if (grossCents === 0 && goodwillCents > 0) return { feeCents: 0, amountCents: goodwillCents };
  if (!canPayOut(grossCents, method)) {
    try {
      payoutAmountCents(grossCents, method);
    } catch (error) {
      if (error instanceof RangeError) throw badRequest(error.message);
    }
    throw badRequest('This offer cannot be paid out with this method; please choose another one.');
  }
  return {
    feeCents: payoutFeeCents(grossCents, method),
    amountCents: payoutAmountCents(grossCents, method) + goodwillCents,
  };
}
