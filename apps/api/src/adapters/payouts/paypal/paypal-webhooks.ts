// PayPal webhooks for payouts: is this delivery really from PayPal, and what does it say about which
// payout?
//
// Verification is done here, offline, with PayPal's certificate rather than by calling
// POST /v1/notifications/verify-webhook-signature: no OAuth token and no extra round trip per
// delivery, and a PayPal outage cannot turn genuine deliveries into rejections. PayPal signs
// "<PAYPAL-TRANSMISSION-ID>|<PAYPAL-TRANSMISSION-TIME>|<webhook id>|<CRC32 of the raw body, decimal>"
// with the key of the X.509 certificate at PAYPAL-CERT-URL, algorithm PAYPAL-AUTH-ALGO
// (SHA256withRSA), signature base64 in PAYPAL-TRANSMISSION-SIG
// (https://developer.paypal.com/api/webhooks/v1/definitions/verify_webhook_signature and PayPal's
// webhook integration guide). The certificate URL comes from the request, so it is fetched only
// from configured origins, under PayPal's certificate path, and cached.
//
// Event names: https://developer.paypal.com/payouts/webhooks (PAYMENT.PAYOUTS-ITEM.* carry the
// payout item as `resource`; PAYMENT.PAYOUTSBATCH.* carry only the batch header).
//
// A signature alone does not make a delivery trustworthy: it covers only the CRC32 of the body, and
// CRC32 is linear, so anyone holding one genuine delivery can write another body with the same
// CRC32 and the same valid signature (decision 023). So a delivery is also refused when its
// PAYPAL-TRANSMISSION-TIME is outside a short window, the webhook inbox takes each transmission id
// once, and the job applies what PayPal's API says of the item, never what the body says.
import { createVerify, X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { lifecycleOfTransactionStatus, type PayPalLifecycleStatus } from './paypal-status.ts';
import { readCapped } from '../../http-answers.ts';
import { DEFAULT_WEBHOOK_MAX_AGE_SECONDS } from '../../../config/index.ts';

const CERT_PATH_PREFIX = '/v1/notifications/certs/';
const DEFAULT_CERT_CACHE_MS = 24 * 60 * 60 * 1000;
const DEFAULT_CERT_TIMEOUT_MS = 10_000;
const MAX_CERT_BYTES = 64 * 1024;

const nodeAlgorithms: Record<string, string> = {
  SHA256WITHRSA: 'RSA-SHA256',
  SHA384WITHRSA: 'RSA-SHA384',
  SHA512WITHRSA: 'RSA-SHA512',
};

/** How far ahead of our clock a transmission time may be: synchronised clocks differ by far less. */
export const WEBHOOK_CLOCK_SKEW_SECONDS = 60;
/** PayPal's transmission ids are UUIDs (at most 50 characters in its schema); longer is not one. */
const MAX_TRANSMISSION_ID_LENGTH = 128;
/** PAYPAL-TRANSMISSION-TIME is an Internet date and time (RFC 3339), e.g. 2016-02-18T20:01:35Z. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;

export interface PayPalWebhookVerifierOptions {
  /** The id PayPal gave the webhook subscription (developer dashboard), part of what is signed. */
  webhookId: string;
  /** Origins (scheme://host[:port]) the certificate may come from; PAYPAL_CERT_ORIGINS in production. */
  allowedCertOrigins: string[];
  /** Deliveries sent longer ago than this are refused; DEFAULT_WEBHOOK_MAX_AGE_SECONDS unless told. */
  maxAgeSeconds?: number;
  certCacheMs?: number;
  timeoutMs?: number;
  now?: () => Date;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export type PayPalVerification =
  | { ok: true; transmissionId: string }
  /** `stale`: signed or not, the delivery is outside the time window. */
  | { ok: false; reason: string; stale?: true };

/**
 * Why a PAYPAL-TRANSMISSION-TIME is not acceptable at `now`, or null when it is: not a date and
 * time, sent more than `maxAgeSeconds` ago, or more than the clock skew ahead of us. A captured
 * delivery replayed later is refused by this, whatever its body.
 */
export function transmissionTimeProblem(transmissionTime: string, now: Date, maxAgeSeconds: number): string | null {
  const sentAt = RFC3339.test(transmissionTime) ? Date.parse(transmissionTime) : Number.NaN;
  if (Number.isNaN(sentAt)) return 'its PAYPAL-TRANSMISSION-TIME is not an Internet date and time';
  const ageSeconds = (now.getTime() - sentAt) / 1000;
  if (ageSeconds > maxAgeSeconds) {
    return `it was sent at ${transmissionTime}, more than ${maxAgeSeconds} seconds ago`;
  }
  if (ageSeconds < -WEBHOOK_CLOCK_SKEW_SECONDS) return `it claims to be sent at ${transmissionTime}, in the future`;
  return null;
}

function header(headers: WebhookHeaders, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    const one = Array.isArray(value) ? value[0] : value;
    return typeof one === 'string' && one.trim() !== '' ? one.trim() : null;
  }
  return null;
}

