import { trackingStatuses } from '@assay/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PostalArea } from '../../lib/personal-data.ts';
import { streetKeptOut } from './sealed.ts';
import { users } from './auth.ts';
import { oneOf } from './one-of.ts';
import { money } from './money.ts';
import { submissions } from './submissions.ts';

export const shippingLabels = pgTable(
  'shipping_labels',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'inbound' (client to Assay) or 'return' (Assay back to the client after a declined offer).
    direction: text('direction').notNull().default('inbound'),
    // Worth above INSURED_LIMIT ships as several inbound parcels, one label each (decision 036,
    // amended): 1 to N in the order of parcelInsurance's values. A return label is always 1.
    parcelNumber: integer('parcel_number').notNull().default(1),
    trackingNumber: text('tracking_number').notNull().unique(),
    carrier: text('carrier').notNull(),
    validForPostage: text('valid_for_postage').notNull().default('no'),
    insuredValue: money('shipping_labels', 'insured_value').notNull(),
    // Written only from checked addresses (the client's, RECEIVING_ADDRESS), as printed; street
    // lines and phone sealed beside each (lib/personal-data.ts).
    sender: jsonb('sender').$type<PostalArea>().notNull(),
    encryptedSenderStreet: text('encrypted_sender_street'),
    receiver: jsonb('receiver').$type<PostalArea>().notNull(),
    encryptedReceiverStreet: text('encrypted_receiver_street'),
    freeReturn: text('free_return'),
    // A real carrier's label (EasyPost): its PNG as the carrier sent it, kept in object storage
    // under label_image_key once fetched, so the PDF prints the carrier's own label.
    shipmentId: text('shipment_id'),
    labelUrl: text('label_url'),
    labelImageKey: text('label_image_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_labels_submission_direction_parcel_idx').on(t.submissionId, t.direction, t.parcelNumber),
    check('shipping_labels_parcel_number_check', sql`${t.parcelNumber} >= 1`),
    index('shipping_labels_user_idx').on(t.userId, t.createdAt),
    check('shipping_labels_sender_street_sealed', streetKeptOut(t.sender)),
    check('shipping_labels_receiver_street_sealed', streetKeptOut(t.receiver)),
  ],
);

/**
 * What the carrier said about a label's parcel, one row per scan state. Unique per label, carrier
 * time and state: EasyPost resends a tracker whole with every update, so a replayed or repeated
 * event inserts nothing.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: text('id').primaryKey(),
    labelId: text('label_id')
      .notNull()
      .references(() => shippingLabels.id, { onDelete: 'cascade' }),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    // Ours (packages/domain parcel-tracking.ts) and the carrier's own word for it ('pre_transit').
    status: text('status', { enum: trackingStatuses }).notNull(),
    carrierStatus: text('carrier_status').notNull(),
    message: text('message'),
    location: text('location'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The webhook event that brought it (EasyPost 'evt_...'). */
    eventId: text('event_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tracking_events_label_time_status_idx').on(t.labelId, t.occurredAt, t.status),
    index('tracking_events_submission_idx').on(t.submissionId, t.occurredAt),
    check('tracking_events_status_check', oneOf(t.status, trackingStatuses)),
  ],
);
