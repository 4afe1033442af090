// EasyPost's tracking webhooks: check the signature, then read a tracker event in our words.
//
// - Events: {id: "evt_...", object: "Event", description: "tracker.updated", created_at, result:
//   Tracker} (https://docs.easypost.com/docs/events, https://www.easypost.com/tracking-webhooks).
//   EasyPost sends each event at least once, so the caller de-duplicates by eventId.
// - Tracker: {tracking_code, status, carrier, shipment_id, tracking_details: [{status, message,
//   datetime, tracking_location: {city, state, zip, country}}]}, status one of unknown, pre_transit,
//   in_transit, out_for_delivery, delivered, available_for_pickup, return_to_sender, failure,
//   cancelled, error (https://docs.easypost.com/docs/trackers).
// - Signature: with a webhook secret, EasyPost sends X-Hmac-Signature: "hmac-sha256-hex=" + the
//   hex HMAC-SHA256 of the raw body, keyed with the NFKD-normalised secret, as its client libraries
//   check it (validateWebhook in EasyPost/easypost-node, src/utils/util.ts). The raw bytes are what
//   is signed: EasyPost writes floats such as "weight": 136.0, which a parse and re-serialise
//   turns into 136, and the signature no longer matches.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { trackingLocation, type TrackingStatus } from '@assay/domain';
import { z } from 'zod';

export const EASYPOST_SIGNATURE_HEADER = 'x-hmac-signature';
const SIGNATURE_PREFIX = 'hmac-sha256-hex=';

/**
 * EasyPost's tracker statuses in our words. 'unknown' (the carrier has nothing yet) is no news and
 * maps to nothing. A parcel held for pickup is on its last step, waiting for its recipient, so it
 * reads as out for delivery; a cancelled label and a tracking error both mean the parcel will not
 * arrive as labelled, which is what 'failure' asks a person to look at.
 */
const statusWords: Record<string, TrackingStatus> = {
  pre_transit: 'label_created',
  in_transit: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  available_for_pickup: 'out_for_delivery',
  delivered: 'delivered',
  return_to_sender: 'returned_to_sender',
  failure: 'failure',
  cancelled: 'failure',
  error: 'failure',
};

/** A tracker's state in our words: what an event carries, and what GET /v2/trackers/{id} answers. */
export interface TrackerState {
  /** EasyPost's tracker id ('trk_...'), by which it is fetched again; null if the body named none. */
  trackerId: string | null;
  trackingNumber: string;
  status: TrackingStatus;
  /** EasyPost's own status ('pre_transit', 'return_to_sender'). */
  carrierStatus: string;
  /** The carrier's words for the newest scan ('Arrived at USPS Regional Facility'), and where ('Memphis TN'). */
  message: string | null;
  location: string | null;
  /** When the carrier saw it (the newest scan), else when EasyPost updated the tracker; ISO 8601. */
  occurredAt: string;
  /** The carrier's words for the newest scan and where it happened ('ORIGIN SCAN, Redondo Beach, CA'). */
  detail: string | null;
  carrier: string | null;
  /** The EasyPost shipment the label was bought with, when the tracker names it. */
  shipmentId: string | null;
}

export interface TrackingEvent extends TrackerState {
  /** EasyPost's event id ('evt_...'): the key that makes a replayed delivery change nothing. */
  eventId: string;
}

export type EasyPostWebhookReading =
  | { kind: 'tracking'; event: TrackingEvent }
  /** Verified, but not a tracker event we act on (another event type, or a status with no news). */
  | { kind: 'unknown_event'; eventId: string | null; description: string | null }
  | { kind: 'bad_signature' };

/** The X-Hmac-Signature value EasyPost sends for `rawBody` (the fake and the tests sign with it). */
export function easyPostSignature(rawBody: Buffer | string, secret: string): string {
  const key = Buffer.from(secret.normalize('NFKD'), 'utf8');
  const digest = createHmac('sha256', key)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
  return `${SIGNATURE_PREFIX}${digest}`;
}

/**
 * True only for a body signed with `secret`. Without a secret nothing is accepted: an unsigned
 * tracking event could mark a parcel delivered. The comparison takes the same time however much of
 * the signature matches.
 */
export function verifyEasyPostSignature(
  rawBody: Buffer | string,
  signature: string | string[] | undefined,
  secret: string | undefined,
): boolean {
  if (!secret || typeof signature !== 'string') return false;
  const expected = Buffer.from(easyPostSignature(rawBody, secret), 'utf8');
  const given = Buffer.from(signature.trim(), 'utf8');
  // timingSafeEqual needs equal lengths; the length of a hex digest is no secret.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const detailSchema = z.object({
  status: z.string().nullish(),
  message: z.string().nullish(),
  datetime: z.string().nullish(),
  tracking_location: z.object({ city: z.string().nullish(), state: z.string().nullish(), zip: z.string().nullish() }).nullish(),
});

