// What the melt lots tests share: a received parcel bought at an itemised offer (its items in the
// vault with their tags), its hold as given, and the requests of an appraiser.
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { itemLocations, offerLines, offers, submissionItems, submissions } from '../../src/db/schema/index.ts';
import { insertFirstItems } from '../../src/modules/submissions/index.ts';
import { TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

export const DAY = 86_400_000;

export function requests(t: () => TestApp, cookie: () => string) {
  const send = (method: 'POST' | 'DELETE', url: string, body?: unknown, as = cookie()) =>
    t().app.inject({
      method,
      url,
      headers: { cookie: as, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const get = (url: string, as = cookie()) => t().app.inject({ method: 'GET', url, headers: { cookie: as } });
  return { send, get };
}

export interface BoughtItem {
  submissionId: string;
  itemId: string;
  tag: string;
}

/**
 * A parcel of one item received through the route, offered as one line (10 g of `material` at
 * `purity`) and bought: completed, the item sold, its hold ending at `holdUntil` (null: passed).
 */
export async function boughtItem(
  t: TestApp,
  clientId: string,
  adminCookie: string,
  options: { material?: 'gold-14k' | 'gold-18k' | 'silver'; purity?: string; holdUntil?: Date; stones?: boolean } = {},
): Promise<BoughtItem> {
  const row = buildSubmission({ userId: clientId });
  await t.db.insert(submissions).values(row);
  await insertFirstItems(t.db, [row]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/submissions/${row.id}/receive`,
    headers: { cookie: adminCookie, origin: TEST_ORIGIN },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [item] = await t.db.select().from(submissionItems).where(eq(submissionItems.submissionId, row.id!));
  const offerId = crypto.randomUUID();
  await t.db.insert(offers).values({
    id: offerId,
    submissionId: row.id!,
    version: 1,
    status: 'accepted',
    total: 49725,
    validUntil: new Date(Date.now() + 7 * DAY),
  });
  await t.db.insert(offerLines).values({
    id: crypto.randomUUID(),
    offerId,
    position: 1,
    itemId: item!.id,
    description: 'Rope chain',
    weight: '10',
    weightUnit: 'grams',
    material: options.material ?? 'gold-14k',
    purityPercent: options.purity ?? '58.5',
    testMethod: 'xrf',
    referencePrice: '100',
    referenceUnit: 'gram',
    priceSource: 'test',
    pricedAt: new Date(),
    percentPaid: '85',
    amount: 49725,
  });
  const holdUntil = options.holdUntil ?? null;
  await t.db.execute(
    holdUntil
      ? sql`update submissions set status = 'completed', hold_until = ${holdUntil.toISOString()}::timestamptz where id = ${row.id!}`
      : sql`update submissions set status = 'completed', hold_until = now() - interval '1 day' where id = ${row.id!}`,
  );
  await t.db
    .update(submissionItems)
    .set({ outcome: 'sold', ...(options.stones ? { stoneChoice: 'melt-with-stones' as const } : {}) })
    .where(eq(submissionItems.id, item!.id));
  const [location] = await t.db.select().from(itemLocations).where(eq(itemLocations.itemId, item!.id));
  return { submissionId: row.id!, itemId: item!.id, tag: location!.tag };
}

/** A refiner's shipping address as the server stores it: where a lot's carrier label sends it. */
export const REFINER_ADDRESS = {
  name: 'Midwest Refining Receiving',
  line1: '400 Foundry Road',
  line2: 'Dock 3',
  city: 'Dayton',
  state: 'OH',
  postalCode: '45402',
  phone: '(937) 555-0188',
};
