// Our track record (issue 27 item 3, decision 039): GET /api/track-record reads the final offers of
// the last 90 days from the database: rows in, figures out; old offers, open offers still valid and
// superseded versions left out; too few offers publish no figure; the floor share only over
// submissions that carried a floor; kept ten minutes; labelled as sample figures in demo mode.
import type { TrackRecordResponse } from '@assay/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { offerLines, offers, submissionItems, submissions } from '../../src/db/schema/index.ts';
import { seedDemoIfFresh } from '../../src/modules/demo/demo.service.ts';
import { TRACK_RECORD_CACHE_MS } from '../../src/modules/offers/index.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

const DAY = 86_400_000;

describe.each(engines)('track record on %s', (engine) => {
  let t: TestApp;
  let demo: TestApp;
  let sellerId: string;
  let now = new Date('2026-11-28T12:00:00Z');
  const clock = { now: () => now };
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    sellerId = (await signUp(t.app, { email: 'track-seller@example.com' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await demo?.close();
  });
  // Each test starts past the previous one's cached answer, with the table as it left it.
  beforeEach(() => {
    now = new Date(now.getTime() + TRACK_RECORD_CACHE_MS + 1);
  });

  /**
   * One submission quoted $800-$1,200 (midpoint $1,000) with its offer versions, newest last:
   * each { total cents, status, made days ago, valid days }.
   */
  async function sold(
    versions: { cents: number; status?: 'open' | 'accepted' | 'declined' | 'superseded'; daysAgo?: number; validDays?: number }[],
    spec: { category?: 'jewelry' | 'scrap' | 'gems'; floorCents?: number } = {},
  ) {
    const row = buildSubmission({ userId: sellerId, category: spec.category ?? 'jewelry', status: 'offered', finalOffer: '1' });
    await t.db.insert(submissions).values({
      ...row,
      preliminaryQuoteMin: 80_000,
      preliminaryQuoteMax: 120_000,
      finalOffer: versions.at(-1)!.cents,
      ...(spec.floorCents === undefined
        ? {}
        : { material: 'gold-14k' as const, guaranteeFloor: spec.floorCents, guaranteeGoodwill: 2_500 }),
    });
    // Item 1 carries the floor (decision 042), and each version's one line prices it.
    const itemId = crypto.randomUUID();
    await t.db.insert(submissionItems).values({
      id: itemId,
      submissionId: row.id!,
      position: 1,
      category: row.category!,
      description: row.description!,
      estimatedWeight: row.estimatedWeight!,
      weightUnit: row.weightUnit!,
      preliminaryQuoteMin: 80_000,
      preliminaryQuoteMax: 120_000,
      declaredValue: 120_000,
      guaranteeFloor: spec.floorCents ?? null,
    });
    const offerIds = versions.map(() => crypto.randomUUID());
    await t.db.insert(offers).values(
      versions.map((v, index) => {
        const createdAt = daysAgo(v.daysAgo ?? 10);
        return {
          id: offerIds[index]!,
          submissionId: row.id!,
          version: index + 1,
          status: v.status ?? 'accepted',
          total: v.cents,
          createdAt,
          validUntil: new Date(createdAt.getTime() + (v.validDays ?? 7) * DAY),
        };
      }),
    );
    await t.db.insert(offerLines).values(
      versions.map((v, index) => ({
        id: crypto.randomUUID(),
        offerId: offerIds[index]!,
        position: 1,
        itemId,
        description: row.description!,
        weight: '10',
        weightUnit: 'grams' as const,
        amount: v.cents,
      })),
    );
  }

  async function record(app = t): Promise<TrackRecordResponse> {
    const res = await app.app.inject({ method: 'GET', url: '/api/track-record' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    return res.json<TrackRecordResponse>();
  }
  const category = (answer: TrackRecordResponse, name: string) => answer.categories.find((c) => c.category === name)!;

  it('publishes nothing as a figure on an empty database, and says its window and minimum', async () => {
    const answer = await record();
    expect(answer).toMatchObject({ windowDays: 90, minCount: 5, sample: false, computedAt: now.toISOString() });
    expect(answer.categories.map((c) => c.category)).toEqual(['jewelry', 'scrap', 'gems']);
    for (const c of answer.categories) expect(c.medianShareOfQuote).toEqual({ kind: 'not-enough-data', count: 0 });
  });

  it('reads final offers: accepted, declined or lapsed, the newest version only, within 90 days', async () => {
    await sold([{ cents: 90_000, status: 'accepted' }]);
    await sold([{ cents: 95_000, status: 'declined' }]);
    // Lapsed: open, made 10 days ago, valid 7 days.
    await sold([{ cents: 100_000, status: 'open' }]);
    // Re-issued: the superseded version is not the final one.
    await sold([
      { cents: 10_000, status: 'superseded', daysAgo: 20 },
      { cents: 110_000, status: 'accepted' },
    ]);
    await sold([{ cents: 120_000, status: 'declined', daysAgo: 89 }]);
    // Left out: still open and valid (not final yet), and older than 90 days.
    await sold([{ cents: 1_000, status: 'open', daysAgo: 1 }]);
    await sold([{ cents: 1_000, status: 'accepted', daysAgo: 91 }]);
    // A newer open version hides the older accepted one too: the seller has not had the last word.
    await sold([
      { cents: 1_000, status: 'superseded', daysAgo: 5 },
      { cents: 1_000, status: 'open', daysAgo: 1 },
    ]);

    const jewelry = category(await record(), 'jewelry');
    expect(jewelry.count).toBe(5);
    // 90%, 95%, 100%, 110%, 120% of the $1,000 midpoint
    expect(jewelry.medianShareOfQuote).toEqual({ kind: 'figure', basisPoints: 10_000, count: 5 });
    // None of them carried a floor.
    expect(jewelry.shareAtOrAboveFloor).toEqual({ kind: 'not-enough-data', count: 0 });
  });

  it('keeps a category with too few offers without a figure, and counts the floor only where one was promised', async () => {
    await sold([{ cents: 50_000 }], { category: 'scrap', floorCents: 72_000 });
    await sold([{ cents: 72_000 }], { category: 'scrap', floorCents: 72_000 });
    const few = category(await record(), 'scrap');
    expect(few).toMatchObject({ count: 2, medianShareOfQuote: { kind: 'not-enough-data', count: 2 } });
    expect(few.shareAtOrAboveFloor).toEqual({ kind: 'not-enough-data', count: 2 });

    now = new Date(now.getTime() + TRACK_RECORD_CACHE_MS + 1);
    await sold([{ cents: 80_000 }], { category: 'scrap', floorCents: 72_000 });
    await sold([{ cents: 71_999, status: 'declined' }], { category: 'scrap', floorCents: 72_000 });
    await sold([{ cents: 100_000 }], { category: 'scrap', floorCents: 72_000 });
    await sold([{ cents: 100_000 }], { category: 'scrap' });
    const scrap = category(await record(), 'scrap');
    expect(scrap.count).toBe(6);
    // 50%, 71.9999%, 72%, 80%, 100%, 100%: the middle two 72% and 80%
    expect(scrap.medianShareOfQuote).toEqual({ kind: 'figure', basisPoints: 7_600, count: 6 });
    // 3 of the 5 with a floor met it ($720 exactly counts)
    expect(scrap.shareAtOrAboveFloor).toEqual({ kind: 'figure', basisPoints: 6_000, count: 5 });
    expect(category(await record(), 'gems').count).toBe(0);
  });

  it('keeps its answer ten minutes, then reads again', async () => {
    const before = category(await record(), 'gems');
    await sold([{ cents: 100_000 }], { category: 'gems' });
    now = new Date(now.getTime() + TRACK_RECORD_CACHE_MS - 1);
    expect(category(await record(), 'gems')).toEqual(before);
    now = new Date(now.getTime() + 2);
    expect(category(await record(), 'gems').count).toBe(before.count + 1);
  });

  it("labels the figures as sample data in demo mode, where the demo's sample submissions give every category one", async () => {
    demo = await createTestApp(engine, { ADMIN_EMAILS: '' }, { demo: true });
    expect(
      await seedDemoIfFresh(demo.db, demo.app.ctx.identity.auth, {
        terms: { insuredLimitCents: 2_500_000, guarantee: { floorPercent: 90, goodwillCents: 2_500 } },
      }),
    ).toBe(true);
    const answer = await record(demo);
    expect(answer.sample).toBe(true);
    for (const c of answer.categories) expect(c.medianShareOfQuote.kind, c.category).toBe('figure');
    // Metals named on the form carry a floor; gems never do.
    expect(category(answer, 'scrap').shareAtOrAboveFloor.kind).toBe('figure');
    expect(category(answer, 'gems').shareAtOrAboveFloor).toEqual({ kind: 'not-enough-data', count: 0 });
  });
});
