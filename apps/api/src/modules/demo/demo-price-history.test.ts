import { describe, expect, it } from 'vitest';
import { feedMetals, metalItemTypes, SIMULATED_PRICE_SOURCE } from '@assay/domain';
import { simulatedStartingPrices } from '../../adapters/price-feeds/simulated.ts';
import { demoPriceHistoryRows, simulatedPastSpots } from './demo-price-history.ts';

/** A repeatable stand-in for Math.random. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const now = new Date('2026-11-23T12:00:00.000Z');

describe('simulatedPastSpots', () => {
  it('covers the past 25 hours every 15 minutes, oldest first, ending one step before now', () => {
    const points = simulatedPastSpots(now, { random: seeded(1) });
    expect(points).toHaveLength(100);
    expect(points.at(-1)!.at.toISOString()).toBe('2026-11-23T11:45:00.000Z');
    expect(points[0]!.at.toISOString()).toBe('2026-11-22T11:00:00.000Z');
    for (let i = 1; i < points.length; i += 1) expect(points[i]!.at.getTime() - points[i - 1]!.at.getTime()).toBe(15 * 60_000);
  });

  it('joins the live feed without a jump and stays within the walk bounds', () => {
    const points = simulatedPastSpots(now, { random: seeded(7) });
    for (const metal of feedMetals) {
      const start = Number(simulatedStartingPrices[metal]);
      // The newest point is one step (at most ±0.15%) from where the feed starts.
      expect(Math.abs(Number(points.at(-1)!.spots[metal]) / start - 1)).toBeLessThanOrEqual(0.0016);
      for (const { spots } of points) {
        expect(Number(spots[metal])).toBeGreaterThanOrEqual(start * 0.7);
        expect(Number(spots[metal])).toBeLessThanOrEqual(start * 1.3);
      }
    }
  });

  it('moves: a day of prices is not a flat line', () => {
    const gold = simulatedPastSpots(now, { random: seeded(3) }).map((p) => p.spots.gold);
    expect(new Set(gold).size).toBeGreaterThan(10);
  });
});

describe('demoPriceHistoryRows', () => {
  it('writes every metal item type for every point, labelled simulated, never a gem', () => {
    const rows = demoPriceHistoryRows(now, seeded(5));
    expect(rows).toHaveLength(100 * metalItemTypes.length);
    expect(new Set(rows.map((r) => r.itemType))).toEqual(new Set(metalItemTypes));
    expect(rows.every((r) => r.source === SIMULATED_PRICE_SOURCE && r.pricePerCarat === null && r.updatedBy === null)).toBe(true);
    expect(rows.every((r) => Number(r.pricePerOz) > 0 && Number(r.pricePerGram) > 0)).toBe(true);
  });
});
