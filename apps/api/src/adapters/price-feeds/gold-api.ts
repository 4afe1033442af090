// gold-api.com: free, no key. One GET per metal: {base}/price/XAU answers
// {"name":"Gold","price":2650.12,"symbol":"XAU","updatedAt":"..."} in USD per troy ounce.
import type { FeedMetal, SpotPrices } from '@assay/domain';
import { z } from 'zod';
import { describeIssues, feedPriceSchema } from './feed-price.ts';
import { DEFAULT_FEED_TIMEOUT_MS, getJson, joinUrl, type PriceFeed, PriceFeedError, type SpotQuote } from './price-feed.ts';

export const GOLD_API_DEFAULT_URL = 'https://api.gold-api.com';
export const GOLD_API_SOURCE = 'gold-api.com';

export const goldApiSymbols: Record<FeedMetal, string> = { gold: 'XAU', silver: 'XAG', platinum: 'XPT', palladium: 'XPD' };

const answerSchema = z.object(
  {
    price: feedPriceSchema,
    symbol: z.string().optional(),
  },
  { error: 'the answer is not a price object' },
);

export class GoldApiPriceFeed implements PriceFeed {
  readonly provider = 'gold-api';
  readonly source = GOLD_API_SOURCE;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(options: { baseUrl?: string; timeoutMs?: number } = {}) {
    this.baseUrl = options.baseUrl ?? GOLD_API_DEFAULT_URL;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_FEED_TIMEOUT_MS;
  }

  private async fetchOne(metal: FeedMetal): Promise<string> {
    const symbol = goldApiSymbols[metal];
    const json = await getJson(joinUrl(this.baseUrl, `/price/${symbol}`), {
      service: GOLD_API_SOURCE,
      timeoutMs: this.timeoutMs,
    });
    const parsed = answerSchema.safeParse(json);
    if (!parsed.success)
      throw new PriceFeedError(`${GOLD_API_SOURCE} answered an unusable ${metal} price: ${describeIssues(parsed.error)}`);
    if (parsed.data.symbol !== undefined && parsed.data.symbol.toUpperCase() !== symbol) {
      throw new PriceFeedError(
        `${GOLD_API_SOURCE} answered the price of ${parsed.data.symbol} when asked for ${symbol} (${metal})`,
      );
    }
    return parsed.data.price;
  }

  async fetchSpotPrices(): Promise<SpotQuote> {
    // All four or nothing: one bad metal fails the refresh, so the stored set stays consistent.
    const [gold, silver, platinum, palladium] = await Promise.all(
      (['gold', 'silver', 'platinum', 'palladium'] as const).map((metal) => this.fetchOne(metal)),
    );
    const prices: SpotPrices = { gold: gold!, silver: silver!, platinum: platinum!, palladium: palladium! };
    return { prices, source: this.source };
  }
}
