// A refiner's settlement (issue 28 item 4): typed in or imported as CSV; on success one transaction
// settles its lots, stores its share per lot and posts balanced ledger lines owned by the settlement
// (cost of goods = what the sellers were paid for the lot's items). Refused with the domain's
// sentences (400) and nothing written when anything is wrong, a net not equal to the wire included;
// an unsettleable lot or a reference entered before is a 409; of two racing, one winner.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, ledgerLines, meltLots, refinerSettlementLots, refinerSettlements } from '../../src/db/schema/index.ts';
import { boughtItem, requests } from '../melt-lots/lots.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';

const SECOND_APPRAISER = 'second-appraiser@assay.test';

describe.each(engines)('refiner settlements on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let otherAdmin: { id: string; cookie: string };
  let client: { id: string; cookie: string };
  let counter = 0;
  const { send } = requests(
    () => t,
    () => admin.cookie,
  );

  /** A lot of one bought item (10 g of 14k at 58.5%, paid $497.25), moved to `state`. */
  async function lotIn(state: 'open' | 'shipped' | 'assayed' | 'closed' = 'shipped') {
    const opened = await send('POST', '/api/admin/melt-lots', { category: 'gold-14k' });
    expect(opened.statusCode, opened.body).toBe(201);
    const lot = opened.json().lot as { id: string; number: string };
    const item = await boughtItem(t, client.id, admin.cookie);
    expect((await send('POST', `/api/admin/melt-lots/${lot.id}/items`, { tag: item.tag })).statusCode).toBe(200);
    if (state !== 'open') {
      await t.db.execute(
        sql`update melt_lots set state = 'shipped', refiner_name = 'Midwest Refining', tracking_number = '1Z999', insured_value = 1000, shipped_at = now() where id = ${lot.id}`,
      );
    }
    if (state === 'assayed' || state === 'closed')
      await send('POST', `/api/admin/melt-lots/${lot.id}/advance`, { to: 'assayed' });
    if (state === 'closed') {
      await send('POST', `/api/admin/melt-lots/${lot.id}/advance`, { to: 'settled' });
      await send('POST', `/api/admin/melt-lots/${lot.id}/advance`, { to: 'closed' });
    }
    return lot;
  }

  /** One lot's settlement: 0.1830 oz at $2650 = $484.95, less $10.00 refining and $25.00 wire fee. */
  function draft(lotNumber: string, overrides: Record<string, unknown> = {}) {
    counter += 1;
    return {
      refiner: 'Midwest Refining',
      reference: `MRC-${engine}-${counter}`,
      date: '2026-11-27',
      wire: '449.95',
      lots: [{ lotId: lotNumber, preMeltGrams: '10.0000', postMeltGrams: '9.8000' }],
      metals: [{ lotId: lotNumber, metal: 'gold', assayPercent: '58.3', fineOz: '0.1830', pricePerOz: '2650', amount: '484.95' }],
      charges: [
        { kind: 'refining', lotId: null, amount: '10.00' },
        { kind: 'wire-fee', lotId: null, amount: '25.00' },
      ],
      ...overrides,
    };
  }

  const lotState = async (id: string) => (await t.db.select().from(meltLots).where(eq(meltLots.id, id)))[0]!.state;
  const counts = async () => ({
    settlements: (await t.db.select().from(refinerSettlements)).length,
    shares: (await t.db.select().from(refinerSettlementLots)).length,
    ledger: (await t.db.select().from(ledgerLines)).length,
  });

  beforeAll(async () => {
    t = await createTestApp(engine, { ADMIN_EMAILS: `${ADMIN_EMAIL},${SECOND_APPRAISER}` });
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    otherAdmin = await signUp(t.app, { email: SECOND_APPRAISER });
    await t.app.ctx.pricing.refresh({ force: true });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    client = await signUp(t.app);
  });

  it('is for appraisers only', async () => {
    await expectAdminsOnly(
      t.app,
      [
        ['POST', '/api/admin/refiner-settlements'],
        ['POST', '/api/admin/refiner-settlements/import'],
      ],
      client.cookie,
    );
  });

  it('enters a typed settlement: the lot settled, its share stored, the ledger posted in balance, audited', async () => {
    const refiner = await send('POST', '/api/admin/refiners', { name: 'Midwest Refining' });
    expect(refiner.statusCode, refiner.body).toBe(201);
    const lot = await lotIn('shipped');
    const body = draft(lot.number);
    const res = await send('POST', '/api/admin/refiner-settlements', body);
    expect(res.statusCode, res.body).toBe(201);
    const settlement = res.json();
    expect(settlement).toMatchObject({
      refinerId: refiner.json().id,
      reference: body.reference,
      wireCents: 44995,
      grossCents: 48495,
      chargesCents: 3500,
      source: 'form',
      lots: [
        {
          lotId: lot.id,
          lotNumber: lot.number,
          grossCents: 48495,
          chargesCents: 3500,
          netCents: 44995,
          costCents: 49725,
          estimatedFineGrams: '5.8500',
          actualFineGrams: '5.7134',
        },
      ],
    });
    expect(await lotState(lot.id)).toBe('settled');

    const lines = await t.db.select().from(ledgerLines).where(eq(ledgerLines.settlementId, settlement.id));
    const debits = lines.reduce((sum, l) => sum + l.debitCents, 0);
    const credits = lines.reduce((sum, l) => sum + l.creditCents, 0);
    expect(debits).toBe(credits);
    const byAccount = (account: string) => lines.filter((l) => l.account === account);
    expect(byAccount('asset:cash:refiner-wires')[0]!.debitCents).toBe(44995);
    expect(byAccount('revenue:metal-sales')[0]!.creditCents).toBe(48495);
    expect(byAccount('expense:refining-charges').reduce((s, l) => s + l.debitCents, 0)).toBe(3500);
    expect(byAccount('expense:cost-of-goods-sold')[0]!.debitCents).toBe(49725);
    expect(byAccount('inventory:purchases')[0]!.creditCents).toBe(49725);
    expect(lines.every((l) => l.transactionId === null && l.event === 'refiner_settlement')).toBe(true);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, settlement.id));
    expect(entry).toMatchObject({ action: 'refiner_settlement_entered', entityType: 'refiner_settlement' });
    expect(entry!.changes).toMatchObject({ lotNumbers: [lot.number], amount: '449.95', source: 'form' });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/refiner-settlements', headers: { cookie: admin.cookie } });
    expect(list.json().settlements.map((s: { id: string }) => s.id)).toContain(settlement.id);
  });

  it('imports a pooled CSV settlement over two lots, their shares adding up to the wire', async () => {
    const [a, b] = [await lotIn('shipped'), await lotIn('assayed')];
    const csv = [
      'kind,lot,metal,pre_melt_grams,post_melt_grams,assay_percent,fine_oz,price_per_oz,amount,detail',
      'refiner,,,,,,,,,"Midwest Refining"',
      `reference,,,,,,,,,POOL-${engine}`,
      'date,,,,,,,,,2026-11-28',
      'wire,,,,,,,,930.90,',
      `lot,${a.number},,10.00,9.80,,,,,`,
      `lot,${b.number},,10.00,9.70,,,,,`,
      'metal,,gold,,,58.30,0.3650,2650.00,967.25,',
      'charge,,,,,,,,11.35,refining',
      'charge,,,,,,,,25.00,wire-fee',
    ].join('\n');
    const res = await send('POST', '/api/admin/refiner-settlements/import', { csv });
    expect(res.statusCode, res.body).toBe(201);
    const settlement = res.json();
    expect(settlement.source).toBe('csv');
    expect(settlement.lots).toHaveLength(2);
    expect(settlement.lots.reduce((sum: number, l: { netCents: number }) => sum + l.netCents, 0)).toBe(93090);
    expect(await lotState(a.id)).toBe('settled');
    expect(await lotState(b.id)).toBe('settled');
  });

  it('refuses a net that is not the wire to the cent, and bad input, with a 400 sentence that writes nothing', async () => {
    const lot = await lotIn('shipped');
    const before = await counts();
    const off = await send('POST', '/api/admin/refiner-settlements', draft(lot.number, { wire: '449.94' }));
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toContain('does not equal the wire of $449.94; a settlement must match its wire to the cent.');
    for (const body of [
      {},
      draft(lot.number, { date: '2026-02-30' }),
      draft(lot.number, { lots: [] }),
      draft(lot.number, {
        metals: [{ lotId: lot.number, metal: 'gold', assayPercent: '58.3', fineOz: '9', pricePerOz: '2650', amount: '23850' }],
      }),
    ]) {
      const res = await send('POST', '/api/admin/refiner-settlements', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/\.$/);
    }
    const badCsv = await send('POST', '/api/admin/refiner-settlements/import', { csv: 'kind,lot\nwire,,' });
    expect(badCsv.statusCode).toBe(400);
    const unknown = await send('POST', '/api/admin/refiner-settlements', draft('LOT-9999'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'No melt lot is numbered LOT-9999; a settlement names lots by their number, like LOT-0001.',
    );
    expect(await counts()).toEqual(before);
    expect(await lotState(lot.id)).toBe('shipped');
  });

  it('refuses an open or closed lot, and the same reference twice, with a 409 sentence', async () => {
    const open = await lotIn('open');
    const notShipped = await send('POST', '/api/admin/refiner-settlements', draft(open.number));
    expect(notShipped.statusCode).toBe(409);
    expect(notShipped.json().message).toBe(`Lot ${open.number} is still open; only a shipped or assayed lot can be settled.`);

    const closed = await lotIn('closed');
    expect(await lotState(closed.id)).toBe('closed');
    const toClosed = await send('POST', '/api/admin/refiner-settlements', draft(closed.number));
    expect(toClosed.statusCode).toBe(409);
    expect(toClosed.json().message).toBe(`Lot ${closed.number} is closed; a closed lot cannot be changed.`);

    const lot = await lotIn('shipped');
    const body = draft(lot.number);
    expect((await send('POST', '/api/admin/refiner-settlements', body)).statusCode).toBe(201);
    const other = await lotIn('shipped');
    const before = await counts();
    const again = await send('POST', '/api/admin/refiner-settlements', {
      ...body,
      lots: [{ ...body.lots[0], lotId: other.number }],
      metals: [{ ...body.metals[0], lotId: other.number }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Settlement ${body.reference} from Midwest Refining was already entered; a settlement is entered once.`,
    );
    expect(await counts()).toEqual(before);
    expect(await lotState(other.id)).toBe('shipped');
  });

  it('keeps every ledger line owned by exactly one payout or one settlement (CHECK, whatever writes it)', async () => {
    await expect(
      t.db.execute(
        sql`insert into ledger_lines (id, posting_id, account, debit_cents, credit_cents, memo, event) values ('x', 'p', 'revenue:metal-sales', 1, 0, 'm', 'e')`,
      ),
    ).rejects.toThrow();
  });

  it('of two imports of one lot, or an import racing the lot moved on by hand, one winner and a 409 sentence', async () => {
    for (let round = 0; round < 3; round += 1) {
      const lot = await lotIn('assayed');
      const [first, second] = [draft(lot.number), draft(lot.number)];
      const results = await Promise.all([
        send('POST', '/api/admin/refiner-settlements', first),
        send('POST', '/api/admin/refiner-settlements', second, otherAdmin.cookie),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().message).toBe(`Lot ${lot.number} is already settled; a lot is settled by one settlement only.`);
      const shares = await t.db.select().from(refinerSettlementLots).where(eq(refinerSettlementLots.meltLotId, lot.id));
      expect(shares).toHaveLength(1);

      const raced = await lotIn('assayed');
      const [imported, moved] = await Promise.all([
        send('POST', '/api/admin/refiner-settlements', draft(raced.number)),
        send('POST', `/api/admin/melt-lots/${raced.id}/advance`, { to: 'settled' }, otherAdmin.cookie),
      ]);
      // The winner is whichever locked the lot first; the other hears its 409.
      const outcome = [imported.statusCode, moved.statusCode];
      expect(
        [
          [201, 409],
          [409, 200],
        ],
        `${imported.body}\n${moved.body}`,
      ).toContainEqual(outcome);
      if (imported.statusCode === 409) {
        expect(imported.json().message).toBe(`Lot ${raced.number} is already settled; a lot is settled by one settlement only.`);
      } else expect(moved.json().message).toBe('The lot is already settled.');
      expect(await lotState(raced.id)).toBe('settled');
    }
  });
});
