// A fresh demo would show one price point per metal: empty charts and no 24-hour change until the
// simulated feed has run for a day. So a fresh demo on the simulated feed starts with the past day
// of that same simulated walk, labelled 'simulated' like every demo price, ending where the feed
// itself starts. Never used with a real feed: made-up history must not sit next to real prices.
import { metalItemTypes, metalPricesFromSpot, SIMULATED_PRICE_SOURCE, type SpotPrices } from '@assay/domain';
import { nextSimulatedSpots, simulatedStartingPrices } from '../../adapters/price-feeds/simulated.ts';
import type { PriceHistoryEntry } from '../pricing/index.ts';

export const DEMO_HISTORY_HOURS = 25;
export const DEMO_HISTORY_STEP_MINUTES = 15;

/**
 * The spot prices of the past `hours`, one every `stepMinutes`, oldest first, the newest one step
 * before `now`. Walked backwards from the feed's starting prices, so the day joins the feed's first
 * live price without a jump.
 */
export function simulatedPastSpots(
  now: Date,
  options: { hours?: number; stepMinutes?: number; random?: () => number; start?: SpotPrices } = {},
): { at: Date; spots: SpotPrices }[] {
  const {
    hours = DEMO_HISTORY_HOURS,
    stepMinutes = DEMO_HISTORY_STEP_MINUTES,
    random = Math.random,
    start = simulatedStartingPrices,
  } = options;
  const stepMs = stepMinutes * 60_000;
  const count = Math.floor((hours * 60) / stepMinutes);
  const points: { at: Date; spots: SpotPrices }[] = [];
  let spots = start;
  for (let k = 1; k <= count; k += 1) {
    spots = nextSimulatedSpots(spots, random, start);
    points.push({ at: new Date(now.getTime() - k * stepMs), spots });
  }
  return points.reverse();
}

/** The history rows of every metal item type for those points. */
export function demoPriceHistoryRows(now: Date, random: () => number = Math.random): PriceHistoryEntry[] {
  return simulatedPastSpots(now, { random }).flatMap(({ at, spots }) => {
    const derived = metalPricesFromSpot(spots);
    return metalItemTypes.map((itemType) => ({
      itemType,
      ...derived[itemType],
      source: SIMULATED_PRICE_SOURCE,
      updatedBy: null,
      recordedAt: at,
    }));
  });
}
