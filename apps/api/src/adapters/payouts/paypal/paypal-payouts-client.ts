// A client for PayPal's Payouts REST API v1 (https://developer.paypal.com/api/payments.payouts-batch/v1):
// OAuth client credentials, create a batch, read a batch, read an item. It moves no state of ours:
// the payouts module stores what it answers and the job engine retries what it throws as retryable.
//
// Paying once: our idempotency key is the batch's sender_batch_id. PayPal "does not process
// duplicate payouts" under a sender_batch_id used in the last 30 days and says a 5xx may be retried
// with the same one (sender_batch_header docs). A retry after a lost answer therefore either gets the
// original answer back (PayPal-Request-Id, kept 30 days) or PayPal's duplicate error, which we
// answer by looking the original batch up, never by creating another.
import { createHash } from 'node:crypto';
import { centsToDecimalString } from '@assay/domain';
import { z } from 'zod';
import { isRetryableStatus, PayPalApiError, type PayPalErrorDetail } from './paypal-errors.ts';
import { lifecycleOfTransactionStatus, type PayPalLifecycleStatus } from './paypal-status.ts';
import { BodyTooLargeError, isTimeout, readCapped } from '../../http-answers.ts';

export const PAYPAL_SANDBOX_URL = 'https://api-m.sandbox.paypal.com';

/** Payout calls usually answer within a second or two; beyond this the job tries again later. */
export const DEFAULT_PAYPAL_TIMEOUT_MS = 15_000;
/** Renew a token this long before PayPal says it expires, so a call never starts with a dying one. */
const TOKEN_EXPIRY_MARGIN_MS = 60_000;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface PayPalPayoutsClientOptions {
  /** PAYPAL_LIVE_URL, PAYPAL_SANDBOX_URL, or a loopback fake in tests. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  /** For tests of token expiry. */
  now?: () => number;
}

export interface PayPalPayoutItemRequest {
  /** The PayPal account's e-mail address (recipient_type EMAIL). */
  receiverEmail: string;
  /** Integer cents; sent as PayPal's decimal string, never through a float. */
  amountCents: number;
  /** Our id for this payout (the transaction id); PayPal echoes it on the item and its webhooks. */
  senderItemId: string;
  /** Shown to the receiver in PayPal's e-mail. */
  note?: string;
}

export interface CreatePayPalBatchRequest {
  /** Our idempotency key: the same id on every attempt of the same batch. */
  senderBatchId: string;
  emailSubject: string;
  emailMessage?: string;
  currency?: string;
  items: PayPalPayoutItemRequest[];
}

export interface PayPalPayoutItem {
  payoutItemId: string;
  payoutBatchId: string;
  /** PayPal's transaction id, once money has moved; the reference shown to the seller. */
  transactionId: string | null;
  transactionStatus: string;
  /** Our reading of transactionStatus; null for a status PayPal has not documented. */
  lifecycle: PayPalLifecycleStatus | null;
  senderItemId: string | null;
  receiver: string | null;
  amount: { value: string; currency: string } | null;
  /** Why an item failed or waits (errors.name, e.g. RECEIVER_UNREGISTERED). */
  errorName: string | null;
  errorMessage: string | null;
  timeProcessed: string | null;
}

export interface PayPalBatch {
  payoutBatchId: string;
  /** DENIED, PENDING, PROCESSING, SUCCESS, CANCELED. */
  batchStatus: string;
  senderBatchId: string | null;
  timeCreated: string | null;
  /** Empty in the answer to a create call, which carries only the header. */
  items: PayPalPayoutItem[];
}

export interface CreatePayPalBatchResult {
  batch: PayPalBatch;
  /** True when PayPal already held this sender_batch_id and we found that batch instead. */
  alreadyCreated: boolean;
}

// Answer shapes, from the Payouts v1 reference: payout_batch_header, payout_item_details.
const money = z.object({ value: z.string(), currency: z.string() });
const itemSchema = z.object({
  payout_item_id: z.string().min(1),
  payout_batch_id: z.string().min(1),
  transaction_id: z.string().optional(),
  transaction_status: z.string().min(1),
  sender_batch_id: z.string().optional(),
  payout_item: z
    .object({
      sender_item_id: z.string().optional(),
      receiver: z.string().optional(),
      amount: money.optional(),
    })
    .optional(),
  errors: z.object({ name: z.string().optional(), message: z.string().optional() }).optional(),
  time_processed: z.string().optional(),
});
const batchSchema = z.object({
  batch_header: z.object({
    payout_batch_id: z.string().min(1),
    batch_status: z.string().min(1),
    time_created: z.string().optional(),
    sender_batch_header: z.object({ sender_batch_id: z.string().optional() }).optional(),
  }),
  items: z.array(itemSchema).optional(),
});
const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive(),
});
const linkSchema = z.object({ href: z.string(), rel: z.string().optional(), method: z.string().optional() });
const errorBodySchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z
    .array(
      z.object({
        field: z.string().optional(),
        location: z.string().optional(),
        issue: z.string().optional(),
        description: z.string().optional(),
        link: z.array(linkSchema).optional(),
      }),
    )
    .optional(),
  links: z.array(linkSchema).optional(),
  // OAuth errors.
  error: z.string().optional(),
  error_description: z.string().optional(),
});
type ErrorBody = z.infer<typeof errorBodySchema>;

