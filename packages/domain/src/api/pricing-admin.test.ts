import { describe, expect, test } from 'vitest';
import { PRICING_REFRESH_FAILED_MESSAGE, PRICING_UPDATED_MESSAGE, updateGemPriceSchema } from './pricing-admin.ts';

describe('SPEC 8 pricing messages', () => {
  test('are word for word', () => {
    expect(PRICING_UPDATED_MESSAGE).toBe('Pricing Updated - Live metal prices have been refreshed from a metals price service');
    expect(PRICING_REFRESH_FAILED_MESSAGE).toBe('Failed to refresh pricing from API');
  });
});

describe('updateGemPriceSchema', () => {
  test.each([
    ['1500', '1500.00'],
    ['1500.5', '1500.50'],
    [' 0.01 ', '0.01'],
    ['1000000', '1000000.00'],
  ])('accepts %j as %j', (input, stored) => {
    expect(updateGemPriceSchema.parse({ pricePerCarat: input })).toEqual({ pricePerCarat: stored });
  });

  const message = 'The price per carat must be an amount above 0 and at most 1000000, with at most 2 decimals, like "1500.00".';
  test.each([
    ['0', message],
    ['0.00', message],
    ['-5', message],
    ['abc', message],
    ['1e3', message],
    ['12.345', message],
    ['1000000.01', message],
    ['', message],
    [1500, 'The price per carat must be a decimal string, like "1500.00".'],
    [null, 'The price per carat must be a decimal string, like "1500.00".'],
  ])('refuses %j', (input, expected) => {
    const result = updateGemPriceSchema.safeParse({ pricePerCarat: input });
    expect(result.error?.issues.map((i) => i.message)).toEqual([expected]);
  });
});
