// The itemised offer form's values and how they become PUT /api/submissions/{id}'s offerLines.
// Every rule is the domain's (offer-lines.ts): the proposal, the reason, the totals; this file
// only says where each of the server's sentences goes on the form.
import { z } from 'zod';
import {
  checkOfferLines,
  defaultPercentPaid,
  defaultPurityPercent,
  itemTypeLabels,
  itemTypes,
  isWeightUnit,
  lineItemPosition,
  lineReferencePrice,
  offerLineInputSchema,
  offerLineProblem,
  proposeOfferLineAt,
  testMethods,
  type ItemType,
  type LivePriceRow,
  type OfferLine,
  type OfferLineBody,
  type OfferLineInput,
  type PayoutRate,
  type TestMethod,
  type WeightUnit,
  updateSubmissionSchema,
} from '@assay/domain';
import { plainDollarAmount } from '@/lib/dollar-input';

export interface OfferLineValues {
  description: string;
  material: ItemType | '';
  weight: string;
  weightUnit: WeightUnit;
  purityPercent: string;
  testMethod: TestMethod | '';
  percentPaid: string;
  /** What the appraiser typed; used only once `amountEdited`, until then the amount is the proposal. */
  amount: string;
  amountEdited: boolean;
  reason: string;
  /** The price the line is proposed from, taken when its material was chosen (or kept from the offer answered). */
  referencePrice: string;
  referenceUnit: 'gram' | 'carat' | '';
  priceSource: string;
  pricedAt: string;
  /** The parcel's item the line prices (its position); null when the parcel is one item. */
  item: number | null;
}

export interface OfferLinesValues {
  lines: OfferLineValues[];
  adminNotes: string;
}

/** "58.500" as people write it, "58.5"; stored figures keep their scale's zeros. */
export const plainDecimal = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

export const isItemType = (value: string | null): value is ItemType =>
  value !== null && (itemTypes as readonly string[]).includes(value);
const isTestMethod = (value: string | null): value is TestMethod =>
  value !== null && (testMethods as readonly string[]).includes(value);

/** A new line; in a parcel of several items, `item` is the one it starts on. */
export function emptyLine(unit: WeightUnit, item: number | null = null): OfferLineValues {
  return {
    item,
    description: '',
    material: '',
    weight: '',
    weightUnit: unit,
    purityPercent: '',
    testMethod: '',
    percentPaid: '',
    amount: '',
    amountEdited: false,
    reason: '',
    referencePrice: '',
    referenceUnit: '',
    priceSource: '',
    pricedAt: '',
  };
}

/** A line of the material chosen: its default purity, the top of its band and today's price. */
export function withMaterial(
  line: OfferLineValues,
  material: ItemType,
  rows: readonly LivePriceRow[],
  rates: readonly PayoutRate[],
): OfferLineValues {
  const reference = lineReferencePrice(material, rows);
  return {
    ...line,
    material,
    purityPercent: defaultPurityPercent(material),
    percentPaid: defaultPercentPaid(material, rates) ?? '',
    amountEdited: false,
    referencePrice: reference?.referencePrice ?? '',
    referenceUnit: reference?.referenceUnit ?? '',
    priceSource: reference?.priceSource ?? '',
    pricedAt: reference?.pricedAt ?? '',
  };
}

/**
 * A line of the offer being answered, as the form starts it: its figures, prices and reason. An
 * amount that was the proposal keeps following it; a line that is only an amount (SPEC's
 * one-number offer, an accepted counter) keeps its amount until a material is chosen.
 */
export function lineValuesFrom(line: OfferLine, unit: WeightUnit, byItem = false): OfferLineValues {
  const material = isItemType(line.material) ? line.material : '';
  return {
    // A line from before items existed prices item 1.
    item: byItem ? lineItemPosition(line) : null,
    description: line.description,
    material,
    weight: plainDecimal(line.weight),
    weightUnit: isWeightUnit(line.weightUnit) ? line.weightUnit : unit,
    purityPercent: line.purityPercent ? plainDecimal(line.purityPercent) : material ? defaultPurityPercent(material) : '',
    testMethod: isTestMethod(line.testMethod) ? line.testMethod : '',
    percentPaid: line.percentPaid ?? '',
    amount: line.amount,
    amountEdited: line.proposedAmount === null || line.proposedAmount !== line.amount,
    reason: line.reason ?? '',
    referencePrice: line.referencePrice ?? '',
    referenceUnit: line.referenceUnit === 'gram' || line.referenceUnit === 'carat' ? line.referenceUnit : '',
    priceSource: line.priceSource ?? '',
    pricedAt: line.pricedAt ?? '',
  };
}

/** The line's proposal at its own price (null before a material with a live price is chosen). */
export function proposalOf(line: OfferLineValues, rates: readonly PayoutRate[]) {
  if (!line.material || !line.referencePrice || !line.referenceUnit) return null;
  return proposeOfferLineAt(
    {
      material: line.material,
      weight: line.weight.trim(),
      weightUnit: line.weightUnit,
      purityPercent: line.purityPercent.trim(),
      percentPaid: line.percentPaid.trim(),
    },
    {
      referencePrice: line.referencePrice,
      referenceUnit: line.referenceUnit,
      priceSource: line.priceSource,
      pricedAt: line.pricedAt,
    },
    rates,
  );
}

