// Custody of received pieces (issue 28 item 2): where each item of a parcel is, who moved it, and
// when it may leave. The hold itself is enforced by the database (triggers on item_locations and
// submissions); these rules say which moves an appraiser may ask for, and word the answers.
import { utcShortDateWithYear } from './day-formats.ts';

/** Where a received item can be. 'melt-lot' and 'sold' are refused by the database before the hold ends. */
export const custodyPlaces = ['vault', 'bin', 'melt-lot', 'sold', 'returned', 'surrendered'] as const;
export type CustodyPlace = (typeof custodyPlaces)[number];

/** The places an appraiser may move an item to from the custody area (melt lots have their own commands). */
export const custodyMoveTargets = ['vault', 'bin', 'sold', 'returned'] as const;
export type CustodyMoveTarget = (typeof custodyMoveTargets)[number];

/** Places an item does not come back from: it has left the business. */
export const custodyExits: readonly CustodyPlace[] = ['sold', 'returned', 'surrendered'];

export const custodyPlaceLabels: Record<CustodyPlace, string> = {
  vault: 'Vault',
  bin: 'Bin',
  'melt-lot': 'Melt lot',
  sold: 'Sold',
  returned: 'Returned to seller',
  // Handed to the police under a hold (police-holds.ts): gone without money, written off in the ledger.
  surrendered: 'Surrendered to the police',
};

/** The tag printed on the bag: "AS-000123", from the database's sequence. */
export const ITEM_TAG_PATTERN = /^AS-\d{6,}$/;

export function formatItemTag(n: number): string {
  return `AS-${String(n).padStart(6, '0')}`;
}

/** A tag as an appraiser types it ("as-123", "123", " AS-000123 ") read as the printed one, or null. */
export function normalizeItemTag(input: string): string | null {
  const digits = /^\s*(?:as-?)?(\d{1,12})\s*$/i.exec(input)?.[1];
  return digits ? formatItemTag(Number(digits)) : null;
}

/**
 * "Ready": the item may go into a melt lot or be sold. It was bought (its submission completed and
 * the item not sent back) and its hold has passed. An item with no hold on record (received before
 * the rules) is ready once bought.
 */
export function isCustodyReady(
  item: { submissionStatus: string; itemOutcome: string | null; holdUntil: Date | null },
  now: Date,
): boolean {
  if (item.submissionStatus !== 'completed' || item.itemOutcome === 'returned') return false;
  return isCustodyHoldOver(item.holdUntil, now);
}

/** The hold has passed as the database's trigger judges it (refused while hold_until > now()). */
export function isCustodyHoldOver(holdUntil: Date | null, now: Date): boolean {
  return holdUntil === null || holdUntil.getTime() <= now.getTime();
}

/** What an appraiser may ask for, checked before the database's own guard (which has the last word on the hold). */
export function moveRefusal(
  from: { place: CustodyPlace; binId: string | null },
  to: { place: CustodyMoveTarget; binId: string | null },
  item: { submissionStatus: string; itemOutcome: string | null },
): string | null {
  if (from.place === 'melt-lot') return custodyMessages.inMeltLot;
  if (custodyExits.includes(from.place)) return custodyMessages.hasLeft(from.place);
  if (from.place === to.place && from.binId === to.binId) return custodyMessages.alreadyThere;
  if (to.place === 'sold' && (item.submissionStatus !== 'completed' || item.itemOutcome === 'returned')) {
    return custodyMessages.notBought;
  }
  if (to.place === 'returned' && item.itemOutcome !== 'returned' && !['returning', 'returned'].includes(item.submissionStatus)) {
    return custodyMessages.notReturning;
  }
  return null;
}

export const custodyMessages = {
  binRequired: 'Choose the bin to move this item into.',
  binOnlyForBin: 'Only a move into a bin names a bin.',
  binNotFound: 'That bin does not exist.',
  binArchived: 'That bin is archived; choose another one.',
  binCodeTaken: (code: string) => `A bin with the code ${code} already exists.`,
  binAlreadyArchived: 'This bin is already archived.',
  binNotEmpty: (count: number) =>
    `This bin still holds ${count} item${count === 1 ? '' : 's'}; move them out before archiving it.`,
  itemNotFound: 'That item was not found.',
  notReceived: 'This item has not been received yet, so it has no place in custody.',
  alreadyThere: 'The item is already there.',
  inMeltLot: 'This item is in a melt lot; take it out of the lot first.',
  hasLeft: (place: CustodyPlace) =>
    `This item has left our custody (${custodyPlaceLabels[place].toLowerCase()}); it cannot be moved.`,
  notBought: 'Only an item we have bought can be marked sold; this one has not been paid for or is going back.',
  notReturning: 'Only an item going back to its seller can be marked returned.',
  movedMeanwhile: 'Someone else moved this item a moment ago; reload to see where it is now.',
  binChangedMeanwhile: 'Someone else changed this bin a moment ago; reload and try again.',
  searchNeedsOne: 'Search by one of: a submission, a bin or a tag.',
  tagUnreadable: 'A tag looks like AS-000123.',
  onHold: (holdUntil: Date) =>
    `This item is on hold until ${utcShortDateWithYear(holdUntil)}; it cannot go into a melt lot or be sold before then.`,
} as const;
