// The default feed: no network, no key. Realistic spot levels that wander a little on every
// refresh, so the page, the chart and change24h look alive in demo mode. Every row it produces
// carries source 'simulated', which the page shows as demo prices.
import { feedMetals, SIMULATED_PRICE_SOURCE, spotPriceFromFeed, type SpotPrices } from '@assay/domain';
import type { FetchSpotOptions, PriceFeed, SpotQuote } from './price-feed.ts';

/** Where a fresh installation starts, USD per troy ounce (late-2024 levels). */
export const simulatedStartingPrices: SpotPrices = { gold: '2650.00', silver: '31.00', platinum: '980.00', palladium: '1000.00' };

/** At most ±0.15% a step, and a gentle pull back towards the starting level so weeks of demo stay plausible. */
const MAX_STEP = 0.0015;
const PULL_BACK = 0.01;
const FLOOR = 0.7;
const CEILING = 1.3;

/** One step of the walk from `previous` (or the start, for a metal it lacks). */
export function nextSimulatedSpots(
  previous: Partial<SpotPrices> | null | undefined,
  random: () => number = Math.random,
  start: SpotPrices = simulatedStartingPrices,
): SpotPrices {
  const prices = {} as SpotPrices;
  for (const metal of feedMetals) {
    const base = Number(start[metal]);
    const before = Number(previous?.[metal] ?? base);
    const last = Number.isFinite(before) && before > 0 ? before : base;
    // Two uniforms make a small bell-shaped step rather than a flat one.
    const step = (random() + random() - 1) * MAX_STEP + ((base - last) / base) * PULL_BACK;
    const next = Math.min(base * CEILING, Math.max(base * FLOOR, last * (1 + step)));
    prices[metal] = spotPriceFromFeed(Math.round(next * 100) / 100) ?? start[metal];
  }
  return prices;
}

export class SimulatedPriceFeed implements PriceFeed {
  readonly provider = 'simulated';
  readonly source = SIMULATED_PRICE_SOURCE;

  constructor(
    private readonly random: () => number = Math.random,
    private readonly start: SpotPrices = simulatedStartingPrices,
  ) {}

  async fetchSpotPrices(options: FetchSpotOptions = {}): Promise<SpotQuote> {
    return { prices: nextSimulatedSpots(options.previous, this.random, this.start), source: this.source };
  }
}
