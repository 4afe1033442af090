// Metal prices: which feed, where, with which key, and how often they are fetched.
import { z } from 'zod';
import { emptyToUndefined, optionalString, optionalUrl } from './env.ts';

export const priceFeedEnv = {
  PRICE_FEED: z.preprocess(emptyToUndefined, z.enum(['simulated', 'gold-api', 'metals-dev']).default('simulated')),
  PRICE_FEED_URL: optionalUrl('PRICE_FEED_URL'),
  PRICE_FEED_API_KEY: optionalString,
  PRICE_REFRESH_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(5).max(86400).default(60)),
};