export class PayPalWebhookVerifier {
  private readonly webhookId: string;
  private readonly maxAgeSeconds: number;
  private readonly allowedOrigins: Set<string>;
  private readonly certCacheMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => Date;
  private readonly certs = new Map<string, { cert: Promise<X509Certificate>; fetchedAt: number }>();

  constructor(options: PayPalWebhookVerifierOptions) {
    if (!options.webhookId) throw new Error('A PayPal webhook id is required to verify webhooks.');
    this.webhookId = options.webhookId;
    this.maxAgeSeconds = options.maxAgeSeconds ?? DEFAULT_WEBHOOK_MAX_AGE_SECONDS;
    this.allowedOrigins = new Set(options.allowedCertOrigins.map((origin) => new URL(origin).origin));
    this.certCacheMs = options.certCacheMs ?? DEFAULT_CERT_CACHE_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CERT_TIMEOUT_MS;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Checks one delivery. `rawBody` must be the bytes as received: the CRC32 is over them, and a
   * re-serialised JSON object would not match.
   */
  async verify(headers: WebhookHeaders, rawBody: Buffer | string): Promise<PayPalVerification> {
    const transmissionId = header(headers, 'paypal-transmission-id');
    const transmissionTime = header(headers, 'paypal-transmission-time');
    const signature = header(headers, 'paypal-transmission-sig');
    const certUrl = header(headers, 'paypal-cert-url');
    const authAlgo = header(headers, 'paypal-auth-algo');
    if (!transmissionId || !transmissionTime || !signature || !certUrl || !authAlgo) {
      return { ok: false, reason: 'a PayPal signature header is missing' };
    }
    if (transmissionId.length > MAX_TRANSMISSION_ID_LENGTH) return { ok: false, reason: 'the transmission id is too long' };
    // Before any certificate or signature work: a replay is refused cheaply.
    const late = transmissionTimeProblem(transmissionTime, this.now(), this.maxAgeSeconds);
    if (late) return { ok: false, reason: late, stale: true };
    const algorithm = nodeAlgorithms[authAlgo.toUpperCase()];
    if (!algorithm) return { ok: false, reason: `unsupported signature algorithm ${authAlgo}` };

    const allowed = this.checkCertUrl(certUrl);
    if (!allowed.ok) return allowed;

    let cert: X509Certificate;
    try {
      cert = await this.certificate(allowed.url);
    } catch (err) {
      return { ok: false, reason: `the signing certificate could not be used: ${(err as Error).message}` };
    }
    const now = this.now().getTime();
    if (now < Date.parse(cert.validFrom) || now > Date.parse(cert.validTo)) {
      this.certs.delete(allowed.url);
      return { ok: false, reason: 'the signing certificate is not valid now' };
    }

    const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
    const signed = `${transmissionId}|${transmissionTime}|${this.webhookId}|${crc32(body)}`;
    const verifier = createVerify(algorithm);
    verifier.update(signed, 'utf8');
    const good = verifier.verify(cert.publicKey, Buffer.from(signature, 'base64'));
    return good ? { ok: true, transmissionId } : { ok: false, reason: 'the signature does not match' };
  }

  private checkCertUrl(certUrl: string): { ok: true; url: string } | { ok: false; reason: string } {
    let url: URL;
    try {
      url = new URL(certUrl);
    } catch {
      return { ok: false, reason: 'the certificate URL is not a URL' };
    }
    if (!this.allowedOrigins.has(url.origin) || !url.pathname.startsWith(CERT_PATH_PREFIX) || url.username || url.password) {
      return { ok: false, reason: `the certificate URL is not on an allowed PayPal host (${url.origin})` };
    }
    return { ok: true, url: url.href };
  }

  private certificate(url: string): Promise<X509Certificate> {
    const cached = this.certs.get(url);
    if (cached && this.now().getTime() - cached.fetchedAt < this.certCacheMs) return cached.cert;
    const cert = this.fetchCertificate(url);
    this.certs.set(url, { cert, fetchedAt: this.now().getTime() });
    // A failed fetch is not remembered: the next delivery tries again.
    cert.catch(() => this.certs.delete(url));
    return cert;
  }

  private async fetchCertificate(url: string): Promise<X509Certificate> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), redirect: 'error' });
    } catch (err) {
      throw new Error(`fetching it failed (${(err as Error).name})`);
    }
    if (response.status !== 200) throw new Error(`fetching it answered HTTP ${response.status}`);
    const pem = await readCapped(response, MAX_CERT_BYTES).catch((err: unknown) => {
      throw new Error(`reading it failed (${(err as Error).message})`);
    });
    try {
      // PayPal serves the signing certificate first, then its chain; the first one signs.
      return new X509Certificate(pem);
    } catch {
      throw new Error('it is not a PEM certificate');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// What a verified event says.

const ITEM_EVENT_PREFIX = 'PAYMENT.PAYOUTS-ITEM.';
const BATCH_EVENT_PREFIX = 'PAYMENT.PAYOUTSBATCH.';

/** The item's transaction_status implied by an item event, when the resource does not carry one. */
const statusOfItemEvent: Record<string, string> = {
  SUCCEEDED: 'SUCCESS',
  FAILED: 'FAILED',
  RETURNED: 'RETURNED',
  UNCLAIMED: 'UNCLAIMED',
  BLOCKED: 'BLOCKED',
  DENIED: 'DENIED',
  HELD: 'ONHOLD',
  REFUNDED: 'REFUNDED',
  // The sender cancelled an unclaimed item: its money came back ("the only possible
  // transaction_status value is RETURNED" for a cancel, transaction_enum docs).
  CANCELED: 'RETURNED',
};

const eventSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  create_time: z.string().optional(),
  resource_type: z.string().optional(),
  resource: z.record(z.string(), z.unknown()).optional(),
});

