import { describe, expect, it } from 'vitest';
import { centsToDecimalString, checkOfferLines, DEFAULT_PAYOUT_RATES, type OfferLineBody } from '@assay/domain';
import { demoItemisedOffers, demoOfferLines } from './demo-offers.ts';
import { demoSubmissions } from './demo.service.ts';
import { decimalOrNull } from '../../lib/amounts.ts';

const OFFERED_AT = new Date('2026-11-20T10:00:00.000Z');

describe("the demo's itemised offers", () => {
  it('are offers an appraiser could have sent: each basis line passes the rules, at its proposal, inside the band', () => {
    for (const description of Object.keys(demoItemisedOffers)) {
      const made = demoOfferLines(description, OFFERED_AT)!;
      // As an appraiser's form sends them: amounts in dollars and cents.
      const withBasis = made.lines
        .filter((l) => l.material)
        .map((l) => ({
          ...l,
          amount: centsToDecimalString(l.amount),
          proposedAmount: decimalOrNull(l.proposedAmount ?? null),
          pricedAt: OFFERED_AT.toISOString(),
          reason: undefined,
        })) as unknown as OfferLineBody[];
      const checked = checkOfferLines(withBasis, DEFAULT_PAYOUT_RATES);
      expect(checked.ok, JSON.stringify(checked)).toBe(true);
      for (const line of made.lines) expect(line.amount).toBe(line.proposedAmount ?? line.amount);
    }
  });

  it('price the 18k ring from the simulated feed: 3.95 dwt at 75% and 90%, and the stone at 50% of the reference', () => {
    const ring = demoOfferLines('18k white gold engagement ring with 0.5 ct center stone', OFFERED_AT)!;
    expect(ring.lines.map((l) => [l.material, l.priceSource, l.pricedAt])).toEqual([
      ['gold-18k', 'simulated', OFFERED_AT],
      ['diamond', 'admin-reference', OFFERED_AT],
    ]);
    // $3,500/ct x 0.5 ct x 100% x 50%.
    expect(ring.lines[1]!.amount).toBe(875_00);
    const goldCents = ring.lines[0]!.amount;
    // 3.95 dwt = 6.1439 g; fine gold about $85.20/g; x 0.75 x 0.90: about $353.
    expect(goldCents).toBeGreaterThan(340_00);
    expect(goldCents).toBeLessThan(365_00);
    expect(ring.totalCents).toBe(goldCents + 875_00);
  });

  it('become the offers the demo submissions show', () => {
    const { submissions } = demoSubmissions('client', 'admin', new Date('2026-11-24T10:00:00.000Z'));
    const classRing = submissions.find((s) => s.description.startsWith('10k gold class ring'))!;
    expect(classRing.finalOffer).toBe(demoOfferLines(classRing.description, classRing.offeredAt!)!.totalCents);
    expect(demoOfferLines('Ten 1 oz American Gold Eagle coins', OFFERED_AT)).toBeNull();
  });
});

describe("the demo's preliminary quotes", () => {
  it('are metal-aware where the sample names its material, with the basis and the insured value stored', () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    const { submissions } = demoSubmissions('client', 'admin', now, {
      insuredLimitCents: 2_500_000,
      guarantee: { floorPercent: 90, goodwillCents: 2_500 },
    });
    const flatware = submissions.find((s) => s.description.startsWith('Broken sterling silver flatware'))!;
    expect(flatware.material).toBe('silver');
    expect(flatware.quoteBasis).toMatchObject({ material: 'silver', purity: '0.925', minPercent: '70.00', maxPercent: '80.00' });
    // 9.5 oz of sterling at about $1/g fine: a couple of hundred dollars, not SPEC 9's scrap table.
    expect(flatware.preliminaryQuoteMax).toBeGreaterThan(150_00);
    expect(flatware.preliminaryQuoteMax).toBeLessThan(300_00);
    // Insured at full value: the melt value of 9.5 oz of sterling is above the quote's top.
    expect(flatware.declaredValue).toBeGreaterThan(flatware.preliminaryQuoteMax!);
    expect(flatware.insuredValue).toBe(flatware.declaredValue);
    // The floor: 90% of the quote's low end, with the goodwill beside it.
    expect(flatware.guaranteeFloor).toBe(Math.round((flatware.preliminaryQuoteMin! * 90) / 100));
    expect(flatware.guaranteeGoodwill).toBe(2_500);
    const coins = submissions.find((s) => s.description.startsWith('Ten 1 oz American Gold Eagle'))!;
    expect(coins.material ?? null).toBeNull();
    expect(coins.quoteBasis ?? null).toBeNull();
  });
});
