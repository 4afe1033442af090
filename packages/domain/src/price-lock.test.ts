import { describe, expect, it } from 'vitest';
import { lineReferencePrice, type LivePriceRow } from './offer-lines.ts';
import {
  DEFAULT_LOCK_DAYS,
  isPriceLockInForce,
  lockedPriceRows,
  PRICE_LOCK_SOURCE,
  type PriceLock,
  priceLockProblem,
  priceLockSentence,
  priceLockUntil,
  sellersPriceRows,
} from './price-lock.ts';
import { metalPricesFromSpot, type SpotPrices } from './price-rules.ts';

const scannedAt = new Date('2026-11-20T15:00:00.000Z');
const lockedSpot: SpotPrices = { gold: '2600', silver: '30', platinum: '1000', palladium: '1000' };
const lock: PriceLock = { lockedAt: scannedAt, lockedUntil: priceLockUntil(scannedAt), spot: lockedSpot };

/** The live table as the pricing service serves it, from spot prices. */
function liveRows(spot: SpotPrices, at = '2026-11-24T09:00:00.000Z'): LivePriceRow[] {
  return Object.entries(metalPricesFromSpot(spot)).map(([itemType, p]) => ({
    itemType,
    pricePerOz: p.pricePerOz,
    pricePerGram: p.pricePerGram,
    pricePerCarat: null,
    source: 'gold-api.com',
    updatedAt: at,
  }));
}
const diamond: LivePriceRow = {
  itemType: 'diamond',
  pricePerOz: null,
  pricePerGram: null,
  pricePerCarat: '3000',
  source: 'admin-reference',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the price lock', () => {
  it('lasts LOCK_DAYS (7 by default) from the first scan, and is in force from the scan until its end', () => {
    expect(DEFAULT_LOCK_DAYS).toBe(7);
    expect(lock.lockedUntil.toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(priceLockUntil(scannedAt, 3).toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(isPriceLockInForce(lock, scannedAt)).toBe(true);
    expect(isPriceLockInForce(lock, new Date('2026-11-27T14:59:59.999Z'))).toBe(true);
    expect(isPriceLockInForce(lock, lock.lockedUntil)).toBe(false);
    expect(isPriceLockInForce(lock, new Date('2026-11-20T14:59:59.000Z'))).toBe(false);
    expect(isPriceLockInForce(null, scannedAt)).toBe(false);
  });

  it('prices the seller at the locked price when the market fell, and at the market when it rose', () => {
    const live = liveRows({ gold: '2400', silver: '33', platinum: '1000', palladium: '900' });
    const rows = sellersPriceRows([...live, diamond], lock, new Date('2026-11-24T09:00:00.000Z'));
    const row = (itemType: string) => rows.find((r) => r.itemType === itemType)!;
    // Gold fell: every gold row is the locked one, named as such.
    for (const gold of ['gold-24k', 'gold-18k', 'gold-14k', 'gold-10k']) {
      expect(row(gold).source).toBe(PRICE_LOCK_SOURCE);
      expect(row(gold).updatedAt).toBe(scannedAt.toISOString());
    }
    expect(lineReferencePrice('gold-14k', rows)!.referencePrice).toBe(
      lineReferencePrice('gold-14k', lockedPriceRows(lock))!.referencePrice,
    );
    // Silver rose: the market's row stays. Platinum is equal: the market's row stays (nothing to lift).
    expect(row('silver').source).toBe('gold-api.com');
    expect(row('platinum').source).toBe('gold-api.com');
    expect(row('palladium').source).toBe(PRICE_LOCK_SOURCE);
    // Gems are priced by the appraisers, not locked.
    expect(row('diamond')).toEqual(diamond);
  });

  it('changes nothing once it has ended, or when there is none', () => {
    const live = liveRows({ gold: '2400', silver: '25', platinum: '900', palladium: '900' });
    expect(sellersPriceRows(live, lock, lock.lockedUntil)).toEqual(live);
    expect(sellersPriceRows(live, null, scannedAt)).toEqual(live);
  });

  it('still prices a metal the live table lacks from the lock', () => {
    const live = liveRows(lockedSpot).filter((r) => r.itemType !== 'silver');
    const rows = sellersPriceRows(live, lock, scannedAt);
    expect(rows.find((r) => r.itemType === 'silver')?.source).toBe(PRICE_LOCK_SOURCE);
  });

  it('refuses an offer line priced below the locked price, naming the line, the price and the lock', () => {
    const at = new Date('2026-11-24T09:00:00.000Z');
    const locked14k = lineReferencePrice('gold-14k', lockedPriceRows(lock))!.referencePrice;
    const line = (referencePrice: string, material = 'gold-14k') => ({ material, referencePrice, referenceUnit: 'gram' });
    expect(priceLockProblem([line(locked14k)], lock, at)).toBeNull();
    expect(priceLockProblem([line('999')], lock, at)).toBeNull();
    expect(priceLockProblem([line('999'), line('70')], lock, at)).toBe(
      "Line 2: this parcel's prices are locked until Nov 27, so Gold 14K is priced at least at $83.59/g (locked on Nov 20).",
    );
    // A gem line, or a line priced per carat, is not the lock's business; neither is a lock that ended.
    expect(priceLockProblem([{ material: 'diamond', referencePrice: '1', referenceUnit: 'carat' }], lock, at)).toBeNull();
    expect(priceLockProblem([line('70')], lock, lock.lockedUntil)).toBeNull();
    expect(priceLockProblem([line('70')], null, at)).toBeNull();
  });

  it('is told to the seller with its time and prices', () => {
    expect(priceLockSentence(lock)).toBe(
      'Prices locked on Nov 20 until Nov 27: Gold $2,600.00/oz, Silver $30.00/oz, Platinum $1,000.00/oz, Palladium $1,000.00/oz. ' +
        'Your offer uses the locked price or the price of the day, whichever is higher.',
    );
  });
});
