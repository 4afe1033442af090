import { describe, expect, test } from 'vitest';
import {
  APPRAISAL_WITHIN_HOURS_OF_RECEIPT,
  CUSTOMER_LABEL_ID_LENGTH,
  MAX_IMAGES_PER_SUBMISSION,
  MAX_IMAGE_BYTES,
  PAYMENT_WITHIN_HOURS,
  PRELIMINARY_QUOTE_WITHIN_HOURS,
  PRICE_STALE_AFTER_MS,
  PRICING_REFRESH_INTERVAL_MS,
  SHORT_ID_LENGTH,
  SUPPORT_RESPONSE_WITHIN_HOURS,
  UPLOAD_CONCURRENCY,
  UPLOAD_RETRY_DELAYS_MS,
  imageSlotLabels,
  isPriceStale,
  remainingImageAllowance,
} from './limits.ts';

describe('SPEC 9 other limits', () => {
  test('images: at most 4, 10 MB each, in four named slots', () => {
    expect(MAX_IMAGES_PER_SUBMISSION).toBe(4);
    expect(MAX_IMAGE_BYTES).toBe(10_485_760);
    expect(imageSlotLabels).toEqual(['Primary', 'Detail', 'Side', 'Back']);
  });

  test.each([
    [0, 4],
    [3, 1],
    [4, 0],
    [7, 0],
    [-2, 4],
  ])('with %i uploaded, %i more fit', (uploaded, remaining) => {
    expect(remainingImageAllowance(uploaded)).toBe(remaining);
  });

  test('pricing refreshes every 60 seconds and is stale after 10 minutes', () => {
    expect(PRICING_REFRESH_INTERVAL_MS).toBe(60_000);
    expect(PRICE_STALE_AFTER_MS).toBe(600_000);
    const now = new Date('2025-03-10T12:10:00Z');
    expect(isPriceStale('2025-03-10T12:00:00Z', now)).toBe(false);
    expect(isPriceStale('2025-03-10T11:59:59Z', now)).toBe(true);
    expect(isPriceStale(null, now)).toBe(true);
    expect(isPriceStale('nope', now)).toBe(true);
  });

  test('service promises', () => {
    expect(PRELIMINARY_QUOTE_WITHIN_HOURS).toBe(24);
    expect(APPRAISAL_WITHIN_HOURS_OF_RECEIPT).toBe(48);
    expect(PAYMENT_WITHIN_HOURS).toBe(24);
    expect(SUPPORT_RESPONSE_WITHIN_HOURS).toBe(24);
  });

  test('display and upload widget', () => {
    expect(SHORT_ID_LENGTH).toBe(8);
    expect(CUSTOMER_LABEL_ID_LENGTH).toBe(4);
    expect(UPLOAD_CONCURRENCY).toBe(6);
    expect(UPLOAD_RETRY_DELAYS_MS).toEqual([0, 1000, 3000, 5000]);
  });
});
