import { describe, expect, test } from 'vitest';
import {
  accuracyByRefiner,
  accuracyChartData,
  formatMarginPercent,
  itemProceeds,
  marginByLot,
  marginByMonth,
  marginBySubmission,
  marginChartData,
  marginOf,
  monthOf,
  monthStartSeconds,
  type MarginItem,
} from './margin.ts';

const zero = { paidToSellersCents: 0, receivedCents: 0, feesCents: 0, goodwillCents: 0 };

describe('marginOf', () => {
  test('received − fees − paid, and its percent of received, goodwill beside', () => {
    expect(
      marginOf({ paidToSellersCents: 4_700_000, receivedCents: 5_491_376, feesCents: 38_509, goodwillCents: 2_500 }),
    ).toEqual({
      paidToSellersCents: 4_700_000,
      receivedCents: 5_491_376,
      feesCents: 38_509,
      goodwillCents: 2_500,
      netReceivedCents: 5_452_867,
      grossMarginCents: 752_867,
      marginPercent: '13.7',
      marginAfterGoodwillCents: 750_367,
    });
  });

  test('a loss is a negative margin and percent', () => {
    const margin = marginOf({ ...zero, paidToSellersCents: 10_500, receivedCents: 10_000, feesCents: 100 });
    expect(margin.grossMarginCents).toBe(-600);
    expect(margin.marginPercent).toBe('-6.0');
    expect(formatMarginPercent(margin)).toBe('-6.0%');
  });

  test('percent rounds half away from zero to one decimal', () => {
    expect(marginOf({ ...zero, receivedCents: 2_000, paidToSellersCents: 1_999 }).marginPercent).toBe('0.1');
    expect(marginOf({ ...zero, receivedCents: 2_000, paidToSellersCents: 2_001 }).marginPercent).toBe('-0.1');
    expect(marginOf({ ...zero, receivedCents: 3, paidToSellersCents: 2 }).marginPercent).toBe('33.3');
  });

  test('with nothing received there is no percent, shown as a dash; the cents still show the loss', () => {
    const margin = marginOf({ ...zero, paidToSellersCents: 5_000, goodwillCents: 2_500 });
    expect(margin.marginPercent).toBeNull();
    expect(formatMarginPercent(margin)).toBe('—');
    expect(margin.grossMarginCents).toBe(-5_000);
    expect(margin.marginAfterGoodwillCents).toBe(-7_500);
    expect(marginOf(zero).marginPercent).toBeNull();
  });

  test('figures that are not whole non-negative cents are a programming error', () => {
    expect(() => marginOf({ ...zero, receivedCents: 1.5 })).toThrow(RangeError);
    expect(() => marginOf({ ...zero, feesCents: -1 })).toThrow(RangeError);
    expect(() => marginOf({ ...zero, goodwillCents: Number.NaN })).toThrow(RangeError);
  });
});

describe('per lot', () => {
  test('each lot, without goodwill', () => {
    expect(
      marginByLot([
        { lotId: 'A', paidToSellersCents: 900, receivedCents: 1_000, feesCents: 50 },
        { lotId: 'B', paidToSellersCents: 900, receivedCents: 0, feesCents: 0 },
      ]).map((m) => [m.lotId, m.grossMarginCents, m.marginPercent, m.goodwillCents]),
    ).toEqual([
      ['A', 50, '5.0', 0],
      ['B', -900, null, 0],
    ]);
  });
});

