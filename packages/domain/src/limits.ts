// The remaining figures of SPEC 9 "Other limits" and "Display": the server enforces them, the
// browser mirrors them, and neither should carry its own copy of a number.

export const MAX_IMAGES_PER_SUBMISSION = 4;
/** 10 MB (10,485,760 bytes) per image. */
export const MAX_IMAGE_BYTES = 10_485_760;
/** Slot names on the new-submission form, in upload order. */
export const imageSlotLabels = ['Primary', 'Detail', 'Side', 'Back'] as const;

/** How many more photos fit, never below zero (SPEC 5). */
export function remainingImageAllowance(alreadyUploaded: number, itemCount = 1): number {
  return Math.max(0, photoLimitFor(itemCount) - Math.max(0, Math.trunc(alreadyUploaded)));
}

/** How many photos a parcel may hold: four per item (decision 042), so a parcel of one keeps SPEC's four. */
export function photoLimitFor(itemCount: number): number {
  return MAX_IMAGES_PER_SUBMISSION * Math.max(1, Math.trunc(itemCount) || 1);
}

export const PRICING_REFRESH_INTERVAL_MS = 60_000;
/** DECISIONS: prices older than 10 minutes are shown as stale with their time. */
export const PRICE_STALE_AFTER_MS = 10 * 60_000;

export function isPriceStale(updatedAt: Date | string | null | undefined, now: Date = new Date()): boolean {
  if (!updatedAt) return true;
  const time = updatedAt instanceof Date ? updatedAt.getTime() : new Date(updatedAt).getTime();
  return Number.isNaN(time) || now.getTime() - time > PRICE_STALE_AFTER_MS;
}

export const PRELIMINARY_QUOTE_WITHIN_HOURS = 24;
export const APPRAISAL_WITHIN_HOURS_OF_RECEIPT = 48;
export const PAYMENT_WITHIN_HOURS = 24;
export const SUPPORT_RESPONSE_WITHIN_HOURS = 24;

export const SHORT_ID_LENGTH = 8;
export const CUSTOMER_LABEL_ID_LENGTH = 4;

/** Upload widget (SPEC 9 "Display"). */
export const UPLOAD_CONCURRENCY = 6;
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const;
