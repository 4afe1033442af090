// Per-item decisions in one parcel (issue 27 item 5, decision 042): a parcel of several items, each
// quoted and offered on its own lines; the seller keeps some and declines others (the kept ones are
// paid together, the declined ones come back in one insured parcel), counters item by item, or
// declines them all. SPEC's one-item body and calls keep working as before.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shippingLabels, submissionItems } from '../../src/db/schema/index.ts';
import { saveAddress } from '../support/addresses.ts';
import { goldLine } from '../support/offer-lines.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { photographItems } from '../support/report-lines.ts';

describe.each(engines)('per-item decisions on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let seller: { id: string; cookie: string };
  let stranger: { id: string; cookie: string };

  const send = (method: 'PUT' | 'POST' | 'GET', url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const check = { payoutMethod: 'check', payoutDetails: { method: 'check' } };
  // 100 x w x 0.585 x 0.85 = 49.725 x w dollars.
  const line = (item: number, weight: string, amount: string, description = `Item ${item} gold`) => ({
    ...goldLine,
    item,
    description,
    weight,
    amount,
  });
  const ring = {
    category: 'jewelry',
    description: '14k ring with a small diamond',
    estimatedWeight: 4,
    weightUnit: 'grams',
    stoneChoice: 'return-stones',
  };
  const chain = { category: 'jewelry', description: '14k rope chain', estimatedWeight: 10, weightUnit: 'grams' };
  const coins = { category: 'scrap', description: 'Dental gold', estimatedWeight: 2, weightUnit: 'grams' };
  const choose = (id: string, body: object, cookie = seller.cookie) =>
    send('POST', `/api/submissions/${id}/offer/items`, cookie, body);
  const detail = async (id: string) => (await send('GET', `/api/submissions/${id}`, seller.cookie)).json();
  const actionsOf = async (id: string) =>
    (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id))).map((r) => r.action);

  async function created(items: object[] = [chain, coins]) {
    const res = await send('POST', '/api/submissions', seller.cookie, { ...ring, items });
    expect(res.statusCode, res.body).toBe(201);
    await photographItems(t.db, res.json().id, seller.id);
    return res.json();
  }
  async function offered(lines: object[], items?: object[]) {
    const { id } = await created(items);
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    const offer = await send('PUT', `/api/submissions/${id}`, admin.cookie, { status: 'offered', offerLines: lines });
    expect(offer.statusCode, offer.body).toBe(200);
    return id as string;
  }
  const threeLines = [line(1, '4', '198.90'), line(2, '10', '497.25'), line(3, '2', '99.45')];

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    seller = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    stranger = await signUp(t.app, { firstName: 'Sam', lastName: 'Stranger' });
    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('a parcel of three items: each quoted, the parcel the sum, item 1 the top-level fields', async () => {
    const submission = await created();
    expect(submission).toMatchObject({ description: ring.description, estimatedWeight: 4, category: 'jewelry' });
    expect(submission.items.map((item: { position: number; description: string }) => [item.position, item.description])).toEqual([
      [1, ring.description],
      [2, chain.description],
      [3, coins.description],
    ]);
    expect(submission.items[0]).toMatchObject({ stoneChoice: 'return-stones', outcome: null, images: [] });
    const sum = (field: 'preliminaryQuoteMin' | 'preliminaryQuoteMax') =>
      submission.items.reduce((total: number, item: Record<string, string>) => total + Math.round(Number(item[field]) * 100), 0);
    expect(Math.round(Number(submission.preliminaryQuoteMin) * 100)).toBe(sum('preliminaryQuoteMin'));
    expect(Math.round(Number(submission.preliminaryQuoteMax) * 100)).toBe(sum('preliminaryQuoteMax'));
    // The parcel of several items carries no floor (decision 042); its worth is the items' sum.
    expect(submission.guarantee).toBeNull();
    expect((await detail(submission.id)).items).toHaveLength(3);
  });

  it('refuses a parcel of more than ten items and a bad item, with a sentence, and stores nothing', async () => {
    const before = (await t.db.select().from(submissionItems)).length;
    const tooMany = await send('POST', '/api/submissions', seller.cookie, { ...ring, items: Array(10).fill(chain) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('One parcel can hold at most 10 items; please send the rest in another submission.');
    const badStone = await send('POST', '/api/submissions', seller.cookie, {
      ...ring,
      items: [{ ...chain, stoneChoice: 'keep' }],
    });
    expect(badStone.statusCode).toBe(400);
    expect(badStone.json().message).toContain('Please choose what happens to the stones');
    const badWeight = await send('POST', '/api/submissions', seller.cookie, {
      ...ring,
      items: [{ ...chain, estimatedWeight: -1 }],
    });
    expect(badWeight.statusCode).toBe(400);
    expect(badWeight.json().message).toContain('The estimated weight must be greater than zero.');
    expect((await t.db.select().from(submissionItems)).length).toBe(before);
  });

  it('the appraiser prices every item: a line per item, on an item the parcel has; no one-number offer', async () => {
    const { id } = await created();
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    const offer = (body: object) => send('PUT', `/api/submissions/${id}`, admin.cookie, { status: 'offered', ...body });
    const missing = await offer({ offerLines: [line(1, '4', '198.90'), line(2, '10', '497.25')] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'Item 3 (“Dental gold”) has no line: give every item of the parcel at least one line, even at $0.00, so the seller can choose on each.',
    );
    const noSuch = await offer({ offerLines: [...threeLines, line(4, '1', '49.73')] });
    expect(noSuch.statusCode).toBe(400);
    expect(noSuch.json().message).toBe('Line for item 4: this parcel has items 1 to 3 only.');
    const oneNumber = await offer({ finalOffer: '700.00', actualWeight: 16 });
    expect(oneNumber.statusCode).toBe(400);
    expect(oneNumber.json().message).toBe(
      'This parcel holds several items: make an itemised offer with a line for each item, so the seller can choose on each.',
    );
    expect((await offer({ offerLines: threeLines })).statusCode).toBe(200);
    expect((await detail(id)).offer.lines.map((l: { item: number }) => l.item)).toEqual([1, 2, 3]);
  });

  it('keeps two items and declines one: the kept ones are paid together, the declined one comes back insured', async () => {
    const id = await offered(threeLines);
    const chosen = await choose(id, {
      offerVersion: 1,
      decisions: [
        { item: 1, decision: 'accept' },
        { item: 2, decision: 'decline' },
        { item: 3, decision: 'accept' },
      ],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({
      outcome: 'partial',
      offerVersion: 2,
      sentence:
        'You accept 2 items for $298.35, paid together, and decline 1 item, which we send back to you in one insured parcel.',
    });
    const kept = await detail(id);
    expect(kept).toMatchObject({ status: 'offered', finalOffer: '298.35' });
    expect(kept.offer).toMatchObject({
      version: 2,
      total: '298.35',
      status: 'open',
      validUntil: kept.previousOffers[0].validUntil,
    });
    expect(kept.offer.lines.map((l: { item: number }) => l.item)).toEqual([1, 3]);
    expect(kept.timeline.find((e: { action: string }) => e.action === 'items_chosen')).toMatchObject({
      label: 'You chose item by item',
      detail:
        'The items you accepted make a new offer of $298.35; 1 declined item comes back in one insured parcel once it is paid.',
    });

    const paid = await send('POST', '/api/transactions', seller.cookie, { submissionId: id, offerVersion: 2, ...check });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ grossAmount: '298.35' });
    const after = await detail(id);
    expect(after.status).toBe('completed');
    expect(after.items.map((item: { outcome: string }) => item.outcome)).toEqual(['sold', 'returned', 'sold']);
    expect(after.returnLabel).not.toBeNull();
    expect(after.returnTrackingNumber).toBe(after.returnLabel.trackingNumber);
    const [label] = await t.db.select().from(shippingLabels).where(eq(shippingLabels.id, after.returnLabel.id));
    // Insured for the chain's worth, not the parcel's.
    expect(label!.insuredValue).toBe(Math.round(Number(after.items[1].declaredValue) * 100));
    expect(await actionsOf(id)).toEqual(expect.arrayContaining(['items_chosen', 'payout_requested', 'items_returned']));
  });

  it('counters item by item: the appraiser accepts, the version keeps each item, and nothing comes back', async () => {
    const id = await offered([line(1, '4', '198.90'), line(2, '10', '497.25')], [chain]);
    const countered = await choose(id, {
      offerVersion: 1,
      decisions: [
        { item: 1, decision: 'accept' },
        { item: 2, decision: 'counter', amount: 560 },
      ],
      message: 'The chain is heavier than it looks.',
    });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json().outcome).toBe('counter');
    const waiting = await detail(id);
    expect(waiting.offer.counter).toMatchObject({
      amount: '758.90',
      status: 'open',
      message: 'The chain is heavier than it looks.',
      items: [
        { item: 1, decision: 'accept', amount: null },
        { item: 2, decision: 'counter', amount: '560.00' },
      ],
    });
    // One counter per version, whichever way it is made.
    const again = await send('POST', `/api/submissions/${id}/counter`, seller.cookie, { amount: '800.00' });
    expect(again.statusCode).toBe(409);

    expect((await send('POST', `/api/admin/submissions/${id}/counter/accept`, admin.cookie, {})).statusCode).toBe(200);
    const accepted = await detail(id);
    expect(accepted.offer).toMatchObject({ version: 2, total: '758.90' });
    const itemTotal = (item: number) =>
      accepted.offer.lines
        .filter((l: { item: number }) => l.item === item)
        .reduce((sum: number, l: { amount: string }) => sum + Math.round(Number(l.amount) * 100), 0);
    expect([itemTotal(1), itemTotal(2)]).toEqual([19_890, 56_000]);
    const paid = await send('POST', '/api/transactions', seller.cookie, { submissionId: id, offerVersion: 2, ...check });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = await detail(id);
    expect(after.items.map((item: { outcome: string }) => item.outcome)).toEqual(['sold', 'sold']);
    expect(after.returnLabel).toBeNull();
  });

  it('a counter with a declined item: the accepted counter leaves it out, and it comes back when paid', async () => {
    const id = await offered(threeLines);
    const countered = await choose(id, {
      offerVersion: 1,
      decisions: [
        { item: 1, decision: 'counter', amount: 250 },
        { item: 2, decision: 'decline' },
        { item: 3, decision: 'accept' },
      ],
    });
    expect(countered.statusCode, countered.body).toBe(200);
    expect((await detail(id)).offer.counter.amount).toBe('349.45');
    expect((await send('POST', `/api/admin/submissions/${id}/counter/accept`, admin.cookie, {})).statusCode).toBe(200);
    const accepted = await detail(id);
    expect(accepted.offer.total).toBe('349.45');
    expect([...new Set(accepted.offer.lines.map((l: { item: number }) => l.item))]).toEqual([1, 3]);
    const paid = await send('POST', '/api/transactions', seller.cookie, { submissionId: id, offerVersion: 2, ...check });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await detail(id)).items.map((item: { outcome: string }) => item.outcome)).toEqual(['sold', 'returned', 'sold']);
  });

  it('declines every item: the parcel comes back as after a decline', async () => {
    const id = await offered(threeLines);
    const res = await choose(id, {
      offerVersion: 1,
      decisions: [1, 2, 3].map((item) => ({ item, decision: 'decline' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'return',
      sentence: 'You decline all 3 items; we send them back to you in one insured parcel.',
    });
    const after = await detail(id);
    expect(after.status).toBe('returning');
    expect(after.items.map((item: { outcome: string }) => item.outcome)).toEqual(['returned', 'returned', 'returned']);
    expect(await actionsOf(id)).toContain('offer_declined');
  });

  it('refuses incomplete, unknown or stale choices, and strangers, with a sentence, changing nothing', async () => {
    const id = await offered(threeLines);
    const incomplete = await choose(id, { offerVersion: 1, decisions: [{ item: 1, decision: 'accept' }] });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe('Please choose accept, decline or counter for “14k rope chain”.');
    const unknown = await choose(id, { offerVersion: 1, decisions: [{ item: 7, decision: 'accept' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Item 7 is not in this offer; please reload the page.');
    const tooHigh = await choose(id, {
      offerVersion: 1,
      decisions: [
        { item: 1, decision: 'counter', amount: 1000 },
        { item: 2, decision: 'accept' },
        { item: 3, decision: 'accept' },
      ],
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toBe(
      'A counter-offer for “14k ring with a small diamond” can be at most 3 times our offer of $198.90, that is $596.70.',
    );
    const stale = await choose(id, { offerVersion: 5, decisions: [1, 2, 3].map((item) => ({ item, decision: 'accept' })) });
    expect(stale.statusCode).toBe(409);
    const notTheirs = await choose(
      id,
      { offerVersion: 1, decisions: [1, 2, 3].map((item) => ({ item, decision: 'accept' })) },
      stranger.cookie,
    );
    expect(notTheirs.statusCode).toBe(404);
    const malformed = await choose(id, { offerVersion: 1, decisions: [{ item: 1, decision: 'keep' }] });
    expect(malformed.statusCode).toBe(400);
    const after = await detail(id);
    expect(after).toMatchObject({ status: 'offered', finalOffer: '795.60' });
    expect(after.offer).toMatchObject({ version: 1, counter: null });
  });

  it('all accepted changes nothing: the seller accepts the offer as before, and every item is sold', async () => {
    const id = await offered(threeLines);
    const res = await choose(id, { offerVersion: 1, decisions: [1, 2, 3].map((item) => ({ item, decision: 'accept' })) });
    expect(res.json()).toEqual({
      outcome: 'sale',
      offerVersion: 1,
      sentence: 'You accept all 3 items for $795.60, paid together.',
    });
    expect((await detail(id)).offer.version).toBe(1);
    const paid = await send('POST', '/api/transactions', seller.cookie, { submissionId: id, offerVersion: 1, ...check });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await detail(id)).items.map((item: { outcome: string }) => item.outcome)).toEqual(['sold', 'sold', 'sold']);
  });
});
