import { describe, expect, test } from 'vitest';
import { findPricingRow, pricingListSchema, pricingRowSchema } from './pricing-row.ts';

const row = {
  id: 'p1',
  itemType: 'gold-24k',
  pricePerOz: '2345.6789',
  pricePerGram: '75.4156',
  pricePerCarat: null,
  change24h: '-1.25',
  updatedAt: '2025-03-10T12:00:00.000Z',
  source: 'simulated',
  stale: false,
};

describe('pricingRowSchema', () => {
  test('accepts decimal strings and null prices', () => {
    expect(pricingRowSchema.parse(row)).toEqual(row);
    expect(pricingRowSchema.parse({ ...row, change24h: '+0.4', updatedAt: '2025-03-10T12:00:00.000Z' })).toMatchObject({
      change24h: '+0.4',
      updatedAt: '2025-03-10T12:00:00.000Z',
    });
  });

  test('says when, from where, and whether the price is stale', () => {
    expect(pricingRowSchema.parse({ ...row, source: 'gold-api.com', stale: true })).toMatchObject({
      source: 'gold-api.com',
      stale: true,
    });
  });

  test.each([
    ['updatedAt', undefined, 'updatedAt must be an ISO 8601 time, like "2025-03-10T12:00:00.000Z".'],
    ['updatedAt', 'yesterday', 'updatedAt must be an ISO 8601 time, like "2025-03-10T12:00:00.000Z".'],
    ['source', undefined, 'A price must say where it came from.'],
    ['source', '', 'A price must say where it came from.'],
    ['stale', 'no', 'stale must be true or false.'],
    ['stale', undefined, 'stale must be true or false.'],
  ])('requires %s (refuses %j)', (field, value, message) => {
    const result = pricingRowSchema.safeParse({ ...row, [field]: value });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[field, message]]);
  });

  test.each([
    ['pricePerOz', 2345.67, 'A price must be a decimal string.'],
    ['pricePerGram', '1.23456', 'A price must be a non-negative amount with at most 4 decimals, like "2345.6789".'],
    ['pricePerCarat', '-1', 'A price must be a non-negative amount with at most 4 decimals, like "2345.6789".'],
    ['change24h', '1.2%', 'A 24-hour change must be a percentage with at most 4 decimals, like "-1.25".'],
    ['itemType', 'copper', 'Please choose a metal or gem from the list.'],
  ])('refuses %s = %j', (field, value, message) => {
    const result = pricingRowSchema.safeParse({ ...row, [field]: value });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[field, message]]);
  });

  test('a list is an array of rows', () => {
    expect(pricingListSchema.parse([row])).toHaveLength(1);
  });
});

describe('findPricingRow', () => {
  test('finds the row for a type, or null', () => {
    const rows = [row, { ...row, id: 'p2', itemType: 'silver' }];
    expect(findPricingRow(rows, 'silver')?.id).toBe('p2');
    expect(findPricingRow(rows, 'ruby')).toBeNull();
    expect(findPricingRow(undefined, 'silver')).toBeNull();
    expect(findPricingRow(rows, '')).toBeNull();
  });
});
