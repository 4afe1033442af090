import { describe, expect, it } from 'vitest';
import {
  benchReadingSchema,
  benchTestSummary,
  calibrationProblem,
  instrumentMethodProblem,
  instrumentUseProblem,
  type BenchReading,
} from './bench.ts';

const firstMessage = (value: unknown) => {
  const parsed = benchReadingSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('benchTestSummary', () => {
  it.each<[BenchReading, string]>([
    [{ method: 'scale', grams: 4.2 }, 'Scale: 4.20 g'],
    [
      {
        method: 'xrf',
        elements: [
          { element: 'Au', percent: 58.4 },
          { element: 'Ag', percent: 25.1 },
          { element: 'Cu', percent: 16.5 },
        ],
      },
      'XRF: Au 58.4%, Ag 25.1%, Cu 16.5%',
    ],
    [{ method: 'acid', karat: 14 }, 'Acid: 14k'],
    [{ method: 'electronic-tester', karat: 18 }, 'Electronic tester: 18k'],
    [{ method: 'electronic-tester', purityPercent: 58.5 }, 'Electronic tester: 58.5%'],
    [{ method: 'fire-assay', fineness: 583.5 }, 'Fire assay: 583.5 parts per thousand'],
    [{ method: 'loupe', hallmark: '14K', note: 'maker mark worn' }, 'Loupe: hallmark 14K; maker mark worn'],
    [{ method: 'loupe', note: 'plated base' }, 'Loupe: plated base'],
    [
      { method: 'lab-report', lab: 'GIA', reportNumber: '2201', finding: '1.01 ct diamond' },
      'Lab report: GIA #2201, 1.01 ct diamond',
    ],
  ])('reads %j as one line', (reading, line) => {
    expect(benchTestSummary(reading)).toBe(line);
  });
});

describe('benchReadingSchema', () => {
  it('accepts an XRF reading that sums to at most 100.5%', () => {
    expect(
      firstMessage({
        method: 'xrf',
        elements: [
          { element: 'Au', percent: 75.3 },
          { element: 'Ag', percent: 25.2 },
        ],
      }),
    ).toBeNull();
  });

  it.each([
    [{ method: 'xrf', elements: [{ element: 'Au', percent: 101 }] }, 'Each XRF element must be a percent from 0 to 100.'],
    [
      {
        method: 'xrf',
        elements: [
          { element: 'Au', percent: 80 },
          { element: 'Ag', percent: 21 },
        ],
      },
      'The XRF elements add up to more than 100.5%.',
    ],
    [
      {
        method: 'xrf',
        elements: [
          { element: 'Au', percent: 50 },
          { element: 'Au', percent: 20 },
        ],
      },
      'Each XRF element is listed once.',
    ],
    [{ method: 'xrf', elements: [{ element: 'gold', percent: 50 }] }, 'Each XRF element is a chemical symbol, like Au or Ag.'],
    [{ method: 'xrf', elements: [] }, 'An XRF reading lists at least one element.'],
    [{ method: 'scale', grams: 0 }, 'The weight must be a number of grams above 0.'],
    [{ method: 'acid', karat: 25 }, 'The karat must be a whole number from 1 to 24.'],
    [
      { method: 'electronic-tester', karat: 14, purityPercent: 58.5 },
      'An electronic tester reads either a karat or a purity percent.',
    ],
    [{ method: 'electronic-tester' }, 'An electronic tester reads either a karat or a purity percent.'],
    [{ method: 'fire-assay', fineness: 1001 }, 'The fineness must be parts per thousand, from 0 to 1000.'],
    [{ method: 'loupe' }, 'A loupe reading gives the hallmark seen, a note, or both.'],
    [{ method: 'lab-report', lab: 'GIA', reportNumber: ' ', finding: 'x' }, 'Please give the report number.'],
    [
      { method: 'tongue' },
      'Please choose how the item was tested: scale, xrf, acid, electronic-tester, fire-assay, loupe or lab-report.',
    ],
  ])('refuses %j with a sentence', (reading, message) => {
    expect(firstMessage(reading)).toBe(message);
  });
});

describe('instrumentUseProblem', () => {
  const xrf = { name: 'Niton XL2', kind: 'xrf' as const, nextCalibrationDue: '2026-10-01', retiredAt: null };

  it('lets an instrument be used up to and including its due day', () => {
    expect(instrumentUseProblem(xrf, new Date('2026-10-01T23:59:00Z'))).toBeNull();
  });

  it('refuses it from the next day, naming the day it was due', () => {
    expect(instrumentUseProblem(xrf, new Date('2026-10-02T00:00:00Z'))).toBe(
      "The XRF 'Niton XL2' was due for calibration on 2026-10-01; calibrate it before testing with it.",
    );
  });

  it('refuses a retired instrument', () => {
    expect(instrumentUseProblem({ ...xrf, retiredAt: new Date('2026-09-01T10:00:00Z') }, new Date('2026-09-02T00:00:00Z'))).toBe(
      "The XRF 'Niton XL2' was retired on 2026-09-01; choose another instrument.",
    );
  });
});

describe('instrumentMethodProblem and calibrationProblem', () => {
  it('asks for an instrument of the test method', () => {
    expect(instrumentMethodProblem('xrf', 'xrf')).toBeNull();
    expect(instrumentMethodProblem('scale', 'xrf')).toBe('That instrument is a scale, not an XRF.');
    expect(instrumentMethodProblem('scale', 'lab-report')).toBe(
      'A lab report names its lab and report number, not an instrument.',
    );
  });

  it('wants a calibration not in the future and due after it', () => {
    expect(calibrationProblem('2026-11-01', '2027-05-01', '2026-11-29')).toBeNull();
    expect(calibrationProblem('2026-12-01', '2027-05-01', '2026-11-29')).toBe('The calibration day cannot be in the future.');
    expect(calibrationProblem('2026-11-01', '2026-11-01', '2026-11-29')).toBe(
      'The next calibration must be due after the day it was calibrated.',
    );
  });
});
