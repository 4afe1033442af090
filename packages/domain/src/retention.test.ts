import { describe, expect, test } from 'vitest';
import {
  DEFAULT_RECORDS_RETENTION_YEARS,
  isPastRetention,
  mayEraseIdCheck,
  retentionPeriod,
  type RetentionFacts,
} from './retention.ts';

const policy = { defaultYears: DEFAULT_RECORDS_RETENTION_YEARS, minimumYears: 3 };
const paid: RetentionFacts = {
  status: 'completed',
  paidAt: new Date('2018-03-10T15:00:00Z'),
  returnDeliveredAt: null,
  ruleRetentionYears: 5,
};

describe('retention period (DECISIONS "Compliance")', () => {
  test("a paid submission counts from its payment, for its stored rule's years", () => {
    expect(retentionPeriod(paid, policy)).toEqual({
      endedAt: new Date('2018-03-10T15:00:00Z'),
      years: 5,
      erasableFrom: new Date('2023-03-10T15:00:00Z'),
    });
  });

  test('a returned submission counts from the delivery of its return', () => {
    const returned = { ...paid, status: 'returned', paidAt: null, returnDeliveredAt: new Date('2019-01-02T00:00:00Z') };
    expect(retentionPeriod(returned, policy)?.erasableFrom).toEqual(new Date('2024-01-02T00:00:00Z'));
  });

  test('no stored rule: the configured default', () => {
    expect(retentionPeriod({ ...paid, ruleRetentionYears: null }, policy)?.years).toBe(7);
  });

  test('never under the configured minimum', () => {
    expect(retentionPeriod({ ...paid, ruleRetentionYears: 1 }, policy)?.years).toBe(3);
  });

  test.each([['new'], ['appraising'], ['offered'], ['returning']])('a %s submission has no period yet', (status) => {
    expect(retentionPeriod({ ...paid, status }, policy)).toBeNull();
    expect(isPastRetention({ ...paid, status }, policy, new Date('2100-01-01'))).toBe(false);
  });

  test('completed but not yet paid, or returned but not delivered: not finished', () => {
    expect(retentionPeriod({ ...paid, paidAt: null }, policy)).toBeNull();
    expect(retentionPeriod({ ...paid, status: 'returned', returnDeliveredAt: null }, policy)).toBeNull();
  });

  test('past exactly at the anniversary, not a millisecond before', () => {
    expect(isPastRetention(paid, policy, new Date('2023-03-10T14:59:59.999Z'))).toBe(false);
    expect(isPastRetention(paid, policy, new Date('2023-03-10T15:00:00Z'))).toBe(true);
  });

  test('29 February ends on 28 February of a common year, never after it rolls into March', () => {
    const leap = { ...paid, paidAt: new Date('2020-02-29T12:00:00Z'), ruleRetentionYears: 5 };
    expect(retentionPeriod(leap, policy)?.erasableFrom).toEqual(new Date('2025-02-28T12:00:00Z'));
  });
});

describe("a seller's ID check", () => {
  const now = new Date('2030-01-01T00:00:00Z');
  test('goes when every submission is past its period', () => {
    expect(mayEraseIdCheck([paid, { ...paid, paidAt: new Date('2020-01-01T00:00:00Z') }], policy, now)).toBe(true);
  });
  test('stays while one is within its period or unfinished', () => {
    expect(mayEraseIdCheck([paid, { ...paid, paidAt: new Date('2029-01-01T00:00:00Z') }], policy, now)).toBe(false);
    expect(mayEraseIdCheck([paid, { ...paid, status: 'offered' }], policy, now)).toBe(false);
  });
});