describe('per submission', () => {
  const items: MarginItem[] = [
    { itemId: 'i1', submissionId: 'S1', lotId: 'L1', paidCents: 30_000, estimatedFineGrams: '10' },
    { itemId: 'i2', submissionId: 'S1', lotId: 'L1', paidCents: 15_000, estimatedFineGrams: '5' },
    { itemId: 'i3', submissionId: 'S2', lotId: 'L1', paidCents: 15_000, estimatedFineGrams: '5' },
    { itemId: 'i4', submissionId: 'S2', lotId: 'L2', paidCents: 9_000, estimatedFineGrams: '3' },
    { itemId: 'i5', submissionId: 'S2', lotId: null, paidCents: 1_000, estimatedFineGrams: '0.5' },
  ];

  test("a settled lot's proceeds are shared by its items' estimated fine weight, adding up to the cent", () => {
    const proceeds = itemProceeds(items, [{ lotId: 'L1', receivedCents: 70_001, feesCents: 1_001 }]);
    expect(Object.fromEntries(proceeds)).toEqual({
      i1: { receivedCents: 35_001, feesCents: 501 },
      i2: { receivedCents: 17_500, feesCents: 250 },
      i3: { receivedCents: 17_500, feesCents: 250 },
    });
  });

  test('only settled items count towards the margin; the rest is pending; goodwill shows whole', () => {
    const margins = marginBySubmission({
      items,
      settledLots: [{ lotId: 'L1', receivedCents: 70_000, feesCents: 1_000 }],
      goodwillCents: { S2: 2_500, S3: 2_500 },
    });
    expect(
      margins.map((m) => [
        m.submissionId,
        m.paidToSellersCents,
        m.receivedCents,
        m.feesCents,
        m.grossMarginCents,
        m.marginPercent,
        m.goodwillCents,
        m.marginAfterGoodwillCents,
        m.settledItemCount,
        m.pendingItemCount,
        m.pendingPaidCents,
      ]),
    ).toEqual([
      ['S1', 45_000, 52_500, 750, 6_750, '12.9', 0, 6_750, 2, 0, 0],
      ['S2', 15_000, 17_500, 250, 2_250, '12.9', 2_500, -250, 1, 2, 10_000],
      ['S3', 0, 0, 0, 0, null, 2_500, -2_500, 0, 0, 0],
    ]);
  });

  test('a lot whose items weigh nothing by estimate shares equally; a bad weight is a programming error', () => {
    const weightless: MarginItem[] = [
      { itemId: 'a', submissionId: 'S', lotId: 'L', paidCents: 1, estimatedFineGrams: '0' },
      { itemId: 'b', submissionId: 'S', lotId: 'L', paidCents: 1, estimatedFineGrams: '0' },
    ];
    expect(Object.fromEntries(itemProceeds(weightless, [{ lotId: 'L', receivedCents: 3, feesCents: 0 }]))).toEqual({
      a: { receivedCents: 2, feesCents: 0 },
      b: { receivedCents: 1, feesCents: 0 },
    });
    expect(() =>
      itemProceeds([{ ...weightless[0]!, estimatedFineGrams: 'x' }], [{ lotId: 'L', receivedCents: 3, feesCents: 0 }]),
    ).toThrow(RangeError);
  });

  test('a property: across 300 random lots, the items always add up to their lots, and submissions to the items', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const int = (max: number) => Math.floor(random() * max);
    for (let run = 0; run < 300; run += 1) {
      const lots = Array.from({ length: 1 + int(4) }, (_, i) => ({
        lotId: `L${i}`,
        receivedCents: int(10_000_000),
        feesCents: int(100_000),
      }));
      const randomItems: MarginItem[] = Array.from({ length: 1 + int(30) }, (_, i) => ({
        itemId: `i${i}`,
        submissionId: `S${int(6)}`,
        lotId: random() < 0.1 ? null : `L${int(lots.length)}`,
        paidCents: int(500_000),
        estimatedFineGrams: (int(1_000_000) / 10_000).toFixed(4),
      }));
      const proceeds = itemProceeds(randomItems, lots);
      for (const lot of lots) {
        const members = randomItems.filter((item) => item.lotId === lot.lotId);
        if (members.length === 0) continue;
        expect(members.reduce((sum, item) => sum + proceeds.get(item.itemId)!.receivedCents, 0)).toBe(lot.receivedCents);
        expect(members.reduce((sum, item) => sum + proceeds.get(item.itemId)!.feesCents, 0)).toBe(lot.feesCents);
      }
      const margins = marginBySubmission({ items: randomItems, settledLots: lots });
      const receivedBySubmissions = margins.reduce((sum, m) => sum + m.receivedCents, 0);
      const receivedByItems = [...proceeds.values()].reduce((sum, p) => sum + p.receivedCents, 0);
      expect(receivedBySubmissions).toBe(receivedByItems);
      const paid = margins.reduce((sum, m) => sum + m.paidToSellersCents + m.pendingPaidCents, 0);
      expect(paid).toBe(randomItems.reduce((sum, item) => sum + item.paidCents, 0));
    }
  });
});

