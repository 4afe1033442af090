import { describe, expect, test } from 'vitest';
import {
  formatBasisPoints,
  TRACK_RECORD_MIN_COUNT,
  TRACK_RECORD_WINDOW_DAYS,
  trackRecord,
  trackRecordCategoriesOf,
  type TrackRecordRow,
} from './track-record.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/** A quote of $800-$1,200 (midpoint $1,000), offered a day ago, no floor. */
function row(overrides: Partial<TrackRecordRow> = {}): TrackRecordRow {
  return {
    category: 'jewelry',
    quoteMinCents: 80_000,
    quoteMaxCents: 120_000,
    offerCents: 100_000,
    floorCents: null,
    offeredAt: daysAgo(1),
    ...overrides,
  };
}

const jewelry = (rows: TrackRecordRow[]) => trackRecord(rows, NOW).find((c) => c.category === 'jewelry')!;

describe('track record (issue 27 item 3)', () => {
  test('publishes 90 days and needs 5 offers', () => {
    expect(TRACK_RECORD_WINDOW_DAYS).toBe(90);
    expect(TRACK_RECORD_MIN_COUNT).toBe(5);
  });

  test('answers every category, in SPEC order, even with no rows', () => {
    const record = trackRecord([], NOW);
    expect(record.map((c) => c.category)).toEqual(['jewelry', 'scrap', 'gems']);
    for (const c of record) {
      expect(c.count).toBe(0);
      expect(c.medianShareOfQuote).toEqual({ kind: 'not-enough-data', count: 0 });
      expect(c.shareAtOrAboveFloor).toEqual({ kind: 'not-enough-data', count: 0 });
    }
  });

  test('median of an odd count is the middle share of the midpoint', () => {
    const offers = [90_000, 70_000, 110_000, 100_000, 95_000];
    expect(jewelry(offers.map((offerCents) => row({ offerCents }))).medianShareOfQuote).toEqual({
      kind: 'figure',
      basisPoints: 9_500,
      count: 5,
    });
  });

  test('median of an even count is the mean of the two middle shares, rounded once', () => {
    // shares 70%, 90%, 95.005%, 100%, 110%, 120%: middle two 95.005% and 100% -> 97.5025% -> 9750 bp
    const offers = [70_000, 90_000, 95_005, 100_000, 110_000, 120_000];
    expect(jewelry(offers.map((offerCents) => row({ offerCents }))).medianShareOfQuote).toEqual({
      kind: 'figure',
      basisPoints: 9_750,
      count: 6,
    });
  });

  test('shares are exact against each quote, not the rounded midpoint', () => {
    // quote $0.01-$0 (midpoint half a cent): an offer of 1 cent is 200%
    const rows = Array.from({ length: 5 }, () => row({ quoteMinCents: 1, quoteMaxCents: 0, offerCents: 1 }));
    expect(jewelry(rows).medianShareOfQuote).toMatchObject({ basisPoints: 20_000 });
    // different quotes compare by share: 50%, 60%, 200%, 300%, 400% -> 200%
    const mixed = [
      row({ offerCents: 50_000 }),
      row({ quoteMinCents: 100, quoteMaxCents: 100, offerCents: 60 }),
      row({ quoteMinCents: 100, quoteMaxCents: 100, offerCents: 200 }),
      row({ quoteMinCents: 100, quoteMaxCents: 100, offerCents: 300 }),
      row({ quoteMinCents: 100, quoteMaxCents: 100, offerCents: 400 }),
    ];
    expect(jewelry(mixed).medianShareOfQuote).toMatchObject({ basisPoints: 20_000 });
  });

  test('rounds half up to the basis point', () => {
    // 2/3 = 6666.67 bp -> 6667; offers of 2/3 of a $3 midpoint
    const rows = Array.from({ length: 5 }, () => row({ quoteMinCents: 300, quoteMaxCents: 300, offerCents: 200 }));
    expect(jewelry(rows).medianShareOfQuote).toMatchObject({ basisPoints: 6_667 });
  });

  test('below the minimum count there is no figure, only the count', () => {
    const rows = Array.from({ length: TRACK_RECORD_MIN_COUNT - 1 }, () => row());
    expect(jewelry(rows)).toMatchObject({ count: 4, medianShareOfQuote: { kind: 'not-enough-data', count: 4 } });
  });

  test('only offers made within the last 90 days count', () => {
    const inside = Array.from({ length: 5 }, () => row({ offeredAt: daysAgo(89.99) }));
    const outside = [
      row({ offeredAt: daysAgo(90) }),
      row({ offeredAt: daysAgo(200) }),
      row({ offeredAt: new Date(NOW.getTime() + 1) }),
    ];
    expect(jewelry([...inside, ...outside]).count).toBe(5);
  });

  test('leaves out rows without a usable quote or of another category', () => {
    const rows = [
      row({ quoteMinCents: null }),
      row({ quoteMaxCents: null }),
      row({ quoteMinCents: 0, quoteMaxCents: 0 }),
      row({ category: 'scrap' }),
      row({ category: 'watches' }),
    ];
    expect(jewelry(rows).count).toBe(0);
    expect(trackRecord(rows, NOW).find((c) => c.category === 'scrap')!.count).toBe(1);
  });

  test('the floor share counts only offers that carried a floor', () => {
    const rows = [
      // 5 with a floor of $720: 4 at or above (one exactly at it), 1 below
      row({ floorCents: 72_000, offerCents: 72_000 }),
      row({ floorCents: 72_000, offerCents: 80_000 }),
      row({ floorCents: 72_000, offerCents: 100_000 }),
      row({ floorCents: 72_000, offerCents: 90_000 }),
      row({ floorCents: 72_000, offerCents: 71_999 }),
      // without a floor: in the median, not in the floor share
      row({ offerCents: 10_000 }),
      row({ offerCents: 10_000 }),
    ];
    const result = jewelry(rows);
    expect(result.count).toBe(7);
    expect(result.shareAtOrAboveFloor).toEqual({ kind: 'figure', basisPoints: 8_000, count: 5 });
  });

  test('in a parcel of several items the floor is met by what the floored items are paid, not by the others', () => {
    const rows = [
      // Floored items paid $700 against their $720 floor; an unfloored item's $100 does not lift them over it.
      row({ floorCents: 72_000, offerCents: 80_000, floorOfferCents: 70_000 }),
      ...Array.from({ length: 4 }, () => row({ floorCents: 72_000, offerCents: 80_000, floorOfferCents: 72_000 })),
    ];
    expect(jewelry(rows).shareAtOrAboveFloor).toEqual({ kind: 'figure', basisPoints: 8_000, count: 5 });
  });

  test('too few floor-carrying offers publish no floor share, whatever the median', () => {
    const rows = [...Array.from({ length: 5 }, () => row()), row({ floorCents: 72_000 })];
    const result = jewelry(rows);
    expect(result.medianShareOfQuote.kind).toBe('figure');
    expect(result.shareAtOrAboveFloor).toEqual({ kind: 'not-enough-data', count: 1 });
  });

  test.each([
    [10_000, '100%'],
    [9_650, '96.5%'],
    [9_655, '96.55%'],
    [9_605, '96.05%'],
    [0, '0%'],
    [12_340, '123.4%'],
  ])('prints %i basis points as %s', (bp, text) => {
    expect(formatBasisPoints(bp)).toBe(text);
  });

  test("a calculator's gem is a loose gem, a metal jewelry or coins/scrap", () => {
    expect(trackRecordCategoriesOf('diamond')).toEqual(['gems']);
    expect(trackRecordCategoriesOf('gold-14k')).toEqual(['jewelry', 'scrap']);
    expect(trackRecordCategoriesOf('silver')).toEqual(['jewelry', 'scrap']);
  });
});
