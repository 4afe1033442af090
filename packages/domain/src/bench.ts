// The appraiser's bench (issue 28 item 1): how each offer line was tested, with which instrument,
// and what it read. A reading is typed by its method; an instrument past its calibration date (or
// retired) cannot be used; each test reads as one line on the seller's offer ("XRF: Au 58.4%").
// Days are UTC calendar days, as the database's trigger reads them.
import { z } from 'zod';
import type { TestMethod } from './offer-vocabulary.ts';

/** Methods that need an instrument from the register; a lab report names its lab instead. */
export const instrumentKinds = ['scale', 'xrf', 'acid', 'electronic-tester', 'fire-assay', 'loupe'] as const;
export type InstrumentKind = (typeof instrumentKinds)[number];

/** How an instrument reads in a sentence ("The XRF 'Niton XL2' ..."). */
export const instrumentKindLabels: Record<InstrumentKind, string> = {
  scale: 'scale',
  xrf: 'XRF',
  acid: 'acid kit',
  'electronic-tester': 'electronic tester',
  'fire-assay': 'fire-assay furnace',
  loupe: 'loupe',
};

const withArticle: Record<InstrumentKind, string> = {
  scale: 'a scale',
  xrf: 'an XRF',
  acid: 'an acid kit',
  'electronic-tester': 'an electronic tester',
  'fire-assay': 'a fire-assay furnace',
  loupe: 'a loupe',
};

/** The method's name at the start of a test's one-line summary. */
const summaryPrefix: Record<TestMethod, string> = {
  scale: 'Scale',
  xrf: 'XRF',
  acid: 'Acid',
  'electronic-tester': 'Electronic tester',
  'fire-assay': 'Fire assay',
  loupe: 'Loupe',
  'lab-report': 'Lab report',
};

/** An XRF reading's elements may sum a little above 100 (the analyser's rounding), never more. */
export const XRF_MAX_SUM = 100.5;
export const MAX_XRF_ELEMENTS = 12;
export const MAX_BENCH_TEXT = 200;

const decimals = (value: number, places: number) => Math.abs(value * 10 ** places - Math.round(value * 10 ** places)) < 1e-6;