/** The amount the line stands for: the proposal until the appraiser types one. */
export function effectiveAmount(line: OfferLineValues, rates: readonly PayoutRate[]): string {
  return line.amountEdited ? plainDollarAmount(line.amount) : (proposalOf(line, rates)?.proposedAmount ?? '');
}

/** The line as offerLines carries it (not yet checked). */
export function lineInput(line: OfferLineValues, rates: readonly PayoutRate[]): OfferLineInput {
  return {
    description: line.description,
    material: line.material as ItemType,
    weight: line.weight.trim(),
    weightUnit: line.weightUnit,
    purityPercent: line.purityPercent.trim(),
    testMethod: line.testMethod as TestMethod,
    referencePrice: line.referencePrice,
    referenceUnit: line.referenceUnit as 'gram',
    priceSource: line.priceSource,
    pricedAt: line.pricedAt,
    percentPaid: line.percentPaid.trim(),
    amount: effectiveAmount(line, rates),
    reason: line.reason.trim() || undefined,
    // One item: nothing is sent, and the server puts the line on item 1.
    ...(line.item !== null ? { item: line.item } : {}),
  };
}

/** The line as a checked body, or null while its shape is not yet right. */
export function parsedLine(line: OfferLineValues, rates: readonly PayoutRate[]): OfferLineBody | null {
  const parsed = offerLineInputSchema.safeParse(lineInput(line, rates));
  return parsed.success ? parsed.data : null;
}

type LineField = keyof OfferLineValues;

/** A body field's problem belongs on the form field a person can change. */
function formFieldOf(field: PropertyKey | undefined): LineField {
  switch (field) {
    case 'referencePrice':
    case 'referenceUnit':
    case 'priceSource':
    case 'pricedAt':
      return 'material';
    case undefined:
      return 'description';
    case 'item':
      return 'item';
    default:
      return field as LineField;
  }
}

export interface CheckedOfferLines {
  lines: OfferLineBody[];
  totalCents: number;
  adminNotes: string;
}

/** An item of the parcel as the form names it. */
export interface LineItemOption {
  position: number;
  description: string;
}

/** The first item of a parcel of several that no line prices yet, or null. */
export function itemWithoutLine(lines: readonly Pick<OfferLineValues, 'item'>[], items: readonly LineItemOption[]) {
  if (items.length < 2) return null;
  return items.find((item) => !lines.some((line) => line.item === item.position)) ?? null;
}

/**
 * The form's schema: each line checked by the domain's line contract and then by offerLineProblem
 * (each message on its field), the whole by checkOfferLines (the total's limits) and, in a parcel
 * of several items, by every item having a line (each item is offered for, to be taken or left).
 */
export function offerLinesFormSchema(rates: readonly PayoutRate[], items: readonly LineItemOption[] = []) {
  return z
    .object({ lines: z.array(z.custom<OfferLineValues>()), adminNotes: z.string() })
    .transform((values, ctx): CheckedOfferLines => {
      const bodies: OfferLineBody[] = [];
      values.lines.forEach((line, index) => {
        const issue = (field: LineField, message: string) =>
          ctx.addIssue({ code: 'custom', path: ['lines', index, field], message });
        if (line.material && !line.referencePrice) {
          issue('material', `There is no live price for ${itemTypeLabels[line.material]} right now; refresh the prices first.`);
          return;
        }
        const parsed = offerLineInputSchema.safeParse(lineInput(line, rates));
        if (!parsed.success) {
          const placed = new Set<LineField>();
          for (const problem of parsed.error.issues) {
            const field = formFieldOf(problem.path[0]);
            if (!placed.has(field)) issue(field, problem.message);
            placed.add(field);
          }
          return;
        }
        const problem = offerLineProblem(parsed.data, rates);
        if (problem) issue(formFieldOf(problem.field), problem.message);
        else bodies.push(parsed.data);
      });
      const notes = updateSubmissionSchema.shape.adminNotes.safeParse(values.adminNotes);
      if (!notes.success) {
        for (const problem of notes.error.issues)
          ctx.addIssue({ code: 'custom', path: ['adminNotes'], message: problem.message });
      }
      const unpriced = itemWithoutLine(values.lines, items);
      if (unpriced) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines'],
          // The server's sentence (appraisal/line-items.ts), said before anything is sent.
          message: `Item ${unpriced.position} (“${unpriced.description.slice(0, 60)}”) has no line: give every item of the parcel at least one line, even at $0.00, so the seller can choose on each.`,
        });
      }
      if (bodies.length !== values.lines.length || !notes.success || unpriced) return z.NEVER;
      const checked = checkOfferLines(bodies, rates);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', path: ['lines'], message: checked.message });
        return z.NEVER;
      }
      return { lines: bodies, totalCents: checked.totalCents, adminNotes: notes.data ?? '' };
    });
}
