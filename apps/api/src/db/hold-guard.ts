// The hold's guard in the database (migration 0036_custody): triggers on item_locations and
// submissions raise SQLSTATE AH001 when an item would go into a melt lot or be sold, or a
// submission be given a disposition, before its hold_until. Services turn it into a 409 sentence.
export const HOLD_SQLSTATE = 'AH001';

/** The hold's end the trigger refused with, when `error` (or one of its causes) is that refusal. */
export function holdRefusalOf(error: unknown): { holdUntil: Date | null } | null {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === HOLD_SQLSTATE) {
      const at = typeof detail === 'string' ? new Date(detail) : null;
      return { holdUntil: at && !Number.isNaN(at.getTime()) ? at : null };
    }
  }
  return null;
}