const shortText = (what: string, max = MAX_BENCH_TEXT) =>
  z
    .string({ error: `Please give ${what}.` })
    .trim()
    .min(1, `Please give ${what}.`)
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} must be at most ${max} characters.`);

const karatSchema = z
  .number({ error: 'The karat must be a whole number from 1 to 24.' })
  .int('The karat must be a whole number from 1 to 24.')
  .min(1, 'The karat must be a whole number from 1 to 24.')
  .max(24, 'The karat must be a whole number from 1 to 24.');

const percentSchema = (what: string) =>
  z
    .number({ error: `${what} must be a percent from 0 to 100.` })
    .min(0, `${what} must be a percent from 0 to 100.`)
    .max(100, `${what} must be a percent from 0 to 100.`)
    .refine((v) => decimals(v, 2), `${what} has at most 2 decimals.`);

const xrfElementSchema = z.object({
  element: z
    .string({ error: 'Each XRF element is a chemical symbol, like Au or Ag.' })
    .regex(/^[A-Z][a-z]?$/, 'Each XRF element is a chemical symbol, like Au or Ag.'),
  percent: percentSchema('Each XRF element'),
});

/** What a test read, by its method. */
export const benchReadingSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('scale'),
      grams: z
        .number({ error: 'The weight must be a number of grams above 0.' })
        .positive('The weight must be a number of grams above 0.')
        .max(100_000, 'The weight must be at most 100,000 g.')
        .refine((v) => decimals(v, 3), 'The weight has at most 3 decimals.'),
    }),
    z.object({
      method: z.literal('xrf'),
      elements: z
        .array(xrfElementSchema, { error: 'An XRF reading lists its elements.' })
        .min(1, 'An XRF reading lists at least one element.')
        .max(MAX_XRF_ELEMENTS, `An XRF reading lists at most ${MAX_XRF_ELEMENTS} elements.`)
        .refine(
          (elements) => new Set(elements.map((e) => e.element)).size === elements.length,
          'Each XRF element is listed once.',
        )
        .refine(
          (elements) => elements.reduce((sum, e) => sum + e.percent, 0) <= XRF_MAX_SUM + 1e-9,
          `The XRF elements add up to more than ${XRF_MAX_SUM}%.`,
        ),
    }),
    z.object({ method: z.literal('acid'), karat: karatSchema }),
    z
      .object({
        method: z.literal('electronic-tester'),
        karat: karatSchema.optional(),
        purityPercent: percentSchema('The purity').optional(),
      })
      .refine(
        (r) => (r.karat === undefined) !== (r.purityPercent === undefined),
        'An electronic tester reads either a karat or a purity percent.',
      ),
    z.object({
      method: z.literal('fire-assay'),
      fineness: z
        .number({ error: 'The fineness must be parts per thousand, from 0 to 1000.' })
        .min(0, 'The fineness must be parts per thousand, from 0 to 1000.')
        .max(1000, 'The fineness must be parts per thousand, from 0 to 1000.')
        .refine((v) => decimals(v, 1), 'The fineness has at most 1 decimal.'),
    }),
    z
      .object({
        method: z.literal('loupe'),
        hallmark: shortText('the hallmark', 60).optional(),
        note: shortText('a note').optional(),
      })
      .refine(
        (r) => r.hallmark !== undefined || r.note !== undefined,
        'A loupe reading gives the hallmark seen, a note, or both.',
      ),
    z.object({
      method: z.literal('lab-report'),
      lab: shortText("the lab's name", 80),
      reportNumber: shortText('the report number', 60),
      finding: shortText("the report's finding"),
    }),
  ],
  { error: 'Please choose how the item was tested: scale, xrf, acid, electronic-tester, fire-assay, loupe or lab-report.' },
);
export type BenchReading = z.infer<typeof benchReadingSchema>;

const trimmed = (value: number, places: number) => String(Number(value.toFixed(places)));

/** One line for a test: "XRF: Au 58.4%, Ag 25.1%", "Scale: 4.20 g", "Acid: 14k". */
export function benchTestSummary(reading: BenchReading): string {
  const prefix = summaryPrefix[reading.method];
  switch (reading.method) {
    case 'scale':
      return `${prefix}: ${reading.grams.toFixed(2)} g`;
    case 'xrf':
      return `${prefix}: ${reading.elements.map((e) => `${e.element} ${trimmed(e.percent, 2)}%`).join(', ')}`;
    case 'acid':
      return `${prefix}: ${reading.karat}k`;
    case 'electronic-tester':
      return `${prefix}: ${reading.karat !== undefined ? `${reading.karat}k` : `${trimmed(reading.purityPercent ?? 0, 2)}%`}`;
    case 'fire-assay':
      return `${prefix}: ${trimmed(reading.fineness, 1)} parts per thousand`;
    case 'loupe':
      return `${prefix}: ${[reading.hallmark ? `hallmark ${reading.hallmark}` : null, reading.note ?? null].filter(Boolean).join('; ')}`;
    case 'lab-report':
      return `${prefix}: ${reading.lab} #${reading.reportNumber}, ${reading.finding}`;
  }
}

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export interface InstrumentState {
  name: string;
  kind: InstrumentKind;
  /** YYYY-MM-DD. */
  nextCalibrationDue: string;
  retiredAt: Date | null;
}

/**
 * Why this instrument cannot be used for a test at `at`, or null. It may be used up to and
 * including its due day; from the next day it must be calibrated first.
 */
export function instrumentUseProblem(instrument: InstrumentState, at: Date): string | null {
  const what = `The ${instrumentKindLabels[instrument.kind]} '${instrument.name}'`;
  if (instrument.retiredAt && instrument.retiredAt.getTime() <= at.getTime()) {
    return `${what} was retired on ${utcDay(instrument.retiredAt)}; choose another instrument.`;
  }
  if (instrument.nextCalibrationDue < utcDay(at)) {
    return `${what} was due for calibration on ${instrument.nextCalibrationDue}; calibrate it before testing with it.`;
  }
  return null;
}

/** Why an instrument of this kind cannot record a test by this method, or null. */
export function instrumentMethodProblem(kind: InstrumentKind, method: TestMethod): string | null {
  if (method === 'lab-report') return 'A lab report names its lab and report number, not an instrument.';
  return kind === method ? null : `That instrument is ${withArticle[kind]}, not ${withArticle[method]}.`;
}

/** Why a calibration's days do not fit, or null: calibrated on a real day not after today, due after it. */
export function calibrationProblem(calibratedOn: string, nextDue: string, today: string): string | null {
  if (calibratedOn > today) return 'The calibration day cannot be in the future.';
  if (nextDue <= calibratedOn) return 'The next calibration must be due after the day it was calibrated.';
  return null;
}
