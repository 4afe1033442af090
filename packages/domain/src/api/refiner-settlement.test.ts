import { describe, expect, test } from 'vitest';
import { settlementDraftSchema, settlementImportSchema } from './refiner-settlement.ts';

const draft = {
  refiner: 'Acme',
  reference: 'A-1',
  date: '2026-11-27',
  wire: '975.00',
  lots: [{ lotId: 'L-1', preMeltGrams: '100', postMeltGrams: '98' }],
  metals: [{ lotId: 'L-1', metal: 'gold', assayPercent: '58', fineOz: '1', pricePerOz: '1000', amount: '1000.00' }],
  charges: [{ kind: 'refining', lotId: null, amount: '25.00' }],
};

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('settlementDraftSchema', () => {
  test('accepts a settlement whose net is its wire', () => {
    expect(settlementDraftSchema.safeParse(draft).success).toBe(true);
  });

  test("answers the check's sentences as 400 issues", () => {
    expect(messages(settlementDraftSchema.safeParse({ ...draft, wire: '975.01' }))).toEqual([
      'The net (gross $1,000.00 less charges $25.00 = $975.00) does not equal the wire of $975.01; a settlement must match its wire to the cent.',
    ]);
    expect(messages(settlementDraftSchema.safeParse({ ...draft, lots: [{ ...draft.lots[0], postMeltGrams: '0' }] }))).toEqual([
      'Lot L-1: the post-melt weight must be a positive number of grams (at most 4 decimals).',
    ]);
  });

  test('refuses shapes that are not a settlement', () => {
    expect(messages(settlementDraftSchema.safeParse({ ...draft, wire: 975 }))).toEqual(['The wire amount must be text.']);
    expect(messages(settlementDraftSchema.safeParse({ ...draft, refiner: 'x'.repeat(201) }))).toEqual([
      "The refiner's name can be at most 200 characters.",
    ]);
    expect(settlementDraftSchema.safeParse({ ...draft, lots: 'L-1' }).success).toBe(false);
  });
});

describe('settlementImportSchema', () => {
  test("a file's problems are its sentences, on the csv field", () => {
    const result = settlementImportSchema.safeParse({ csv: 'kind\nrefiner' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['csv'] });
    expect(messages(settlementImportSchema.safeParse({ csv: '' }))).toEqual([
      'The file is empty; a settlement starts with the line of column names.',
    ]);
    expect(messages(settlementImportSchema.safeParse({}))).toEqual(['Please attach the settlement as CSV text.']);
  });
});
