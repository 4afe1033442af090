// Picks the payout provider. Only the manual one exists so far; a real provider is added here
// with its credentials in config.ts and a test against a local stand-in of its API.
import { manualPayouts } from './manual.ts';
import type { PayoutAdapter } from './payout-adapter.ts';

export type PayoutProvider = 'manual';

export function createPayoutAdapter(provider: PayoutProvider = 'manual'): PayoutAdapter {
  switch (provider) {
    case 'manual':
      return manualPayouts();
  }
}
