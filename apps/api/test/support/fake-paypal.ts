// A stand-in for PayPal's Payouts REST API v1 on loopback (node:http, 127.0.0.1, a free port unless given), with
// PayPal's documented shapes (https://developer.paypal.com/api/payments.payouts-batch/v1):
//   POST /v1/oauth2/token                       client credentials (HTTP Basic) -> access_token
//   POST /v1/payments/payouts                   201 batch header; 400 USER_BUSINESS_ERROR on a
//                                               sender_batch_id it already holds, linking to it;
//                                               PayPal-Request-Id answered again with the original
//   GET  /v1/payments/payouts/{batch id}        batch header and items
//   GET  /v1/payments/payouts-item/{item id}    one item
//   GET  /v1/notifications/certs/{id}           the PEM certificate webhooks are signed with
// Errors use PayPal's body {name, message, debug_id, information_link, details, links}.
//
// A test scripts the outcome per receiver (SUCCESS, FAILED, RETURNED, UNCLAIMED, BLOCKED, ...),
// which items reach when it calls settle(); faults on the Nth call of a route (a status, a body, a
// slow answer, before or after the work is done); and signed webhooks sent to any URL, signed like
// PayPal's with a key pair and self-signed certificate made at start.
import { createSign, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { centsToDecimalString, dollarsToCents } from '@assay/domain';

export type FakePayPalOutcome = 'SUCCESS' | 'FAILED' | 'RETURNED' | 'UNCLAIMED' | 'BLOCKED' | 'DENIED' | 'REFUNDED' | 'ONHOLD';
export type FakePayPalRoute = 'token' | 'createBatch' | 'getBatch' | 'getItem' | 'cert';

export interface FakePayPalFault {
  status?: number;
  /** An object is sent as JSON, a string as it is. Defaults to PayPal's INTERNAL_SERVER_ERROR body. */
  body?: unknown;
  delayMs?: number;
  /**
   * Do the work (create the batch) and then answer the fault: PayPal applied the request but the
   * answer was lost. Otherwise the fault answers instead of the work.
   */
  afterHandling?: boolean;
}

interface ScriptedOutcome {
  status: FakePayPalOutcome;
  errorName?: string;
}

interface FakeItem {
  payoutItemId: string;
  payoutBatchId: string;
  senderBatchId: string;
  transactionId: string | null;
  transactionStatus: string;
  receiver: string;
  amount: { value: string; currency: string };
  senderItemId: string;
  note?: string;
  errors: { name: string; message: string } | null;
  timeProcessed: string | null;
}

interface FakeBatch {
  payoutBatchId: string;
  batchStatus: string;
  timeCreated: string;
  timeCompleted: string | null;
  senderBatchHeader: Record<string, unknown>;
  itemIds: string[];
}

/** errors.name PayPal reports with each outcome, unless the test names another. */
const defaultErrorNames: Partial<Record<FakePayPalOutcome, string>> = {
  FAILED: 'RECEIVER_ACCOUNT_LOCKED',
  BLOCKED: 'RECEIVER_COUNTRY_NOT_ALLOWED',
  DENIED: 'USER_BUSINESS_ERROR',
  UNCLAIMED: 'RECEIVER_UNREGISTERED',
  RETURNED: 'RECEIVER_UNREGISTERED',
  ONHOLD: 'RECEIVER_ACCOUNT_LIMITATION',
};

const itemEventOfStatus: Record<string, string> = {
  SUCCESS: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
  FAILED: 'PAYMENT.PAYOUTS-ITEM.FAILED',
  RETURNED: 'PAYMENT.PAYOUTS-ITEM.RETURNED',
  UNCLAIMED: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
  BLOCKED: 'PAYMENT.PAYOUTS-ITEM.BLOCKED',
  DENIED: 'PAYMENT.PAYOUTS-ITEM.DENIED',
  REFUNDED: 'PAYMENT.PAYOUTS-ITEM.REFUNDED',
  ONHOLD: 'PAYMENT.PAYOUTS-ITEM.HELD',
};

const INFORMATION_LINK = 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** PayPal's ids are 13 upper-case letters and digits. */
function paypalId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(13)].map((b) => alphabet[b % alphabet.length]).join('');
}

function debugId(): string {
  return randomBytes(7).toString('hex').slice(0, 13);
}