const itemResourceSchema = z.object({
  payout_item_id: z.string().min(1),
  payout_batch_id: z.string().optional(),
  transaction_id: z.string().optional(),
  transaction_status: z.string().optional(),
  sender_batch_id: z.string().optional(),
  payout_item: z.object({ sender_item_id: z.string().optional() }).optional(),
  errors: z.object({ name: z.string().optional(), message: z.string().optional() }).optional(),
  time_processed: z.string().optional(),
});

const batchResourceSchema = z.object({
  batch_header: z.object({
    payout_batch_id: z.string().min(1),
    batch_status: z.string().optional(),
    sender_batch_header: z.object({ sender_batch_id: z.string().optional() }).optional(),
  }),
});

export interface PayPalItemEvent {
  kind: 'item';
  eventId: string;
  eventType: string;
  payoutItemId: string;
  payoutBatchId: string | null;
  /** Our transaction id, as sent in sender_item_id. */
  senderItemId: string | null;
  transactionId: string | null;
  status: PayPalLifecycleStatus;
  /** PayPal's reason (errors.name, e.g. RECEIVER_UNREGISTERED), or its status for a bare failure. */
  reasonCode: string | null;
  /** When PayPal reported the change (the event's create_time). */
  occurredAt: string | null;
}

/** A batch event carries no item states: the job reads the batch to learn them. */
export interface PayPalBatchEvent {
  kind: 'batch';
  eventId: string;
  eventType: string;
  payoutBatchId: string;
  senderBatchId: string | null;
  batchStatus: string | null;
  occurredAt: string | null;
}