describe('per month', () => {
  test('lots fall in the month they settled, goodwill in the month it was paid, oldest first', () => {
    const months = marginByMonth(
      [
        { lotId: 'A', settledOn: '2026-11-27', paidToSellersCents: 900, receivedCents: 1_000, feesCents: 50 },
        { lotId: 'B', settledOn: '2026-10-02', paidToSellersCents: 500, receivedCents: 600, feesCents: 10 },
        { lotId: 'C', settledOn: '2026-11-01', paidToSellersCents: 100, receivedCents: 200, feesCents: 0 },
      ],
      [
        { paidOn: '2026-11-15', cents: 2_500 },
        { paidOn: '2026-09-30', cents: 2_500 },
      ],
    );
    expect(
      months.map((m) => [
        m.month,
        m.lotCount,
        m.paidToSellersCents,
        m.receivedCents,
        m.feesCents,
        m.grossMarginCents,
        m.marginPercent,
        m.goodwillCents,
      ]),
    ).toEqual([
      ['2026-09', 0, 0, 0, 0, 0, null, 2_500],
      ['2026-10', 1, 500, 600, 10, 90, '15.0', 0],
      ['2026-11', 2, 1_000, 1_200, 50, 150, '12.5', 2_500],
    ]);
  });

  test('a day must be YYYY-MM-DD', () => {
    expect(monthOf('2026-01-31')).toBe('2026-01');
    expect(() => monthOf('2026-13-01')).toThrow(RangeError);
    expect(() => monthOf('27/11/2026')).toThrow(RangeError);
    expect(() => marginByMonth([], [{ paidOn: '2026-11', cents: 1 }])).toThrow(RangeError);
  });

  test('the margin chart in dollars per month', () => {
    const chart = marginChartData(
      marginByMonth(
        [{ lotId: 'A', settledOn: '2026-11-27', paidToSellersCents: 90_000, receivedCents: 100_050, feesCents: 50 }],
        [{ paidOn: '2026-10-01', cents: 2_500 }],
      ),
    );
    expect(chart).toEqual({
      months: ['2026-10', '2026-11'],
      x: [1_790_812_800, 1_793_491_200],
      series: [
        { label: 'Received from refiners', values: [0, 1000.5] },
        { label: 'Paid to sellers', values: [0, 900] },
        { label: 'Gross margin', values: [0, 100] },
        { label: 'Goodwill paid', values: [25, 0] },
      ],
    });
  });
});

describe('testing accuracy per refiner over time', () => {
  const lots = [
    { refiner: 'Midwest', settledOn: '2026-10-05', estimatedFineGrams: '100', actualFineGrams: '97' },
    { refiner: 'Midwest', settledOn: '2026-10-20', estimatedFineGrams: '300', actualFineGrams: '270' },
    { refiner: 'Coastal', settledOn: '2026-11-03', estimatedFineGrams: '50', actualFineGrams: '52' },
    { refiner: 'Midwest', settledOn: '2026-11-10', estimatedFineGrams: '200', actualFineGrams: '199.5' },
  ];

  test('Σ actual ÷ Σ estimated per month and overall, heavy lots weighing more, with flags', () => {
    expect(accuracyByRefiner(lots)).toEqual([
      {
        refiner: 'Midwest',
        overall: {
          month: 'all',
          lotCount: 3,
          estimatedFineGrams: '600.0000',
          actualFineGrams: '566.5000',
          percent: '94.4',
          flag: 'normal',
        },
        months: [
          {
            month: '2026-10',
            lotCount: 2,
            estimatedFineGrams: '400.0000',
            actualFineGrams: '367.0000',
            percent: '91.8',
            flag: 'low',
          },
          {
            month: '2026-11',
            lotCount: 1,
            estimatedFineGrams: '200.0000',
            actualFineGrams: '199.5000',
            percent: '99.8',
            flag: 'normal',
          },
        ],
      },
      {
        refiner: 'Coastal',
        overall: {
          month: 'all',
          lotCount: 1,
          estimatedFineGrams: '50.0000',
          actualFineGrams: '52.0000',
          percent: '104.0',
          flag: 'high',
        },
        months: [
          {
            month: '2026-11',
            lotCount: 1,
            estimatedFineGrams: '50.0000',
            actualFineGrams: '52.0000',
            percent: '104.0',
            flag: 'high',
          },
        ],
      },
    ]);
  });

  test('the accuracy chart: one line per refiner, a gap where it settled nothing', () => {
    expect(accuracyChartData(accuracyByRefiner(lots))).toEqual({
      months: ['2026-10', '2026-11'],
      x: [monthStartSeconds('2026-10'), monthStartSeconds('2026-11')],
      series: [
        { label: 'Midwest', values: [91.8, 99.8] },
        { label: 'Coastal', values: [null, 104] },
      ],
    });
  });

  test('no estimate: unknown, no percent', () => {
    expect(
      accuracyByRefiner([{ refiner: 'R', settledOn: '2026-01-01', estimatedFineGrams: '0', actualFineGrams: '3' }])[0]!.overall,
    ).toMatchObject({
      percent: null,
      flag: 'unknown',
    });
    expect(() =>
      accuracyByRefiner([{ refiner: 'R', settledOn: '2026-01-01', estimatedFineGrams: '-1', actualFineGrams: '3' }]),
    ).toThrow(RangeError);
  });
});
