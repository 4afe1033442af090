import { describe, expect, test } from 'vitest';
import { labelInsuredValueCents, returnShippingText, shippingLabelSchema } from './shipping-label.ts';

describe('shippingLabelSchema', () => {
  test('describes a label with its direction and insured value as a decimal string', () => {
    const label = {
      id: 'l1',
      submissionId: 's1',
      direction: 'inbound',
      trackingNumber: 'ASY1234567890123',
      carrier: 'Assay Sample',
      validForPostage: false,
      insuredValue: '1250.00',
      freeReturn: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(shippingLabelSchema.parse(label)).toEqual(label);
    expect(shippingLabelSchema.safeParse({ ...label, direction: 'sideways' }).success).toBe(false);
  });
});

describe('returnShippingText', () => {
  test('says who pays the return trip', () => {
    expect(returnShippingText(true)).toBe('FREE RETURN SHIPPING — prepaid by Assay');
    expect(returnShippingText(false)).toBe('Return shipping billed per our terms');
  });
});

describe('labelInsuredValueCents', () => {
  test.each([
    ['1200.00', null, 120000],
    ['1200.00', '900.50', 120000],
    ['1200.00', '1500.25', 150025],
    [null, '1500.25', 150025],
    ['0.00', '10.01', 1001],
    [null, null, null],
    ['0.00', null, null],
    ['not money', undefined, null],
  ])('quote max %s, final offer %s -> %s cents', (max, offer, expected) => {
    expect(labelInsuredValueCents(max, offer, 10_000_000)).toBe(expected);
  });

  test.each([
    ['12000.00', '15000.00', 1_000_000, 1_000_000],
    ['12000.00', null, 1_200_000, 1_200_000],
    ['9999.99', null, 1_000_000, 999_999],
  ])('quote max %s, offer %s, insured limit %s cents -> %s cents', (max, offer, limit, expected) => {
    expect(labelInsuredValueCents(max, offer, limit)).toBe(expected);
  });
});
