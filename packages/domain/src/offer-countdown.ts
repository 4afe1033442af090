// Issue 11 item 4: the seller sees how long the offer stays valid, as people read it, and the
// screen turns amber in the last 48 hours. Defined once here for the card, detail and payout view.

export const OFFER_URGENT_HOURS = 48;
export const OFFER_EXPIRED_LABEL = 'Expired';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface OfferCountdown {
  /** "6 days 3 hours left", "5 h 20 min left", "12 min left" or "Expired". */
  label: string;
  /** Less than 48 hours left (and not yet expired). */
  urgent: boolean;
  expired: boolean;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Time left until `validUntil`, rounded down to the minute. Expired at or after the instant.
 * Throws RangeError for an invalid date.
 */
export function offerCountdown(validUntil: Date | string | number, now: Date | number = Date.now()): OfferCountdown {
  const end = validUntil instanceof Date ? validUntil.getTime() : new Date(validUntil).getTime();
  const at = now instanceof Date ? now.getTime() : now;
  if (Number.isNaN(end) || Number.isNaN(at)) throw new RangeError('Cannot count down to an invalid date.');
  const left = end - at;
  if (left <= 0) return { label: OFFER_EXPIRED_LABEL, urgent: false, expired: true };
  const urgent = left < OFFER_URGENT_HOURS * HOUR_MS;
  if (left >= DAY_MS) {
    const days = Math.floor(left / DAY_MS);
    const hours = Math.floor((left % DAY_MS) / HOUR_MS);
    const text = hours > 0 ? `${plural(days, 'day', 'days')} ${plural(hours, 'hour', 'hours')}` : plural(days, 'day', 'days');
    return { label: `${text} left`, urgent, expired: false };
  }
  if (left >= HOUR_MS) {
    const hours = Math.floor(left / HOUR_MS);
    const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
    return { label: minutes > 0 ? `${hours} h ${minutes} min left` : `${hours} h left`, urgent, expired: false };
  }
  const minutes = Math.max(1, Math.floor(left / MINUTE_MS));
  return { label: `${minutes} min left`, urgent, expired: false };
}
