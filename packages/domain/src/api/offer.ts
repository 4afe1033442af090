// The itemised offer as the API shows it (DECISIONS "The honest offer"): the current version with
// its lines, the prices they used (source and time), its validity and the seller's counter-offer,
// and the versions before it. Bodies: the seller's counter-offer (offer-lines.ts has its rules).
import { z } from 'zod';
import type { FloorJudgement } from '../guarantee-floor.ts';
import { centsToDecimalString } from '../money.ts';
import { itemDecisionKinds } from '../item-decisions.ts';

export const offerLineSchema = z.object({
  position: z.number().int(),
  /** The item of the parcel the line prices (1 to 10); null on lines from before items existed (item 1). */
  item: z.number().int().nullable(),
  description: z.string(),
  /** Null on a line that is only an amount (SPEC's one-number offer, an accepted counter-offer). */
  material: z.string().nullable(),
  weight: z.string(),
  weightUnit: z.string(),
  purityPercent: z.string().nullable(),
  testMethod: z.string().nullable(),
  referencePrice: z.string().nullable(),
  /** 'gram' or 'carat'. */
  referenceUnit: z.string().nullable(),
  /** Where the reference price came from ('gold-api.com', 'admin-reference', ...). */
  priceSource: z.string().nullable(),
  /** ISO time of the reference price. */
  pricedAt: z.string().nullable(),
  percentPaid: z.string().nullable(),
  /** What live prices and the payout rate proposed; null on an amount-only line. */
  proposedAmount: z.string().nullable(),
  amount: z.string(),
  /** Why the amount or the % paid leaves the proposal or the published band. */
  reason: z.string().nullable(),
  /** The bench's tests of this line, one sentence each ("XRF: Au 58.4%"); only where the answer carries them. */
  testSummaries: z.array(z.string()).optional(),
});
export type OfferLine = z.infer<typeof offerLineSchema>;

export const counterOfferViewSchema = z.object({
  amount: z.string(),
  message: z.string(),
  at: z.string(),
  /** 'open' (waiting for the appraiser), 'accepted' (it became the offer) or 'answered' (a new offer). */
  status: z.string(),
  /** A counter made item by item: each item's choice (the declined ones stay declined); null for a counter on the whole offer. */
  items: z
    .array(z.object({ item: z.number().int(), decision: z.enum(itemDecisionKinds), amount: z.string().nullable() }))
    .nullable(),
});
export type CounterOfferView = z.infer<typeof counterOfferViewSchema>;

export const offerViewSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  /** 'open', 'accepted', 'declined' or 'superseded'. */
  status: z.string(),
  total: z.string(),
  offeredAt: z.string(),
  validUntil: z.string(),
  /** Open and past validUntil: it can no longer be accepted or countered, only re-issued. */
  lapsed: z.boolean(),
  lines: z.array(offerLineSchema),
  counter: counterOfferViewSchema.nullable(),
});
export type OfferView = z.infer<typeof offerViewSchema>;

/** What a submission's detail adds: the current offer and the versions before it (newest first). */
export const offerHistoryShape = {
  offer: offerViewSchema.nullable(),
  previousOffers: z.array(offerViewSchema),
};

/** One measured fact that moved the guaranteed floor (guarantee-floor.ts FactEffect). */
export const floorEffectSchema = z.object({
  /** The item of the parcel (its position) whose named weight or purity was measured. */
  item: z.number().int(),
  /** 'weight' (grams) or 'purity' (fineness in percent). */
  fact: z.enum(['weight', 'purity']),
  named: z.string(),
  measured: z.string(),
  /** Dollars, signed: negative when the fact lowered the floor ("-72.00"). */
  effect: z.string(),
});

/**
 * The current offer against the guaranteed floor (issue 27 item 2): 'met' (at or above it),
 * 'measured' (below it, and the measured facts listed account for it) or 'shortfall' (below it for
 * another reason: the return is free and `goodwill` is paid).
 */
export const floorJudgementSchema = z.object({
  kind: z.enum(['met', 'measured', 'shortfall']),
  floor: z.string(),
  /** The floor after the measured facts moved it. */
  movedFloor: z.string(),
  /** Only on a shortfall. */
  goodwill: z.string().nullable(),
  effects: z.array(floorEffectSchema),
});
export type FloorJudgementView = z.infer<typeof floorJudgementSchema>;

/** The judgement as the API answers it: amounts as dollar strings. */
export function floorJudgementView(judgement: FloorJudgement): FloorJudgementView {
  return {
    kind: judgement.kind,
    floor: centsToDecimalString(judgement.floorCents),
    movedFloor: centsToDecimalString(judgement.kind === 'met' ? judgement.floorCents : judgement.movedFloorCents),
    goodwill: judgement.kind === 'shortfall' ? centsToDecimalString(judgement.goodwillCents) : null,
    effects: judgement.effects.map((e) => ({
      item: e.item,
      fact: e.fact,
      named: e.named,
      measured: e.measured,
      effect: centsToDecimalString(e.effectCents),
    })),
  };
}
