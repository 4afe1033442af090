// The guaranteed floor per item (issue 27 items 2 and 5, decisions 036 and 042): each item priced
// from its named metal carries its own floor, the parcel's is their sum, and an offer is judged on
// the items it prices, each floor moved only by its own item's measured facts. Below the summed
// floor unexplained, the goodwill rides on the payout; a lighter item explains its own share.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutRates, pricing, submissionItems } from '../../src/db/schema/index.ts';
import { saveAddress } from '../support/addresses.ts';
import { goldLine } from '../support/offer-lines.ts';
import { signUp } from '../support/sessions.ts';
import { listFinalOffersSince } from '../../src/modules/offers/offers.repository.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { photographItems } from '../support/report-lines.ts';

describe.each(engines)('guaranteed floor per item on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let seller: { id: string; cookie: string };

  const send = (method: 'PUT' | 'POST' | 'GET', url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const check = { payoutMethod: 'check', payoutDetails: { method: 'check' } };
  const line = (item: number, weight: string, amount: string) => ({
    ...goldLine,
    item,
    description: `Item ${item} gold`,
    weight,
    amount,
    reason: 'Measured on our scale.',
  });
  // Both named 14k gold: 10 g (floor $382.50) and 20 g (floor $765.00).
  const chain = { category: 'jewelry', description: '14k chain', estimatedWeight: 10, weightUnit: 'grams', material: 'gold-14k' };
  const bracelet = {
    category: 'jewelry',
    description: '14k bracelet',
    estimatedWeight: 20,
    weightUnit: 'grams',
    material: 'gold-14k',
  };
  const detail = async (id: string) => (await send('GET', `/api/submissions/${id}`, seller.cookie)).json();

  async function created(first: object, items: object[]) {
    const res = await send('POST', '/api/submissions', seller.cookie, { ...first, items });
    expect(res.statusCode, res.body).toBe(201);
    await photographItems(t.db, res.json().id, seller.id);
    return res.json();
  }
  async function offered(lines: object[]) {
    const { id } = await created(chain, [bracelet]);
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    const offer = await send('PUT', `/api/submissions/${id}`, admin.cookie, { status: 'offered', offerLines: lines });
    expect(offer.statusCode, offer.body).toBe(200);
    return id as string;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    seller = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
    await t.db.insert(pricing).values({
      id: 'gold-14k',
      itemType: 'gold-14k',
      pricePerOz: '1555.1750',
      pricePerGram: '50.0000',
      source: 'gold-api.com',
      fetchedAt: new Date('2026-11-24T02:00:00.000Z'),
    });
    await t.db
      .insert(payoutRates)
      .values({ id: crypto.randomUUID(), itemType: 'gold-14k', minPercent: '85.00', maxPercent: '90.00' });
    await t.app.ctx.pricing.reload();
  });
  afterAll(() => t.close());

  it('stores a floor on each named item and their sum on the parcel; item 2 may be the only named one', async () => {
    const both = await created(chain, [bracelet]);
    expect(both.items.map((item: { guaranteeFloor: string | null }) => item.guaranteeFloor)).toEqual(['382.50', '765.00']);
    expect(both.guarantee).toEqual({ floor: '1147.50', goodwill: '25.00' });

    // Item 1 names no metal (the table prices it): only item 2 carries a floor.
    const unnamed = { category: 'jewelry', description: 'Old brooch', estimatedWeight: 5, weightUnit: 'grams' };
    const second = await created(unnamed, [chain]);
    expect(second.items.map((item: { guaranteeFloor: string | null }) => item.guaranteeFloor)).toEqual([null, '382.50']);
    expect(second.guarantee).toEqual({ floor: '382.50', goodwill: '25.00' });
    const rows = await t.db
      .select()
      .from(submissionItems)
      .where(eq(submissionItems.submissionId, second.id as string));
    expect(rows.map((row) => row.guaranteeFloor).sort()).toEqual([38_250, null].sort());

    // Nothing named anywhere: no floor, as before.
    expect((await created(unnamed, [unnamed])).guarantee).toBeNull();
  });

  it('two named items offered below the summed floor unexplained: the goodwill is added on acceptance', async () => {
    // $360 + $700 = $1,060 against $1,147.50, both items as named.
    const id = await offered([line(1, '10', '360.00'), line(2, '20', '700.00')]);
    expect((await detail(id)).floorJudgement).toEqual({
      kind: 'shortfall',
      floor: '1147.50',
      movedFloor: '1147.50',
      goodwill: '25.00',
      effects: [],
    });
    const res = await send('POST', '/api/transactions', seller.cookie, { submissionId: id, ...check });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ grossAmount: '1060.00', goodwillAmount: '25.00', amount: '1085.00' });
  });

  it("a lighter item 2 moves only its own floor: 'measured', named by item, and no goodwill", async () => {
    // Item 2 weighed 16 g, not 20: its floor moves to $612.00, the parcel's to $994.50, which the offer keeps.
    const id = await offered([line(1, '10', '382.50'), line(2, '16', '612.00')]);
    expect((await detail(id)).floorJudgement).toEqual({
      kind: 'measured',
      floor: '1147.50',
      movedFloor: '994.50',
      goodwill: null,
      effects: [{ item: 2, fact: 'weight', named: '20.0000', measured: '16.0000', effect: '-153.00' }],
    });
    const res = await send('POST', '/api/transactions', seller.cookie, { submissionId: id, ...check });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ grossAmount: '994.50', goodwillAmount: '0.00', amount: '994.50' });
  });

  it("a partial sale is judged on the kept item alone, and the track record reads that item's floor", async () => {
    // The chain is offered at its floor, the bracelet $15 under its own: the parcel misses $1,147.50.
    const id = await offered([line(1, '10', '382.50'), line(2, '20', '750.00')]);
    expect((await detail(id)).floorJudgement).toMatchObject({ kind: 'shortfall', floor: '1147.50' });
    // The seller keeps the bracelet and sends the chain back: the new version prices item 2 only.
    const chosen = await send('POST', `/api/submissions/${id}/offer/items`, seller.cookie, {
      offerVersion: 1,
      decisions: [
        { item: 1, decision: 'decline' },
        { item: 2, decision: 'accept' },
      ],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await detail(id)).floorJudgement).toEqual({
      kind: 'shortfall',
      floor: '765.00',
      movedFloor: '765.00',
      goodwill: '25.00',
      effects: [],
    });
    const paid = await send('POST', '/api/transactions', seller.cookie, { submissionId: id, ...check });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ grossAmount: '750.00', goodwillAmount: '25.00', amount: '775.00' });
    const rows = await listFinalOffersSince(t.db, new Date(0), new Date(Date.now() + 60_000));
    expect(rows.filter((row) => row.offerCents === 75_000)).toEqual([
      expect.objectContaining({ floorCents: 76_500, floorOfferCents: 75_000 }),
    ]);
  });
});
