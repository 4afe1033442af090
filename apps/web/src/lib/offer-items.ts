// An offer read item by item (issue 27 item 5): the seller's page and the appraiser's card both
// group an offer's lines under the parcel's items and say what a counter made item by item chose,
// so the wording lives here rather than in either feature.
import {
  dollarsToCents,
  formatCents,
  lineItemPosition,
  stoneChoiceInfo,
  type CounterOfferView,
  type OfferLine,
  type OfferView,
  type SubmissionItem,
} from '@assay/domain';

/** Whether the offer's lines price more than one item, so each item is taken or left on its own. */
export function offerSpansItems(offer: Pick<OfferView, 'lines'>): boolean {
  return new Set(offer.lines.map(lineItemPosition)).size > 1;
}

/** "Item 2: 18k chain". */
export const itemHeading = (position: number, description: string) =>
  description ? `Item ${position}: ${description}` : `Item ${position}`;

/** "2. 18k chain", as the appraiser's item select lists them. */
export const itemOptionLabel = (position: number, description: string) => `${position}. ${description}`;

export interface OfferItemGroup {
  position: number;
  /** The seller's description of the item, or its first line's when the answer has no items. */
  description: string;
  /** stoneChoiceInfo's label, or null when the item has no stones to choose for. */
  stones: string | null;
  lines: OfferLine[];
  subtotalCents: number;
}

const centsOf = (amount: string) => dollarsToCents(amount) ?? 0;

/** The offer's lines under their items, in item order, each with its subtotal. */
export function offerItemGroups(offer: Pick<OfferView, 'lines'>, items: readonly SubmissionItem[] = []): OfferItemGroup[] {
  const byPosition = new Map<number, OfferLine[]>();
  for (const line of offer.lines) {
    const position = lineItemPosition(line);
    byPosition.set(position, [...(byPosition.get(position) ?? []), line]);
  }
  return [...byPosition.entries()]
    .sort(([a], [b]) => a - b)
    .map(([position, lines]) => {
      const item = items.find((candidate) => candidate.position === position);
      return {
        position,
        description: item?.description ?? lines[0]!.description,
        stones: item?.stoneChoice ? stoneChoiceInfo[item.stoneChoice].label : null,
        lines,
        subtotalCents: lines.reduce((sum, line) => sum + centsOf(line.amount), 0),
      };
    });
}

/**
 * The parcel's items this offer version leaves out: after a partial sale the new version holds only
 * the accepted items, and the others wait for the return parcel.
 */
export function itemsLeftOut(offer: Pick<OfferView, 'lines'>, items: readonly SubmissionItem[] = []): SubmissionItem[] {
  const offered = new Set(offer.lines.map(lineItemPosition));
  return items.filter((item) => !offered.has(item.position) && item.outcome !== 'sold');
}

export type CounterItemChoice = NonNullable<CounterOfferView['items']>[number];

/**
 * What a counter made item by item chose for one item: "accepted at $230.90" (the item's offer),
 * "countered at $300.00", or "declined (coming back)".
 */
export function counterItemChoiceText(choice: CounterItemChoice, offeredCents: number): string {
  switch (choice.decision) {
    case 'accept':
      return `accepted at ${formatCents(offeredCents)}`;
    case 'counter':
      return `countered at ${formatCents(centsOf(choice.amount ?? '0'))}`;
    case 'decline':
      return 'declined (coming back)';
  }
}

export interface CounterItemRow {
  position: number;
  heading: string;
  text: string;
}

/** Each item of a counter made item by item, in item order, with its choice in words. */
export function counterItemRows(
  counter: Pick<CounterOfferView, 'items'>,
  offer: Pick<OfferView, 'lines'>,
  items: readonly SubmissionItem[] = [],
): CounterItemRow[] {
  const groups = offerItemGroups(offer, items);
  return [...(counter.items ?? [])]
    .sort((a, b) => a.item - b.item)
    .map((choice) => {
      const group = groups.find((candidate) => candidate.position === choice.item);
      const description = group?.description ?? items.find((item) => item.position === choice.item)?.description ?? '';
      return {
        position: choice.item,
        heading: itemHeading(choice.item, description),
        text: counterItemChoiceText(choice, group?.subtotalCents ?? 0),
      };
    });
}