function toItem(raw: z.infer<typeof itemSchema>): PayPalPayoutItem {
  return {
    payoutItemId: raw.payout_item_id,
    payoutBatchId: raw.payout_batch_id,
    transactionId: raw.transaction_id ?? null,
    transactionStatus: raw.transaction_status,
    lifecycle: lifecycleOfTransactionStatus(raw.transaction_status),
    senderItemId: raw.payout_item?.sender_item_id ?? null,
    receiver: raw.payout_item?.receiver ?? null,
    amount: raw.payout_item?.amount ?? null,
    errorName: raw.errors?.name ?? null,
    errorMessage: raw.errors?.message ?? null,
    timeProcessed: raw.time_processed ?? null,
  };
}

function toBatch(raw: z.infer<typeof batchSchema>): PayPalBatch {
  return {
    payoutBatchId: raw.batch_header.payout_batch_id,
    batchStatus: raw.batch_header.batch_status,
    senderBatchId: raw.batch_header.sender_batch_header?.sender_batch_id ?? null,
    timeCreated: raw.batch_header.time_created ?? null,
    items: (raw.items ?? []).map(toItem),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The id at the end of a link to /v1/payments/payouts/{payout_batch_id}, if the error gave one. */
function linkedBatchId(body: ErrorBody): string | null {
  const links = [...(body.links ?? []), ...(body.details ?? []).flatMap((d) => d.link ?? [])];
  for (const link of links) {
    const match = /\/v1\/payments\/payouts\/([^/?#]+)/.exec(link.href);
    if (match) return decodeURIComponent(match[1]!);
  }
  return null;
}

/**
 * PayPal's answer to a sender_batch_id used in the last 30 days: a 400 USER_BUSINESS_ERROR ("try
 * again with a different sender_batch_ID", https://developer.paypal.com/api/payments.payouts-batch/v1/errors/user_business_error)
 * whose details name the sender_batch_id and link to the original batch.
 */
function isDuplicateBatchError(status: number, body: ErrorBody): boolean {
  if (status !== 400 && status !== 409) return false;
  if (body.name !== 'USER_BUSINESS_ERROR' && body.name !== 'DUPLICATE_REQUEST_ID') return false;
  const text = [body.message, ...(body.details ?? []).flatMap((d) => [d.field, d.issue, d.description])]
    .filter((t): t is string => typeof t === 'string')
    .join(' ')
    .toLowerCase();
  return text.includes('sender_batch_id');
}

interface RequestOptions {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type Answer = { status: number; json: unknown; text: string };

export class PayPalPayoutsClient {
  private readonly baseUrl: string;
  private readonly clientId: string;
  private readonly clientSecret: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private token: { value: string; expiresAt: number } | null = null;
  /** One token request at a time: parallel calls share it instead of each asking PayPal. */
  private tokenInFlight: Promise<string> | null = null;

  constructor(options: PayPalPayoutsClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PAYPAL_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * Creates the batch, or finds it when PayPal already holds this sender_batch_id. Throws
   * PayPalApiError; a retryable one may be retried with the same request.
   */
  async createBatch(request: CreatePayPalBatchRequest, signal?: AbortSignal): Promise<CreatePayPalBatchResult> {
    const body = this.batchBody(request);
    const answer = await this.call({
      method: 'POST',
      path: '/v1/payments/payouts',
      body,
      // Same key on every attempt of the same body: PayPal answers a repeat with the original answer.
      // A different body under the same sender_batch_id gets a new key, so PayPal's duplicate error
      // and our comparison of the batch it holds catch it instead of a replayed answer.
      headers: { 'PayPal-Request-Id': requestIdOf(request.senderBatchId, body) },
      signal,
    });
    if (answer.status === 200 || answer.status === 201) {
      const batch = this.readBatch(answer, 'the created batch');
      this.assertSameBatch(batch, request, false);
      return { batch, alreadyCreated: false };
    }
    const errorBody = errorBodySchema.safeParse(answer.json);
    if (errorBody.success && isDuplicateBatchError(answer.status, errorBody.data)) {
      const payoutBatchId = linkedBatchId(errorBody.data);
      if (!payoutBatchId) {
        throw this.errorOf(answer, 'PayPal says this sender_batch_id was already used but does not link to its batch');
      }
      const batch = await this.getBatch(payoutBatchId, signal);
      this.assertSameBatch(batch, request, true);
      return { batch, alreadyCreated: true };
    }
    throw this.errorOf(answer, 'PayPal refused the payout batch');
  }

  /** Reads the first page of items (PayPal's default page holds 1000; our batches are far smaller). */
  async getBatch(payoutBatchId: string, signal?: AbortSignal): Promise<PayPalBatch> {
    const answer = await this.call({
      method: 'GET',
      path: `/v1/payments/payouts/${encodeURIComponent(payoutBatchId)}`,
      signal,
    });
    if (answer.status !== 200) throw this.errorOf(answer, `PayPal could not show payout batch ${payoutBatchId}`);
    return this.readBatch(answer, `payout batch ${payoutBatchId}`);
  }

  async getItem(payoutItemId: string, signal?: AbortSignal): Promise<PayPalPayoutItem> {
    const answer = await this.call({
      method: 'GET',
      path: `/v1/payments/payouts-item/${encodeURIComponent(payoutItemId)}`,
      signal,
    });
    if (answer.status !== 200) throw this.errorOf(answer, `PayPal could not show payout item ${payoutItemId}`);
    const parsed = itemSchema.safeParse(answer.json);
    if (!parsed.success) throw this.unreadable(`payout item ${payoutItemId}`);
    return toItem(parsed.data);
  }

  private batchBody(request: CreatePayPalBatchRequest) {
    if (request.items.length === 0) throw new RangeError('A payout batch needs at least one item.');
    const currency = request.currency ?? 'USD';
    return {
      sender_batch_header: {
        sender_batch_id: request.senderBatchId,
        recipient_type: 'EMAIL',
        email_subject: request.emailSubject,
        ...(request.emailMessage ? { email_message: request.emailMessage } : {}),
      },
      items: request.items.map((item) => {
        if (!Number.isSafeInteger(item.amountCents) || item.amountCents <= 0) {
          throw new RangeError(`A payout amount must be a positive whole number of cents, got ${String(item.amountCents)}.`);
        }
        return {
          recipient_type: 'EMAIL',
          amount: { value: centsToDecimalString(item.amountCents), currency },
          receiver: item.receiverEmail,
          sender_item_id: item.senderItemId,
          ...(item.note ? { note: item.note } : {}),
        };
      }),
    };
  }

  /**
   * A batch found under our sender_batch_id must be the one we meant: same items, same amounts.
   * Anything else means two different payouts share a key, which a person must look at.
   */
  private assertSameBatch(batch: PayPalBatch, request: CreatePayPalBatchRequest, found: boolean): void {
    if (batch.senderBatchId !== null && batch.senderBatchId !== request.senderBatchId) {
      throw new PayPalApiError(
        `PayPal answered batch ${batch.payoutBatchId} with sender_batch_id ${batch.senderBatchId} for ${request.senderBatchId}`,
        { kind: 'conflict', retryable: false },
      );
    }
    // The create answer carries only the header; only a batch we looked up lists its items.
    if (!found) return;
    const want = new Map(request.items.map((i) => [i.senderItemId, centsToDecimalString(i.amountCents)]));
    const have = new Map(batch.items.map((i) => [i.senderItemId, i.amount?.value ?? null]));
    const same =
      want.size === have.size &&
      [...want].every(([id, value]) => {
        const existing = have.get(id);
        return existing !== undefined && existing !== null && sameDecimal(existing, value);
      });
    if (!same) {
      throw new PayPalApiError(
        `PayPal already holds batch ${batch.payoutBatchId} under sender_batch_id ${request.senderBatchId} with other items or amounts`,
        { kind: 'conflict', retryable: false },
      );
    }
  }

  private readBatch(answer: Answer, what: string): PayPalBatch {
    const parsed = batchSchema.safeParse(answer.json);
    if (!parsed.success) throw this.unreadable(what);
    return toBatch(parsed.data);
  }

  private unreadable(what: string): PayPalApiError {
    // Retryable: a garbled answer is a fault of the moment, and every call here is safe to repeat.
    return new PayPalApiError(`PayPal answered something unreadable for ${what}`, { kind: 'invalid-answer', retryable: true });
  }

  private errorOf(answer: Answer, context: string): PayPalApiError {
    const parsed = errorBodySchema.safeParse(answer.json);
    const body: ErrorBody = parsed.success ? parsed.data : {};
    const errorName = body.name ?? body.error ?? null;
    const said = body.message ?? body.error_description ?? null;
    const details: PayPalErrorDetail[] = (body.details ?? []).map(({ field, location, issue, description }) => ({
      field,
      location,
      issue,
      description,
    }));
    const detailText = details
      .map((d) => [d.field, d.issue ?? d.description].filter(Boolean).join(': '))
      .filter(Boolean)
      .join('; ');
    const message = [
      `${context}: HTTP ${answer.status}`,
      errorName ? ` ${errorName}` : '',
      said ? `, ${said}` : '',
      detailText ? ` (${detailText})` : '',
      body.debug_id ? ` [debug_id ${body.debug_id}]` : '',
    ].join('');
    return new PayPalApiError(message, {
      kind: 'http',
      status: answer.status,
      errorName,
      debugId: body.debug_id ?? null,
      details,
      retryable: isRetryableStatus(answer.status),
    });
  }

  /** An API call with a bearer token; a 401 renews the token and tries once more. */
  private async call(options: RequestOptions): Promise<Answer> {
    const first = await this.send(options, await this.accessToken());
    if (first.status !== 401) return first;
    this.token = null;
    return this.send(options, await this.accessToken());
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt - TOKEN_EXPIRY_MARGIN_MS) return this.token.value;
    // Not tied to one caller's signal: the token is shared by every call waiting for it.
    this.tokenInFlight ??= this.fetchToken().finally(() => {
      this.tokenInFlight = null;
    });
    return this.tokenInFlight;
  }

  // https://developer.paypal.com/api/rest/authentication/: POST /v1/oauth2/token with HTTP Basic
  // client_id:secret and grant_type=client_credentials; answers {access_token, expires_in, ...}.
  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64');
    const answer = await this.exchange('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (answer.status !== 200) throw this.errorOf(answer, 'PayPal refused our API credentials');
    const parsed = tokenSchema.safeParse(answer.json);
    if (!parsed.success) throw this.unreadable('the access token');
    this.token = { value: parsed.data.access_token, expiresAt: this.now() + parsed.data.expires_in * 1000 };
    return parsed.data.access_token;
  }

  private send(options: RequestOptions, token: string): Promise<Answer> {
    return this.exchange(
      options.path,
      {
        method: options.method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      },
      options.signal,
    );
  }

  /** One HTTP exchange, with the time limit; network faults and timeouts become PayPalApiErrors. */
  private async exchange(path: string, init: RequestInit, signal?: AbortSignal): Promise<Answer> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response | null = null;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}${path}`, { ...init, signal: combined, redirect: 'error' });
      text = await readCapped(response, MAX_BODY_BYTES);
    } catch (err) {
      if (isTimeout(err)) {
        // The caller's own signal (a job being stopped) is not PayPal's slowness; both may be retried.
        const why = timeout.aborted ? `did not answer within ${this.timeoutMs} ms` : 'was not waited for (cancelled)';
        throw new PayPalApiError(`PayPal ${why}: ${init.method ?? 'GET'} ${path}`, { kind: 'timeout', retryable: true });
      }
      if (err instanceof BodyTooLargeError) {
        throw new PayPalApiError(`PayPal answered ${init.method ?? 'GET'} ${path} with ${err.message}`, {
          kind: 'invalid-answer',
          status: response?.status ?? null,
          retryable: true,
        });
      }
      const cause = (err as { cause?: { code?: unknown } }).cause;
      const why = typeof cause?.code === 'string' ? cause.code : err instanceof Error ? err.message : String(err);
      throw new PayPalApiError(`Could not reach PayPal for ${init.method ?? 'GET'} ${path}: ${why}`, {
        kind: 'network',
        retryable: true,
      });
    }
    return { status: response.status, json: parseJson(text), text };
  }
}

/** PayPal keeps request ids 30 days; up to 1000 characters, and sender_batch_id is at most 256. */
function requestIdOf(senderBatchId: string, body: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
  return `${senderBatchId}.${digest}`;
}

/** "12.5" and "12.50" are the same amount; PayPal may answer either. */
function sameDecimal(a: string, b: string): boolean {
  const norm = (s: string) => {
    const [whole = '', fraction = ''] = s.trim().split('.');
    return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.replace(/0+$/, '')}`;
  };
  return norm(a) === norm(b);
}
