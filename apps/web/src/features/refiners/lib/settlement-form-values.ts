// The typed settlement form (issue 28 item 4) holds text as typed; this turns it into the draft the
// server reads (settlementDraftSchema) and runs the server's own check, checkSettlement, on it, so
// the form refuses exactly what the server would, with the same sentences. Each sentence is put on
// the row and field it is about, by the prefix the check writes for a typed draft ("Lot 2: ",
// "Metal line 1 (lot LOT-0003): ", "Charge 3: ", "The settlement: "); the test beside this file
// feeds the real check, so a change of those prefixes fails there rather than hiding a sentence.
import { z } from 'zod';
import { checkSettlement, type SettlementChargeKind, type SettlementDraftInput } from '@assay/domain';
import { plainDollarAmount } from '@/lib/dollar-input';

export type SettlementLotValues = { lotId: string; preMeltGrams: string; postMeltGrams: string };
/** `lotId` '' is the pooled melt of every lot of the settlement. */
export type SettlementMetalValues = {
  lotId: string;
  metal: string;
  assayPercent: string;
  fineOz: string;
  pricePerOz: string;
  amount: string;
};
/** `lotId` '' is a charge on the whole settlement; an amount left blank is a charge not made. */
export type SettlementChargeValues = { kind: string; lotId: string; amount: string };

export type SettlementFormValues = {
  refiner: string;
  reference: string;
  date: string;
  wire: string;
  lots: SettlementLotValues[];
  metals: SettlementMetalValues[];
  charges: SettlementChargeValues[];
};

export const emptyLot = (): SettlementLotValues => ({ lotId: '', preMeltGrams: '', postMeltGrams: '' });
export const emptyMetal = (metal = 'gold'): SettlementMetalValues => ({
  lotId: '',
  metal,
  assayPercent: '',
  fineOz: '',
  pricePerOz: '',
  amount: '',
});
export const emptyCharge = (kind: SettlementChargeKind = 'other'): SettlementChargeValues => ({ kind, lotId: '', amount: '' });

/** A new form: one lot, a pooled gold line, and the four charges every refiner makes, blank. */
export function emptySettlementForm(date: string): SettlementFormValues {
  return {
    refiner: '',
    reference: '',
    date,
    wire: '',
    lots: [emptyLot()],
    metals: [emptyMetal()],
    charges: (['refining', 'assay', 'shipping', 'wire-fee'] as const).map(emptyCharge),
  };
}

export interface SettlementFormDraft {
  readonly draft: SettlementDraftInput;
  /** The form row of each charge sent (blank ones are not), for placing the check's sentences. */
  readonly chargeRows: readonly number[];
}

/** The draft as the server reads it: text trimmed, money as plain dollars, blank lots as the pool. */
export function settlementDraftOf(values: SettlementFormValues): SettlementFormDraft {
  const lotOrNull = (lotId: string) => (lotId.trim() === '' ? null : lotId.trim());
  const chargeRows: number[] = [];
  const charges = values.charges.flatMap((charge, row) => {
    if (charge.amount.trim() === '') return [];
    chargeRows.push(row);
    return [{ kind: charge.kind, lotId: lotOrNull(charge.lotId), amount: plainDollarAmount(charge.amount) }];
  });
  return {
    draft: {
      refiner: values.refiner.trim(),
      reference: values.reference.trim(),
      date: values.date.trim(),
      wire: plainDollarAmount(values.wire),
      lots: values.lots.map((lot) => ({
        lotId: lot.lotId.trim(),
        preMeltGrams: lot.preMeltGrams.trim(),
        postMeltGrams: lot.postMeltGrams.trim(),
      })),
      metals: values.metals.map((metal) => ({
        lotId: lotOrNull(metal.lotId),
        metal: metal.metal,
        assayPercent: metal.assayPercent.trim(),
        fineOz: metal.fineOz.trim(),
        pricePerOz: plainDollarAmount(metal.pricePerOz),
        amount: plainDollarAmount(metal.amount),
      })),
      charges,
    },
    chargeRows,
  };
}

/** A form field's path, as react-hook-form names it ('lots.0.preMeltGrams', 'metals' for the list). */
export type SettlementFieldPath = string;

