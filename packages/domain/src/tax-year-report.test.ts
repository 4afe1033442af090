import { describe, expect, it } from 'vitest';
import {
  isBullionFineness,
  type PaidPurchase,
  sellersAboveThreshold,
  taxYearProblem,
  taxYearQuerySchema,
} from './tax-year-report.ts';

const purchase = (overrides: Partial<PaidPurchase>): PaidPurchase => ({
  userId: 'user_a',
  submissionId: 'sub_1',
  grossCents: 40_000,
  paidCents: 39_000,
  paidAt: new Date('2026-06-01T15:00:00Z'),
  bullion: false,
  ...overrides,
});
const options = { year: 2026, timeZone: 'America/New_York', thresholdCents: 60_000 };

describe('sellersAboveThreshold', () => {
  it('adds each seller’s purchases paid in the year and lists those at or above the threshold, largest first', () => {
    const totals = sellersAboveThreshold(
      [
        purchase({ submissionId: 'sub_1' }),
        purchase({
          submissionId: 'sub_2',
          grossCents: 20_000,
          paidCents: 19_500,
          paidAt: new Date('2026-02-03T12:00:00Z'),
          bullion: true,
        }),
        purchase({ userId: 'user_b', submissionId: 'sub_3', grossCents: 59_999, paidCents: 59_999 }),
        purchase({ userId: 'user_c', submissionId: 'sub_4', grossCents: 90_000, paidCents: 88_000 }),
      ],
      options,
    );
    expect(totals).toEqual([
      {
        userId: 'user_c',
        purchases: 1,
        grossCents: 90_000,
        paidCents: 88_000,
        bullionPurchases: 0,
        firstPaidOn: '2026-06-01',
        lastPaidOn: '2026-06-01',
      },
      {
        userId: 'user_a',
        purchases: 2,
        grossCents: 60_000,
        paidCents: 58_500,
        bullionPurchases: 1,
        firstPaidOn: '2026-02-03',
        lastPaidOn: '2026-06-01',
      },
    ]);
  });

  it('counts a payout in the year it was paid, on the business’s calendar', () => {
    // 03:00 UTC on 1 January is still New Year's Eve in New York.
    const lateDecember = purchase({ grossCents: 70_000, paidAt: new Date('2027-01-01T03:00:00Z') });
    expect(sellersAboveThreshold([lateDecember], options).map((t) => t.lastPaidOn)).toEqual(['2026-12-31']);
    expect(sellersAboveThreshold([lateDecember], { ...options, year: 2027 })).toEqual([]);
    expect(sellersAboveThreshold([lateDecember], { ...options, timeZone: 'UTC' })).toEqual([]);
  });

  it('lists nobody when nothing was paid that year', () => {
    expect(sellersAboveThreshold([], options)).toEqual([]);
    expect(sellersAboveThreshold([purchase({ grossCents: 80_000 })], { ...options, year: 2025 })).toEqual([]);
  });
});

describe('isBullionFineness', () => {
  it('marks the fineness of listed bars, not jewelry or coins below it', () => {
    expect(isBullionFineness('gold-24k', 99.99)).toBe(true);
    expect(isBullionFineness('gold-24k', 99.5)).toBe(true);
    expect(isBullionFineness('gold-24k', 99.4)).toBe(false);
    expect(isBullionFineness('gold-22k', 91.67)).toBe(false);
    expect(isBullionFineness('silver', 99.9)).toBe(true);
    expect(isBullionFineness('silver', 92.5)).toBe(false);
    expect(isBullionFineness('platinum', 99.95)).toBe(true);
    expect(isBullionFineness('platinum', 95)).toBe(false);
    expect(isBullionFineness('diamond', 100)).toBe(false);
    expect(isBullionFineness(null, 99.99)).toBe(false);
    expect(isBullionFineness('gold-24k', null)).toBe(false);
  });
});

describe('the year asked for', () => {
  const year = (value: unknown) => taxYearQuerySchema.safeParse({ year: value });
  it('takes a whole year from 2020 on', () => {
    expect(year('2026').data).toEqual({ year: 2026 });
    expect(year(2020).data).toEqual({ year: 2020 });
  });
  it('refuses other years with a sentence', () => {
    expect(year('2019').error?.issues[0]?.message).toMatch(/2020 or later/);
    expect(year('2026.5').error?.issues[0]?.message).toMatch(/calendar year/);
    expect(year('next').error?.issues[0]?.message).toMatch(/calendar year/);
    expect(year('20260').error?.issues[0]?.message).toMatch(/calendar year/);
  });
  it('refuses a year still to come, on the business’s calendar', () => {
    const newYearsEveInNewYork = new Date('2027-01-01T03:00:00Z');
    expect(taxYearProblem(2026, newYearsEveInNewYork, 'America/New_York')).toBeNull();
    expect(taxYearProblem(2027, newYearsEveInNewYork, 'America/New_York')).toBe('The year must not be in the future.');
    expect(taxYearProblem(2027, newYearsEveInNewYork, 'UTC')).toBeNull();
  });
});