function paypalError(name: string, message: string, details: unknown[] = [], links: unknown[] = []) {
  return { name, message, debug_id: debugId(), information_link: INFORMATION_LINK, details, links };
}

// ---- A self-signed X.509 certificate, DER-encoded by hand (node:crypto signs but cannot issue). ----

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const der = (tag: number, content: Buffer) => Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);
const sequence = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
function derInteger(value: Buffer): Buffer {
  return der(0x02, value[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);
}
function derOid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk: number[] = [arc & 0x7f];
    for (let n = arc >> 7; n > 0; n >>= 7) chunk.unshift((n & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}
function derTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return der(0x17, Buffer.from(text, 'ascii'));
}
const commonName = (cn: string) => sequence(der(0x31, sequence(derOid('2.5.4.3'), der(0x0c, Buffer.from(cn, 'utf8')))));

/**
 * A positive serial number whose first byte is never 0: DER wants an INTEGER in its fewest bytes,
 * and OpenSSL refuses a certificate whose serial starts 00 followed by a byte below 0x80 (one
 * random serial in 512, which made a certificate unreadable now and then).
 */
function serialNumber(): Buffer {
  const serial = randomBytes(8);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  return serial;
}

function selfSignedCertificate(publicKey: KeyObject, privateKey: KeyObject, cn: string, notBefore: Date, notAfter: Date): string {
  const sha256WithRsa = sequence(derOid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const tbs = sequence(
    der(0xa0, derInteger(Buffer.from([2]))),
    derInteger(serialNumber()),
    sha256WithRsa,
    commonName(cn),
    sequence(derTime(notBefore), derTime(notAfter)),
    commonName(cn),
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = createSign('RSA-SHA256').update(tbs).sign(privateKey);
  const cert = sequence(tbs, sha256WithRsa, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = cert.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

export interface SignedWebhook {
  headers: Record<string, string>;
  body: string;
  event: Record<string, unknown>;
}

export interface SignOptions {
  /** Sign for another webhook id (a delivery meant for someone else). */
  webhookId?: string;
  certUrl?: string;
  transmissionId?: string;
  transmissionTime?: string;
  /** Sign with another key (a forger's). */
  privateKey?: KeyObject;
}

export async function startFakePayPal(
  options: {
    clientId?: string;
    clientSecret?: string;
    tokenTtlSeconds?: number;
    /** A fixed port, for a process started before the app it serves (e2e); a free one by default. */
    port?: number;
  } = {},
) {
  const clientId = options.clientId ?? 'fake-paypal-client-id';
  const clientSecret = options.clientSecret ?? 'fake-paypal-client-secret';
  const webhookId = '8PT597110X687430LKGECATA';
  const certPath = '/v1/notifications/certs/CERT-360caa42-fca2a594-fakefake';

  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Date.now();
  let certPem = selfSignedCertificate(
    keys.publicKey,
    keys.privateKey,
    'messageverificationcerts.paypal.com',
    new Date(now - 24 * 3600_000),
    new Date(now + 365 * 24 * 3600_000),
  );

  let tokenTtlSeconds = options.tokenTtlSeconds ?? 32_400;
  const tokens = new Map<string, number>();
  const batches = new Map<string, FakeBatch>();
  const batchBySenderId = new Map<string, string>();
  const items = new Map<string, FakeItem>();
  const answersByRequestId = new Map<string, { status: number; body: unknown }>();
  const outcomes = new Map<string, ScriptedOutcome>();
  const faults = new Map<FakePayPalRoute, Map<number, FakePayPalFault>>();
  const callCounts = new Map<FakePayPalRoute, number>();
  const requests: { method: string; path: string; route: FakePayPalRoute | null; requestId: string | null }[] = [];
  let honourRequestIds = true;
  let url = '';

  const itemJson = (item: FakeItem) => ({
    payout_item_id: item.payoutItemId,
    ...(item.transactionId ? { transaction_id: item.transactionId } : {}),
    transaction_status: item.transactionStatus,
    payout_item_fee: { currency: item.amount.currency, value: '0.25' },
    payout_batch_id: item.payoutBatchId,
    sender_batch_id: item.senderBatchId,
    payout_item: {
      recipient_type: 'EMAIL',
      amount: item.amount,
      ...(item.note ? { note: item.note } : {}),
      receiver: item.receiver,
      sender_item_id: item.senderItemId,
      recipient_wallet: 'PAYPAL',
    },
    ...(item.timeProcessed ? { time_processed: item.timeProcessed } : {}),
    ...(item.errors ? { errors: { ...item.errors, information_link: INFORMATION_LINK, details: {}, links: {} } } : {}),
    links: [
      { href: `${url}/v1/payments/payouts-item/${item.payoutItemId}`, rel: 'item', method: 'GET', encType: 'application/json' },
    ],
  });

  const batchLink = (id: string) => ({
    href: `${url}/v1/payments/payouts/${id}`,
    rel: 'self',
    method: 'GET',
    encType: 'application/json',
  });

  function batchJson(batch: FakeBatch, withItems: boolean) {
    const batchItems = batch.itemIds.map((id) => items.get(id)!);
    const totalCents = batchItems.reduce((sum, i) => sum + (dollarsToCents(i.amount.value) ?? 0), 0);
    const currency = batchItems[0]?.amount.currency ?? 'USD';
    return {
      batch_header: {
        payout_batch_id: batch.payoutBatchId,
        batch_status: batch.batchStatus,
        time_created: batch.timeCreated,
        ...(batch.timeCompleted ? { time_completed: batch.timeCompleted } : {}),
        sender_batch_header: batch.senderBatchHeader,
        amount: { currency, value: centsToDecimalString(totalCents) },
        fees: { currency, value: centsToDecimalString(batchItems.length * 25) },
      },
      ...(withItems ? { items: batchItems.map(itemJson) } : {}),
      links: [batchLink(batch.payoutBatchId)],
    };
  }

  function validateBatch(body: unknown): { field: string; location: string; issue: string }[] {
    const issues: { field: string; location: string; issue: string }[] = [];
    const b = body as { sender_batch_header?: Record<string, unknown>; items?: unknown };
    if (!b || typeof b !== 'object' || !b.sender_batch_header || typeof b.sender_batch_header !== 'object') {
      issues.push({ field: 'sender_batch_header', location: 'body', issue: 'Required field is missing.' });
      return issues;
    }
    if (!Array.isArray(b.items) || b.items.length === 0) {
      issues.push({ field: 'items', location: 'body', issue: 'Required field is missing.' });
      return issues;
    }
    if (b.items.length > 15_000) issues.push({ field: 'items', location: 'body', issue: 'Too many items (at most 15000).' });
    const seen = new Set<string>();
    b.items.forEach((raw: unknown, index: number) => {
      const item = raw as { amount?: { value?: unknown; currency?: unknown }; receiver?: unknown; sender_item_id?: unknown };
      const value = item.amount?.value;
      if (typeof value !== 'string' || !AMOUNT.test(value) || !dollarsToCents(value)) {
        issues.push({ field: `items[${index}].amount.value`, location: 'body', issue: 'Invalid amount value.' });
      }
      if (typeof item.amount?.currency !== 'string' || !/^[A-Z]{3}$/.test(item.amount.currency)) {
        issues.push({ field: `items[${index}].amount.currency`, location: 'body', issue: 'Invalid currency code.' });
      }
      if (typeof item.receiver !== 'string' || !EMAIL.test(item.receiver)) {
        issues.push({
          field: `items[${index}].receiver`,
          location: 'body',
          issue: 'Receiver is invalid or does not match with type.',
        });
      }
      if (typeof item.sender_item_id === 'string') {
        if (seen.has(item.sender_item_id)) {
          issues.push({
            field: `items[${index}].sender_item_id`,
            location: 'body',
            issue: 'Duplicate sender_item_id in the batch.',
          });
        }
        seen.add(item.sender_item_id);
      }
    });
    return issues;
  }

  function createBatch(body: unknown): { status: number; body: unknown } {
    const issues = validateBatch(body);
    if (issues.length > 0) return { status: 400, body: paypalError('VALIDATION_ERROR', 'Invalid request - see details', issues) };
    const b = body as {
      sender_batch_header: Record<string, unknown> & { sender_batch_id?: string };
      items: { amount: { value: string; currency: string }; receiver: string; sender_item_id?: string; note?: string }[];
    };
    const senderBatchId = b.sender_batch_header.sender_batch_id ?? paypalId();
    const existing = batchBySenderId.get(senderBatchId);
    if (existing) {
      return {
        status: 400,
        body: paypalError(
          'USER_BUSINESS_ERROR',
          'User business error.',
          [
            {
              field: 'SENDER_BATCH_ID',
              location: 'body',
              issue: `Batch with given sender_batch_id already exists (${senderBatchId})`,
              link: [batchLink(existing)],
            },
          ],
          [],
        ),
      };
    }
    const payoutBatchId = paypalId();
    const batch: FakeBatch = {
      payoutBatchId,
      batchStatus: 'PENDING',
      timeCreated: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      timeCompleted: null,
      senderBatchHeader: { ...b.sender_batch_header, sender_batch_id: senderBatchId },
      itemIds: [],
    };
    for (const raw of b.items) {
      const item: FakeItem = {
        payoutItemId: paypalId(),
        payoutBatchId,
        senderBatchId,
        transactionId: null,
        transactionStatus: 'PENDING',
        receiver: raw.receiver,
        amount: raw.amount,
        senderItemId: raw.sender_item_id ?? paypalId(),
        note: raw.note,
        errors: null,
        timeProcessed: null,
      };
      items.set(item.payoutItemId, item);
      batch.itemIds.push(item.payoutItemId);
    }
    batches.set(payoutBatchId, batch);
    batchBySenderId.set(senderBatchId, payoutBatchId);
    const answer = batchJson(batch, false);
    return {
      status: 201,
      body: { batch_header: { ...answer.batch_header, batch_status: 'PENDING' }, links: answer.links },
    };
  }

  function applyOutcome(item: FakeItem, outcome: ScriptedOutcome) {
    item.transactionStatus = outcome.status;
    item.timeProcessed = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    // A transaction id exists once PayPal moved money (including to an unclaimed holding).
    if (['SUCCESS', 'UNCLAIMED', 'RETURNED', 'REFUNDED', 'ONHOLD'].includes(outcome.status)) item.transactionId ??= paypalId();
    const errorName = outcome.errorName ?? defaultErrorNames[outcome.status];
    item.errors = errorName ? { name: errorName, message: `Fake PayPal: ${errorName.toLowerCase().replace(/_/g, ' ')}.` } : null;
  }

  const authFailure = () => ({
    status: 401,
    body: {
      name: 'AUTHENTICATION_FAILURE',
      message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
    },
  });

  function bearerOk(req: http.IncomingMessage): boolean {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const expiresAt = match ? tokens.get(match[1]!) : undefined;
    return expiresAt !== undefined && Date.now() < expiresAt;
  }

  function route(method: string, path: string): FakePayPalRoute | null {
    if (method === 'POST' && path === '/v1/oauth2/token') return 'token';
    if (method === 'POST' && path === '/v1/payments/payouts') return 'createBatch';
    if (method === 'GET' && /^\/v1\/payments\/payouts\/[^/]+$/.test(path)) return 'getBatch';
    if (method === 'GET' && /^\/v1\/payments\/payouts-item\/[^/]+$/.test(path)) return 'getItem';
    if (method === 'GET' && path === certPath) return 'cert';
    return null;
  }

  function handle(
    req: http.IncomingMessage,
    path: string,
    which: FakePayPalRoute | null,
    raw: string,
  ): { status: number; body: unknown } {
    if (which === 'cert') return { status: 200, body: certPem };
    if (which === 'token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
        return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.set(token, Date.now() + tokenTtlSeconds * 1000);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payouts',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: tokenTtlSeconds,
          nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
        },
      };
    }
    if (which === null) return { status: 404, body: paypalError('NOT_FOUND', 'The specified resource does not exist.') };
    if (!bearerOk(req)) return authFailure();

    if (which === 'createBatch') {
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return { status: 400, body: paypalError('MALFORMED_REQUEST', 'The request body is not well-formed JSON.') };
      }
      const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : null;
      if (requestId && honourRequestIds) {
        const earlier = answersByRequestId.get(requestId);
        if (earlier) return earlier;
      }
      const answer = createBatch(body);
      if (requestId && answer.status === 201) answersByRequestId.set(requestId, answer);
      return answer;
    }
    const id = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
    if (which === 'getBatch') {
      const batch = batches.get(id);
      if (!batch) return { status: 404, body: paypalError('INVALID_RESOURCE_ID', 'Requested resource ID was not found.') };
      return { status: 200, body: batchJson(batch, true) };
    }
    const item = items.get(id);
    if (!item) return { status: 404, body: paypalError('INVALID_RESOURCE_ID', 'Requested resource ID was not found.') };
    return { status: 200, body: itemJson(item) };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const method = req.method ?? 'GET';
      const which = route(method, path);
      const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : null;
      requests.push({ method, path, route: which, requestId });
      let fault: FakePayPalFault | undefined;
      if (which) {
        const count = (callCounts.get(which) ?? 0) + 1;
        callCounts.set(which, count);
        fault = faults.get(which)?.get(count);
      }
      let answer: { status: number; body: unknown };
      if (fault && !fault.afterHandling && (fault.status !== undefined || fault.body !== undefined)) {
        answer = {
          status: fault.status ?? 500,
          body: fault.body ?? paypalError('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'),
        };
      } else {
        answer = handle(req, path, which, Buffer.concat(chunks).toString('utf8'));
        // "Applied, then the answer was lost" needs a request that was applied: a refused one (a
        // stale token's 401) answers as it is, and the fault waits for the next call.
        if (fault?.afterHandling && which && answer.status >= 300) {
          faults.get(which)!.set((callCounts.get(which) ?? 0) + 1, fault);
        } else if (fault?.afterHandling && (fault.status !== undefined || fault.body !== undefined)) {
          answer = {
            status: fault.status ?? 500,
            body: fault.body ?? paypalError('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'),
          };
        }
      }
      const send = () => {
        if (res.destroyed) return;
        const isText = typeof answer.body === 'string';
        res.writeHead(answer.status, {
          'content-type': which === 'cert' ? 'application/x-pem-file' : isText ? 'text/plain' : 'application/json',
          'paypal-debug-id': debugId(),
        });
        res.end(isText ? (answer.body as string) : JSON.stringify(answer.body));
      };
      if (fault?.delayMs) setTimeout(send, fault.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const certUrl = `${url}${certPath}`;

  function findItem(payoutItemId: string): FakeItem {
    const item = items.get(payoutItemId);
    if (!item) throw new Error(`The fake holds no payout item ${payoutItemId}`);
    return item;
  }

  /** A webhook event as PayPal builds it: the item (or batch header) as `resource`. */
  function itemEvent(payoutItemId: string, eventType?: string): Record<string, unknown> {
    const item = findItem(payoutItemId);
    const type = eventType ?? itemEventOfStatus[item.transactionStatus];
    if (!type) throw new Error(`No webhook event for an item in status ${item.transactionStatus}`);
    const id = `WH-${paypalId()}-${paypalId()}`;
    return {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      resource_type: 'payouts_item',
      event_type: type,
      summary: `A payout item is now ${item.transactionStatus.toLowerCase()}.`,
      resource: itemJson(item),
      links: [{ href: `${url}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
    };
  }

  function batchEvent(payoutBatchId: string, eventType: string): Record<string, unknown> {
    const batch = batches.get(payoutBatchId);
    if (!batch) throw new Error(`The fake holds no payout batch ${payoutBatchId}`);
    const id = `WH-${paypalId()}-${paypalId()}`;
    return {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      resource_type: 'payouts',
      event_type: eventType,
      summary: `Payout batch is ${batch.batchStatus.toLowerCase()}.`,
      resource: batchJson(batch, false),
      links: [{ href: `${url}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
    };
  }

  /** Headers and body exactly as PayPal would deliver them, signed over id|time|webhook id|crc32(body). */
  function sign(event: Record<string, unknown>, opts: SignOptions = {}): SignedWebhook {
    const body = JSON.stringify(event);
    const transmissionId = opts.transmissionId ?? randomUUID();
    const transmissionTime = opts.transmissionTime ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const signed = `${transmissionId}|${transmissionTime}|${opts.webhookId ?? webhookId}|${crc32(Buffer.from(body, 'utf8'))}`;
    const signature = createSign('RSA-SHA256')
      .update(signed, 'utf8')
      .sign(opts.privateKey ?? keys.privateKey, 'base64');
    return {
      body,
      event,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': opts.certUrl ?? certUrl,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    };
  }

  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    certUrl,
    requests,
    /** How many calls a route has had since the start or the last reset. */
    calls(which: FakePayPalRoute): number {
      return callCounts.get(which) ?? 0;
    },
    /** What items paid to this receiver become on settle(); SUCCESS by default. */
    outcome(receiver: string, status: FakePayPalOutcome, errorName?: string) {
      outcomes.set(receiver.toLowerCase(), { status, errorName });
    },
    /** The `onCall`-th call of `which` from now (1 = the next one) answers this fault. */
    fault(which: FakePayPalRoute, fault: FakePayPalFault, onCall = 1) {
      const perRoute = faults.get(which) ?? new Map<number, FakePayPalFault>();
      perRoute.set((callCounts.get(which) ?? 0) + onCall, fault);
      faults.set(which, perRoute);
    },
    /** Off: a repeated PayPal-Request-Id is not recognised (as after PayPal lost or aged it out). */
    set honourRequestIds(value: boolean) {
      honourRequestIds = value;
    },
    set tokenTtlSeconds(value: number) {
      tokenTtlSeconds = value;
    },
    /** Every token issued so far stops working (PayPal revoked or expired them). */
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    /** Pending items reach their scripted outcome, and their batches complete. */
    settle() {
      for (const item of items.values()) {
        if (item.transactionStatus !== 'PENDING') continue;
        applyOutcome(item, outcomes.get(item.receiver.toLowerCase()) ?? { status: 'SUCCESS' });
      }
      for (const batch of batches.values()) {
        if (batch.batchStatus === 'PENDING' || batch.batchStatus === 'PROCESSING') {
          batch.batchStatus = 'SUCCESS';
          batch.timeCompleted = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
        }
      }
    },
    /** Moves one item on, as PayPal does later (UNCLAIMED -> RETURNED after 30 days, SUCCESS -> REFUNDED). */
    setItemStatus(payoutItemId: string, status: FakePayPalOutcome, errorName?: string) {
      applyOutcome(findItem(payoutItemId), { status, errorName });
    },
    batches(): { payoutBatchId: string; senderBatchId: string; status: string; itemIds: string[] }[] {
      return [...batches.values()].map((b) => ({
        payoutBatchId: b.payoutBatchId,
        senderBatchId: String(b.senderBatchHeader.sender_batch_id),
        status: b.batchStatus,
        itemIds: [...b.itemIds],
      }));
    },
    /** Every item ever paid to this receiver, oldest first. */
    itemsTo(receiver: string) {
      return [...items.values()].filter((i) => i.receiver.toLowerCase() === receiver.toLowerCase()).map((i) => ({ ...i }));
    },
    /**
     * Every item ever created for a payout: sender_item_id "<transaction id>-<attempt>" (or the bare
     * id). More than one for the same attempt would be a double payment.
     */
    itemsFor(transactionId: string) {
      return [...items.values()]
        .filter((i) => i.senderItemId === transactionId || i.senderItemId.startsWith(`${transactionId}-`))
        .map((i) => ({ ...i }));
    },
    itemEvent,
    batchEvent,
    sign,
    /** Delivers a signed event to `target` like PayPal does (POST, JSON body, signature headers). */
    async sendWebhook(target: string, delivery: SignedWebhook): Promise<{ status: number; body: string }> {
      const response = await fetch(target, { method: 'POST', headers: delivery.headers, body: delivery.body });
      return { status: response.status, body: await response.text() };
    },
    /** A key pair that is not PayPal's, to forge signatures with. */
    forgerKey(): KeyObject {
      return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    },
    /** Serves a certificate that expired yesterday (same key), to test certificate dates. */
    expireCertificate() {
      const t = Date.now();
      certPem = selfSignedCertificate(
        keys.publicKey,
        keys.privateKey,
        'messageverificationcerts.paypal.com',
        new Date(t - 30 * 86_400_000),
        new Date(t - 86_400_000),
      );
    },
    reset() {
      tokens.clear();
      batches.clear();
      batchBySenderId.clear();
      items.clear();
      answersByRequestId.clear();
      outcomes.clear();
      faults.clear();
      callCounts.clear();
      requests.length = 0;
      honourRequestIds = true;
      tokenTtlSeconds = options.tokenTtlSeconds ?? 32_400;
      const t = Date.now();
      certPem = selfSignedCertificate(
        keys.publicKey,
        keys.privateKey,
        'messageverificationcerts.paypal.com',
        new Date(t - 86_400_000),
        new Date(t + 365 * 86_400_000),
      );
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakePayPal = Awaited<ReturnType<typeof startFakePayPal>>;
