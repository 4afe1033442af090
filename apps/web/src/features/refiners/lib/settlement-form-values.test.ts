import { describe, expect, test } from 'vitest';
import {
  emptySettlementForm,
  settlementDraftOf,
  settlementFormSchema,
  type SettlementFormValues,
} from './settlement-form-values';

/** Two lots melted together: the documented example's figures (docs/refiner-settlement-csv.md). */
function filled(): SettlementFormValues {
  return {
    refiner: 'Midwest Refining',
    reference: 'MRC-2026-11-0457',
    date: '2026-11-27',
    wire: '$81,207.57',
    lots: [
      { lotId: 'LOT-0031', preMeltGrams: '1250.40', postMeltGrams: '1221.85' },
      { lotId: 'LOT-0012', preMeltGrams: '612.20', postMeltGrams: '598.35' },
    ],
    metals: [
      { lotId: '', metal: 'gold', assayPercent: '52.95', fineOz: '30.8321', pricePerOz: '2,650.00', amount: '81,705.07' },
      { lotId: '', metal: 'silver', assayPercent: '6.10', fineOz: '3.2128', pricePerOz: '31.25', amount: '100.40' },
    ],
    charges: [
      { kind: 'refining', lotId: '', amount: '292.90' },
      { kind: 'assay', lotId: 'LOT-0031', amount: '47.50' },
      { kind: 'assay', lotId: 'LOT-0012', amount: '47.50' },
      { kind: 'shipping', lotId: '', amount: '185.00' },
      { kind: 'wire-fee', lotId: '', amount: '25.00' },
      { kind: 'other', lotId: '', amount: '' },
    ],
  };
}

/** The form's messages by field path, as the resolver would place them. */
function problems(values: SettlementFormValues): Record<string, string> {
  const result = settlementFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('settlementDraftOf', () => {
  test('plain dollars, blank lots as the pool or the whole settlement, blank charges left out', () => {
    const { draft, chargeRows } = settlementDraftOf(filled());
    expect(draft.wire).toBe('81207.57');
    expect(draft.metals[0]).toEqual({
      lotId: null,
      metal: 'gold',
      assayPercent: '52.95',
      fineOz: '30.8321',
      pricePerOz: '2650.00',
      amount: '81705.07',
    });
    expect(draft.charges).toHaveLength(5);
    expect(draft.charges[1]).toEqual({ kind: 'assay', lotId: 'LOT-0031', amount: '47.50' });
    expect(chargeRows).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('settlementFormSchema', () => {
  test('a settlement whose net is the wire is the draft the server reads', () => {
    const result = settlementFormSchema.safeParse(filled());
    expect(result.success && result.data.wire).toBe('81207.57');
  });

  test('a cent of difference is the check’s sentence beside the wire', () => {
    const values = { ...filled(), wire: '81207.58' };
    expect(problems(values)).toEqual({
      wire: 'The net (gross $81,805.47 less charges $597.90 = $81,207.57) does not equal the wire of $81,207.58; a settlement must match its wire to the cent.',
    });
  });

  test('each sentence goes on the row and field it names, a blank charge row counted out', () => {
    const values = filled();
    values.refiner = '';
    values.lots[1] = { lotId: 'LOT-0012', preMeltGrams: '500', postMeltGrams: '598.35' };
    values.metals[1] = { ...values.metals[1]!, amount: '100.00' };
    // The blank row before it is not sent: the check's "Charge 5" is the form's row 6.
    values.charges[4] = { kind: 'other', lotId: '', amount: '' };
    values.charges[5] = { kind: 'other', lotId: 'LOT-9999', amount: '25.00' };
    expect(problems(values)).toEqual({
      refiner: "The settlement: the refiner's name is missing.",
      'lots.1.postMeltGrams': 'Lot LOT-0012: the post-melt weight (598.35 g) cannot be more than the pre-melt weight (500 g).',
      'metals.1.amount':
        'Metal line 2: the amount ($100.00) is not the fine ounces times the price (3.2128 oz × $31.25 = $100.40).',
      'charges.5.lotId': 'Charge 5: lot LOT-9999 has no lot line; a charge is on a listed lot or on the whole settlement.',
    });
  });

  test('a lot without an id is named by its place; a lot twice on the second row; a list’s own sentence on the list', () => {
    const values = filled();
    values.lots = [values.lots[0]!, { lotId: '', preMeltGrams: '1', postMeltGrams: '1' }, { ...values.lots[0]! }];
    values.metals = [];
    values.charges = [{ kind: 'refining', lotId: '', amount: '10.00' }];
    expect(problems(values)).toEqual({
      'lots.0.lotId': 'Lot LOT-0031: lot LOT-0031 has no metal paid for it; add a metal line for it, or a pooled one.',
      'lots.1.lotId': 'Lot 2: the lot id is missing or longer than 200 characters.',
      'lots.2.lotId': 'Lot LOT-0031: lot LOT-0031 is listed twice; every lot is settled once.',
      metals: 'The settlement pays for no metal; add a metal line (lot, metal, assay, fine ounces, price, amount).',
    });
  });

  test('an empty form names each header field and asks for the lot and its metal', () => {
    const found = problems(emptySettlementForm(''));
    expect(Object.keys(found).sort()).toEqual([
      'date',
      'lots.0.lotId',
      'metals.0.amount',
      'metals.0.assayPercent',
      'metals.0.fineOz',
      'metals.0.pricePerOz',
      'reference',
      'refiner',
      'wire',
    ]);
  });
});
