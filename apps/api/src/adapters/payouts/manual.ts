// The default: nothing is sent automatically. The payout stays 'pending' in the admin mailbox
// until an appraiser pays it by hand and marks it sent with the bank or PayPal reference.
import type { PayoutAdapter } from './payout-adapter.ts';

export function manualPayouts(): PayoutAdapter {
  return {
    provider: 'manual',
    handles: () => false,
    async initiate() {
      return { status: 'pending' };
    },
  };
}
