// The published payout rates through the real app: the public list (starting rates, then edits
// with their history), the appraisers' edit with its audit entry, and every refusal.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAYOUT_RATES, itemTypes, payoutRatesResponseSchema, payoutRateViewSchema } from '@assay/domain';
import { auditLog, payoutRates } from '../../src/db/schema/index.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';

describe.each(engines)('payout rates on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    client = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const getRates = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payout-rates' });
    expect(res.statusCode).toBe(200);
    return { res, body: payoutRatesResponseSchema.parse(res.json()) };
  };
  const put = (itemType: string, payload: unknown, cookie = admin.cookie) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/payout-rates/${itemType}`,
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });
  const rowCount = async () => (await t.db.select({ n: count() }).from(payoutRates))[0]!.n;
  const auditCount = async () =>
    (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'payout_rate_changed')))[0]!.n;

  it('answers the starting rates to a visitor, every item type, no history, cacheable for 60 s', async () => {
    const { res, body } = await getRates();
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(body.rates.map((r) => r.itemType)).toEqual([...itemTypes]);
    for (const rate of body.rates) {
      const start = DEFAULT_PAYOUT_RATES.find((d) => d.itemType === rate.itemType)!;
      expect(rate).toMatchObject({ minPercent: start.minPercent, maxPercent: start.maxPercent, since: null });
    }
    expect(body.rates.find((r) => r.itemType === 'gold-14k')).toEqual({
      itemType: 'gold-14k',
      label: 'Gold 14K',
      minPercent: '80.00',
      maxPercent: '92.00',
      since: null,
    });
    expect(body.history).toEqual([]);
  });

  it('lets an appraiser set a rate: a new row set by them, an audit entry, the public list and history follow', async () => {
    const res = await put('silver', { minPercent: '72.5', maxPercent: '81' });
    expect(res.statusCode).toBe(200);
    const saved = payoutRateViewSchema.parse(res.json());
    expect(saved).toMatchObject({ itemType: 'silver', label: 'Silver', minPercent: '72.50', maxPercent: '81.00' });
    expect(saved.since).not.toBeNull();

    const [row] = await t.db.select().from(payoutRates).where(eq(payoutRates.itemType, 'silver'));
    expect(row).toMatchObject({ minPercent: '72.50', maxPercent: '81.00', setBy: admin.id });

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payout_rate'), eq(auditLog.entityId, 'silver')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      action: 'payout_rate_changed',
      changes: {
        itemType: 'silver',
        minPercent: '72.50',
        maxPercent: '81.00',
        previousMinPercent: '70.00',
        previousMaxPercent: '80.00',
      },
    });

    const second = await put('gold-14k', { minPercent: '83', maxPercent: '93.25' });
    expect(second.statusCode).toBe(200);

    const { body } = await getRates();
    expect(body.rates.find((r) => r.itemType === 'silver')).toEqual(saved);
    expect(body.rates.find((r) => r.itemType === 'gold-14k')).toMatchObject({ minPercent: '83.00', maxPercent: '93.25' });
    expect(body.rates.find((r) => r.itemType === 'gold-18k')).toMatchObject({ minPercent: '80.00', since: null });
    expect(body.history.map((h) => [h.itemType, h.minPercent, h.maxPercent])).toEqual([
      ['gold-14k', '83.00', '93.25'],
      ['silver', '72.50', '81.00'],
    ]);
    expect(body.history[1]).toMatchObject({ label: 'Silver', changedAt: saved.since });
  });

  it('answers an unchanged rate as it stands without writing a row or an audit entry', async () => {
    const [rows, entries] = [await rowCount(), await auditCount()];
    const res = await put('silver', { minPercent: '72.50', maxPercent: '81.0' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ itemType: 'silver', minPercent: '72.50', maxPercent: '81.00' });
    expect(await rowCount()).toBe(rows);
    expect(await auditCount()).toBe(entries);
    // A default rate sent back as it is also writes nothing.
    expect((await put('ruby', { minPercent: '50', maxPercent: '65.00' })).statusCode).toBe(200);
    expect(await rowCount()).toBe(rows);
  });

  it('keeps the public history to the newest 100 changes', async () => {
    for (let i = 0; i < 51; i += 1) {
      await t.db.insert(payoutRates).values([
        {
          id: crypto.randomUUID(),
          itemType: 'palladium',
          minPercent: `${i}.00`,
          maxPercent: '90.00',
          createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
        },
        {
          id: crypto.randomUUID(),
          itemType: 'platinum',
          minPercent: `${i}.00`,
          maxPercent: '90.00',
          createdAt: new Date(Date.UTC(2020, 0, 1, 1, i)),
        },
      ]);
    }
    const { body } = await getRates();
    expect(body.history).toHaveLength(100);
    expect(body.history[0]).toMatchObject({ itemType: 'gold-14k' });
    // Old rows never outrank newer ones: palladium's newest row (2020) is still older than today's edits.
    expect(body.rates.find((r) => r.itemType === 'palladium')).toMatchObject({ minPercent: '50.00', maxPercent: '90.00' });
    await t.db.delete(payoutRates).where(eq(payoutRates.itemType, 'palladium'));
    await t.db.delete(payoutRates).where(eq(payoutRates.itemType, 'platinum'));
  });

  it('refuses the edit to visitors (401) and clients (403) before reading the body', async () => {
    const rows = await rowCount();
    const visitor = await put('silver', { minPercent: 'nonsense' }, '');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Please sign in to continue.');
    const byClient = await put('silver', { minPercent: '1', maxPercent: '2' }, client.cookie);
    expect(byClient.statusCode).toBe(403);
    expect(await rowCount()).toBe(rows);
  });

  it.each([
    ['copper', { minPercent: '80', maxPercent: '90' }, 'Invalid params: itemType: Please choose a metal or gem from the list.'],
    ['silver', { minPercent: '90', maxPercent: '80' }, 'Invalid body: minPercent: The minimum cannot be above the maximum.'],
    [
      'silver',
      { minPercent: '80', maxPercent: '100.01' },
      /^Invalid body: maxPercent: The maximum must be a percent from 0 to 100/,
    ],
    ['silver', { minPercent: '80', maxPercent: '101' }, /^Invalid body: maxPercent: The maximum must be a percent from 0 to 100/],
    [
      'silver',
      { minPercent: '80.125', maxPercent: '90' },
      /^Invalid body: minPercent: The minimum must be a percent .* at most 2 decimals/,
    ],
    ['silver', { minPercent: '-5', maxPercent: '90' }, /^Invalid body: minPercent: The minimum must be a percent/],
    ['silver', { minPercent: '', maxPercent: '90' }, /^Invalid body: minPercent: The minimum must be a percent/],
    [
      'silver',
      { minPercent: 80, maxPercent: '90' },
      'Invalid body: minPercent: The minimum must be a percent from 0 to 100, like "85.50".',
    ],
    ['silver', { maxPercent: '90' }, 'Invalid body: minPercent: The minimum must be a percent from 0 to 100, like "85.50".'],
    ['silver', { minPercent: '80' }, 'Invalid body: maxPercent: The maximum must be a percent from 0 to 100, like "85.50".'],
    ['silver', {}, /^Invalid body: minPercent: .*; maxPercent: /],
  ])('refuses PUT %s %j with 400 and writes nothing', async (itemType, payload, message) => {
    const [rows, entries] = [await rowCount(), await auditCount()];
    const res = await put(itemType, payload);
    expect(res.statusCode).toBe(400);
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
    expect(await rowCount()).toBe(rows);
    expect(await auditCount()).toBe(entries);
  });
});
