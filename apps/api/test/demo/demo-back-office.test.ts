// The demo's back office (issue 28 follow-up): a fresh demo seeded with the app's context has bins
// with pieces in them, one ready and one still on hold, an open lot with its value, a lot shipped,
// settled and closed, a month of margin with a testing-accuracy point, and a ledger that balances,
// every one of them read through the appraiser's own routes.
import { eq, sql } from 'drizzle-orm';
import { ledgerLines, submissions, users } from '../../src/db/schema/index.ts';
import { paymentBlockers } from '../../src/modules/compliance/index.ts';
import { SAMPLE_ESTATE_SELLER } from '../../src/modules/demo/demo-back-office.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, seedDemoIfFresh } from '../../src/modules/demo/demo.service.ts';
import { cookieOf, signIn, uniqueAddress } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

interface Bin {
  id: string;
  code: string;
  itemCount: number;
  readyCount: number;
}
interface Item {
  tag: string;
  ready: boolean;
  holdUntil: string | null;
  description: string;
}

describe.each(engines)('the demo back office, on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  let seedMs = 0;
  let bareMs = 0;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { demo: true });
    let started = performance.now();
    // The seed without its back office first, on a database of its own, to say what the back office adds.
    const bare = await createTestApp(engine, {}, { demo: true });
    await seedDemoIfFresh(bare.db, bare.app.ctx.identity.auth, { encryptionKey: 'e'.repeat(64) });
    bareMs = performance.now() - started;
    await bare.close();
    started = performance.now();
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { encryptionKey: 'e'.repeat(64), backOffice: t.app.ctx })).toBe(
      true,
    );
    seedMs = performance.now() - started;
    cookie = cookieOf(await signIn(t.app, demoAccounts.admin.email, demoAccounts.admin.password, uniqueAddress()));
  }, 180_000);
  afterAll(() => t.close());

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it('has bins with pieces, a ready one and one whose hold still runs', async () => {
    console.info(`demo seed on ${engine}: ${Math.round(bareMs)} ms without the back office, ${Math.round(seedMs)} ms with it`);
    const { bins } = await get<{ bins: Bin[] }>('/api/admin/custody/bins');
    expect(bins.map((b) => b.code).sort()).toEqual(['COIN', 'SH-14', 'SH-18']);
    const shelf = bins.find((b) => b.code === 'SH-14')!;
    // The bracelet, ready, and the locket, received two days ago; the shelf's other pieces went into lots.
    expect([shelf.itemCount, shelf.readyCount]).toEqual([2, 1]);
    const { items } = await get<{ items: Item[] }>(`/api/admin/custody/bins/${shelf.id}`);
    expect(items.find((i) => i.description.includes('bracelet'))!.ready).toBe(true);
    const locket = items.find((i) => i.description.includes('locket'))!;
    expect(locket.ready).toBe(false);
    expect(new Date(locket.holdUntil!).getTime()).toBeGreaterThan(Date.now());
    const band = (await get<{ items: Item[] }>(`/api/admin/custody/bins/${bins.find((b) => b.code === 'SH-18')!.id}`)).items;
    expect(band).toHaveLength(1);
    expect(band[0]!.ready).toBe(true);
    expect(new Date(band[0]!.holdUntil!).getTime()).toBeLessThan(Date.now());
    expect(bins.find((b) => b.code === 'COIN')!.readyCount).toBe(1);
  });

  it('has an open lot with a value, and a lot shipped, settled and closed', async () => {
    const { lots } = await get<{
      lots: {
        number: string;
        state: string;
        itemCount: number;
        estimatedValueCents: number | null;
        refinerName: string | null;
      }[];
    }>('/api/admin/melt-lots');
    const open = lots.filter((l) => l.state === 'open');
    expect(open).toHaveLength(1);
    expect(open[0]!.itemCount).toBe(2);
    expect(open[0]!.estimatedValueCents).toBeGreaterThan(0);
    const closed = lots.filter((l) => l.state === 'closed');
    expect(closed).toHaveLength(1);
    expect(closed[0]!.itemCount).toBe(2);
    expect(closed[0]!.refinerName).toBe('Gem City Refining Co.');
  });

  it('shows a month of margin and a testing-accuracy point within 92-102%', async () => {
    const margin = await get<{
      lots: {
        receivedCents: number;
        feesCents: number;
        netReceivedCents: number;
        grossMarginCents: number;
        accuracyPercent: string;
      }[];
      months: { month: string; lotCount: number; grossMarginCents: number }[];
      accuracy: { refiner: string; months: { percent: string | null }[] }[];
    }>('/api/admin/margin');
    expect(margin.lots).toHaveLength(1);
    const lot = margin.lots[0]!;
    expect(lot.receivedCents - lot.feesCents).toBe(lot.netReceivedCents);
    expect(lot.grossMarginCents).toBeGreaterThan(0);
    expect(Number(lot.accuracyPercent)).toBeGreaterThanOrEqual(92);
    expect(Number(lot.accuracyPercent)).toBeLessThanOrEqual(102);
    expect(margin.months).toHaveLength(1);
    expect(margin.months[0]!.lotCount).toBe(1);
    const accuracy = margin.accuracy.find((a) => a.refiner === 'Gem City Refining Co.')!;
    expect(accuracy.months.length).toBeGreaterThan(0);
    // The statement's net is the wire to the cent.
    const { settlements } = await get<{ settlements: { wireCents: number; grossCents: number; chargesCents: number }[] }>(
      '/api/admin/refiner-settlements',
    );
    expect(settlements).toHaveLength(1);
    expect(settlements[0]!.grossCents - settlements[0]!.chargesCents).toBe(settlements[0]!.wireCents);
  });

  it("gives each purchase what its police report line needs (a photo, the seller's address)", async () => {
    const bought = await t.db
      .select({ id: submissions.id, userId: submissions.userId, finalOffer: submissions.finalOffer })
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
      .where(eq(users.email, SAMPLE_ESTATE_SELLER.email));
    expect(bought).toHaveLength(8);
    for (const s of bought) {
      const blockers = await paymentBlockers(t.db, {
        submissionId: s.id,
        userId: s.userId,
        amountCents: s.finalOffer!,
        buysItems: true,
      });
      expect(blockers.filter((b) => b.kind === 'report')).toEqual([]);
    }
  });

  it('leaves a ledger whose every posting balances', async () => {
    const postings = await t.db
      .select({
        debits: sql<string>`sum(${ledgerLines.debitCents})::text`,
        credits: sql<string>`sum(${ledgerLines.creditCents})::text`,
        settled: sql<boolean>`bool_or(${ledgerLines.settlementId} is not null)`,
      })
      .from(ledgerLines)
      .groupBy(ledgerLines.postingId);
    expect(postings.length).toBeGreaterThan(0);
    for (const posting of postings) expect(posting.debits).toBe(posting.credits);
    // The settlement posted its own lines: the wire, the metal sold, the charges, the lots' cost.
    expect(postings.some((posting) => posting.settled)).toBe(true);
  });
});