export interface PayPalUnknownEvent {
  kind: 'unknown';
  /** null when the body is not even an event. */
  eventId: string | null;
  eventType: string | null;
  reason: string;
}

export type PayPalWebhookEvent = PayPalItemEvent | PayPalBatchEvent | PayPalUnknownEvent;

function unknown(eventId: string | null, eventType: string | null, reason: string): PayPalUnknownEvent {
  return { kind: 'unknown', eventId, eventType, reason };
}

/** Reads a (verified) delivery. Never throws: anything we cannot use is an 'unknown' result. */
export function readPayPalWebhookEvent(rawBody: Buffer | string): PayPalWebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    return unknown(null, null, 'the body is not JSON');
  }
  const event = eventSchema.safeParse(json);
  if (!event.success) return unknown(null, null, 'the body is not a PayPal event');
  const { id, event_type: eventType, create_time: occurredAt = null, resource } = event.data;

  if (eventType.startsWith(BATCH_EVENT_PREFIX)) {
    const batch = batchResourceSchema.safeParse(resource);
    if (!batch.success) return unknown(id, eventType, 'the batch event has no batch header');
    const headerData = batch.data.batch_header;
    return {
      kind: 'batch',
      eventId: id,
      eventType,
      payoutBatchId: headerData.payout_batch_id,
      senderBatchId: headerData.sender_batch_header?.sender_batch_id ?? null,
      batchStatus: headerData.batch_status ?? null,
      occurredAt,
    };
  }

  if (!eventType.startsWith(ITEM_EVENT_PREFIX)) return unknown(id, eventType, `not a payouts event (${eventType})`);
  const implied = statusOfItemEvent[eventType.slice(ITEM_EVENT_PREFIX.length)];
  if (!implied) return unknown(id, eventType, `an unknown payouts item event (${eventType})`);
  const item = itemResourceSchema.safeParse(resource);
  if (!item.success) return unknown(id, eventType, 'the item event has no payout item');

  // The resource is the item as it stands; the event name is what happened. They agree in
  // PayPal's deliveries, and the item's own status wins if they ever do not.
  const transactionStatus = item.data.transaction_status ?? implied;
  const status = lifecycleOfTransactionStatus(transactionStatus);
  if (!status) return unknown(id, eventType, `an unknown transaction_status (${transactionStatus})`);
  const reasonCode =
    item.data.errors?.name ?? (status === 'failed' || status === 'returned' ? transactionStatus.toUpperCase() : null);
  return {
    kind: 'item',
    eventId: id,
    eventType,
    payoutItemId: item.data.payout_item_id,
    payoutBatchId: item.data.payout_batch_id ?? null,
    senderItemId: item.data.payout_item?.sender_item_id ?? null,
    transactionId: item.data.transaction_id ?? null,
    status,
    reasonCode,
    occurredAt,
  };
}

export type PayPalWebhookOutcome =
  { verified: false; reason: string; stale?: true } | { verified: true; transmissionId: string; event: PayPalWebhookEvent };

/** Verify, then read: what POST /api/webhooks/paypal does before storing the event in the inbox. */
export async function receivePayPalWebhook(
  verifier: PayPalWebhookVerifier,
  headers: WebhookHeaders,
  rawBody: Buffer | string,
): Promise<PayPalWebhookOutcome> {
  const verification = await verifier.verify(headers, rawBody);
  if (!verification.ok)
    return verification.stale
      ? { verified: false, reason: verification.reason, stale: true }
      : { verified: false, reason: verification.reason };
  return { verified: true, transmissionId: verification.transmissionId, event: readPayPalWebhookEvent(rawBody) };
}
