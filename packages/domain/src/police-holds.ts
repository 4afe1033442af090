// Police holds (issue 28 item 6): an agency asks the buyer to keep an item (a stolen-goods case). While
// the hold is active the item cannot go into a melt lot or be sold; the database refuses it (trigger
// on item_locations, SQLSTATE AH002). A hold ends once: released (the item is ours again) or
// surrendered (the item leaves with the police, without money, and its cost is written off).
import { formatCents } from './money.ts';

export const policeHoldStatuses = ['active', 'released', 'surrendered'] as const;
export type PoliceHoldStatus = (typeof policeHoldStatuses)[number];

export const policeHoldStatusLabels: Record<PoliceHoldStatus, string> = {
  active: 'On police hold',
  released: 'Released',
  surrendered: 'Surrendered to the police',
};

/** The ledger account a surrendered item's cost goes to (packages/domain ledger.ts). */
export const POLICE_SURRENDER_ACCOUNT = 'expense:police-surrender' as const;

/** Where the item must be for a hold to be placed: received, and still with us. */
export function policeHoldPlaceRefusal(place: string | null): string | null {
  if (place === null) return policeHoldMessages.notReceived;
  if (['sold', 'returned', 'surrendered'].includes(place)) return policeHoldMessages.hasLeft;
  return null;
}

/**
 * The write-off of a surrendered item: its cost (what the seller was paid for it) leaves inventory
 * into the surrender expense. Nothing when it cost nothing (an item we never paid for).
 */
export function policeSurrenderWriteOff(costCents: number, caseNumber: string) {
  if (!Number.isInteger(costCents) || costCents < 0) throw new Error(`A cost in cents is a whole number >= 0, not ${costCents}.`);
  if (costCents === 0) return [];
  const memo = `Surrendered to the police (case ${caseNumber}): ${formatCents(costCents)} written off`;
  return [
    { account: POLICE_SURRENDER_ACCOUNT, debitCents: costCents, creditCents: 0, memo },
    { account: 'inventory:purchases' as const, debitCents: 0, creditCents: costCents, memo },
  ];
}

export const policeHoldMessages = {
  itemNotFound: 'That item was not found.',
  holdNotFound: 'That police hold was not found.',
  notReceived: 'This item has not been received yet; a police hold is placed on an item we hold.',
  hasLeft: 'This item has left our custody; it can no longer be put on police hold.',
  alreadyHeld: (caseNumber: string) => `This item is already on police hold (case ${caseNumber}).`,
  inMeltLot: 'This item is in a melt lot; take it out of the lot before surrendering it.',
  movedMeanwhile: 'Someone else moved this item a moment ago; reload and try again.',
  ended: (status: PoliceHoldStatus) =>
    status === 'released'
      ? 'This police hold was already released a moment ago; reload to see it.'
      : 'This item was already surrendered to the police; reload to see it.',
  /** The database refused a melt lot or a sale (SQLSTATE AH002). */
  refused: (caseNumber: string) =>
    `This item is on police hold (case ${caseNumber}); it cannot go into a melt lot or be sold until the hold is released.`,
} as const;
