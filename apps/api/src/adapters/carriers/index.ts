// Picks the carrier named by the CARRIER setting. Only the sample carrier exists so far; a real one
// (EasyPost, Shippo, a carrier's own API) is added here with its credentials in config.ts and a
// test against a local stand-in of its API, never without a way to test it.
import type { CarrierAdapter } from './carrier.ts';
import { sampleCarrier } from './sample-carrier.ts';

export type CarrierProvider = 'sample';

export function createCarrier(provider: CarrierProvider): CarrierAdapter {
  switch (provider) {
    case 'sample':
      return sampleCarrier();
  }
}
