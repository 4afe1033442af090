// The webhook inbox (DECISIONS "Money and parcels on real rails": verified, stored first,
// de-duplicated by the provider's event id, then processed by a job with retries; replaying an
// event changes nothing). The route verifies and stores; the job applies.
import {
  PayPalWebhookVerifier,
  readPayPalWebhookEvent,
  receivePayPalWebhook,
  type WebhookHeaders,
} from '../../adapters/payouts/paypal/paypal-webhooks.ts';
import {
  EASYPOST_SIGNATURE_HEADER,
  readTrackerEvent,
  verifyEasyPostSignature,
} from '../../adapters/carriers/easypost-webhooks.ts';
import type { Config } from '../../config.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { findInputProblem, inputProblemMessages } from '../../lib/broken-input.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { JobPayloads } from '../../jobs/job-definitions.ts';
import { applyPayPalItemEvent } from './paypal-events.ts';
import { applyEasyPostEvent } from './easypost-events.ts';
import { finishInboxEvent, insertInboxEvent, lockInboxEvent, type WebhookProvider } from './webhooks.repository.ts';

/**
 * Stores a verified delivery and queues its processing, in one transaction: answers whether it
 * was new. A delivery whose event id is already in the inbox is acknowledged and nothing more.
 */
export async function storeWebhook(
  db: Db,
  delivery: { provider: WebhookProvider; eventId: string; eventType: string; payload: unknown; at: Date },
): Promise<{ duplicate: boolean }> {
  return db.transaction(async (tx) => {
    const stored = await insertInboxEvent(tx, { ...delivery, receivedAt: delivery.at });
    if (!stored) return { duplicate: true };
    await enqueueJob<JobPayloads, 'webhook-process'>(tx, 'webhook-process', { inboxId: stored.id });
    return { duplicate: false };
  });
}

/** The body of a delivery read raw: JSON, and the edge's input rule (NUL, broken Unicode, deep nesting) first of all. */
function readWebhookJson(raw: Buffer): unknown {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('The webhook body must be JSON.');
  }
  const problem = findInputProblem(body);
  if (problem) throw badRequest(inputProblemMessages[problem]);
  return body;
}

/**
 * POST /api/webhooks/paypal's work: verify the delivery's signature over the exact bytes, read it,
 * and store it once. A 404 when PayPal Payouts are not set up; a 400 with a sentence for a forged
 * or unreadable delivery or an event we do not handle (nothing is stored then).
 */
export function payPalWebhookReceiver(paypal: Config['paypal']) {
  const verifier = paypal
    ? new PayPalWebhookVerifier({ webhookId: paypal.webhookId, allowedCertOrigins: paypal.certOrigins })
    : null;
  return async (db: Db, delivery: { headers: WebhookHeaders; raw: Buffer; at: Date }) => {
    const body = readWebhookJson(delivery.raw);
    if (!verifier) throw new AppError('NOT_FOUND', 'PayPal Payouts are not set up here, so there are no PayPal webhooks.');
    const outcome = await receivePayPalWebhook(verifier, delivery.headers, delivery.raw);
    if (!outcome.verified) throw badRequest(`The webhook's signature could not be verified: ${outcome.reason}.`);
    const event = outcome.event;
    if (event.kind === 'unknown' || !event.eventId || !event.eventType) {
      throw badRequest(
        `This is not a PayPal Payouts event we handle: ${event.kind === 'unknown' ? event.reason : 'no event id'}.`,
      );
    }
    return storeWebhook(db, {
      provider: 'paypal',
      eventId: event.eventId,
      eventType: event.eventType,
      payload: body,
      at: delivery.at,
    });
  };
}

/**
 * POST /api/webhooks/carrier's work: EasyPost's tracker events. A 404 unless CARRIER=easypost with
 * a webhook secret; a 400 with a sentence for a body that is not JSON, a bad signature or an event
 * that is not a tracker's. A verified tracker event is stored once by EasyPost's event id, whatever
 * parcel it names: the job decides what it means.
 */
export function easyPostWebhookReceiver(carrier: Config['carrier']) {
  const secret = carrier.provider === 'easypost' ? carrier.easypost?.webhookSecret : undefined;
  return async (db: Db, delivery: { headers: WebhookHeaders; raw: Buffer; at: Date }) => {
    const body = readWebhookJson(delivery.raw);
    if (!secret) throw new AppError('NOT_FOUND', 'EasyPost is not set up here, so there are no carrier webhooks.');
    if (!verifyEasyPostSignature(delivery.raw, delivery.headers[EASYPOST_SIGNATURE_HEADER], secret)) {
      throw badRequest("The webhook's signature could not be verified: X-Hmac-Signature does not match the body.");
    }
    const reading = readTrackerEvent(body);
    const eventId = reading.kind === 'tracking' ? reading.event.eventId : reading.eventId;
    const eventType = reading.kind === 'tracking' ? 'tracker.updated' : reading.description;
    if (!eventId || !eventType?.startsWith('tracker.')) {
      throw badRequest(
        `This is not an EasyPost tracker event: ${eventType ? `"${eventType.slice(0, 60)}" is not handled` : 'it names no event'}.`,
      );
    }
    return storeWebhook(db, { provider: 'easypost', eventId, eventType, payload: body, at: delivery.at });
  };
}

export type WebhookOutcome = 'processed' | 'ignored' | 'already-done' | 'gone';

/** Applies one stored event, once: the row is locked and marked in the same transaction. */
export async function processWebhook(db: Db, inboxId: string, now: Date): Promise<WebhookOutcome> {
  return db.transaction(async (tx: DbOrTx) => {
    const row = await lockInboxEvent(tx, inboxId);
    if (!row) return 'gone';
    if (row.status === 'processed' || row.status === 'ignored') return 'already-done';
    const attempts = row.attempts + 1;
    if (row.provider === 'paypal') {
      const event = readPayPalWebhookEvent(JSON.stringify(row.payload));
      if (event.kind === 'item') {
        const outcome = await applyPayPalItemEvent(tx, event, now);
        const status = outcome === 'moved' ? 'processed' : 'ignored';
        await finishInboxEvent(tx, row.id, { status, lastError: outcome === 'moved' ? null : outcome, at: now, attempts });
        return status;
      }
      // Batch events carry no item states; each item's own event follows.
      await finishInboxEvent(tx, row.id, { status: 'ignored', lastError: `${event.kind} event`, at: now, attempts });
      return 'ignored';
    }
    if (row.provider === 'easypost') {
      const outcome = await applyEasyPostEvent(tx, row.payload);
      const status = outcome === 'applied' ? 'processed' : 'ignored';
      await finishInboxEvent(tx, row.id, { status, lastError: outcome === 'applied' ? null : outcome, at: now, attempts });
      return status;
    }
    await finishInboxEvent(tx, row.id, {
      status: 'ignored',
      lastError: `no processor for ${row.provider}`,
      at: now,
      attempts,
    });
    return 'ignored';
  });
}
