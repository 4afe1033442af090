// Which melt lots a refiner's settlement may settle (issue 28 item 4): a lot the refiner has, that
// is shipped or assayed. The server locks the lots and asks this in the settlement's transaction,
// so of a settlement and a lot's close (or two settlements of one lot) the second hears a sentence.
import type { MeltLotState } from './melt-lot.ts';

export const settlementLotMessages = {
  unknown: (refs: readonly string[]) =>
    `No melt lot is numbered ${refs.join(', ')}; a settlement names lots by their number, like LOT-0001.`,
  twice: 'The settlement names one lot twice (by its number and its id); every lot is settled once.',
  open: (lot: string) => `Lot ${lot} is still open; only a shipped or assayed lot can be settled.`,
  settled: (lot: string) => `Lot ${lot} is already settled; a lot is settled by one settlement only.`,
  closed: (lot: string) => `Lot ${lot} is closed; a closed lot cannot be changed.`,
  reference: (reference: string, refiner: string) =>
    `Settlement ${reference} from ${refiner} was already entered; a settlement is entered once.`,
} as const;

/** The sentence refusing to settle this lot, or null when it may be settled. */
export function settlementLotProblem(lot: string, state: MeltLotState): string | null {
  switch (state) {
    case 'shipped':
    case 'assayed':
      return null;
    case 'open':
      return settlementLotMessages.open(lot);
    case 'settled':
      return settlementLotMessages.settled(lot);
    case 'closed':
      return settlementLotMessages.closed(lot);
  }
}
