// The tracking events of labels' parcels (db/schema/shipping.ts tracking_events).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { parcelStageRank } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { qualified as q } from '../../db/qualified-column.ts';
import { shippingLabels, submissions, trackingEvents } from '../../db/schema/index.ts';

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
      labelId: trackingEvents.labelId,
      createdAt: trackingEvents.createdAt,
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

/** The newest inbound event as the column below carries it; occurredAt in ISO form, to the ms. */
export interface InboundEventJson {
  status: string;
  message: string | null;
  location: string | null;
  occurredAt: string;
}

/** The domain's parcelStageRank as SQL over the derived table's `status`: lower speaks first. */
const parcelStageRankSql = sql.raw(
  `case parcel.status ${Object.entries(parcelStageRank)
    .map(([status, rank]) => `when '${status}' then ${rank}`)
    .join(' ')} else 9 end`,
);

/**
 * A column for a select from submissions: the state that speaks for the row's inbound parcels
 * (`submissionParcelState` over each parcel's newest event, as inboundParcelStates gives it), or
 * null, so a page of cards needs no second query.
 */
export const newestInboundEventOfRow = sql<InboundEventJson | null>`(
  select json_build_object(
    'status', parcel.status,
    'message', parcel.message,
    'location', parcel.location,
    'occurredAt', to_char(parcel.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
  from (
    select distinct on (${q(trackingEvents.labelId)})
      ${q(trackingEvents.status)} as status,
      ${q(trackingEvents.message)} as message,
      ${q(trackingEvents.location)} as location,
      ${q(trackingEvents.occurredAt)} as occurred_at,
      ${q(trackingEvents.createdAt)} as created_at
    from ${trackingEvents} join ${shippingLabels} on ${q(shippingLabels.id)} = ${q(trackingEvents.labelId)}
    where ${q(trackingEvents.submissionId)} = ${q(submissions.id)} and ${q(shippingLabels.direction)} = 'inbound'
    order by ${q(trackingEvents.labelId)}, ${q(trackingEvents.occurredAt)} desc, ${q(trackingEvents.createdAt)} desc
  ) as parcel
  order by ${parcelStageRankSql}, parcel.occurred_at desc, parcel.created_at desc
  limit 1
)`;
