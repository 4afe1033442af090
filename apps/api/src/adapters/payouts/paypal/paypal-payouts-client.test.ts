// The PayPal Payouts client against the loopback fake of PayPal's API: OAuth and its token cache,
// creating a batch, PayPal's duplicate answer for a sender_batch_id it holds, polling items to each
// final status, and the faults (500, 429, timeouts, lost answers) after which a retry must never
// pay twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePayPal, type FakePayPalOutcome, startFakePayPal } from '../../../../test/support/fake-paypal.ts';
import { PayPalApiError } from './paypal-errors.ts';
import { type CreatePayPalBatchRequest, PayPalPayoutsClient, type PayPalPayoutsClientOptions } from './paypal-payouts-client.ts';

let fake: FakePayPal;
beforeAll(async () => {
  fake = await startFakePayPal();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const client = (options: Partial<PayPalPayoutsClientOptions> = {}) =>
  new PayPalPayoutsClient({
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    timeoutMs: 2_000,
    ...options,
  });

const batch = (overrides: Partial<CreatePayPalBatchRequest> = {}): CreatePayPalBatchRequest => ({
  senderBatchId: 'payout-3f1c9e52',
  emailSubject: 'Your payment from Assay',
  items: [{ receiverEmail: 'seller@example.com', amountCents: 123_45, senderItemId: 'txn-3f1c9e52', note: 'Submission 1042' }],
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<PayPalApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PayPalApiError);
  return err as PayPalApiError;
}

describe('OAuth client credentials', () => {
  it('asks for one token and reuses it until it nears expiry', async () => {
    const paypal = client();
    const { batch: created } = await paypal.createBatch(batch());
    await paypal.getBatch(created.payoutBatchId);
    await paypal.getBatch(created.payoutBatchId);
    expect(fake.calls('token')).toBe(1);
  });

  it('asks for a new token once the cached one is about to expire', async () => {
    fake.tokenTtlSeconds = 300;
    let now = Date.now();
    const paypal = client({ now: () => now });
    const { batch: created } = await paypal.createBatch(batch());
    now += 200_000; // 100 s left: still used.
    await paypal.getBatch(created.payoutBatchId);
    expect(fake.calls('token')).toBe(1);
    now += 50_000; // 50 s left, inside the renewal margin.
    await paypal.getBatch(created.payoutBatchId);
    expect(fake.calls('token')).toBe(2);
  });

  it('renews the token once when PayPal answers 401 to a call, and the call succeeds', async () => {
    const paypal = client();
    const { batch: created } = await paypal.createBatch(batch());
    fake.expireTokens();
    const again = await paypal.getBatch(created.payoutBatchId);
    expect(again.payoutBatchId).toBe(created.payoutBatchId);
    expect(fake.calls('token')).toBe(2);
    expect(fake.requests.filter((r) => r.route === 'getBatch')).toHaveLength(2);
  });

  it('says so, without retrying, when the credentials are wrong', async () => {
    const err = await failure(client({ clientSecret: 'wrong' }).createBatch(batch()));
    expect(err).toMatchObject({ kind: 'http', status: 401, errorName: 'invalid_client', retryable: false });
    expect(err.message).toBe('PayPal refused our API credentials: HTTP 401 invalid_client, Client Authentication failed');
    expect(fake.calls('createBatch')).toBe(0);
  });

  it('gives up after one renewal when PayPal keeps answering 401', async () => {
    const paypal = client();
    fake.fault('getItem', { status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed.' } }, 1);
    fake.fault('getItem', { status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed.' } }, 2);
    const err = await failure(paypal.getItem('ANYITEM'));
    expect(err).toMatchObject({ status: 401, errorName: 'AUTHENTICATION_FAILURE', retryable: false });
    expect(fake.calls('getItem')).toBe(2);
    expect(fake.calls('token')).toBe(2);
  });
});

describe('createBatch', () => {
  it('sends PayPal the documented body: EMAIL receivers, decimal-string amounts, our ids', async () => {
    const { batch: created, alreadyCreated } = await client().createBatch(batch());
    expect(alreadyCreated).toBe(false);
    expect(created).toMatchObject({ batchStatus: 'PENDING', senderBatchId: 'payout-3f1c9e52', items: [] });
    expect(created.payoutBatchId).toMatch(/^[A-Z0-9]{13}$/);
    expect(fake.requests.find((r) => r.route === 'createBatch')?.requestId).toMatch(/^payout-3f1c9e52\.[0-9a-f]{16}$/);

    const [item] = fake.itemsFor('txn-3f1c9e52');
    expect(item).toMatchObject({
      receiver: 'seller@example.com',
      amount: { value: '123.45', currency: 'USD' },
      note: 'Submission 1042',
      transactionStatus: 'PENDING',
    });
  });

  it('refuses an amount that is not a positive whole number of cents before calling PayPal', async () => {
    for (const amountCents of [0, -5, 12.5, Number.NaN]) {
      await expect(
        client().createBatch(batch({ items: [{ receiverEmail: 'a@example.com', amountCents, senderItemId: 'x' }] })),
      ).rejects.toThrow(RangeError);
    }
    await expect(client().createBatch(batch({ items: [] }))).rejects.toThrow(RangeError);
    expect(fake.calls('createBatch')).toBe(0);
  });

  it("carries PayPal's validation error, not retryable", async () => {
    const err = await failure(
      client().createBatch(batch({ items: [{ receiverEmail: 'not-an-email', amountCents: 100, senderItemId: 'x' }] })),
    );
    expect(err).toMatchObject({
      kind: 'http',
      status: 400,
      errorName: 'VALIDATION_ERROR',
      retryable: false,
      details: [{ field: 'items[0].receiver', location: 'body', issue: 'Receiver is invalid or does not match with type.' }],
    });
    expect(err.debugId).toMatch(/^[0-9a-f]{13}$/);
    expect(err.message).toContain('PayPal refused the payout batch: HTTP 400 VALIDATION_ERROR, Invalid request - see details');
    expect(err.message).toContain(`[debug_id ${err.debugId}]`);
  });

  it('gets the original answer back when the same request is repeated (PayPal-Request-Id)', async () => {
    const paypal = client();
    const first = await paypal.createBatch(batch());
    const second = await paypal.createBatch(batch());
    expect(second.batch.payoutBatchId).toBe(first.batch.payoutBatchId);
    expect(fake.batches()).toHaveLength(1);
    expect(fake.itemsFor('txn-3f1c9e52')).toHaveLength(1);
  });

  it("treats PayPal's duplicate sender_batch_id error as already created, and looks the batch up", async () => {
    fake.honourRequestIds = false;
    const paypal = client();
    const first = await paypal.createBatch(batch());
    const second = await paypal.createBatch(batch());
    expect(second.alreadyCreated).toBe(true);
    expect(second.batch.payoutBatchId).toBe(first.batch.payoutBatchId);
    expect(second.batch.items).toMatchObject([{ senderItemId: 'txn-3f1c9e52', amount: { value: '123.45' } }]);
    expect(fake.requests.filter((r) => r.route === 'getBatch')).toHaveLength(1);
    expect(fake.batches()).toHaveLength(1);
    expect(fake.itemsFor('txn-3f1c9e52')).toHaveLength(1);
  });

  it.each([true, false])(
    'refuses to take a different batch held under the same sender_batch_id for ours (request ids honoured: %s)',
    async (honoured) => {
      fake.honourRequestIds = honoured;
      const paypal = client();
      await paypal.createBatch(batch());
      const err = await failure(
        paypal.createBatch(
          batch({ items: [{ receiverEmail: 'seller@example.com', amountCents: 999_00, senderItemId: 'txn-3f1c9e52' }] }),
        ),
      );
      expect(err).toMatchObject({ kind: 'conflict', retryable: false });
      expect(err.message).toContain('with other items or amounts');
      expect(fake.itemsFor('txn-3f1c9e52')).toHaveLength(1);
    },
  );
});

describe('polling items to their final status', () => {
  const cases: [FakePayPalOutcome, string, string | null][] = [
    ['SUCCESS', 'paid', null],
    ['FAILED', 'failed', 'RECEIVER_ACCOUNT_LOCKED'],
    ['RETURNED', 'returned', 'RECEIVER_UNREGISTERED'],
    ['UNCLAIMED', 'unclaimed', 'RECEIVER_UNREGISTERED'],
    ['BLOCKED', 'failed', 'RECEIVER_COUNTRY_NOT_ALLOWED'],
    ['DENIED', 'failed', 'USER_BUSINESS_ERROR'],
    ['REFUNDED', 'failed', null],
    ['ONHOLD', 'processing', 'RECEIVER_ACCOUNT_LIMITATION'],
  ];

  it.each(cases)('%s reads as %s', async (outcome, lifecycle, errorName) => {
    fake.outcome('seller@example.com', outcome);
    const paypal = client();
    const { batch: created } = await paypal.createBatch(batch());
    const [listed] = (await paypal.getBatch(created.payoutBatchId)).items;
    expect(listed).toMatchObject({ transactionStatus: 'PENDING', lifecycle: 'processing', transactionId: null });

    fake.settle();
    const item = await paypal.getItem(listed!.payoutItemId);
    expect(item).toMatchObject({
      payoutItemId: listed!.payoutItemId,
      payoutBatchId: created.payoutBatchId,
      transactionStatus: outcome,
      lifecycle,
      errorName,
      senderItemId: 'txn-3f1c9e52',
      receiver: 'seller@example.com',
      amount: { value: '123.45', currency: 'USD' },
    });
    if (outcome === 'SUCCESS') expect(item.transactionId).toMatch(/^[A-Z0-9]{13}$/);
    expect((await paypal.getBatch(created.payoutBatchId)).batchStatus).toBe('SUCCESS');
  });

  it('follows an item PayPal moves on later (unclaimed, then returned after 30 days)', async () => {
    fake.outcome('seller@example.com', 'UNCLAIMED');
    const paypal = client();
    const { batch: created } = await paypal.createBatch(batch());
    fake.settle();
    const [item] = (await paypal.getBatch(created.payoutBatchId)).items;
    expect(item?.lifecycle).toBe('unclaimed');
    fake.setItemStatus(item!.payoutItemId, 'RETURNED');
    expect((await paypal.getItem(item!.payoutItemId)).lifecycle).toBe('returned');
  });

  it('says which item PayPal does not know, not retryable', async () => {
    const err = await failure(client().getItem('NOSUCHITEM123'));
    expect(err).toMatchObject({ status: 404, errorName: 'INVALID_RESOURCE_ID', retryable: false });
    expect(err.message).toContain('PayPal could not show payout item NOSUCHITEM123: HTTP 404 INVALID_RESOURCE_ID');
  });
});

describe('faults, and retries that never pay twice', () => {
  it('a 500 before PayPal did anything: retryable, and the retry creates the batch once', async () => {
    fake.fault('createBatch', { status: 500 });
    const paypal = client();
    const err = await failure(paypal.createBatch(batch()));
    expect(err).toMatchObject({ kind: 'http', status: 500, errorName: 'INTERNAL_SERVER_ERROR', retryable: true });
    expect(fake.batches()).toHaveLength(0);

    const retry = await paypal.createBatch(batch());
    expect(retry.alreadyCreated).toBe(false);
    expect(fake.itemsFor('txn-3f1c9e52')).toHaveLength(1);
  });

  it.each([true, false])(
    'a 500 after PayPal created the batch (request ids honoured: %s): the retry finds it, one payment',
    async (honoured) => {
      fake.honourRequestIds = honoured;
      fake.fault('createBatch', { status: 500, afterHandling: true });
      const paypal = client();
      expect((await failure(paypal.createBatch(batch()))).retryable).toBe(true);
      expect(fake.batches()).toHaveLength(1);

      const retry = await paypal.createBatch(batch());
      expect(retry.batch.payoutBatchId).toBe(fake.batches()[0]!.payoutBatchId);
      expect(retry.alreadyCreated).toBe(!honoured);
      expect(fake.itemsFor('txn-3f1c9e52')).toHaveLength(1);
    },
  );

  it('a timeout after PayPal created the batch: retryable, and the retry finds the same batch', async () => {
    fake.honourRequestIds = false;
    fake.fault('createBatch', { delayMs: 600, afterHandling: true });
    const paypal = client({ timeoutMs: 150 });
    const err = await failure(paypal.createBatch(batch()));
    expect(err).toMatchObject({ kind: 'timeout', retryable: true, status: null });
    expect(err.message).toBe('PayPal did not answer within 150 ms: POST /v1/payments/payouts');

    const retry = await paypal.createBatch(batch());
    expect(retry.alreadyCreated).toBe(true);
    expect(fake.batches()).toHaveLength(1);
    expect(fake.itemsFor('txn-3f1c9e52')).toHaveLength(1);
  });

  it('a slow item read times out, retryable; the next read answers', async () => {
    const paypal = client({ timeoutMs: 150 });
    const { batch: created } = await paypal.createBatch(batch());
    const itemId = (await paypal.getBatch(created.payoutBatchId)).items[0]!.payoutItemId;
    fake.fault('getItem', { delayMs: 600 });
    expect(await failure(paypal.getItem(itemId))).toMatchObject({ kind: 'timeout', retryable: true });
    expect((await paypal.getItem(itemId)).payoutItemId).toBe(itemId);
  });

  it("honours a caller's abort signal", async () => {
    fake.fault('getItem', { delayMs: 600 });
    const paypal = client();
    const err = await failure(paypal.getItem('ANYITEM', AbortSignal.timeout(100)));
    expect(err).toMatchObject({ kind: 'timeout', retryable: true });
    expect(err.message).toBe('PayPal was not waited for (cancelled): GET /v1/payments/payouts-item/ANYITEM');
  });

  it('a 429 is retryable; a 500 on the 2nd item read only fails that read', async () => {
    fake.fault('getBatch', {
      status: 429,
      body: { name: 'RATE_LIMIT_REACHED', message: 'Too many requests.', debug_id: 'abc123' },
    });
    const paypal = client();
    const { batch: created } = await paypal.createBatch(batch());
    expect(await failure(paypal.getBatch(created.payoutBatchId))).toMatchObject({
      status: 429,
      errorName: 'RATE_LIMIT_REACHED',
      debugId: 'abc123',
      retryable: true,
    });
    const itemId = (await paypal.getBatch(created.payoutBatchId)).items[0]!.payoutItemId;
    fake.fault('getItem', { status: 500 }, 2);
    await paypal.getItem(itemId);
    expect(await failure(paypal.getItem(itemId))).toMatchObject({ status: 500, retryable: true });
    await paypal.getItem(itemId);
  });

  it('an answer that is not PayPal JSON is retryable', async () => {
    fake.fault('getBatch', { status: 200, body: '<html>maintenance</html>' });
    const err = await failure(client().getBatch('ANYBATCH'));
    expect(err).toMatchObject({ kind: 'invalid-answer', retryable: true });
    expect(err.message).toBe('PayPal answered something unreadable for payout batch ANYBATCH');
  });

  it('an answer far larger than any PayPal answer is refused', async () => {
    fake.fault('getBatch', { status: 200, body: 'x'.repeat(3 * 1024 * 1024) });
    const err = await failure(client().getBatch('ANYBATCH'));
    expect(err).toMatchObject({ kind: 'invalid-answer', status: 200, retryable: true });
    expect(err.message).toBe('PayPal answered GET /v1/payments/payouts/ANYBATCH with the answer is larger than 2097152 bytes');
  });

  it('a 502 with an HTML body still says what happened', async () => {
    fake.fault('getBatch', { status: 502, body: '<html>Bad gateway</html>' });
    const err = await failure(client().getBatch('ANYBATCH'));
    expect(err).toMatchObject({ kind: 'http', status: 502, errorName: null, retryable: true });
    expect(err.message).toBe('PayPal could not show payout batch ANYBATCH: HTTP 502');
  });

  it('PayPal out of reach: a retryable network error', async () => {
    const closed = await startFakePayPal();
    const deadUrl = closed.url;
    await closed.close();
    const err = await failure(client({ baseUrl: deadUrl }).getBatch('ANYBATCH'));
    expect(err).toMatchObject({ kind: 'network', retryable: true });
    expect(err.message).toContain('Could not reach PayPal for POST /v1/oauth2/token');
  });
});
