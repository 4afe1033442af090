// Picks how payouts move: by hand (the manual rail: an appraiser pays and records the reference),
// and PayPal payouts by PayPal's Payouts API when PAYPAL_* are set (tested against a loopback
// stand-in of its API, test/support/fake-paypal.ts). ACH payouts go out in Nacha files an appraiser
// downloads (modules/payout-rails/ach), so they stay pending here.
import type { Config } from '../../config/index.ts';
import { manualPayouts } from './manual.ts';
import type { PayoutAdapter } from './payout-adapter.ts';
import { withPayPalRail } from './paypal/paypal-rail.ts';

export function createPayoutAdapter(paypal: Config['paypal'] = null): PayoutAdapter {
  const manual = manualPayouts();
  if (!paypal) return manual;
  return withPayPalRail(manual, { baseUrl: paypal.apiUrl, clientId: paypal.clientId, clientSecret: paypal.clientSecret });
}