const headerFields: [RegExp, keyof SettlementFormValues][] = [
  [/refiner's name/, 'refiner'],
  [/settlement reference/, 'reference'],
  [/the date/, 'date'],
  [/wire amount/, 'wire'],
];
const lotFields: [RegExp, keyof SettlementLotValues][] = [
  [/pre-melt weight must/, 'preMeltGrams'],
  [/post-melt weight/, 'postMeltGrams'],
];
const metalFields: [RegExp, keyof SettlementMetalValues][] = [
  [/has no lot line/, 'lotId'],
  [/the assay must/, 'assayPercent'],
  [/fine ounces must|fine oz is more than the melt holds/, 'fineOz'],
  [/price per ounce/, 'pricePerOz'],
  [/the amount/, 'amount'],
];
const chargeFields: [RegExp, keyof SettlementChargeValues][] = [
  [/the charge must be one of/, 'kind'],
  [/has no lot line/, 'lotId'],
  [/amount/, 'amount'],
];

function fieldOf<F extends string>(message: string, fields: [RegExp, F][], otherwise: F): F {
  return fields.find(([pattern]) => pattern.test(message))?.[1] ?? otherwise;
}

/**
 * Where a sentence of checkSettlement belongs on the form: its row's field, the wire for the net
 * that does not match it, or the list of lots or metals for what is about the list as a whole.
 */
export function settlementProblemPath(
  problem: string,
  values: Pick<SettlementFormValues, 'lots'>,
  chargeRows: readonly number[],
): SettlementFieldPath {
  if (problem.startsWith('The net (')) return 'wire';
  if (problem.startsWith('The settlement: ')) {
    return /is paid both for the pooled melt/.test(problem) ? 'metals' : fieldOf(problem, headerFields, 'lots');
  }
  if (problem.startsWith('The settlement pays for no metal')) return 'metals';
  const lot = /^Lot (.+?): /.exec(problem);
  if (lot) {
    // A lot is named by its id once it has one, by its place while its id is missing.
    const byId = values.lots.findIndex((row) => row.lotId.trim() === lot[1]);
    const row = byId >= 0 ? byId : /^\d+$/.test(lot[1]!) ? Number(lot[1]) - 1 : -1;
    if (row < 0 || row >= values.lots.length) return 'lots';
    // A lot listed twice is said on the second one, which the id alone does not find.
    if (/is listed twice/.test(problem)) {
      const last = values.lots.findLastIndex((entry) => entry.lotId.trim() === lot[1]);
      return `lots.${last}.lotId`;
    }
    return `lots.${row}.${fieldOf(problem, lotFields, 'lotId')}`;
  }
  const metal = /^Metal line (\d+)/.exec(problem);
  if (metal) return `metals.${Number(metal[1]) - 1}.${fieldOf(problem, metalFields, 'metal')}`;
  const charge = /^Charge (\d+): /.exec(problem);
  const chargeRow = charge ? chargeRows[Number(charge[1]) - 1] : undefined;
  if (chargeRow !== undefined) return `charges.${chargeRow}.${fieldOf(problem, chargeFields, 'amount')}`;
  return 'lots';
}

/**
 * The form's schema: the values become the draft, checked by checkSettlement; every sentence goes
 * on its field (several on one field are said together), and a draft that passes is what is sent.
 * Lists' own sentences ('metals', 'lots') land on the list, which react-hook-form keeps as `root`.
 */
export const settlementFormSchema = z
  .object({
    refiner: z.string(),
    reference: z.string(),
    date: z.string(),
    wire: z.string(),
    lots: z.array(z.custom<SettlementLotValues>()),
    metals: z.array(z.custom<SettlementMetalValues>()),
    charges: z.array(z.custom<SettlementChargeValues>()),
  })
  .transform((values, ctx): SettlementDraftInput => {
    const { draft, chargeRows } = settlementDraftOf(values);
    const result = checkSettlement(draft);
    if (result.ok) return draft;
    const byPath = new Map<SettlementFieldPath, string[]>();
    for (const problem of result.problems) {
      const path = settlementProblemPath(problem, values, chargeRows);
      byPath.set(path, [...(byPath.get(path) ?? []), problem]);
    }
    for (const [path, messages] of byPath) {
      ctx.addIssue({
        code: 'custom',
        path: path.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)),
        message: messages.join(' '),
      });
    }
    return z.NEVER;
  });
