// Melt lots (issue 28 item 3, modules/melt-lots): items of one sort category gathered for a
// refiner, shipped, assayed, settled and closed. The items themselves stay in item_locations
// (place 'melt-lot', melt_lot_id here). A trigger written in the migration (melt_lots) refuses any
// change to a closed lot, and to the custody rows of its items, whatever code path writes it.
import { meltLotStates, meltSortCategories, type MeltSortCategory } from '@assay/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { money } from './money.ts';
import { oneOf } from './one-of.ts';

/** Numbers the lots ("LOT-0001"), the name a refiner's settlement gives them. */
export const meltLotNumberSequence = pgSequence('melt_lot_number_seq', { startWith: 1 });

export const meltLots = pgTable(
  'melt_lots',
  {
    id: text('id').primaryKey(),
    number: text('number')
      .notNull()
      .default(sql`'LOT-' || lpad(nextval('melt_lot_number_seq')::text, 4, '0')`),
    category: text('category').$type<MeltSortCategory>().notNull(),
    state: text('state', { enum: meltLotStates }).notNull().default('open'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The shipment (lotShipmentProblem): the refiner by the name it shipped under, the carrier
    // label's tracking number, and what the carrier confirmed the parcel is insured for.
    refinerName: text('refiner_name'),
    trackingNumber: text('tracking_number'),
    insuredValue: money('melt_lots', 'insured_value'),
    // The label bought through the carrier adapter (POST .../ship). Null on lots shipped before
    // labels were bought here (their tracking number was typed in).
    carrier: text('carrier'),
    shipmentId: text('shipment_id'),
    service: text('service'),
    postage: money('melt_lots', 'postage'),
    labelUrl: text('label_url'),
    // The carrier's PNG kept in object storage at purchase (as shipping_labels.label_image_key).
    labelImageKey: text('label_image_key'),
    labelValidForPostage: boolean('label_valid_for_postage'),
    // The label's two addresses as bought (ShippingAddress): the business's, and the refiner's then.
    labelSender: jsonb('label_sender'),
    labelReceiver: jsonb('label_receiver'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    assayedAt: timestamp('assayed_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // Goes up with each change of the lot: a lot moved on while an item was being added is seen.
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('melt_lots_number_idx').on(t.number),
    index('melt_lots_state_idx').on(t.state, t.createdAt),
    check('melt_lots_category_check', oneOf(t.category, meltSortCategories)),
    check('melt_lots_state_check', oneOf(t.state, meltLotStates)),
    // Every state past open was shipped, with its refiner, label and insurance.
    check(
      'melt_lots_shipment_check',
      sql`${t.state} = 'open' or (${t.refinerName} is not null and ${t.trackingNumber} is not null and ${t.insuredValue} is not null and ${t.shippedAt} is not null)`,
    ),
    // A bought label is whole: its carrier, whether it is postage, and both addresses.
    check(
      'melt_lots_label_check',
      sql`(${t.carrier} is null) = (${t.labelValidForPostage} is null) and (${t.carrier} is null) = (${t.labelSender} is null) and (${t.carrier} is null) = (${t.labelReceiver} is null) and (${t.carrier} is null or ${t.trackingNumber} is not null)`,
    ),
    check('melt_lots_assayed_check', sql`${t.state} in ('open', 'shipped') or ${t.assayedAt} is not null`),
    check('melt_lots_settled_check', sql`${t.state} in ('open', 'shipped', 'assayed') or ${t.settledAt} is not null`),
    check('melt_lots_closed_check', sql`(${t.state} = 'closed') = (${t.closedAt} is not null)`),
  ],
);
export type MeltLotRow = typeof meltLots.$inferSelect;
