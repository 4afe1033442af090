// Shipping labels: the sample carrier, or EasyPost with its key, webhook secret and service.
import { z } from 'zod';
import { emptyToUndefined, type EnvOf, optionalString, optionalUrl, type RawReader } from './env.ts';

export const carrierEnv = {
  CARRIER: z.preprocess(emptyToUndefined, z.enum(['sample', 'easypost']).default('sample')),
  EASYPOST_API_KEY: optionalString,
  EASYPOST_WEBHOOK_SECRET: optionalString,
  // Set only to point the adapter at a stand-in (tests); the key travels with every call.
  EASYPOST_BASE_URL: optionalUrl('EASYPOST_BASE_URL'),
  // Which of the account's carriers and services labels are bought from (EasyPost's names).
  EASYPOST_CARRIER: z.preprocess(emptyToUndefined, z.string().trim().min(1).default('USPS')),
  EASYPOST_SERVICE: optionalString,
};

export /** Real labels are bought with real money: CARRIER=easypost starts only with what it needs. */
function easyPostProblems(v: RawReader, production: boolean): string[] {
  const problems: string[] = [];
  if (!v('EASYPOST_API_KEY')) {
    problems.push(
      'EASYPOST_API_KEY: EASYPOST_API_KEY is required when CARRIER=easypost (the API key from the EasyPost dashboard)',
    );
  }
  if (production && !v('EASYPOST_WEBHOOK_SECRET')) {
    problems.push(
      'EASYPOST_WEBHOOK_SECRET: EASYPOST_WEBHOOK_SECRET is required in production when CARRIER=easypost ' +
        '(the secret of the EasyPost webhook, so that tracking events can be verified)',
    );
  }
  const baseUrl = v('EASYPOST_BASE_URL');
  if (production && baseUrl && !baseUrl.toLowerCase().startsWith('https://')) {
    problems.push('EASYPOST_BASE_URL: EASYPOST_BASE_URL must start with https:// in production, as the API key is sent to it');
  }
  return problems;
}

export function carrierSettings(e: EnvOf<typeof carrierEnv>) {
  return {
    provider: e.CARRIER,
    /** Set when CARRIER=easypost (the key is then required); the webhook route checks with webhookSecret. */
    easypost:
      e.CARRIER === 'easypost' && e.EASYPOST_API_KEY
        ? {
            apiKey: e.EASYPOST_API_KEY,
            webhookSecret: e.EASYPOST_WEBHOOK_SECRET,
            baseUrl: e.EASYPOST_BASE_URL,
            carrier: e.EASYPOST_CARRIER,
            service: e.EASYPOST_SERVICE,
          }
        : undefined,
  };
}
