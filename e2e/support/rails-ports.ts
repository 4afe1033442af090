// Where the "rails" journeys run: a second app with its payouts (and later its carrier) on real
// rails, each provider a loopback fake in one standalone process (fake-rails-server.ts) that the
// journeys drive over a small control API. Fixed ports, because the app is told its providers'
// addresses when it starts; each can be moved by an environment variable when one is taken.
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const railsPorts = {
  /** The app with PayPal Payouts and the ACH settings configured (demo mode, its own PGlite). */
  app: port('E2E_RAILS_PORT', 3108),
  /** The fake PayPal Payouts API (OAuth, batches, items, the webhook certificate). */
  paypal: port('E2E_FAKE_PAYPAL_PORT', 3109),
  /** The fake EasyPost of the parcel journey (CARRIER=easypost on the rails app). */
  easypost: port('E2E_FAKE_EASYPOST_PORT', 3110),
  /** The fakes' control API: what a journey asks of the providers (outcomes, settling, webhooks). */
  control: port('E2E_FAKE_CONTROL_PORT', 3111),
};

export const railsURL = `http://localhost:${railsPorts.app}`;
export const fakeControlURL = `http://127.0.0.1:${railsPorts.control}`;
export const fakePayPalURL = `http://127.0.0.1:${railsPorts.paypal}`;
export const fakeEasyPostURL = `http://127.0.0.1:${railsPorts.easypost}`;

/** The fake PayPal's app credentials and webhook id (fake-paypal.ts's defaults), set on the rails app. */
export const fakePayPalAccount = {
  clientId: 'fake-paypal-client-id',
  clientSecret: 'fake-paypal-client-secret',
  webhookId: '8PT597110X687430LKGECATA',
};

/** The fake EasyPost's API key and webhook secret (fake-easypost.ts's), set on the rails app. */
export const fakeEasyPostAccount = {
  apiKey: 'EZTKfake0123456789abcdef',
  webhookSecret: 'assay-webhook-\uFB01ne-secret',
};
