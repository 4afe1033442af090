// Small pieces several API contracts share, so that an id or an "ignored" field is accepted the
// same way by every route.
import { z } from 'zod';

/** Ids are opaque strings; the limit only stops absurd input reaching the database. */
export function idSchema(what: string) {
  const message = `Please say which ${what} this is about.`;
  return z.string({ error: message }).trim().min(1, message).max(128, `That ${what} id is too long to be valid.`);
}

/**
 * A field older clients send but the server recomputes (DECISIONS: numbers from the browser are
 * never trusted). Any number or string is tolerated so sending it never fails a request.
 */
export const IGNORED_FIELD_DESCRIPTION = 'Ignored: the server works this out itself.';
export const ignoredAmountSchema = z.union([z.string(), z.number()]).nullable().optional().describe(IGNORED_FIELD_DESCRIPTION);
