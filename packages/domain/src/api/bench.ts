// The appraiser's bench (issue 28 item 1), admin routes: the register of instruments
// (GET/POST /api/admin/bench/instruments, POST .../{id}/calibration, POST .../{id}/retire) and the
// test records of a submission's offer lines (GET/POST /api/admin/submissions/{id}/bench-tests).
import { z } from 'zod';
import { benchReadingSchema, instrumentKinds } from '../bench.ts';
import { parseIsoDay } from '../check-register.ts';
import { testMethods } from '../offer-vocabulary.ts';
import { idSchema } from './common.ts';
import { imageIdFromReference } from './uploads.ts';

const isoDay = (what: string) =>
  z
    .string({ error: `Please give ${what} as YYYY-MM-DD.` })
    .refine((value) => parseIsoDay(value) !== null, `Please give ${what} as a real day, YYYY-MM-DD.`);

const text = (what: string, max: number) =>
  z
    .string({ error: `Please give ${what}.` })
    .trim()
    .min(1, `Please give ${what}.`)
    .max(max, `The ${what} must be at most ${max} characters.`);

export const instrumentKindSchema = z.enum(instrumentKinds, {
  error: 'Please choose the kind of instrument: scale, xrf, acid, electronic-tester, fire-assay or loupe.',
});

export const instrumentInputSchema = z
  .object({
    name: text("instrument's name", 80),
    kind: instrumentKindSchema,
    serial: text('serial number', 80),
    lastCalibratedOn: isoDay('the day it was last calibrated'),
    nextCalibrationDue: isoDay('the day its next calibration is due'),
  })
  .refine((i) => i.nextCalibrationDue > i.lastCalibratedOn, {
    message: 'The next calibration must be due after the day it was last calibrated.',
    path: ['nextCalibrationDue'],
  });
export type InstrumentInput = z.input<typeof instrumentInputSchema>;

export const calibrationInputSchema = z.object({
  calibratedOn: isoDay('the day it was calibrated'),
  nextCalibrationDue: isoDay('the day its next calibration is due'),
});
export type CalibrationInput = z.input<typeof calibrationInputSchema>;

export const instrumentParamsSchema = z.object({ id: idSchema('instrument') });
export const benchSubmissionParamsSchema = z.object({ id: idSchema('submission') });

export const instrumentViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: instrumentKindSchema,
  serial: z.string(),
  lastCalibratedOn: z.string().nullable(),
  nextCalibrationDue: z.string(),
  retiredAt: z.string().nullable(),
  /** Why it cannot be used today (past its calibration, retired), or null when it can. */
  problem: z.string().nullable(),
});
export type InstrumentView = z.infer<typeof instrumentViewSchema>;

export const instrumentsResponseSchema = z.object({ instruments: z.array(instrumentViewSchema) });
export type InstrumentsResponse = z.infer<typeof instrumentsResponseSchema>;

const photoIdSchema = z.string({ error: 'The photo must be the id of an uploaded photo.' }).transform((ref, ctx) => {
  const id = imageIdFromReference(ref);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: 'The photo must be the id of an uploaded photo.' });
    return z.NEVER;
  }
  return id;
});

/** POST /api/admin/submissions/{id}/bench-tests: one test of one line of the current offer. */
export const itemTestInputSchema = z
  .object({
    lineId: idSchema('offer line'),
    /** Required for every method but lab-report (the lab's name and report number stand for it). */
    instrumentId: idSchema('instrument').nullable().optional(),
    reading: benchReadingSchema,
    /** The item on the scale: an uploaded intake photo. Required for a weighing (issue 28 item 1). */
    photoImageId: photoIdSchema.nullable().optional(),
  })
  .superRefine((input, ctx) => {
    // A weight is the first thing a seller disputes: the photo of the item on the scale is its proof.
    if (input.reading.method === 'scale' && !input.photoImageId) {
      ctx.addIssue({ code: 'custom', path: ['photoImageId'], message: 'A weighing needs a photo of the item on the scale.' });
    }
  });
export type ItemTestInput = z.input<typeof itemTestInputSchema>;
export type ItemTestBody = z.output<typeof itemTestInputSchema>;

export const itemTestViewSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  /** The line's place in its version, and that version. */
  linePosition: z.number().int(),
  offerVersion: z.number().int(),
  method: z.enum(testMethods),
  instrument: z.object({ id: z.string(), name: z.string(), kind: instrumentKindSchema, serial: z.string() }).nullable(),
  reading: benchReadingSchema,
  /** "XRF: Au 58.4%, Ag 25.1%" (benchTestSummary). */
  summary: z.string(),
  testedBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  testedAt: z.string(),
  photo: z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() }).nullable(),
});
export type ItemTestView = z.infer<typeof itemTestViewSchema>;

export const benchLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  /** The item of the parcel it prices (null on lines from before items). */
  item: z.number().int().nullable(),
  description: z.string(),
  material: z.string().nullable(),
});
export type BenchLine = z.infer<typeof benchLineSchema>;

/** The current offer's lines (empty before an offer) and their tests, in line order then oldest first. */
export const submissionTestsResponseSchema = z.object({
  offerVersion: z.number().int().nullable(),
  lines: z.array(benchLineSchema),
  tests: z.array(itemTestViewSchema),
});
export type SubmissionTestsResponse = z.infer<typeof submissionTestsResponseSchema>;
