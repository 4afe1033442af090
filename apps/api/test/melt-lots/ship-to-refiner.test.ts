// A lot ships to a refiner from the list with a label bought through the carrier adapter (issue 28
// item 3), here the sample carrier: from the business's address to the refiner's, insured for the
// amount asked, its PDF for appraisers only. Bad input and a refiner without an address are 400s
// that change nothing; two appraisers shipping one lot at once buy one label, the other hears a 409.
// Against EasyPost's loopback fake: ship-with-easypost.test.ts.
import { addressMessages, meltLotMessages, meltLotRouteMessages, SAMPLE_LABEL_MARKING } from '@assay/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierLabelRequest } from '../../src/adapters/carriers/carrier.ts';
import { auditLog, meltLots } from '../../src/db/schema/index.ts';
import { signUp } from '../support/sessions.ts';
import { readPdf } from '../support/shipping-pdf-reader.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { boughtItem, REFINER_ADDRESS, requests } from './lots.ts';

const SECOND_APPRAISER = 'second-appraiser@assay.test';

describe.each(engines)('shipping a lot with a carrier label on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let otherAdmin: { id: string; cookie: string };
  let client: { id: string; cookie: string };
  const { send, get } = requests(
    () => t,
    () => admin.cookie,
  );
  const asked: CarrierLabelRequest[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { ADMIN_EMAILS: `${ADMIN_EMAIL},${SECOND_APPRAISER}` });
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    otherAdmin = await signUp(t.app, { email: SECOND_APPRAISER });
    client = await signUp(t.app);
    await t.app.ctx.pricing.refresh({ force: true });
    // Every label the carrier is asked for, a little slowly, so two requests overlap.
    const carrier = t.app.ctx.carrier;
    const createLabel = carrier.createLabel.bind(carrier);
    carrier.createLabel = async (request) => {
      asked.push(request);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return createLabel(request);
    };
  });
  afterAll(() => t.close());

  async function refiner(name: string, address: object | null = REFINER_ADDRESS) {
    const res = await send('POST', '/api/admin/refiners', { name, ...(address ? { address } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; address: object | null };
  }

  async function lotWithAnItem() {
    const lot = (await send('POST', '/api/admin/melt-lots', { category: 'gold-14k' })).json().lot as {
      id: string;
      number: string;
    };
    const item = await boughtItem(t, client.id, admin.cookie);
    const added = await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag });
    expect(added.statusCode, added.body).toBe(200);
    return { ...lot, valueCents: added.json().lot.estimatedValueCents as number };
  }

  const lotRow = async (id: string) => (await t.db.select().from(meltLots).where(eq(meltLots.id, id)))[0]!;
  const dollars = (cents: number) => (cents / 100).toFixed(2);

  it('buys the label from the business to the refiner, insured as asked, and prints it for appraisers only', async () => {
    const midwest = await refiner('Midwest Refining');
    expect(midwest.address).toEqual(REFINER_ADDRESS);
    const lot = await lotWithAnItem();
    const before = asked.length;
    const insured = dollars(lot.valueCents + 5000);
    const shipped = await send('POST', `/api/admin/melt-lots/${lot.id}/ship`, { refinerId: midwest.id, insuredValue: insured });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(asked.slice(before)).toEqual([
      {
        direction: 'return',
        sender: t.app.ctx.config.receivingLabelAddress,
        receiver: REFINER_ADDRESS,
        insuredValueCents: lot.valueCents + 5000,
        reference: lot.number,
      },
    ]);
    const view = shipped.json().lot;
    expect(view).toMatchObject({
      state: 'shipped',
      refinerName: 'Midwest Refining',
      carrier: 'Assay Sample',
      insuredValueCents: lot.valueCents + 5000,
      hasLabel: true,
      validForPostage: false,
      service: null,
      postageCents: null,
    });
    expect(view.trackingNumber).toMatch(/^ASY\d{13}$/);
    expect(await lotRow(lot.id)).toMatchObject({
      labelSender: t.app.ctx.config.receivingLabelAddress,
      labelReceiver: REFINER_ADDRESS,
      labelValidForPostage: false,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, lot.id), eq(auditLog.action, 'melt_lot_advanced')));
    expect(entry!.changes).toMatchObject({ trackingNumber: view.trackingNumber, carrier: 'Assay Sample', insuredValue: insured });

    const pdf = await get(`/api/admin/melt-lots/${lot.id}/label.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const read = await readPdf(pdf.rawPayload);
    const page1 = read.pageLines[0]!.join('\n');
    expect(page1).toContain(SAMPLE_LABEL_MARKING);
    expect(page1).toContain('TO REFINER');
    expect(page1).toContain('MIDWEST REFINING RECEIVING');
    expect(page1).toContain(`Melt lot ${lot.number}`);
    expect(read.pageLines[1]!.join('\n')).toContain('Refiner: Midwest Refining Receiving');
    expect((await get(`/api/admin/melt-lots/${lot.id}/label.pdf`, client.cookie)).statusCode).toBe(403);

    const unshipped = await lotWithAnItem();
    const none = await get(`/api/admin/melt-lots/${unshipped.id}/label.pdf`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(meltLotRouteMessages.noLabel);
  });

  it('refuses bad input, an unknown or retired refiner and one without an address, with 400 sentences, asking no carrier', async () => {
    const addressed = await refiner('Golden State Refining');
    const bare = await refiner('No Address Refining', null);
    expect(bare.address).toBeNull();
    const retired = await refiner('Old Refinery');
    expect((await send('POST', `/api/admin/refiners/${retired.id}/retire`)).statusCode).toBe(200);
    const lot = await lotWithAnItem();
    const enough = dollars(lot.valueCents);
    const before = asked.length;

    for (const [body, message] of [
      [{ insuredValue: enough }, meltLotRouteMessages.refiner],
      [{ refinerId: addressed.id }, meltLotRouteMessages.insured],
      [{ refinerId: addressed.id, insuredValue: 'lots' }, meltLotRouteMessages.insured],
      [{ refinerId: addressed.id, insuredValue: '-5.00' }, meltLotRouteMessages.insured],
      [{ refinerId: 'nope', insuredValue: enough }, meltLotRouteMessages.unknownRefiner],
      [{ refinerId: retired.id, insuredValue: enough }, meltLotRouteMessages.unknownRefiner],
      [
        { refinerId: bare.id, insuredValue: enough },
        'No Address Refining has no shipping address, so no carrier label can be made for it; add its address on the Refiners page first.',
      ],
      [{ refinerId: addressed.id, insuredValue: enough, trackingNumber: '1Z999' }, 'trackingNumber'],
    ] as const) {
      const res = await send('POST', `/api/admin/melt-lots/${lot.id}/ship`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(asked.length).toBe(before);
    expect(await lotRow(lot.id)).toMatchObject({ state: 'open', trackingNumber: null, carrier: null, shippedAt: null });

    // The fix the sentence names: the refiner's address added (the whole record, as PATCH replaces it),
    // checked as a seller's address is.
    const patch = (address: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/refiners/${bare.id}`,
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'No Address Refining', address }),
      });
    const wrong = await patch({ ...REFINER_ADDRESS, state: 'ZZ' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain(addressMessages.state);
    expect((await patch(REFINER_ADDRESS)).statusCode).toBe(200);
    const shipped = await send('POST', `/api/admin/melt-lots/${lot.id}/ship`, { refinerId: bare.id, insuredValue: enough });
    expect(shipped.statusCode, shipped.body).toBe(200);
  });

  it('two appraisers shipping one lot at once: one label bought, one winner, a 409 sentence for the other', async () => {
    const midwest = await refiner('Midwest Two');
    for (let round = 0; round < 3; round++) {
      const lot = await lotWithAnItem();
      const before = asked.length;
      const body = { refinerId: midwest.id, insuredValue: dollars(lot.valueCents) };
      const answers = await Promise.all([
        send('POST', `/api/admin/melt-lots/${lot.id}/ship`, body),
        send('POST', `/api/admin/melt-lots/${lot.id}/ship`, body, otherAdmin.cookie),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(meltLotMessages.same('shipped'));
      expect(asked.length - before).toBe(1);
      const winner = answers.find((a) => a.statusCode === 200)!.json().lot as { trackingNumber: string };
      expect((await lotRow(lot.id)).trackingNumber).toBe(winner.trackingNumber);
    }
  });
});
