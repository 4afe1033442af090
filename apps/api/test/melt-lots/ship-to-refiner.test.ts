// A lot ships to a refiner from the list (issue 28 item 4): by its id, the lot keeping its name; an
// unknown or retired refiner, or both an id and a typed name, is a 400 that changes nothing.
import { meltLotRouteMessages } from '@assay/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meltLots } from '../../src/db/schema/index.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { boughtItem, requests } from './lots.ts';

describe.each(engines)('shipping a lot to a listed refiner on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string; cookie: string };
  const { send } = requests(
    () => t,
    () => admin.cookie,
  );

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    client = await signUp(t.app);
    await t.app.ctx.pricing.refresh({ force: true });
  });
  afterAll(() => t.close());

  it('ships with a refiner id, and refuses an unknown or retired one or both an id and a name', async () => {
    const refiner = (await send('POST', '/api/admin/refiners', { name: 'Midwest Refining' })).json() as { id: string };
    const retired = (await send('POST', '/api/admin/refiners', { name: 'Old Refinery' })).json() as { id: string };
    expect((await send('POST', `/api/admin/refiners/${retired.id}/retire`)).statusCode).toBe(200);
    const lot = (await send('POST', '/api/admin/melt-lots', { category: 'gold-14k' })).json().lot as { id: string };
    const item = await boughtItem(t, client.id, admin.cookie);
    expect((await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag })).statusCode).toBe(200);
    const shipment = { to: 'shipped', trackingNumber: '1Z999', insuredValue: '100000.00' };

    for (const [body, message] of [
      [{ ...shipment, refinerId: 'nope' }, meltLotRouteMessages.unknownRefiner],
      [{ ...shipment, refinerId: retired.id }, meltLotRouteMessages.unknownRefiner],
      [{ ...shipment, refinerId: refiner.id, refinerName: 'Typed' }, meltLotRouteMessages.oneRefiner],
    ] as const) {
      const res = await send('POST', `/api/admin/melt-lots/${lot.id}/advance`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const [before] = await t.db.select().from(meltLots).where(eq(meltLots.id, lot.id));
    expect(before!.state).toBe('open');

    const shipped = await send('POST', `/api/admin/melt-lots/${lot.id}/advance`, { ...shipment, refinerId: refiner.id });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().lot).toMatchObject({ state: 'shipped', refinerName: 'Midwest Refining' });
  });
});
