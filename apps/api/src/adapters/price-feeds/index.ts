// Picks the configured price feed (PRICE_FEED, PRICE_FEED_URL, PRICE_FEED_API_KEY).
import type { Config } from '../../config/index.ts';
import { GoldApiPriceFeed } from './gold-api.ts';
import { MetalsDevPriceFeed } from './metals-dev.ts';
import type { PriceFeed } from './price-feed.ts';
import { SimulatedPriceFeed } from './simulated.ts';

export type { FetchSpotOptions, PriceFeed, SpotQuote } from './price-feed.ts';
export { PriceFeedError } from './price-feed.ts';

export function createPriceFeed(config: Config['priceFeed'], options: { timeoutMs?: number } = {}): PriceFeed {
  switch (config.provider) {
    case 'gold-api':
      return new GoldApiPriceFeed({ baseUrl: config.url, timeoutMs: options.timeoutMs });
    case 'metals-dev':
      return new MetalsDevPriceFeed({ apiKey: config.apiKey ?? '', baseUrl: config.url, timeoutMs: options.timeoutMs });
    case 'simulated':
      return new SimulatedPriceFeed();
  }
}
