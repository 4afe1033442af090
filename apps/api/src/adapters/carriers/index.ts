// Picks the carrier named by the CARRIER setting: the sample carrier (no account, labels marked not
// valid for postage) or EasyPost (EASYPOST_* settings in config.ts, tested against a loopback
// stand-in of its API, test/support/fake-easypost.ts).
import type { Config } from '../../config/index.ts';
import type { CarrierAdapter } from './carrier.ts';
import { EasyPostCarrier } from './easypost-carrier.ts';
import { sampleCarrier } from './sample-carrier.ts';

export type CarrierSettings = Config['carrier'];

/** Takes config.carrier: the provider and, for a real carrier, its settings (checked by config.ts). */
export function createCarrier(settings: CarrierSettings, options: { timeoutMs?: number } = {}): CarrierAdapter {
  switch (settings.provider) {
    case 'sample':
      return sampleCarrier();
    case 'easypost': {
      if (!settings.easypost) throw new Error('CARRIER=easypost needs EASYPOST_API_KEY (config.ts refuses to start without it).');
      const { apiKey, baseUrl, carrier, service } = settings.easypost;
      return new EasyPostCarrier({ apiKey, baseUrl, carrier, service, timeoutMs: options.timeoutMs });
    }
  }
}
