import { describe, expect, test } from 'vitest';
import { createCarrier } from './index.ts';
import { isSampleTrackingNumber, mod10CheckDigit, SAMPLE_CARRIER_NAME, sampleTrackingNumber } from './sample-carrier.ts';

describe('mod10CheckDigit', () => {
  test.each([
    // GS1 examples: the check digits of real GTINs.
    ['400638133393', 1],
    ['03600029145', 2],
    ['000000000000', 0],
    ['000000000001', 7],
  ])('%s -> %i', (digits, expected) => {
    expect(mod10CheckDigit(digits)).toBe(expected);
  });

  test('refuses anything but digits', () => {
    expect(() => mod10CheckDigit('12a4')).toThrow(RangeError);
  });
});

describe('sample tracking numbers', () => {
  test('are ASY, 12 digits and the check digit', () => {
    const digits = [4, 0, 0, 6, 3, 8, 1, 3, 3, 3, 9, 3];
    let i = 0;
    expect(sampleTrackingNumber(() => digits[i++]!)).toBe('ASY4006381333931');
  });

  test('are random, well-formed and pass their own check', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 200; n += 1) {
      const tracking = sampleTrackingNumber();
      expect(tracking).toMatch(/^ASY\d{13}$/);
      expect(isSampleTrackingNumber(tracking)).toBe(true);
      seen.add(tracking);
    }
    expect(seen.size).toBe(200);
  });

  test('a single mistyped digit or a wrong prefix fails the check', () => {
    expect(isSampleTrackingNumber('ASY4006381333931')).toBe(true);
    expect(isSampleTrackingNumber('ASY4006381333932')).toBe(false);
    expect(isSampleTrackingNumber('ASY5006381333931')).toBe(false);
    expect(isSampleTrackingNumber('ASX4006381333931')).toBe(false);
    expect(isSampleTrackingNumber('ASY400638133393')).toBe(false);
  });
});

describe('the sample carrier', () => {
  test('makes labels that are clearly not valid for postage', async () => {
    const carrier = createCarrier({ provider: 'sample', easypost: undefined });
    expect(carrier.provider).toBe('sample');
    const address = { name: 'A', line1: 'B', line2: null, city: 'C', state: 'DE', postalCode: '19801', phone: null };
    const label = await carrier.createLabel({
      direction: 'inbound',
      sender: address,
      receiver: address,
      insuredValueCents: 100,
      reference: 's1',
    });
    expect(label).toEqual({
      carrier: SAMPLE_CARRIER_NAME,
      trackingNumber: expect.stringMatching(/^ASY\d{13}$/),
      validForPostage: false,
    });
    expect(SAMPLE_CARRIER_NAME).toBe('Assay Sample');
  });
});
