// The closed lot's guard in the database (migration 0038_melt_lots): triggers on melt_lots and
// item_locations raise SQLSTATE AL001 when a closed lot, or the custody row of an item in one,
// would change. Services turn it into a 409 sentence.
export const CLOSED_LOT_SQLSTATE = 'AL001';

/** Whether `error` (or one of its causes) is that refusal. */
export function isClosedLotRefusal(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === CLOSED_LOT_SQLSTATE) return true;
  }
  return false;
}
