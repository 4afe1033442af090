// Which item of the parcel each offer line prices (decision 042): lines name items by position; a
// parcel of one puts every line on item 1, and a parcel of several needs a line for every item, so
// the seller can choose on each.
import { MAX_ITEMS_PER_SUBMISSION } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { listItemsOfSubmission, type SubmissionItemRow } from '../submissions/index.ts';

export const lineItemMessages = {
  noSuchItem: (position: number, count: number) =>
    count === 1
      ? `Line for item ${position}: this parcel has one item, so every line is for item 1.`
      : `Line for item ${position}: this parcel has items 1 to ${count} only.`,
  unpriced: (item: SubmissionItemRow) =>
    `Item ${item.position} (“${item.description.slice(0, 60)}”) has no line: give every item of the parcel at least one line, even at $0.00, so the seller can choose on each.`,
  oneNumber:
    'This parcel holds several items: make an itemised offer with a line for each item, so the seller can choose on each.',
} as const;

/** The item ids of `positions` (absent: item 1), checked against the parcel's items. */
export async function itemIdsOfLines(tx: DbOrTx, submissionId: string, positions: readonly (number | undefined)[]) {
  const items = await listItemsOfSubmission(tx, submissionId);
  // A submission always has item 1 (created with it, or by migration 0032); guard all the same.
  if (items.length === 0) return positions.map(() => null);
  const byPosition = new Map(items.map((item) => [item.position, item]));
  const ids = positions.map((position = 1) => {
    const item = position <= MAX_ITEMS_PER_SUBMISSION ? byPosition.get(position) : undefined;
    if (!item) throw badRequest(lineItemMessages.noSuchItem(position, items.length));
    return item.id;
  });
  const unpriced = items.find((item) => !ids.includes(item.id));
  if (unpriced) throw badRequest(lineItemMessages.unpriced(unpriced));
  return ids;
}

/** SPEC's one-number offer prices the whole parcel on one line: only a parcel of one item takes it. */
export async function oneNumberOfferItemId(tx: DbOrTx, submissionId: string): Promise<string | null> {
  const items = await listItemsOfSubmission(tx, submissionId);
  if (items.length > 1) throw badRequest(lineItemMessages.oneNumber);
  return items[0]?.id ?? null;
}
