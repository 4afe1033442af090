// A lot shipped on EasyPost's rail, against the loopback stand-in of its API: the label is bought
// once, from the business to the refiner, insured as asked, and its PDF's first page is the
// carrier's image. A carrier that fails leaves the lot open with a sentence (503 when trying again
// is safe), and a label the carrier insured for less than asked does not ship the lot.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, meltLots } from '../../src/db/schema/index.ts';
import {
  FAKE_EASYPOST_KEY,
  FAKE_EASYPOST_WEBHOOK_SECRET,
  type FakeEasyPost,
  INTERNAL_ERROR,
  startFakeEasyPost,
} from '../support/fake-easypost.ts';
import { signUp } from '../support/sessions.ts';
import { readPdf } from '../support/shipping-pdf-reader.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { boughtItem, REFINER_ADDRESS, requests } from './lots.ts';

describe.each(engines)('shipping a lot through EasyPost on %s', (engine) => {
  let t: TestApp;
  let easypost: FakeEasyPost;
  let admin: { id: string; cookie: string };
  let client: { id: string; cookie: string };
  let refinerId: string;
  const { send, get } = requests(
    () => t,
    () => admin.cookie,
  );

  beforeAll(async () => {
    easypost = await startFakeEasyPost();
    t = await createTestApp(engine, {
      CARRIER: 'easypost',
      EASYPOST_API_KEY: FAKE_EASYPOST_KEY,
      EASYPOST_BASE_URL: easypost.url,
      EASYPOST_WEBHOOK_SECRET: FAKE_EASYPOST_WEBHOOK_SECRET,
    });
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    client = await signUp(t.app);
    await t.app.ctx.pricing.refresh({ force: true });
    const refiner = await send('POST', '/api/admin/refiners', { name: 'Midwest Refining', address: REFINER_ADDRESS });
    expect(refiner.statusCode, refiner.body).toBe(201);
    refinerId = (refiner.json() as { id: string }).id;
  });
  afterAll(async () => {
    await t.close();
    await easypost.close();
  });

  async function lotWithAnItem() {
    const lot = (await send('POST', '/api/admin/melt-lots', { category: 'gold-14k' })).json().lot as {
      id: string;
      number: string;
    };
    const item = await boughtItem(t, client.id, admin.cookie);
    const added = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag });
    expect(added.statusCode, added.body).toBe(200);
    return { ...lot, insuredValue: ((added.json().lot.estimatedValueCents as number) / 100).toFixed(2) };
  }
  const lotRow = async (id: string) => (await t.db.select().from(meltLots).where(eq(meltLots.id, id)))[0]!;
  const purchases = () => easypost.requests.filter((r) => r.path.endsWith('/buy')).length;

  it('buys one insured label to the refiner and prints the carrier image', async () => {
    const lot = await lotWithAnItem();
    const before = purchases();
    const shipped = await send('POST', `/api/admin/melt-lots/${lot.id}/ship`, { refinerId, insuredValue: lot.insuredValue });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(purchases() - before).toBe(1);
    const created = easypost.requests.filter((r) => r.path === '/v2/shipments').at(-1)!;
    expect(created.body).toMatchObject({
      shipment: {
        reference: lot.number,
        is_return: false,
        to_address: { name: REFINER_ADDRESS.name, street1: REFINER_ADDRESS.line1, city: 'Dayton', state: 'OH', zip: '45402' },
        from_address: { name: t.app.ctx.config.receivingLabelAddress.name },
      },
    });
    expect(easypost.requests.filter((r) => r.path.endsWith('/buy')).at(-1)!.body).toMatchObject({ insurance: lot.insuredValue });
    expect(shipped.json().lot).toMatchObject({
      state: 'shipped',
      carrier: 'USPS',
      service: 'GroundAdvantage',
      postageCents: 758,
      validForPostage: true,
      hasLabel: true,
    });
    const row = await lotRow(lot.id);
    expect(row.shipmentId).toMatch(/^shp_/);
    expect(row.labelImageKey).toBe(`labels/melt-lot-${lot.id}.png`);
    const pdf = await get(`/api/admin/melt-lots/${lot.id}/label.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const read = await readPdf(pdf.rawPayload);
    expect(read.pageLines[0]).toEqual([]);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(read.pageLines[1]).toContain('PACKING SLIP');
  });

  it('a carrier error leaves the lot open with a 503 sentence, and the next try ships it', async () => {
    const lot = await lotWithAnItem();
    easypost.script('create', INTERNAL_ERROR);
    const down = await send('POST', `/api/admin/melt-lots/${lot.id}/ship`, { refinerId, insuredValue: lot.insuredValue });
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json().message).toMatch(
      /^The carrier could not make the label just now \(.+\)\. Nothing was bought and the lot is still open/,
    );
    expect(await lotRow(lot.id)).toMatchObject({ state: 'open', carrier: null, trackingNumber: null });
    const again = await send('POST', `/api/admin/melt-lots/${lot.id}/ship`, { refinerId, insuredValue: lot.insuredValue });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a label insured for less than asked does not ship the lot: a 502 sentence, the label kept in the audit to void', async () => {
    const lot = await lotWithAnItem();
    easypost.setInsureOnBuy(false);
    easypost.script('insure', INTERNAL_ERROR);
    try {
      const short = await send('POST', `/api/admin/melt-lots/${lot.id}/ship`, { refinerId, insuredValue: lot.insuredValue });
      expect(short.statusCode, short.body).toBe(502);
      expect(short.json().message).toMatch(
        /^The carrier insured the parcel for \$0\.00, less than the \$[\d,.]+ asked, so the lot was not shipped and stays open\. Void label 9405\d+ at the carrier/,
      );
    } finally {
      easypost.setInsureOnBuy(true);
    }
    expect(await lotRow(lot.id)).toMatchObject({ state: 'open', carrier: null, trackingNumber: null });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, lot.id), eq(auditLog.action, 'melt_lot_label_refused')));
    expect(entry!.changes).toMatchObject({
      carrier: 'USPS',
      confirmedInsuredValue: '0.00',
      shipmentId: expect.stringMatching(/^shp_/),
    });
  });
});
