// The margin (issue 28 item 5): once a lot is settled, the report shows per lot, per submission and
// per month what the sellers were paid, what the refiner paid and charged, the gross margin and its
// percent, and the testing accuracy per refiner. Appraisers only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boughtItem, requests } from '../melt-lots/lots.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';

describe.each(engines)('the margin on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string; cookie: string };
  const { send, get } = requests(
    () => t,
    () => admin.cookie,
  );

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    client = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('is for appraisers only', async () => {
    await expectAdminsOnly(t.app, [['GET', '/api/admin/margin']], client.cookie);
  });

  it('shows a settled lot, its submission and its month, with the margin and the accuracy', async () => {
    const empty = await get('/api/admin/margin');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ lots: [], submissions: [], months: [], accuracy: [] });

    const lot = (await send('POST', '/api/admin/melt-lots', { category: 'gold-14k' })).json().lot as {
      id: string;
      number: string;
    };
    const item = await boughtItem(t, client.id, admin.cookie);
    expect((await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag })).statusCode).toBe(200);
    await t.db.execute(
      sql`update melt_lots set state = 'shipped', refiner_name = 'Midwest Refining', tracking_number = '1Z999', insured_value = 1000, shipped_at = now() where id = ${lot.id}`,
    );
    const settled = await send('POST', '/api/admin/refiner-settlements', {
      refiner: 'Midwest Refining',
      reference: `M-${engine}`,
      date: '2026-11-27',
      wire: '449.95',
      lots: [{ lotId: lot.number, preMeltGrams: '10', postMeltGrams: '9.8' }],
      metals: [
        { lotId: lot.number, metal: 'gold', assayPercent: '58.3', fineOz: '0.1830', pricePerOz: '2650', amount: '484.95' },
      ],
      charges: [{ kind: 'wire-fee', lotId: null, amount: '35.00' }],
    });
    expect(settled.statusCode, settled.body).toBe(201);

    const report = (await get('/api/admin/margin')).json();
    const figures = {
      paidToSellersCents: 49725,
      receivedCents: 48495,
      feesCents: 3500,
      netReceivedCents: 44995,
      grossMarginCents: -4730,
      marginPercent: '-9.8',
    };
    expect(report.lots).toMatchObject([
      {
        lotId: lot.id,
        lotNumber: lot.number,
        refinerName: 'Midwest Refining',
        settledOn: '2026-11-27',
        ...figures,
        accuracyPercent: '97.7',
        accuracy: 'normal',
      },
    ]);
    expect(report.submissions).toMatchObject([
      { submissionId: item.submissionId, ...figures, settledItemCount: 1, pendingItemCount: 0 },
    ]);
    expect(report.months).toMatchObject([{ month: '2026-11', lotCount: 1, ...figures }]);
    expect(report.accuracy).toMatchObject([{ refiner: 'Midwest Refining', overall: { percent: '97.7', flag: 'normal' } }]);
  });
});
