// The tracking events of labels' parcels (db/schema/shipping.ts tracking_events).
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { shippingLabels, trackingEvents } from '../../db/schema/index.ts';

export type TrackingEventRow = typeof trackingEvents.$inferSelect;

/** The parcel's newest event so far (by the carrier's time), or null. */
export async function newestEventOfLabel(db: DbOrTx, labelId: string) {
  const [row] = await db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.labelId, labelId))
    .orderBy(desc(trackingEvents.occurredAt), desc(trackingEvents.createdAt))
    .limit(1);
  return row ?? null;
}

/** Stores an event once: null when this label already has it (same carrier time and state). */
export async function insertTrackingEvent(db: DbOrTx, row: typeof trackingEvents.$inferInsert) {
  const [stored] = await db
    .insert(trackingEvents)
    .values(row)
    .onConflictDoNothing({ target: [trackingEvents.labelId, trackingEvents.occurredAt, trackingEvents.status] })
    .returning();
  return stored ?? null;
}

/** The inbound parcels' events of these submissions, newest first (a page's worth: a few each). */
export function inboundEventsOfSubmissions(db: DbOrTx, submissionIds: string[]) {
  return db
    .select({
      submissionId: trackingEvents.submissionId,
      status: trackingEvents.status,
      message: trackingEvents.message,
      location: trackingEvents.location,
      occurredAt: trackingEvents.occurredAt,
    })
    .from(trackingEvents)
    .innerJoin(shippingLabels, eq(shippingLabels.id, trackingEvents.labelId))
    .where(and(inArray(trackingEvents.submissionId, submissionIds), eq(shippingLabels.direction, 'inbound')))
    .orderBy(desc(trackingEvents.occurredAt), desc(trackingEvents.createdAt));
}
