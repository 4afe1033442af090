// The guaranteed floor through the real app (issue 27 item 2, decision 036): a seller who names
// 14k gold and its weight is quoted from the live price and gets a floor stored by the server; the
// offer's detail says whether the offer keeps it, which measured fact moved it and by how much,
// and an offer below it for no measured reason makes the return free with the goodwill owed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionDetailSchema } from '@assay/domain';
import { payoutRates, pricing } from '../../src/db/schema/index.ts';
import { saveAddress } from '../support/addresses.ts';
import { goldLine } from '../support/offer-lines.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

describe.each(engines)('guaranteed floor on %s', (engine) => {
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
  const detail = async (id: string) =>
    submissionDetailSchema.parse((await send('GET', `/api/submissions/${id}`, seller.cookie)).json());

  /** A submission as the seller creates it, received and offered the given lines. */
  async function offered(form: object, lines: object[]) {
    const created = await send('POST', '/api/submissions', seller.cookie, {
      category: 'jewelry',
      description: '14k gold chain',
      estimatedWeight: 10,
      weightUnit: 'grams',
      ...form,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    const offer = await send('PUT', `/api/submissions/${id}`, admin.cookie, { status: 'offered', offerLines: lines });
    expect(offer.statusCode).toBe(200);
    return { id, created: created.json() };
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    seller = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
    // 14k gold at $50/g, paid 85-90%: 10 g is quoted $425-$450, so the floor is 90% of $425.
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

  const measuredLine = (weight: string, amount: string) => ({ ...goldLine, weight, amount, reason: 'Measured on our scale.' });

  it('stores the floor at creation and shows an offer below it that the lighter weight explains, with its effect', async () => {
    const { id, created } = await offered({ material: 'gold-14k' }, [measuredLine('8', '360.00')]);
    expect(created.guarantee).toEqual({ floor: '382.50', goodwill: '25.00' });
    // 8 g instead of 10: the floor moves by -20% of $382.50 to $306.00; $360 keeps it.
    expect((await detail(id)).floorJudgement).toEqual({
      kind: 'measured',
      floor: '382.50',
      movedFloor: '306.00',
      goodwill: null,
      effects: [{ item: 1, fact: 'weight', named: '10.0000', measured: '8.0000', effect: '-76.50' }],
    });
  });

  it('says an offer at or above the floor keeps it', async () => {
    const { id } = await offered({ material: 'gold-14k' }, [measuredLine('10', '400.00')]);
    expect((await detail(id)).floorJudgement).toMatchObject({ kind: 'met', floor: '382.50', effects: [] });
  });

  it('owes a free return and the goodwill when the offer misses the floor for another reason', async () => {
    // $360 for the 10 g named: below the $382.50 floor, yet above 80% of the estimate ($350).
    const { id } = await offered({ material: 'gold-14k' }, [measuredLine('10', '360.00')]);
    expect((await detail(id)).floorJudgement).toEqual({
      kind: 'shortfall',
      floor: '382.50',
      movedFloor: '382.50',
      goodwill: '25.00',
      effects: [],
    });
    const declined = await send('POST', `/api/submissions/${id}/decline`, seller.cookie, {});
    expect(declined.statusCode).toBe(200);
    expect(declined.json().freeReturn).toBe(true);
  });

  it('promises nothing when the seller named no metal', async () => {
    const { id, created } = await offered({}, [measuredLine('10', '360.00')]);
    expect(created.guarantee).toBeNull();
    expect((await detail(id)).floorJudgement).toBeNull();
  });
});
