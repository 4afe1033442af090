// The appraiser's bench (issue 28 item 1): the register of instruments (add, calibrate, retire)
// and the tests of the current offer's lines. An instrument past its calibration day or retired is
// refused here with a sentence, and by the database's trigger whatever code writes a test.
import {
  benchTestSummary,
  calibrationProblem,
  type CalibrationInput,
  imageThumbnailUrl,
  imageUrl,
  type InstrumentInput,
  instrumentMethodProblem,
  instrumentUseProblem,
  type InstrumentView,
  type ItemTestBody,
  type ItemTestView,
  type SubmissionTestsResponse,
  utcDay,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { currentOfferOf, lineRefsOfSubmission, linesOfOffer } from '../offers/index.ts';
import { findSubmissionRow, lockSubmissionRow } from '../submissions/index.ts';
import { attachIntakePhotos } from '../uploads/index.ts';
import {
  copyTests,
  findInstrument,
  type InstrumentRow,
  insertInstrument,
  insertItemTest,
  type ItemTestListRow,
  listInstruments,
  listTestsOfLines,
  retire,
  setCalibration,
} from './bench.repository.ts';

export const benchMessages = {
  noInstrument: 'Please choose the instrument the test was taken with.',
  labReportInstrument: 'A lab report names its lab and report number, not an instrument.',
  unknownInstrument: 'That instrument is not in the register.',
  noOffer: 'This submission has no offer yet; make the offer, then record the tests of its lines.',
  notALine: "That line is not a line of this submission's offer.",
  oldVersion: (version: number, current: number) =>
    `That line belongs to version ${version} of the offer, which is no longer current (version ${current} is); reload to see the current offer.`,
  alreadyRetired: 'This instrument was already retired.',
} as const;

export function toInstrumentView(row: InstrumentRow, now: Date): InstrumentView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    serial: row.serial,
    lastCalibratedOn: row.lastCalibratedOn,
    nextCalibrationDue: row.nextCalibrationDue,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    problem: instrumentUseProblem(row, now),
  };
}

export async function instrumentsOf(ctx: AppContext, actor: Actor) {
  assertAppraiser(actor);
  const now = ctx.clock.now();
  return { instruments: (await listInstruments(ctx.db)).map((row) => toInstrumentView(row, now)) };
}

export async function addInstrument(ctx: AppContext, actor: Actor, input: InstrumentInput): Promise<InstrumentView> {
  assertAppraiser(actor);
  const now = ctx.clock.now();
  const problem = calibrationProblem(input.lastCalibratedOn, input.nextCalibrationDue, utcDay(now));
  if (problem) throw badRequest(problem);
  return ctx.db.transaction(async (tx) => {
    const row = await insertInstrument(tx, {
      id: crypto.randomUUID(),
      name: input.name,
      kind: input.kind,
      serial: input.serial,
      lastCalibratedOn: input.lastCalibratedOn,
      nextCalibrationDue: input.nextCalibrationDue,
      createdBy: actor.id,
      createdAt: now,
    });
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'instrument',
      entityId: row.id,
      action: 'instrument_added',
      changes: {
        instrumentName: row.name,
        calibratedOn: input.lastCalibratedOn,
        nextCalibrationDue: row.nextCalibrationDue,
      },
    });
    return toInstrumentView(row, now);
  });
}

export async function calibrateInstrument(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: CalibrationInput,
): Promise<InstrumentView> {
  assertAppraiser(actor);
  const now = ctx.clock.now();
  const problem = calibrationProblem(input.calibratedOn, input.nextCalibrationDue, utcDay(now));
  if (problem) throw badRequest(problem);
  return ctx.db.transaction(async (tx) => {
    const before = await findInstrument(tx, id, true);
    if (!before) throw notFound('Instrument');
    if (before.retiredAt)
      throw conflict('A retired instrument cannot be calibrated; add it to the register again if it is back in use.');
    const row = (await setCalibration(tx, id, input.calibratedOn, input.nextCalibrationDue))!;
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'instrument',
      entityId: row.id,
      action: 'instrument_calibrated',
      changes: {
        instrumentName: row.name,
        calibratedOn: input.calibratedOn,
        nextCalibrationDue: input.nextCalibrationDue,
        previousCalibrationDue: before.nextCalibrationDue,
      },
    });
    return toInstrumentView(row, now);
  });
}

