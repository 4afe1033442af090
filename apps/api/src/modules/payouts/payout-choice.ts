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
export function amountsFor(grossCents: number, method: PayoutMethod) {
  if (!canPayOut(grossCents, method)) {
    try {
      payoutAmountCents(grossCents, method);
    } catch (error) {
      if (error instanceof RangeError) throw badRequest(error.message);
    }
    throw badRequest('This offer cannot be paid out with this method; please choose another one.');
  }
  return { feeCents: payoutFeeCents(grossCents, method), amountCents: payoutAmountCents(grossCents, method) };
}
