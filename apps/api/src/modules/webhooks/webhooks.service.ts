// The webhook inbox (DECISIONS "Money and parcels on real rails": verified, stored first,
// de-duplicated by the provider's event id, then processed by a job with retries; replaying an
// event changes nothing). The route verifies and stores; the job asks the provider what really
// happened (decision 023) and applies that.
import { createHash } from 'node:crypto';
import type { CarrierAdapter } from '../../adapters/carriers/carrier.ts';
import type { PayoutAdapter } from '../../adapters/payouts/payout-adapter.ts';
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
import type { Config } from '../../config/index.ts';
import type { Clock } from '../../context.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { findInputProblem, inputProblemMessages } from '../../lib/broken-input.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { JobPayloads } from '../../jobs/job-definitions.ts';
import type { JobLogger } from '../../jobs/job-engine.ts';
import { applyPayPalReport, confirmPayPalItemEvent } from './paypal-events.ts';
import { applyEasyPostEvent, confirmTrackingEvent } from './easypost-events.ts';
import {
  claimTransmission,
  findInboxEvent,
  findTransmission,
  finishInboxEvent,
  insertInboxEvent,
  lockInboxEvent,
  noteInboxAttempt,
  type WebhookInboxRow,
  type WebhookProvider,
} from './webhooks.repository.ts';

/**
 * Stores a verified delivery and queues its processing, in one transaction: answers whether it
 * was new. A delivery whose event id is already in the inbox is acknowledged and nothing more. A
 * PayPal transmission id is taken once: the same bytes again are acknowledged as a duplicate, and
 * another body under a transmission id already taken is refused (a body forged to the captured
 * delivery's CRC32), storing nothing.
 */
export async function storeWebhook(
  db: Db,
  delivery: {
    provider: WebhookProvider;
    eventId: string;
    eventType: string;
    payload: unknown;
    at: Date;
    transmission?: { id: string; raw: Buffer };
  },
): Promise<{ duplicate: boolean }> {
  const { transmission, ...event } = delivery;
  return db.transaction(async (tx) => {
    if (transmission) {
      const bodySha256 = createHash('sha256').update(transmission.raw).digest('hex');
      const claim = { provider: 'paypal' as const, transmissionId: transmission.id, bodySha256, eventId: event.eventId };
      if (!(await claimTransmission(tx, { ...claim, receivedAt: event.at }))) {
        const earlier = await findTransmission(tx, 'paypal', transmission.id);
        if (earlier?.bodySha256 !== bodySha256) {
          throw badRequest(
            'This PayPal transmission was already received with another body: a transmission id is accepted once, so this delivery is refused.',
          );
        }
        return { duplicate: true };
      }
    }
    const stored = await insertInboxEvent(tx, { ...event, receivedAt: event.at });
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
export function payPalWebhookReceiver(paypal: Config['paypal'], clock: Clock) {
  const verifier = paypal
    ? new PayPalWebhookVerifier({
        webhookId: paypal.webhookId,
        allowedCertOrigins: paypal.certOrigins,
        maxAgeSeconds: paypal.webhookMaxAgeSeconds,
        now: () => clock.now(),
      })
    : null;
  return async (db: Db, delivery: { headers: WebhookHeaders; raw: Buffer; at: Date }) => {
    const body = readWebhookJson(delivery.raw);
    if (!verifier) throw new AppError('NOT_FOUND', 'PayPal Payouts are not set up here, so there are no PayPal webhooks.');
    const outcome = await receivePayPalWebhook(verifier, delivery.headers, delivery.raw);
    if (!outcome.verified) {
      throw badRequest(
        outcome.stale
          ? `The webhook delivery is refused as too old or not yet due: ${outcome.reason}.`
          : `The webhook's signature could not be verified: ${outcome.reason}.`,
      );
    }
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
      transmission: { id: outcome.transmissionId, raw: delivery.raw },
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

/** What the job needs: the providers it asks before applying anything. */
export interface WebhookDeps {
  db: Db;
  /** Asked about the item a PayPal event names (lookUpItem). */
  payouts: PayoutAdapter;
  /** Asked for the tracker a tracking event names (fetchTracker). */
  carrier: CarrierAdapter;
  logger: JobLogger;
  /** How long the carrier's first scan of a parcel locks its prices (LOCK_DAYS). */
  lockDays: number;
}

/** Applies a confirmed event in the caller's transaction: whether it changed anything, and if not why. */
type Application = (tx: DbOrTx, at: Date) => Promise<{ applied: boolean; note: string | null }>;

const ignore =
  (note: string): Application =>
  () =>
    Promise.resolve({ applied: false, note });

/** Asks the provider about a stored event (no transaction open), and answers how to apply what it said. */
async function confirmedApplication(deps: WebhookDeps, row: WebhookInboxRow): Promise<Application> {
  if (row.provider === 'paypal') {
    const event = readPayPalWebhookEvent(JSON.stringify(row.payload));
    // Batch events carry no item states; each item's own event follows.
    if (event.kind !== 'item') return ignore(`${event.kind} event`);
    const report = await confirmPayPalItemEvent(deps.payouts, event, deps.logger);
    if (!report) return ignore('not-confirmed-by-paypal');
    return async (tx, at) => {
      const outcome = await applyPayPalReport(tx, report, at);
      return { applied: outcome === 'moved', note: outcome === 'moved' ? null : outcome };
    };
  }
  if (row.provider === 'easypost') {
    const reading = readTrackerEvent(row.payload);
    if (reading.kind !== 'tracking') return ignore('not-a-tracking-event');
    const event = await confirmTrackingEvent(deps.carrier, reading.event, deps.logger);
    if (!event) return ignore('not-confirmed-by-the-carrier');
    return async (tx) => {
      const outcome = await applyEasyPostEvent(tx, event, { lockDays: deps.lockDays });
      return { applied: outcome === 'applied', note: outcome === 'applied' ? null : outcome };
    };
  }
  return ignore(`no processor for ${row.provider}`);
}

const isDone = (row: WebhookInboxRow) => row.status === 'processed' || row.status === 'ignored';

/**
 * Applies one stored event, once. The provider is asked first, with no transaction open, so a
 * slow provider holds no row lock (nor the embedded database's one connection); a provider that
 * cannot answer now fails the job, which the engine retries. Then the row is locked, and applied
 * and marked in the same transaction.
 */
export async function processWebhook(deps: WebhookDeps, inboxId: string, now: Date): Promise<WebhookOutcome> {
  const row = await findInboxEvent(deps.db, inboxId);
  if (!row) return 'gone';
  if (isDone(row)) return 'already-done';
  let apply: Application;
  try {
    apply = await confirmedApplication(deps, row);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    await noteInboxAttempt(deps.db, row.id, { attempts: row.attempts + 1, lastError: why.slice(0, 500) });
    throw error;
  }
  return deps.db.transaction(async (tx: DbOrTx) => {
    const locked = await lockInboxEvent(tx, inboxId);
    if (!locked) return 'gone';
    if (isDone(locked)) return 'already-done';
    const { applied, note } = await apply(tx, now);
    const status = applied ? 'processed' : 'ignored';
    await finishInboxEvent(tx, locked.id, { status, lastError: note, at: now, attempts: locked.attempts + 1 });
    return status;
  });
}
