// One insured label per parcel (issue 27 item 1, decision 036 amended): contents worth more than
// INSURED_LIMIT ship as several parcels, and the seller's one label request makes every parcel's
// label in one transaction, each insured up to the limit (the last for the rest), answering the
// first. Each PDF says which parcel it is and its own insured value on the packing slip; the
// seller's detail lists them all; each parcel's tracker updates its own label, and the first scan
// of any parcel locks the prices.
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortId } from '@assay/domain';
import { buildSubmission } from '../../src/db/factories.ts';
import { auditLog, priceHistory, priceLocks, shippingLabels, submissions, trackingEvents } from '../../src/db/schema/index.ts';
import { applyTrackingEvent } from '../../src/modules/shipping-labels/index.ts';
import { readPdf } from '../support/shipping-pdf-reader.ts';
import { saveAddress } from '../support/addresses.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';

const LIMIT_CENTS = 1000_00;

describe.each(engines)('one label per parcel on %s', (engine) => {
  let t: TestApp;
  let seller: { id: string; cookie: string };
  let admin: { id: string; cookie: string };

  beforeAll(async () => {
    // $1,000 per parcel, so a modest worth needs several.
    t = await createTestApp(engine, { INSURED_LIMIT: '1000' });
    seller = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
  });
  afterAll(() => t.close());

  /** A new submission whose declared worth (stored at creation) is `declaredCents`. */
  async function submissionWorth(declaredCents: number | null) {
    const row = {
      ...buildSubmission({ userId: seller.id }),
      declaredValue: declaredCents,
      insuredValue: declaredCents === null ? null : Math.min(declaredCents, LIMIT_CENTS),
    };
    await t.db.insert(submissions).values(row);
    return row.id!;
  }

  const createLabel = (submissionId: string) =>
    t.app.inject({ method: 'POST', url: '/api/shipping/labels', headers: { cookie: seller.cookie }, payload: { submissionId } });
  const labelRows = (submissionId: string) =>
    t.db
      .select()
      .from(shippingLabels)
      .where(eq(shippingLabels.submissionId, submissionId))
      .orderBy(asc(shippingLabels.parcelNumber));
  const pdfOf = async (labelId: string) => {
    const res = await t.app.inject({ url: `/api/shipping/labels/${labelId}/pdf`, headers: { cookie: seller.cookie } });
    expect(res.statusCode).toBe(200);
    return readPdf(res.rawPayload);
  };
  const detailOf = async (submissionId: string) => {
    const res = await t.app.inject({ url: `/api/submissions/${submissionId}`, headers: { cookie: seller.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const labelAudits = async (submissionId: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, submissionId), eq(auditLog.action, 'label_created')))
    )[0]!.n;

  it('makes one label per parcel, each insured up to the limit, adding up to the declared worth, and answers the first', async () => {
    const id = await submissionWorth(2500_00);
    const res = await createLabel(id);
    expect(res.statusCode).toBe(201);
    const rows = await labelRows(id);
    expect(rows.map((r) => [r.direction, r.parcelNumber, r.insuredValue])).toEqual([
      ['inbound', 1, 1000_00],
      ['inbound', 2, 1000_00],
      ['inbound', 3, 500_00],
    ]);
    expect(rows.reduce((sum, r) => sum + r.insuredValue, 0)).toBe(2500_00);
    expect(rows.every((r) => r.insuredValue <= LIMIT_CENTS)).toBe(true);
    expect(new Set(rows.map((r) => r.trackingNumber)).size).toBe(3);
    // SPEC's answer is still one label: the first parcel's.
    expect(res.json()).toMatchObject({ id: rows[0]!.id, trackingNumber: rows[0]!.trackingNumber, insuredValue: '1000.00' });
    expect(await labelAudits(id)).toBe(3);

    // The seller's detail lists every parcel, and `label` stays the first.
    const detail = await detailOf(id);
    expect(detail.label).toEqual({ id: rows[0]!.id, trackingNumber: rows[0]!.trackingNumber, direction: 'inbound' });
    expect(detail.parcels).toEqual(
      rows.map((r, i) => ({
        id: r.id,
        trackingNumber: r.trackingNumber,
        parcelNumber: i + 1,
        insuredValue: ['1000.00', '1000.00', '500.00'][i],
      })),
    );
    expect(detail.parcelCount).toBe(3);
    // The timeline's three label entries say which parcel each is (made in one transaction, they
    // share its time, so their order among themselves is not promised).
    const labelDetails = (detail.timeline as { action: string; detail?: string }[])
      .filter((e) => e.action === 'label_created')
      .map((e) => e.detail)
      .sort();
    expect(labelDetails).toEqual([
      'Parcel 1 of 3, insured for $1,000.00',
      'Parcel 2 of 3, insured for $1,000.00',
      'Parcel 3 of 3, insured for $500.00',
    ]);
  });

  it('makes no new label when asked again (200, the first parcel)', async () => {
    const id = await submissionWorth(1500_00);
    const first = await createLabel(id);
    expect(first.statusCode).toBe(201);
    const again = await createLabel(id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await labelRows(id)).toHaveLength(2);
    expect(await labelAudits(id)).toBe(2);
  });

  it('says "Parcel k of N" on each PDF, with its own insured value on the packing slip only', async () => {
    const id = await submissionWorth(2500_00);
    expect((await createLabel(id)).statusCode).toBe(201);
    const rows = await labelRows(id);
    for (const [i, insured] of ['$1,000.00', '$1,000.00', '$500.00'].entries()) {
      const pdf = await pdfOf(rows[i]!.id);
      expect(pdf.pages).toBe(2);
      // Page 1 goes on the outside: which parcel, never its value.
      expect(pdf.lines).toContain(`Submission #${shortId(id)}, Parcel ${i + 1} of 3`);
      expect(pdf.text).not.toMatch(/insured|\$/i);
      expect(pdf.pageLines[1]).toEqual(expect.arrayContaining([`Parcel ${i + 1} of 3`, `Declared insured value: ${insured}`]));
    }
  });

  it('keeps a submission worth no more than the limit to one label, its PDF as before', async () => {
    const id = await submissionWorth(800_00);
    const res = await createLabel(id);
    expect(res.statusCode).toBe(201);
    expect(res.json().insuredValue).toBe('800.00');
    const rows = await labelRows(id);
    expect(rows.map((r) => [r.parcelNumber, r.insuredValue])).toEqual([[1, 800_00]]);
    const pdf = await pdfOf(rows[0]!.id);
    expect(pdf.lines).toContain(`Submission #${shortId(id)}`);
    expect(pdf.pageLines[1]).toContain('Declared insured value: $800.00');
    expect(pdf.pageLines.flat().join(' ')).not.toMatch(/Parcel \d of/);
    expect((await detailOf(id)).parcels).toEqual([
      { id: rows[0]!.id, trackingNumber: rows[0]!.trackingNumber, parcelNumber: 1, insuredValue: '800.00' },
    ]);
  });

  it('keeps a submission from before the declared worth was stored to one label, insured as before', async () => {
    const id = await submissionWorth(null); // jewelry, 12.5 g: quoted up to $675
    expect((await createLabel(id)).statusCode).toBe(201);
    expect((await labelRows(id)).map((r) => [r.parcelNumber, r.insuredValue])).toEqual([[1, 675_00]]);
  });

  it("updates each parcel's own label from its tracker, and the first scan of any parcel locks the prices", async () => {
    const scannedAt = new Date('2026-11-20T15:00:00.000Z');
    const rows = ['gold-24k', 'silver', 'platinum', 'palladium'].map((itemType) => ({
      itemType,
      pricePerOz: '1000.0000',
      pricePerGram: '32.1507',
      source: 'gold-api.com',
      recordedAt: new Date(scannedAt.getTime() - 60_000),
    }));
    await t.db.insert(priceHistory).values(rows);
    const id = await submissionWorth(2500_00);
    expect((await createLabel(id)).statusCode).toBe(201);
    const labels = await labelRows(id);
    const event = (trackingNumber: string, status: 'in_transit' | 'delivered', at: Date, n: number) => ({
      eventId: `evt_${id}_${n}`,
      trackerId: null,
      trackingNumber,
      status,
      carrierStatus: status,
      message: status === 'delivered' ? 'Delivered' : 'Arrived at USPS facility',
      location: 'Memphis TN',
      occurredAt: at.toISOString(),
      detail: null,
      carrier: 'USPS',
      shipmentId: null,
    });
    const apply = (e: ReturnType<typeof event>) => t.db.transaction((tx) => applyTrackingEvent(tx, e, { lockDays: 7 }));

    // Parcel 2 is scanned first: its label gets the event, and the prices lock at that scan.
    expect((await apply(event(labels[1]!.trackingNumber, 'in_transit', scannedAt, 1))).kind).toBe('news');
    const later = new Date(scannedAt.getTime() + 3_600_000);
    expect((await apply(event(labels[0]!.trackingNumber, 'in_transit', later, 2))).kind).toBe('news');
    const stored = await t.db.select().from(trackingEvents).where(eq(trackingEvents.submissionId, id));
    expect(stored.map((e) => e.labelId).sort()).toEqual([labels[0]!.id, labels[1]!.id].sort());
    const [lock] = await t.db.select().from(priceLocks).where(eq(priceLocks.submissionId, id));
    expect(lock?.lockedAt.toISOString()).toBe(scannedAt.toISOString());

    // Parcel 1 delivered while parcels 2 and 3 are not: the parcel furthest behind speaks (the
    // seller is not told it "reached us", the mailbox does not await intake); a parcel the carrier
    // said nothing of (parcel 3) is not counted.
    const parcelStates = async () => {
      const card = (
        (await t.app.inject({ url: '/api/admin/submissions', headers: { cookie: admin.cookie } })).json() as {
          items: { id: string; parcel?: { status: string } }[];
        }
      ).items.find((item) => item.id === id);
      const mailbox = (await t.app.inject({ url: `/api/admin/submissions/${id}`, headers: { cookie: admin.cookie } })).json();
      return [(await detailOf(id)).parcel?.status, card?.parcel?.status, mailbox.parcel?.status];
    };
    const evening = new Date(scannedAt.getTime() + 8 * 3_600_000);
    expect((await apply(event(labels[0]!.trackingNumber, 'delivered', evening, 3))).kind).toBe('news');
    expect(await parcelStates()).toEqual(['in_transit', 'in_transit', 'in_transit']);
    const nextDay = new Date(scannedAt.getTime() + 24 * 3_600_000);
    expect((await apply(event(labels[1]!.trackingNumber, 'delivered', nextDay, 4))).kind).toBe('news');
    expect(await parcelStates()).toEqual(['delivered', 'delivered', 'delivered']);
    expect((await detailOf(id)).parcel.at).toBe(nextDay.toISOString());
  });
});
