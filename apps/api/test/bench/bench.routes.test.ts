// The appraiser's bench (issue 28 item 1): the register of instruments (add, calibrate, retire, each
// audited), the tests of the current offer's lines (typed readings, the tester and time, a photo of
// the item on the scale), an instrument past its calibration refused by the service and by the
// database's trigger, tests following their line into a new offer version, and the seller's offer
// page saying how each line was tested. Every refusal is a sentence and leaves nothing written.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission, type SubmissionSpec } from '../../src/db/factories.ts';
import {
  auditLog,
  instruments,
  itemTests,
  offerLines,
  offers,
  submissionImages,
  submissions,
} from '../../src/db/schema/index.ts';
import { saveAddress } from '../support/addresses.ts';
import { jpeg } from '../support/images.ts';
import { goldLine } from '../support/offer-lines.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { uploadPhoto } from '../support/uploads.ts';

const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

const xrfReading = {
  method: 'xrf',
  elements: [
    { element: 'Au', percent: 58.4 },
    { element: 'Ag', percent: 25.1 },
    { element: 'Cu', percent: 16.5 },
  ],
};

describe.each(engines)('the bench on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string; email: string; cookie: string };

  const send = (method: 'PUT' | 'POST' | 'GET', url: string, body?: unknown, cookie = admin.cookie) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const addInstrument = (body: unknown, cookie = admin.cookie) => send('POST', '/api/admin/bench/instruments', body, cookie);
  const benchOf = (id: string) => send('GET', `/api/admin/submissions/${id}/bench-tests`);
  const recordTest = (id: string, body: unknown, cookie = admin.cookie) =>
    send('POST', `/api/admin/submissions/${id}/bench-tests`, body, cookie);
  const testRows = () => t.db.select().from(itemTests);
  const auditOf = (entityId: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.createdAt));

  async function instrument(overrides: Record<string, unknown> = {}) {
    const res = await addInstrument({
      name: 'Niton XL2',
      kind: 'xrf',
      serial: `SN-${Math.random().toString(36).slice(2, 8)}`,
      lastCalibratedOn: day(-30),
      nextCalibrationDue: day(150),
      ...overrides,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; name: string; problem: string | null };
  }

  /** An offered submission with a one-line itemised offer (version 1), and that line's id. */
  async function offered(spec: Partial<SubmissionSpec> = {}) {
    const row = buildSubmission({ userId: client.id, status: 'appraising', weightUnit: 'grams', ...spec });
    await t.db.insert(submissions).values(row);
    const id = row.id!;
    expect((await send('PUT', `/api/submissions/${id}`, { status: 'offered', offerLines: [goldLine] })).statusCode).toBe(200);
    const bench = (await benchOf(id)).json() as { offerVersion: number; lines: { id: string; position: number }[] };
    return { id, lineId: bench.lines[0]!.id };
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    client = await signUp(t.app, { firstName: 'Casey' });
  });
  afterAll(() => t.close());

  describe('the register of instruments', () => {
    it('adds, calibrates and retires an instrument, each audited; the list says which cannot be used', async () => {
      const added = await instrument({ name: 'Bench scale A', kind: 'scale' });
      expect(added.problem).toBeNull();
      const calibrated = await send('POST', `/api/admin/bench/instruments/${added.id}/calibration`, {
        calibratedOn: day(0),
        nextCalibrationDue: day(365),
      });
      expect(calibrated.statusCode).toBe(200);
      expect(calibrated.json()).toMatchObject({ lastCalibratedOn: day(0), nextCalibrationDue: day(365), problem: null });
      const retired = await send('POST', `/api/admin/bench/instruments/${added.id}/retire`);
      expect(retired.statusCode).toBe(200);
      expect(retired.json().problem).toBe(`The scale 'Bench scale A' was retired on ${day(0)}; choose another instrument.`);
      const again = await send('POST', `/api/admin/bench/instruments/${added.id}/retire`);
      expect([again.statusCode, again.json().message]).toEqual([409, 'This instrument was already retired.']);

      const listed = (await send('GET', '/api/admin/bench/instruments')).json() as { instruments: { id: string }[] };
      expect(listed.instruments.map((i) => i.id)).toContain(added.id);
      expect((await auditOf(added.id)).map((e) => [e.action, e.entityType, e.actorId])).toEqual([
        ['instrument_added', 'instrument', admin.id],
        ['instrument_calibrated', 'instrument', admin.id],
        ['instrument_retired', 'instrument', admin.id],
      ]);
    });

    it('refuses bad input with a sentence and adds nothing', async () => {
      const before = (await t.db.select().from(instruments)).length;
      const cases: [unknown, string][] = [
        [
          { name: 'X', kind: 'tongue', serial: '1', lastCalibratedOn: day(-1), nextCalibrationDue: day(10) },
          'Please choose the kind of instrument: scale, xrf, acid, electronic-tester, fire-assay or loupe.',
        ],
        [
          { name: 'X', kind: 'xrf', serial: '1', lastCalibratedOn: '2026-02-30', nextCalibrationDue: day(10) },
          'Please give the day it was last calibrated as a real day, YYYY-MM-DD.',
        ],
        [
          { name: 'X', kind: 'xrf', serial: '1', lastCalibratedOn: day(-1), nextCalibrationDue: day(-1) },
          'The next calibration must be due after the day it was last calibrated.',
        ],
        [
          { name: 'X', kind: 'xrf', serial: '1', lastCalibratedOn: day(3), nextCalibrationDue: day(30) },
          'The calibration day cannot be in the future.',
        ],
        [{ kind: 'xrf', serial: '1', lastCalibratedOn: day(-1), nextCalibrationDue: day(30) }, "Please give instrument's name."],
      ];
      for (const [body, message] of cases) {
        const res = await addInstrument(body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(message);
      }
      const bad = await send('POST', `/api/admin/bench/instruments/nope/calibration`, { calibratedOn: 'soon' });
      expect(bad.statusCode).toBe(400);
      expect((await t.db.select().from(instruments)).length).toBe(before);
    });

    it('is for appraisers only', async () => {
      const res = await addInstrument(
        { name: 'X', kind: 'xrf', serial: '1', lastCalibratedOn: day(-1), nextCalibrationDue: day(30) },
        client.cookie,
      );
      expect(res.statusCode).toBe(403);
      const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/bench/instruments' });
      expect(visitor.statusCode).toBe(401);
      expect((await send('GET', '/api/admin/submissions/x/bench-tests', undefined, client.cookie)).statusCode).toBe(403);
    });
  });

  describe('tests of offer lines', () => {
    it("records an XRF test with its photo by the signed-in appraiser; the seller's offer says how the line was tested", async () => {
      const xrf = await instrument();
      const { id, lineId } = await offered();
      const photo = await uploadPhoto(t.app, admin.cookie, await jpeg(320, 240), { purpose: 'intake' });
      const res = await recordTest(id, { lineId, instrumentId: xrf.id, reading: xrfReading, photoImageId: photo.imageId });
      expect(res.statusCode).toBe(200);
      const test = res.json();
      expect(test).toMatchObject({
        lineId,
        linePosition: 1,
        offerVersion: 1,
        method: 'xrf',
        instrument: { id: xrf.id, name: 'Niton XL2', kind: 'xrf' },
        summary: 'XRF: Au 58.4%, Ag 25.1%, Cu 16.5%',
        testedBy: { id: admin.id },
        photo: { id: photo.imageId },
      });
      expect(Date.now() - Date.parse(test.testedAt)).toBeLessThan(60_000);
      // The photo is now the submission's intake evidence.
      const [image] = await t.db.select().from(submissionImages).where(eq(submissionImages.id, photo.imageId));
      expect(image!.submissionId).toBe(id);

      const scale = await instrument({ name: 'Ohaus', kind: 'scale' });
      const weighing = { lineId, instrumentId: scale.id, reading: { method: 'scale', grams: 4.2 } };
      const unproved = await recordTest(id, weighing);
      expect([unproved.statusCode, unproved.json().message]).toEqual([
        400,
        expect.stringContaining('A weighing needs a photo of the item on the scale.'),
      ]);
      const onTheScale = await uploadPhoto(t.app, admin.cookie, await jpeg(320, 240), { purpose: 'intake' });
      expect((await recordTest(id, { ...weighing, photoImageId: onTheScale.imageId })).statusCode).toBe(200);
      const listed = (await benchOf(id)).json();
      expect(listed.tests.map((x: { summary: string }) => x.summary)).toEqual([
        'XRF: Au 58.4%, Ag 25.1%, Cu 16.5%',
        'Scale: 4.20 g',
      ]);

      const detail = await send('GET', `/api/submissions/${id}`, undefined, client.cookie);
      expect(detail.json().offer.lines[0].testSummaries).toEqual(['XRF: Au 58.4%, Ag 25.1%, Cu 16.5%', 'Scale: 4.20 g']);

      const audit = (await auditOf(id)).filter((e) => e.action === 'bench_test_recorded');
      expect(audit).toHaveLength(2);
      expect(audit[0]).toMatchObject({
        actorId: admin.id,
        entityType: 'submission',
        changes: { lineId, testMethod: 'xrf', instrumentId: xrf.id, summary: 'XRF: Au 58.4%, Ag 25.1%, Cu 16.5%' },
      });
    });

    it('takes a lab report without an instrument, naming its lab and report number', async () => {
      const { id, lineId } = await offered();
      const res = await recordTest(id, {
        lineId,
        reading: { method: 'lab-report', lab: 'GIA', reportNumber: '2201', finding: '14k gold' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ instrument: null, summary: 'Lab report: GIA #2201, 14k gold' });
      const [row] = await t.db.select().from(itemTests).where(eq(itemTests.id, res.json().id));
      expect([row!.labName, row!.reportNumber]).toEqual(['GIA', '2201']);
    });

    it('refuses an instrument past its calibration day with the sentence that says so, and writes nothing', async () => {
      const late = await instrument({ lastCalibratedOn: day(-200), nextCalibrationDue: day(-1) });
      expect(late.problem).toBe(
        `The XRF 'Niton XL2' was due for calibration on ${day(-1)}; calibrate it before testing with it.`,
      );
      const { id, lineId } = await offered();
      const before = (await testRows()).length;
      const res = await recordTest(id, { lineId, instrumentId: late.id, reading: xrfReading });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `The XRF 'Niton XL2' was due for calibration on ${day(-1)}; calibrate it before testing with it.`,
      );
      expect((await testRows()).length).toBe(before);
      expect((await auditOf(id)).filter((e) => e.action === 'bench_test_recorded')).toEqual([]);

      // Once calibrated, it may be used.
      await send('POST', `/api/admin/bench/instruments/${late.id}/calibration`, {
        calibratedOn: day(0),
        nextCalibrationDue: day(90),
      });
      expect((await recordTest(id, { lineId, instrumentId: late.id, reading: xrfReading })).statusCode).toBe(200);
    });

    it('refuses a retired instrument', async () => {
      const old = await instrument({ name: 'Old tester', kind: 'electronic-tester' });
      await send('POST', `/api/admin/bench/instruments/${old.id}/retire`);
      const { id, lineId } = await offered();
      const res = await recordTest(id, { lineId, instrumentId: old.id, reading: { method: 'electronic-tester', karat: 14 } });
      expect([res.statusCode, res.json().message]).toEqual([
        409,
        `The electronic tester 'Old tester' was retired on ${day(0)}; choose another instrument.`,
      ]);
    });

    it('the database refuses a test with an instrument past its calibration, whatever code writes it', async () => {
      const late = await instrument({ lastCalibratedOn: day(-200), nextCalibrationDue: day(-1) });
      const { lineId } = await offered();
      const write = t.db.execute(
        sql`insert into item_tests (id, offer_line_id, method, instrument_id, reading, tested_at)
            values (${crypto.randomUUID()}, ${lineId}, 'xrf', ${late.id}, ${JSON.stringify(xrfReading)}::jsonb, now())`,
      );
      await expect(write).rejects.toThrow();
      await write.catch((error: unknown) => {
        const messages: string[] = [];
        for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) messages.push(String((e as Error).message));
        expect(messages.join(' | ')).toContain('was due for calibration on');
      });
      const retired = await instrument();
      await t.db
        .update(instruments)
        .set({ retiredAt: new Date(Date.now() - DAY) })
        .where(eq(instruments.id, retired.id));
      await expect(
        t.db.execute(
          sql`insert into item_tests (id, offer_line_id, method, instrument_id, reading, tested_at)
              values (${crypto.randomUUID()}, ${lineId}, 'xrf', ${retired.id}, ${JSON.stringify(xrfReading)}::jsonb, now())`,
        ),
      ).rejects.toThrow();
      expect((await t.db.select().from(itemTests).where(eq(itemTests.offerLineId, lineId))).length).toBe(0);
    });

    it('refuses bad input, the wrong instrument and lines that are not current with a sentence, writing nothing', async () => {
      const xrf = await instrument();
      const scale = await instrument({ name: 'Ohaus', kind: 'scale' });
      const { id, lineId } = await offered();
      const other = await offered();
      const before = (await testRows()).length;
      const cases: [unknown, number, string][] = [
        [
          { lineId, instrumentId: xrf.id, reading: { method: 'xrf', elements: [{ element: 'Au', percent: 101 }] } },
          400,
          'Each XRF element must be a percent from 0 to 100.',
        ],
        [
          {
            lineId,
            instrumentId: xrf.id,
            reading: {
              method: 'xrf',
              elements: [
                { element: 'Au', percent: 80 },
                { element: 'Ag', percent: 30 },
              ],
            },
          },
          400,
          'The XRF elements add up to more than 100.5%.',
        ],
        [{ lineId, reading: xrfReading }, 400, 'Please choose the instrument the test was taken with.'],
        [{ lineId, instrumentId: scale.id, reading: xrfReading }, 400, 'That instrument is a scale, not an XRF.'],
        [{ lineId, instrumentId: 'nope', reading: xrfReading }, 400, 'That instrument is not in the register.'],
        [
          { lineId, instrumentId: xrf.id, reading: { method: 'lab-report', lab: 'GIA', reportNumber: '1', finding: 'x' } },
          400,
          'A lab report names its lab and report number, not an instrument.',
        ],
        [
          { lineId: other.lineId, instrumentId: xrf.id, reading: xrfReading },
          400,
          "That line is not a line of this submission's offer.",
        ],
        [
          { lineId, instrumentId: xrf.id, reading: xrfReading, photoImageId: 'not a photo' },
          400,
          'The photo must be the id of an uploaded photo.',
        ],
        [
          { lineId, instrumentId: xrf.id, reading: xrfReading, photoImageId: crypto.randomUUID() },
          400,
          'One of the intake photos is not an uploaded intake photo of yours, or it is already attached. Please upload it again.',
        ],
      ];
      for (const [body, status, message] of cases) {
        const res = await recordTest(id, body);
        expect([res.statusCode, res.json().message]).toEqual([status, expect.stringContaining(message)]);
      }
      const missing = await recordTest(crypto.randomUUID(), { lineId, instrumentId: xrf.id, reading: xrfReading });
      expect(missing.statusCode).toBe(404);
      const fresh = buildSubmission({ userId: client.id, status: 'appraising' });
      await t.db.insert(submissions).values(fresh);
      const noOffer = await recordTest(fresh.id!, { lineId, instrumentId: xrf.id, reading: xrfReading });
      expect([noOffer.statusCode, noOffer.json().message]).toEqual([
        409,
        'This submission has no offer yet; make the offer, then record the tests of its lines.',
      ]);
      expect((await testRows()).length).toBe(before);
      expect((await auditOf(id)).filter((e) => e.action === 'bench_test_recorded')).toEqual([]);
    });
  });

  describe('a new offer version', () => {
    it('carries each copied line’s tests (counter accepted, re-issue); a line of an old version is refused', async () => {
      const xrf = await instrument();
      const { id, lineId } = await offered();
      expect((await recordTest(id, { lineId, instrumentId: xrf.id, reading: xrfReading })).statusCode).toBe(200);
      // The seller counters and the appraiser accepts: version 2 keeps the appraised line.
      expect((await send('POST', `/api/submissions/${id}/counter`, { amount: '480' }, client.cookie)).statusCode).toBe(200);
      expect((await send('POST', `/api/admin/submissions/${id}/counter/accept`)).statusCode).toBe(200);
      const bench = (await benchOf(id)).json();
      expect(bench.offerVersion).toBe(2);
      expect(bench.lines[0].id).not.toBe(lineId);
      expect(bench.tests.map((x: { summary: string; lineId: string }) => [x.summary, x.lineId])).toEqual([
        ['XRF: Au 58.4%, Ag 25.1%, Cu 16.5%', bench.lines[0].id],
      ]);
      const detail = (await send('GET', `/api/submissions/${id}`, undefined, client.cookie)).json();
      expect(detail.offer.lines[0].testSummaries).toEqual(['XRF: Au 58.4%, Ag 25.1%, Cu 16.5%']);
      expect(detail.previousOffers[0].lines[0].testSummaries).toEqual(['XRF: Au 58.4%, Ag 25.1%, Cu 16.5%']);

      const stale = await recordTest(id, { lineId, instrumentId: xrf.id, reading: xrfReading });
      expect([stale.statusCode, stale.json().message]).toEqual([
        409,
        'That line belongs to version 1 of the offer, which is no longer current (version 2 is); reload to see the current offer.',
      ]);

      // Even after the instrument falls due, the copies travel (they keep the original's time).
      await t.db
        .update(instruments)
        .set({ lastCalibratedOn: null, nextCalibrationDue: day(-1) })
        .where(eq(instruments.id, xrf.id));
      await t.app.ctx.pricing.refresh({ force: true });
      expect((await send('POST', `/api/admin/submissions/${id}/offer/reissue`)).statusCode).toBe(200);
      const [v3] = await t.db
        .select()
        .from(offers)
        .where(and(eq(offers.submissionId, id), eq(offers.version, 3)));
      const [v3line] = await t.db.select().from(offerLines).where(eq(offerLines.offerId, v3!.id));
      const copies = await t.db.select().from(itemTests).where(eq(itemTests.offerLineId, v3line!.id));
      expect(copies.map((c) => [c.method, c.instrumentId, c.testedBy])).toEqual([['xrf', xrf.id, admin.id]]);
    });

    it('a revised offer from the form keeps the tests of a line it repeats (same item, same description), not of a new one', async () => {
      const xrf = await instrument();
      const { id, lineId } = await offered();
      expect((await recordTest(id, { lineId, instrumentId: xrf.id, reading: xrfReading })).statusCode).toBe(200);
      const version = async () => (await t.db.select().from(submissions).where(eq(submissions.id, id)))[0]!.version;
      const revised = await send('PUT', `/api/submissions/${id}`, {
        status: 'offered',
        offerLines: [
          { ...goldLine, amount: '480.00', reason: 'Clasp is plated' },
          { ...goldLine, description: 'Loose link', weight: '1', amount: '49.73' },
        ],
        version: await version(),
      });
      expect(revised.statusCode, revised.body).toBe(200);
      const v2 = (await benchOf(id)).json();
      expect(v2.offerVersion).toBe(2);
      expect(v2.tests.map((x: { linePosition: number; summary: string }) => [x.linePosition, x.summary])).toEqual([
        [1, 'XRF: Au 58.4%, Ag 25.1%, Cu 16.5%'],
      ]);
    });

    it("the seller's item-by-item choice: the kept items' lines keep their tests in the new version", async () => {
      const xrf = await instrument();
      expect((await saveAddress(t.app, client.cookie)).statusCode).toBe(200);
      const created = await send(
        'POST',
        '/api/submissions',
        {
          category: 'jewelry',
          description: '14k ring',
          estimatedWeight: 4,
          weightUnit: 'grams',
          items: [{ category: 'jewelry', description: '14k rope chain', estimatedWeight: 10, weightUnit: 'grams' }],
        },
        client.cookie,
      );
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      expect((await send('POST', `/api/admin/submissions/${id}/receive`, {})).statusCode).toBe(200);
      const lines = [
        { ...goldLine, item: 1, description: 'Ring', weight: '4', amount: '198.90' },
        { ...goldLine, item: 2, description: 'Chain', weight: '10', amount: '497.25' },
      ];
      expect((await send('PUT', `/api/submissions/${id}`, { status: 'offered', offerLines: lines })).statusCode).toBe(200);
      const v1 = (await benchOf(id)).json();
      const chainLine = v1.lines.find((l: { item: number }) => l.item === 2);
      expect((await recordTest(id, { lineId: chainLine.id, instrumentId: xrf.id, reading: xrfReading })).statusCode).toBe(200);

      const chosen = await send(
        'POST',
        `/api/submissions/${id}/offer/items`,
        {
          offerVersion: 1,
          decisions: [
            { item: 1, decision: 'decline' },
            { item: 2, decision: 'accept' },
          ],
        },
        client.cookie,
      );
      expect(chosen.statusCode, chosen.body).toBe(200);
      const v2 = (await benchOf(id)).json();
      expect(v2.offerVersion).toBe(2);
      expect(v2.lines.map((l: { item: number }) => l.item)).toEqual([2]);
      expect(v2.tests.map((x: { lineId: string; summary: string }) => [x.lineId, x.summary])).toEqual([
        [v2.lines[0].id, 'XRF: Au 58.4%, Ag 25.1%, Cu 16.5%'],
      ]);
    });

    it('a test racing a re-issue is either carried into the new version or refused with a sentence, never lost', async () => {
      await t.app.ctx.pricing.refresh({ force: true });
      const scale = await instrument({ name: 'Race scale', kind: 'scale' });
      for (let round = 0; round < 3; round++) {
        const { id, lineId } = await offered();
        const onTheScale = await uploadPhoto(t.app, admin.cookie, await jpeg(320, 240), { purpose: 'intake' });
        const [tested, reissued] = await Promise.all([
          recordTest(id, {
            lineId,
            instrumentId: scale.id,
            reading: { method: 'scale', grams: 10 },
            photoImageId: onTheScale.imageId,
          }),
          send('POST', `/api/admin/submissions/${id}/offer/reissue`),
        ]);
        expect(reissued.statusCode).toBe(200);
        const current = (await benchOf(id)).json();
        expect(current.offerVersion).toBe(2);
        if (tested.statusCode === 200) {
          expect(current.tests.map((x: { summary: string }) => x.summary)).toEqual(['Scale: 10.00 g']);
        } else {
          expect([tested.statusCode, tested.json().message]).toEqual([
            409,
            'That line belongs to version 1 of the offer, which is no longer current (version 2 is); reload to see the current offer.',
          ]);
          expect(current.tests).toEqual([]);
        }
      }
    });
  });
});