const trackerSchema = z.object({
  id: z.string().min(1).nullish(),
  object: z.literal('Tracker').optional(),
  tracking_code: z.string().min(1),
  status: z.string(),
  carrier: z.string().nullish(),
  shipment_id: z.string().nullish(),
  updated_at: z.string().nullish(),
  tracking_details: z.array(z.unknown()).nullish(),
});

const trackerEventSchema = z.object({
  id: z.string().min(1),
  description: z.string(),
  created_at: z.string().nullish(),
  result: trackerSchema,
});

function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

type TrackingDetail = z.infer<typeof detailSchema>;

/** The newest scan: EasyPost lists them oldest first, but a carrier's late scan may arrive out of order. */
function newestDetail(list: unknown[] | null | undefined): TrackingDetail | null {
  let newest: { detail: TrackingDetail; time: number } | null = null;
  for (const item of list ?? []) {
    const parsed = detailSchema.safeParse(item);
    if (!parsed.success) continue;
    const time = Date.parse(parsed.data.datetime ?? '');
    const at = Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
    if (!newest || at >= newest.time) newest = { detail: parsed.data, time: at };
  }
  return newest?.detail ?? null;
}

function describeDetail(detail: TrackingDetail | null): string | null {
  if (!detail?.message) return null;
  const place = [detail.tracking_location?.city, detail.tracking_location?.state].filter(Boolean).join(', ');
  return place ? `${detail.message}, ${place}` : detail.message;
}

/**
 * A Tracker (an event's `result`, or GET /v2/trackers/{id}'s answer) in our words: its status, and
 * its newest scan for the words and the time. Null for a status with no news ('unknown') or no
 * time at all. `fallbackTime` is the event's own creation time, when there is one.
 */
export function readTracker(tracker: unknown, fallbackTime?: string | null): TrackerState | null {
  const parsed = trackerSchema.safeParse(tracker);
  if (!parsed.success) return null;
  const result = parsed.data;
  const status = Object.hasOwn(statusWords, result.status) ? statusWords[result.status] : undefined;
  if (!status) return null;
  const detail = newestDetail(result.tracking_details);
  const occurredAt = isoOrNull(detail?.datetime) ?? isoOrNull(result.updated_at) ?? isoOrNull(fallbackTime) ?? null;
  if (!occurredAt) return null;
  return {
    trackerId: result.id ?? null,
    trackingNumber: result.tracking_code,
    status,
    carrierStatus: result.status,
    message: detail?.message?.trim() || null,
    location: trackingLocation(detail?.tracking_location?.city, detail?.tracking_location?.state),
    occurredAt,
    detail: describeDetail(detail),
    carrier: result.carrier ?? null,
    shipmentId: result.shipment_id ?? null,
  };
}

/** Reads a verified payload. Anything but a tracker event with news is 'unknown_event'. */
export function readTrackerEvent(payload: unknown): Exclude<EasyPostWebhookReading, { kind: 'bad_signature' }> {
  const parsed = trackerEventSchema.safeParse(payload);
  const o = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  const unknown = {
    kind: 'unknown_event' as const,
    eventId: typeof o.id === 'string' ? o.id : null,
    description: typeof o.description === 'string' ? o.description : null,
  };
  if (!parsed.success || !parsed.data.description.startsWith('tracker.')) return unknown;
  const state = readTracker(parsed.data.result, parsed.data.created_at);
  if (!state) return unknown;
  return { kind: 'tracking', event: { eventId: parsed.data.id, ...state } };
}

/**
 * One webhook delivery: the raw body as received (before any JSON parsing) and its headers (Node's
 * lower-case names). Verifies first; a body that is not JSON cannot be signed by EasyPost, so it
 * reads as an unknown event only after its signature matched.
 */
export function readEasyPostWebhook(input: {
  rawBody: Buffer | string;
  headers: Record<string, string | string[] | undefined>;
  secret: string | undefined;
}): EasyPostWebhookReading {
  if (!verifyEasyPostSignature(input.rawBody, input.headers[EASYPOST_SIGNATURE_HEADER], input.secret)) {
    return { kind: 'bad_signature' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(typeof input.rawBody === 'string' ? input.rawBody : input.rawBody.toString('utf8')) as unknown;
  } catch {
    return { kind: 'unknown_event', eventId: null, description: null };
  }
  return readTrackerEvent(payload);
}
