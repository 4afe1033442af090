// The default carrier: no account, no network, no postage. Its tracking numbers look like a
// carrier's (prefix, 12 digits, a check digit) so the barcode and the tracking flow can be tried
// end to end, and every label it makes is marked not valid for postage.
import { randomInt } from 'node:crypto';
import type { CarrierAdapter } from './carrier.ts';

export const SAMPLE_CARRIER_NAME = 'Assay Sample';
export const SAMPLE_TRACKING_PREFIX = 'ASY';
const SERIAL_DIGITS = 12;

/**
 * The GS1 / USPS mod-10 check digit: from the right, digits are weighted 3, 1, 3, 1, ...; the
 * check digit brings the sum up to a multiple of 10. It catches every single-digit typo.
 */
export function mod10CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError('A check digit is computed over digits only.');
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** 'ASY' + 12 random digits + the check digit, e.g. ASY4827150396642. */
export function sampleTrackingNumber(random: (maxExclusive: number) => number = randomInt): string {
  let serial = '';
  for (let i = 0; i < SERIAL_DIGITS; i += 1) serial += String(random(10));
  return `${SAMPLE_TRACKING_PREFIX}${serial}${mod10CheckDigit(serial)}`;
}

export function isSampleTrackingNumber(value: string): boolean {
  const match = new RegExp(`^${SAMPLE_TRACKING_PREFIX}(\\d{${SERIAL_DIGITS}})(\\d)$`).exec(value);
  return match !== null && mod10CheckDigit(match[1]!) === Number(match[2]);
}

export function sampleCarrier(): CarrierAdapter {
  return {
    provider: 'sample',
    async createLabel() {
      return { carrier: SAMPLE_CARRIER_NAME, trackingNumber: sampleTrackingNumber(), validForPostage: false };
    },
  };
}