export async function retireInstrument(ctx: AppContext, actor: Actor, id: string): Promise<InstrumentView> {
  assertAppraiser(actor);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (!(await findInstrument(tx, id))) throw notFound('Instrument');
    const row = await retire(tx, id, now);
    if (!row) throw conflict(benchMessages.alreadyRetired);
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'instrument',
      entityId: row.id,
      action: 'instrument_retired',
      changes: { instrumentName: row.name },
    });
    return toInstrumentView(row, now);
  });
}

function toItemTestView(row: ItemTestListRow, place: { position: number; version: number }): ItemTestView {
  const { test } = row;
  return {
    id: test.id,
    lineId: test.offerLineId,
    linePosition: place.position,
    offerVersion: place.version,
    method: test.method,
    instrument: row.instrument,
    reading: test.reading,
    summary: benchTestSummary(test.reading),
    testedBy: { id: row.tester?.id ?? null, name: row.tester?.name ?? null },
    testedAt: test.testedAt.toISOString(),
    photo: test.photoImageId
      ? { id: test.photoImageId, url: imageUrl(test.photoImageId), thumbnailUrl: imageThumbnailUrl(test.photoImageId) }
      : null,
  };
}

/** The trigger's refusal (a test raced a calibration's change): its sentence, as a 409. */
function asInstrumentConflict(error: unknown): unknown {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23514' && constraint === 'item_tests_instrument_usable' && typeof message === 'string') {
      return conflict(message);
    }
  }
  return error;
}

/**
 * POST /api/admin/submissions/{id}/bench-tests: one test of a line of the current offer version,
 * by the signed-in appraiser, now. The submission row is locked first, as every command that makes
 * a version locks it, so a test and a new version never pass each other: the version made after
 * it carries it over.
 */
export async function recordItemTest(ctx: AppContext, actor: Actor, submissionId: string, input: ItemTestBody) {
  assertAppraiser(actor);
  const { reading } = input;
  const labReport = reading.method === 'lab-report';
  if (labReport && input.instrumentId) throw badRequest(benchMessages.labReportInstrument);
  if (!labReport && !input.instrumentId) throw badRequest(benchMessages.noInstrument);
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await lockSubmissionRow(tx, submissionId))) throw notFound('Submission');
      const offer = await currentOfferOf(tx, submissionId);
      if (!offer) throw conflict(benchMessages.noOffer);
      const ref = (await lineRefsOfSubmission(tx, submissionId)).find((line) => line.lineId === input.lineId);
      if (!ref) throw badRequest(benchMessages.notALine);
      if (ref.offerId !== offer.id) throw conflict(benchMessages.oldVersion(ref.version, offer.version));
      let instrument: InstrumentRow | null = null;
      if (input.instrumentId) {
        // Locked, so a retirement or a calibration waits for this test rather than passing it.
        instrument = await findInstrument(tx, input.instrumentId, true);
        if (!instrument) throw badRequest(benchMessages.unknownInstrument);
        const kindProblem = instrumentMethodProblem(instrument.kind, reading.method);
        if (kindProblem) throw badRequest(kindProblem);
        const useProblem = instrumentUseProblem(instrument, now);
        if (useProblem) throw conflict(useProblem);
      }
      if (input.photoImageId) await attachIntakePhotos(tx, actor, submissionId, [input.photoImageId]);
      const test = await insertItemTest(tx, {
        id: crypto.randomUUID(),
        offerLineId: ref.lineId,
        method: reading.method,
        instrumentId: instrument?.id ?? null,
        labName: reading.method === 'lab-report' ? reading.lab : null,
        reportNumber: reading.method === 'lab-report' ? reading.reportNumber : null,
        reading,
        testedBy: actor.id,
        testedAt: now,
        photoImageId: input.photoImageId ?? null,
        createdAt: now,
      });
      const summary = benchTestSummary(reading);
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'submission',
        entityId: submissionId,
        action: 'bench_test_recorded',
        changes: {
          testId: test.id,
          lineId: ref.lineId,
          offerVersion: ref.version,
          testMethod: reading.method,
          instrumentId: instrument?.id ?? null,
          ...(instrument ? { instrumentName: instrument.name } : {}),
          summary,
        },
      });
      const [listed] = await listTestsOfLines(tx, [ref.lineId]).then((rows) => rows.filter((r) => r.test.id === test.id));
      return toItemTestView(listed!, ref);
    });
  } catch (error) {
    throw asInstrumentConflict(error);
  }
}

