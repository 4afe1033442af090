// metals.dev: needs a key. GET {base}/v1/latest?api_key=KEY&currency=USD&unit=toz answers
// {"status":"success","currency":"USD","unit":"toz","metals":{"gold":..,"silver":..,...},"timestamps":{...}}
// and {"status":"failure","error_code":..,"error_message":".."} when it refuses.
import { z } from 'zod';
import { describeIssues, feedPriceSchema } from './feed-price.ts';
import { DEFAULT_FEED_TIMEOUT_MS, getJson, joinUrl, type PriceFeed, PriceFeedError, type SpotQuote } from './price-feed.ts';

export const METALS_DEV_DEFAULT_URL = 'https://api.metals.dev';
export const METALS_DEV_SOURCE = 'metals.dev';

const failureSchema = z.object({
  status: z.literal('failure'),
  error_message: z.string().optional(),
  error_code: z.unknown().optional(),
});

const answerSchema = z.object(
  {
    status: z.literal('success', { error: 'status is not "success"' }),
    currency: z.literal('USD', { error: 'the prices are not in USD' }).optional(),
    unit: z.literal('toz', { error: 'the prices are not per troy ounce' }).optional(),
    metals: z.object(
      {
        gold: feedPriceSchema,
        silver: feedPriceSchema,
        platinum: feedPriceSchema,
        palladium: feedPriceSchema,
      },
      { error: 'the metals list is missing' },
    ),
  },
  { error: 'the answer is not a price object' },
);

export class MetalsDevPriceFeed implements PriceFeed {
  readonly provider = 'metals-dev';
  readonly source = METALS_DEV_SOURCE;
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;

  constructor(options: { apiKey: string; baseUrl?: string; timeoutMs?: number }) {
    if (!options.apiKey) throw new Error('metals.dev needs an API key (PRICE_FEED_API_KEY).');
    this.apiKey = options.apiKey;
    this.baseUrl = options.baseUrl ?? METALS_DEV_DEFAULT_URL;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_FEED_TIMEOUT_MS;
  }

  async fetchSpotPrices(): Promise<SpotQuote> {
    try {
      return await this.fetchOnce();
    } catch (err) {
      // A provider may echo the request back; the key must not reach logs or an admin's screen.
      if (err instanceof PriceFeedError && err.message.includes(this.apiKey)) {
        throw new PriceFeedError(err.message.replaceAll(this.apiKey, '***'));
      }
      throw err;
    }
  }

  private async fetchOnce(): Promise<SpotQuote> {
    const url = joinUrl(this.baseUrl, '/v1/latest');
    url.searchParams.set('api_key', this.apiKey);
    url.searchParams.set('currency', 'USD');
    url.searchParams.set('unit', 'toz');
    const json = await getJson(url, { service: METALS_DEV_SOURCE, timeoutMs: this.timeoutMs });
    const failure = failureSchema.safeParse(json);
    if (failure.success) {
      throw new PriceFeedError(
        `${METALS_DEV_SOURCE} refused: ${failure.data.error_message ?? `error ${String(failure.data.error_code ?? 'unknown')}`}`,
      );
    }
    const parsed = answerSchema.safeParse(json);
    if (!parsed.success)
      throw new PriceFeedError(`${METALS_DEV_SOURCE} answered unusable prices: ${describeIssues(parsed.error)}`);
    return { prices: parsed.data.metals, source: this.source };
  }
}
