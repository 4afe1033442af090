// Per-item decisions in one parcel (issue 27 item 5): a seller who sends a ring, a chain and three
// coins takes or leaves each of them, not the lot. These are the rules of one round of choices on
// an offer version, kept apart from storage so the seller's form, the server and the tests read the
// same answer. The free return is still judged per parcel (free-return.ts), on the whole offer.
import { formatCents } from './money.ts';
import { MAX_COUNTER_MULTIPLE } from './offer-lines.ts';

export { MAX_ITEMS_PER_SUBMISSION } from './item-position.ts';

export const itemDecisionKinds = ['accept', 'decline', 'counter'] as const;
export type ItemDecisionKind = (typeof itemDecisionKinds)[number];

/**
 * What happens to the stones of a set piece, chosen by the seller before testing, because testing
 * and melting cannot be undone.
 */
export const stoneChoices = ['return-stones', 'pay-for-stones', 'melt-with-stones'] as const;
export type StoneChoice = (typeof stoneChoices)[number];

export const stoneChoiceInfo: Record<StoneChoice, { label: string; risk: string }> = {
  'return-stones': {
    label: 'Return my stones',
    risk:
      'We take the stones out before testing the metal and send them back to you with your payment or your return. ' +
      'Taking stones out can chip soft or treated stones (emerald, opal, pearl, turquoise); we are careful, but we cannot promise none will be marked.',
  },
  'pay-for-stones': {
    label: 'Pay for my stones',
    risk:
      'An appraiser grades each stone and offers for it on its own line. Stones we cannot resell (chipped, very small or lab-made) ' +
      'are offered at $0.00 and sent back to you.',
  },
  'melt-with-stones': {
    label: 'Melt with the stones',
    risk: 'The stones are destroyed in the melt and you are paid for the metal only. Choose this only for stones you know are of little value.',
  },
};

/** An item as the offer version prices it: the sum of its lines. */
export interface OfferedItem {
  readonly itemId: string;
  readonly description: string;
  readonly amountCents: number;
}

export type ItemDecision =
  | { readonly itemId: string; readonly decision: 'accept' | 'decline' }
  | { readonly itemId: string; readonly decision: 'counter'; readonly counterCents: number };

/**
 * What one round of choices comes to. `counter`: at least one item is countered, so nothing is paid
 * or sent back until we answer (the other choices stand); `sale`: every item accepted; `return`:
 * every item declined; `partial`: the accepted items are paid together and the declined ones come
 * back in one return parcel.
 */
export const itemDecisionsOutcomes = ['counter', 'sale', 'return', 'partial'] as const;
export type ItemDecisionsOutcome = (typeof itemDecisionsOutcomes)[number];

export type SettledItemDecisions =
  | { ok: false; message: string }
  | {
      ok: true;
      outcome: ItemDecisionsOutcome;
      accepted: OfferedItem[];
      declined: OfferedItem[];
      countered: { item: OfferedItem; counterCents: number }[];
      /** What the accepted items are paid, together. */
      acceptedCents: number;
    };

const quoted = (item: OfferedItem) => `“${item.description}”`;

/**
 * Checks one round of the seller's choices against the items of the offer version and says what it
 * comes to. Every item is chosen exactly once; a counter is above $0 and at most
 * MAX_COUNTER_MULTIPLE times that item's offer, as a counter on the whole offer is.
 */
export function settleItemDecisions(items: readonly OfferedItem[], decisions: readonly ItemDecision[]): SettledItemDecisions {
  if (items.length === 0) return { ok: false, message: 'This offer has no items to choose for.' };
  const byId = new Map(items.map((item) => [item.itemId, item]));
  const chosen = new Map<string, ItemDecision>();
  for (const decision of decisions) {
    const item = byId.get(decision.itemId);
    if (!item)
      return { ok: false, message: 'One of your choices is for an item that is not in this offer; please reload the page.' };
    if (chosen.has(item.itemId))
      return { ok: false, message: `You chose more than once for ${quoted(item)}; choose once per item.` };
    if (decision.decision === 'counter') {
      const problem = itemCounterProblem(item, decision.counterCents);
      if (problem) return { ok: false, message: problem };
    }
    chosen.set(item.itemId, decision);
  }
  const missing = items.find((item) => !chosen.has(item.itemId));
  if (missing) return { ok: false, message: `Please choose accept, decline or counter for ${quoted(missing)}.` };

  const accepted: OfferedItem[] = [];
  const declined: OfferedItem[] = [];
  const countered: { item: OfferedItem; counterCents: number }[] = [];
  for (const item of items) {
    const decision = chosen.get(item.itemId)!;
    if (decision.decision === 'accept') accepted.push(item);
    else if (decision.decision === 'decline') declined.push(item);
    else if (decision.decision === 'counter') countered.push({ item, counterCents: decision.counterCents });
  }
  const acceptedCents = accepted.reduce((sum, item) => sum + item.amountCents, 0);
  const outcome: ItemDecisionsOutcome =
    countered.length > 0 ? 'counter' : declined.length === 0 ? 'sale' : accepted.length === 0 ? 'return' : 'partial';
  return { ok: true, outcome, accepted, declined, countered, acceptedCents };
}

function itemCounterProblem(item: OfferedItem, counterCents: number): string | null {
  if (!Number.isSafeInteger(counterCents) || counterCents <= 0)
    return `A counter-offer for ${quoted(item)} must be more than $0.00.`;
  const max = item.amountCents * MAX_COUNTER_MULTIPLE;
  if (counterCents > max) {
    return `A counter-offer for ${quoted(item)} can be at most ${MAX_COUNTER_MULTIPLE} times our offer of ${formatCents(item.amountCents)}, that is ${formatCents(max)}.`;
  }
  return null;
}

const items = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** The sentence the seller reads after choosing, and the confirmation repeats before they send it. */
export function itemDecisionsSentence(settled: Extract<SettledItemDecisions, { ok: true }>): string {
  const { outcome, accepted, declined, countered, acceptedCents } = settled;
  switch (outcome) {
    case 'sale':
      return accepted.length === 1
        ? `You accept the item for ${formatCents(acceptedCents)}.`
        : `You accept all ${items(accepted.length)} for ${formatCents(acceptedCents)}, paid together.`;
    case 'return':
      return declined.length === 1
        ? 'You decline the item; we send it back to you, insured.'
        : `You decline all ${items(declined.length)}; we send them back to you in one insured parcel.`;
    case 'partial':
      return (
        `You accept ${items(accepted.length)} for ${formatCents(acceptedCents)}, paid together, ` +
        `and decline ${items(declined.length)}, which we send back to you in one insured parcel.`
      );
    case 'counter':
      return (
        `You counter on ${items(countered.length)}; we answer within 1 business day, and nothing is paid or sent back until then. ` +
        'Your other choices stand.'
      );
  }
}
