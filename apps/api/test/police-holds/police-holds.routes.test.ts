// Police holds (issue 28 item 6): an appraiser puts a received item on police hold (agency, officer,
// badge, case, reason), releases it, or surrenders the item to the police: it leaves custody and its
// cost is written off the ledger on the payout that bought it. A held item goes into no melt lot and
// is not sold (the melt lots and custody routes answer the database's refusal with a sentence naming
// the case). Bad input is a 400 sentence that changes nothing; two appraisers ending one hold at
// once, one winner and a 409 sentence.
import { policeHoldMessages } from '@assay/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTransaction } from '../../src/db/factories.ts';
import { auditLog, itemLocations, ledgerLines, policeHolds } from '../../src/db/schema/index.ts';
import { boughtItem, requests } from '../melt-lots/lots.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import { insertAcceptedPayout } from '../support/ledger.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';

const SECOND_APPRAISER = 'second-appraiser@assay.test';
const COST = 49725;

describe.each(engines)('police holds on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let otherAdmin: { id: string; cookie: string };
  let client: { id: string; cookie: string };
  const { send, get } = requests(
    () => t,
    () => admin.cookie,
  );

  /** A bought item (past its compliance hold) with the payout that paid for it. */
  async function paidItem() {
    const item = await boughtItem(t, client.id, admin.cookie);
    const payout = buildTransaction({ submission: { id: item.submissionId, userId: client.id, finalOffer: COST } });
    await insertAcceptedPayout(t.db, payout);
    return { ...item, payoutId: payout.id! };
  }
  const holdBody = (itemId: string) => ({
    itemId,
    agency: 'Springfield PD',
    officer: 'Lou Wiggum',
    badgeNumber: '4411',
    caseNumber: 'SPD-2026-0042',
    reason: 'Ring matches a burglary report',
  });
  async function held(itemId: string) {
    const res = await send('POST', '/api/admin/police-holds', holdBody(itemId));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; status: string; caseNumber: string };
  }
  const locationOf = async (itemId: string) =>
    (await t.db.select().from(itemLocations).where(eq(itemLocations.itemId, itemId)))[0]!;

  beforeAll(async () => {
    t = await createTestApp(engine, { ADMIN_EMAILS: `${ADMIN_EMAIL},${SECOND_APPRAISER}` });
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
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
        ['GET', '/api/admin/police-holds?item=x'],
        ['POST', '/api/admin/police-holds'],
        ['POST', '/api/admin/police-holds/x/release'],
        ['POST', '/api/admin/police-holds/x/surrender'],
      ],
      client.cookie,
    );
  });

  it('places a hold with who and when, audited, one active per item', async () => {
    const item = await paidItem();
    const hold = await held(item.itemId);
    expect(hold).toMatchObject({ status: 'active', caseNumber: 'SPD-2026-0042', agency: 'Springfield PD' });
    const list = await get(`/api/admin/police-holds?item=${item.itemId}`);
    expect(list.json().holds).toHaveLength(1);
    expect(list.json().holds[0].placedBy).toBe('Ada Appraiser');
    const again = await send('POST', '/api/admin/police-holds', holdBody(item.itemId));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(policeHoldMessages.alreadyHeld('SPD-2026-0042'));
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, item.submissionId), eq(auditLog.action, 'police_hold_placed')));
    expect(audits).toHaveLength(1);
  });

  it('answers bad input with a 400 sentence and changes nothing', async () => {
    const item = await paidItem();
    for (const body of [
      { ...holdBody(item.itemId), caseNumber: '  ' },
      { ...holdBody(item.itemId), badgeNumber: undefined },
      { ...holdBody(item.itemId), extra: 1 },
      { ...holdBody(item.itemId), reason: 'x'.repeat(1001) },
    ]) {
      const res = await send('POST', '/api/admin/police-holds', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/\w/);
    }
    const hold = await held(item.itemId);
    const noReference = await send('POST', `/api/admin/police-holds/${hold.id}/surrender`, { reference: '' });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().message).toMatch(/receipt or reference/);
    expect(await t.db.select().from(policeHolds).where(eq(policeHolds.itemId, item.itemId))).toHaveLength(1);
    expect((await locationOf(item.itemId)).place).toBe('vault');
    const unknown = await send('POST', '/api/admin/police-holds', holdBody('no-such-item'));
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps a held item out of melt lots and from being sold, naming the case; released, it may go', async () => {
    const item = await paidItem();
    const hold = await held(item.itemId);
    const lot = await send('POST', '/api/admin/melt-lots', { category: 'gold-14k' });
    expect(lot.statusCode, lot.body).toBe(201);
    const lotId = lot.json().lot.id as string;
    const add = await send('POST', `/api/admin/melt-lots/${lotId}/items`, { tag: item.tag });
    expect(add.statusCode, add.body).toBe(409);
    expect(add.json().message).toBe(policeHoldMessages.refused('SPD-2026-0042'));
    expect(add.json().message).toMatch(/^This item is on police hold \(case SPD-2026-0042\); it cannot/);
    const seen = await get(`/api/admin/custody/items?tag=${item.tag}`);
    expect(seen.json().items[0].policeHoldCase).toBe('SPD-2026-0042');
    const { version } = await locationOf(item.itemId);
    const sell = await send('POST', `/api/admin/custody/items/${item.itemId}/move`, { to: 'sold', version });
    expect(sell.statusCode, sell.body).toBe(409);
    expect(sell.json().message).toBe(policeHoldMessages.refused('SPD-2026-0042'));
    expect((await locationOf(item.itemId)).place).toBe('vault');

    const release = await send('POST', `/api/admin/police-holds/${hold.id}/release`, { note: 'Case closed' });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json()).toMatchObject({ status: 'released', releaseNote: 'Case closed', endedBy: 'Ada Appraiser' });
    const addAgain = await send('POST', `/api/admin/melt-lots/${lotId}/items`, { tag: item.tag });
    expect(addAgain.statusCode, addAgain.body).toBe(200);
  });

  it('surrenders: the item leaves custody and its cost is written off on the payout that bought it', async () => {
    const item = await paidItem();
    const hold = await held(item.itemId);
    const res = await send('POST', `/api/admin/police-holds/${hold.id}/surrender`, { reference: 'Property receipt 7781' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'surrendered',
      surrenderReference: 'Property receipt 7781',
      writtenOffCents: COST,
    });
    expect((await locationOf(item.itemId)).place).toBe('surrendered');
    const lines = await t.db
      .select()
      .from(ledgerLines)
      .where(and(eq(ledgerLines.transactionId, item.payoutId), eq(ledgerLines.event, 'police_surrender')));
    expect(lines.map((l) => [l.account, l.debitCents, l.creditCents]).sort()).toEqual([
      ['expense:police-surrender', COST, 0],
      ['inventory:purchases', 0, COST],
    ]);
    const again = await send('POST', `/api/admin/police-holds/${hold.id}/release`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(policeHoldMessages.ended('surrendered'));
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, item.submissionId), eq(auditLog.action, 'police_hold_surrendered')));
    expect(audits).toHaveLength(1);
  });

  it('two appraisers ending one hold at once: one winner, a 409 sentence for the other, one write-off', async () => {
    for (let round = 0; round < 3; round++) {
      const item = await paidItem();
      const hold = await held(item.itemId);
      const [a, b] = await Promise.all([
        send('POST', `/api/admin/police-holds/${hold.id}/surrender`, { reference: 'R-1' }),
        send('POST', `/api/admin/police-holds/${hold.id}/release`, { note: 'cleared' }, otherAdmin.cookie),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().message).toMatch(/^This (police hold was already released|item was already surrendered)/);
      const [row] = await t.db.select().from(policeHolds).where(eq(policeHolds.id, hold.id));
      const lines = await t.db
        .select()
        .from(ledgerLines)
        .where(and(eq(ledgerLines.transactionId, item.payoutId), eq(ledgerLines.event, 'police_surrender')));
      expect(lines).toHaveLength(row!.status === 'surrendered' ? 2 : 0);
    }
  });
});
