// PayPal Payouts: the API's address and credentials, the webhook's id, where its signing
// certificate may come from and how old a delivery may be.
import { z } from 'zod';
import { emptyToUndefined, type EnvOf, optionalString, optionalUrl, type RawReader } from './env.ts';

/** PayPal's live API, unless PAYPAL_API_URL names the sandbox's or a stand-in. */
export const PAYPAL_LIVE_URL = 'https://api-m.paypal.com';

/** PayPal's own certificate hosts (live and sandbox). */
export const PAYPAL_CERT_ORIGINS = [
  'https://api.paypal.com',
  'https://api-m.paypal.com',
  'https://api.sandbox.paypal.com',
  'https://api-m.sandbox.paypal.com',
];

/** A delivery sent longer ago than this is refused (PAYPAL_WEBHOOK_MAX_AGE_SECONDS). */
export const DEFAULT_WEBHOOK_MAX_AGE_SECONDS = 600;

export const paypalEnv = {
  // PayPal Payouts (issue 12): PayPal payouts go out by the Payouts API when the three are set.
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  // The id of the webhook subscription (PayPal's dashboard): part of what each delivery signs.
  PAYPAL_WEBHOOK_ID: optionalString,
  // The live API by default; the sandbox's, or a stand-in in tests.
  PAYPAL_API_URL: optionalUrl('PAYPAL_API_URL'),
  // Where a webhook's signing certificate may be fetched from (comma-separated origins).
  PAYPAL_CERT_ORIGINS: optionalString,
  // A PayPal delivery whose PAYPAL-TRANSMISSION-TIME is older than this is refused (decision 023);
  // PayPal's retries are new transmissions, and the rail check settles a payout whose news was lost.
  PAYPAL_WEBHOOK_MAX_AGE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'PAYPAL_WEBHOOK_MAX_AGE_SECONDS must be a whole number of seconds, like 600' })
      .int('PAYPAL_WEBHOOK_MAX_AGE_SECONDS must be a whole number of seconds, like 600')
      .min(60, 'PAYPAL_WEBHOOK_MAX_AGE_SECONDS must be at least 60 (a delivery takes a moment to arrive)')
      .max(3600, 'PAYPAL_WEBHOOK_MAX_AGE_SECONDS must be at most 3600 (a longer window lets a captured delivery be replayed)')
      .default(DEFAULT_WEBHOOK_MAX_AGE_SECONDS),
  ),
};

export /** Real money moves: PayPal Payouts start only with their credentials and webhook id together. */
function payPalProblems(v: RawReader, production: boolean): string[] {
  const keys = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'];
  const set = keys.filter((k) => v(k));
  const problems: string[] = [];
  if (set.length > 0 && set.length < keys.length) {
    problems.push('PAYPAL_CLIENT_ID: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID must be set together');
  }
  const url = v('PAYPAL_API_URL');
  if (production && url && !url.toLowerCase().startsWith('https://')) {
    problems.push('PAYPAL_API_URL: PAYPAL_API_URL must start with https:// in production, as the credentials are sent to it');
  }
  return problems;
}

/** PayPal Payouts, when configured: PayPal payouts then go out by the API, tracked by webhooks. */
export function payPalSettings(e: EnvOf<typeof paypalEnv>) {
  return e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_WEBHOOK_ID
    ? {
        apiUrl: e.PAYPAL_API_URL ?? PAYPAL_LIVE_URL,
        clientId: e.PAYPAL_CLIENT_ID,
        clientSecret: e.PAYPAL_CLIENT_SECRET,
        webhookId: e.PAYPAL_WEBHOOK_ID,
        certOrigins: e.PAYPAL_CERT_ORIGINS
          ? e.PAYPAL_CERT_ORIGINS.split(',')
              .map((o) => o.trim())
              .filter(Boolean)
          : [...PAYPAL_CERT_ORIGINS],
        webhookMaxAgeSeconds: e.PAYPAL_WEBHOOK_MAX_AGE_SECONDS,
      }
    : null;
}
