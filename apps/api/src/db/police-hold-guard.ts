// The police hold's guard in the database (migration 0041_police_holds): a trigger on item_locations
// raises SQLSTATE AH002, with the case number as DETAIL, when an item under an active police hold
// would go into a melt lot or be sold. Services turn it into a 409 sentence naming the case.
export const POLICE_HOLD_SQLSTATE = 'AH002';

/** The case the trigger refused with, when `error` (or one of its causes) is that refusal. */
export function policeHoldRefusalOf(error: unknown): { caseNumber: string } | null {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === POLICE_HOLD_SQLSTATE) return { caseNumber: typeof detail === 'string' ? detail : '' };
  }
  return null;
}
