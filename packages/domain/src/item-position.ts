// The items of one parcel are named by their position (issue 27 item 5): 1 is SPEC's submission,
// the others follow in the order the seller added them, and a position never changes.
import { z } from 'zod';

/** The most items one submission (one parcel) holds. */
export const MAX_ITEMS_PER_SUBMISSION = 10;

const positionMessage = `Please say which item this is, by its number from 1 to ${MAX_ITEMS_PER_SUBMISSION}.`;

export const itemPositionSchema = z
  .number({ error: positionMessage })
  .int(positionMessage)
  .min(1, positionMessage)
  .max(MAX_ITEMS_PER_SUBMISSION, positionMessage);

/** The item an offer line prices: lines written before items existed (item null) are item 1's. */
export const lineItemPosition = (line: { readonly item: number | null }): number => line.item ?? 1;