/** GET /api/admin/submissions/{id}/bench-tests: the current offer's lines and their tests. */
export async function testsOfSubmission(ctx: AppContext, actor: Actor, submissionId: string): Promise<SubmissionTestsResponse> {
  assertAppraiser(actor);
  if (!(await findSubmissionRow(ctx.db, submissionId))) throw notFound('Submission');
  const offer = await currentOfferOf(ctx.db, submissionId);
  if (!offer) return { offerVersion: null, lines: [], tests: [] };
  const lines = await linesOfOffer(ctx.db, offer.id);
  const rows = await listTestsOfLines(
    ctx.db,
    lines.map((l) => l.id),
  );
  const placeOf = new Map(lines.map((l) => [l.id, { position: l.position, version: offer.version }]));
  return {
    offerVersion: offer.version,
    lines: lines.map((l) => ({
      id: l.id,
      position: l.position,
      item: l.itemPosition,
      description: l.description,
      material: l.material,
    })),
    tests: rows
      .map((row) => toItemTestView(row, placeOf.get(row.test.offerLineId)!))
      .sort((a, b) => a.linePosition - b.linePosition),
  };
}

/**
 * The demo's sample register (modules/demo), written as the appraiser's "Add" would, without audit
 * entries. Answers each instrument's id, by serial, for the demo's sample tests.
 */
export async function recordSampleInstruments(
  tx: DbOrTx,
  createdBy: string,
  rows: readonly Pick<InstrumentRow, 'name' | 'kind' | 'serial' | 'lastCalibratedOn' | 'nextCalibrationDue'>[],
  now: Date,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const row of rows) {
    const id = crypto.randomUUID();
    await insertInstrument(tx, { ...row, id, createdBy, createdAt: now });
    ids.set(row.serial, id);
  }
  return ids;
}

/**
 * Inside the transaction that made a new offer version: each line copied from the previous
 * version (recordOfferVersion's `copies`) takes that line's tests, so the current version's lines
 * always show theirs.
 */
export function copyTestsOfLines(tx: DbOrTx, copies: readonly { from: string; to: string }[], now: Date): Promise<number> {
  return copyTests(tx, copies, now);
}

/**
 * The one-line summaries of each line's tests, by offer version and line position, for the
 * seller's offer page (submission-detail).
 */
export async function testSummariesOfSubmission(db: DbOrTx, submissionId: string): Promise<Map<string, string[]>> {
  const refs = await lineRefsOfSubmission(db, submissionId);
  const rows = await listTestsOfLines(
    db,
    refs.map((r) => r.lineId),
  );
  const keyOf = new Map(refs.map((r) => [r.lineId, summaryKey(r.version, r.position)]));
  const summaries = new Map<string, string[]>();
  for (const row of rows) {
    const key = keyOf.get(row.test.offerLineId)!;
    summaries.set(key, [...(summaries.get(key) ?? []), benchTestSummary(row.test.reading)]);
  }
  return summaries;
}

export const summaryKey = (version: number, position: number) => `${version}:${position}`;
