// The metal-aware preliminary quote (issue 11 item 2, decision 019) through the real app: a named
// material is quoted from the stored live price and the payout rates in force, the basis is stored
// with the submission, the insured value is what the contents are worth (the higher of the quote's
// maximum and the melt value) up to INSURED_LIMIT per parcel, the label declares it on the packing
// slip inside the parcel, never on the outside label, and the guaranteed floor is stored beside it.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortId, submissionDetailSchema, submissionListSchema } from '@assay/domain';
import { payoutRates, pricing, submissions } from '../../src/db/schema/index.ts';
import { readPdf } from '../support/shipping-pdf-reader.ts';
import { saveAddress } from '../support/addresses.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

const PRICED_AT = new Date('2026-11-24T02:00:00.000Z');

describe.each(engines)('metal-aware quote on %s', (engine) => {
  let t: TestApp;
  let seller: { id: string; cookie: string };

  beforeAll(async () => {
    // $1,000 per parcel, so a modest quote shows the cap.
    t = await createTestApp(engine, { INSURED_LIMIT: '1000' });
    seller = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
    // Live prices (as a refresh would store them): 14k gold $50/g, fine silver $1/g. No platinum.
    await t.db.insert(pricing).values([
      {
        id: 'gold-14k',
        itemType: 'gold-14k',
        pricePerOz: '1555.1750',
        pricePerGram: '50.0000',
        source: 'gold-api.com',
        fetchedAt: PRICED_AT,
      },
      {
        id: 'silver',
        itemType: 'silver',
        pricePerOz: '31.1035',
        pricePerGram: '1.0000',
        source: 'gold-api.com',
        fetchedAt: PRICED_AT,
      },
    ]);
    // The rates an admin set beat the starting figures (gold 80-92%).
    await t.db
      .insert(payoutRates)
      .values({ id: crypto.randomUUID(), itemType: 'gold-14k', minPercent: '85.00', maxPercent: '90.00' });
    await t.app.ctx.pricing.reload();
  });
  afterAll(() => t.close());

  const create = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/submissions', headers: { cookie: seller.cookie }, payload });
  const form = { category: 'jewelry', description: '14k gold chain', estimatedWeight: 10, weightUnit: 'grams' };
  const stored = async (id: string) => (await t.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
  const submissionCount = async () => (await t.db.select({ n: count() }).from(submissions))[0]!.n;

  it('quotes a named material from the stored live price and payout rates, and stores the snapshot', async () => {
    const res = await create({ ...form, material: 'gold-14k' });
    expect(res.statusCode).toBe(201);
    const basis = {
      material: 'gold-14k',
      weight: '10',
      weightUnit: 'grams',
      purity: '0.585',
      referencePrice: '50.0000',
      referenceUnit: 'gram',
      priceSource: 'gold-api.com',
      pricedAt: PRICED_AT.toISOString(),
      minPercent: '85.00',
      maxPercent: '90.00',
    };
    // 10 g x $50 = $500: 85% = 425, 90% = 450; insured for the $500 it is worth; floor 90% of $425.
    expect(res.json()).toMatchObject({
      preliminaryQuoteMin: '425.00',
      preliminaryQuoteMax: '450.00',
      material: 'gold-14k',
      quoteBasis: basis,
      insuredValue: '500.00',
      declaredValue: '500.00',
      parcelCount: 1,
      guarantee: { floor: '382.50', goodwill: '25.00' },
    });
    const row = await stored(res.json().id);
    expect(row).toMatchObject({
      material: 'gold-14k',
      quoteBasis: basis,
      insuredValue: 500_00,
      declaredValue: 500_00,
      preliminaryQuoteMax: 450_00,
      guaranteeFloor: 382_50,
      guaranteeGoodwill: 25_00,
    });

    const list = submissionListSchema.parse(
      (await t.app.inject({ url: '/api/submissions', headers: { cookie: seller.cookie } })).json(),
    );
    expect(list.find((s) => s.id === row.id)).toMatchObject({ material: 'gold-14k', quoteBasis: basis, insuredValue: '500.00' });
    const detail = submissionDetailSchema.parse(
      (await t.app.inject({ url: `/api/submissions/${row.id}`, headers: { cookie: seller.cookie } })).json(),
    );
    expect(detail).toMatchObject({
      material: 'gold-14k',
      quoteBasis: basis,
      insuredValue: '500.00',
      guarantee: { floor: '382.50', goodwill: '25.00' },
    });
  });

  it('applies the assumed alloy to a fine-metal price and the default rates', async () => {
    // 1 oz = 31.1035 g x $1 x 0.925 = $28.7707375: 70% = 20.14 -> 20, 80% = 23.02 -> 23; insured for its melt, $28.77.
    const res = await create({ ...form, category: 'scrap', estimatedWeight: 1, weightUnit: 'oz', material: 'silver' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      preliminaryQuoteMin: '20.00',
      preliminaryQuoteMax: '23.00',
      insuredValue: '28.77',
      guarantee: { floor: '18.00', goodwill: '25.00' },
    });
    expect(res.json().quoteBasis).toMatchObject({ purity: '0.925', minPercent: '70.00', maxPercent: '80.00' });
  });

  it('caps each parcel at INSURED_LIMIT and counts the parcels the worth needs', async () => {
    // 100.5 g: $5,025 of metal, quoted $4,271-$4,523: six parcels, each insured up to the $1,000 limit.
    const res = await create({ ...form, estimatedWeight: 100.5, material: 'gold-14k' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      preliminaryQuoteMax: '4523.00',
      insuredValue: '1000.00',
      declaredValue: '5025.00',
      parcelCount: 6,
    });
    expect(await stored(res.json().id)).toMatchObject({ insuredValue: 1000_00, declaredValue: 5025_00 });
  });

  it("keeps SPEC 9's table without a material, and when the material has no live price (basis null)", async () => {
    // Jewelry in grams: 10 x $45 = 450, 80-120%.
    const plain = await create(form);
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({
      preliminaryQuoteMin: '360.00',
      preliminaryQuoteMax: '540.00',
      material: null,
      quoteBasis: null,
      insuredValue: '540.00',
      declaredValue: '540.00',
      parcelCount: 1,
      // Nothing named, nothing guaranteed.
      guarantee: null,
    });
    const unpriced = await create({ ...form, material: 'platinum' });
    expect(unpriced.statusCode).toBe(201);
    expect(unpriced.json()).toMatchObject({
      preliminaryQuoteMin: '360.00',
      preliminaryQuoteMax: '540.00',
      material: 'platinum',
      quoteBasis: null,
      // Without a live price the quote is the table's: no floor is promised on it.
      guarantee: null,
    });
    const unsure = await create({ ...form, material: null });
    expect(unsure.json()).toMatchObject({ material: null, quoteBasis: null });
  });

  it.each([
    [
      'a material not on the list',
      { material: 'gold-9k' },
      'Invalid body: material: Please choose a metal or gem from the list.',
    ],
    [
      'a metal for loose gems',
      { category: 'gems', material: 'gold-14k' },
      'Invalid body: material: A loose gem cannot be made of Gold 14K. Please choose a gem, or the category "Jewelry" or "Coins/Scrap".',
    ],
    [
      'a gem for scrap',
      { category: 'scrap', material: 'diamond' },
      'Invalid body: material: Diamond is a gem: we quote it as a loose gem. Please choose "Loose Gems", or name the metal of the piece.',
    ],
  ])('refuses %s with a clear 400, writing nothing', async (_name, change, message) => {
    const before = await submissionCount();
    const res = await create({ ...form, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await submissionCount()).toBe(before);
  });

  it('declares the insured value to the carrier and on the packing slip (page 2), never on the label (page 1)', async () => {
    const sub = (await create({ ...form, description: 'Grandmother’s 14k chain', material: 'gold-14k' })).json();
    const label = await t.app.inject({
      method: 'POST',
      url: '/api/shipping/labels',
      headers: { cookie: seller.cookie },
      payload: { submissionId: sub.id },
    });
    expect(label.statusCode).toBe(201);
    expect(label.json().insuredValue).toBe('500.00');
    const res = await t.app.inject({ url: `/api/shipping/labels/${label.json().id}/pdf`, headers: { cookie: seller.cookie } });
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(2);
    // The tracking number is random digits, so a bare "450" could appear in it by chance.
    expect(pdf.text).not.toMatch(/insured|\$\s*500|500\.00/i);
    expect(pdf.pageLines[1]).toEqual(
      expect.arrayContaining([
        'PACKING SLIP',
        `Submission #${shortId(sub.id)}`,
        'Seller: Casey Client',
        'Grandmother’s 14k chain',
        'Estimated weight: 10 grams',
        'Made of: Gold 14K',
        'Declared insured value: $500.00',
      ]),
    );
  });
});
