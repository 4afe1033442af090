// Custody of received pieces (issue 28 item 2, modules/custody): the bins appraisers define, where
// each item of a received parcel is now, and the append-only log of its moves. The hold is kept
// here too, by triggers written in the migration (custody_hold): an item cannot be put in a melt
// lot or marked sold, nor a submission given a disposition, while submissions.hold_until is ahead
// of the database's now(), whatever code path writes it.
import { custodyPlaces } from '@assay/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { meltLots } from './melt-lots.ts';
import { oneOf } from './one-of.ts';
import { submissionItems } from './submissions.ts';

export const bins = pgTable(
  'bins',
  {
    id: text('id').primaryKey(),
    /** Printed on the bin ("B-01"), upper case; unique among all bins, archived ones too. */
    code: text('code').notNull(),
    label: text('label').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bins_code_idx').on(t.code)],
);
export type BinRow = typeof bins.$inferSelect;

/** Numbers the tags printed on the bags (formatItemTag in packages/domain: "AS-000123"). */
export const itemTagSequence = pgSequence('item_tag_seq', { startWith: 1 });

export const itemLocations = pgTable(
  'item_locations',
  {
    itemId: text('item_id')
      .primaryKey()
      .references(() => submissionItems.id, { onDelete: 'cascade' }),
    place: text('place', { enum: custodyPlaces }).notNull(),
    binId: text('bin_id').references(() => bins.id, { onDelete: 'restrict' }),
    // The melt lot the item is in (modules/melt-lots).
    meltLotId: text('melt_lot_id').references(() => meltLots.id, { onDelete: 'restrict' }),
    tag: text('tag')
      .notNull()
      .default(sql`'AS-' || lpad(nextval('item_tag_seq')::text, 6, '0')`),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
    movedBy: text('moved_by').references(() => users.id, { onDelete: 'set null' }),
    // Optimistic concurrency: a move names the version it saw, so of two appraisers moving one item
    // at once the second hears that it moved meanwhile.
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('item_locations_tag_idx').on(t.tag),
    index('item_locations_bin_idx').on(t.binId),
    index('item_locations_melt_lot_idx').on(t.meltLotId),
    check('item_locations_place_check', oneOf(t.place, custodyPlaces)),
    check('item_locations_bin_check', sql`(${t.place} = 'bin') = (${t.binId} is not null)`),
    check('item_locations_melt_lot_check', sql`(${t.place} = 'melt-lot') = (${t.meltLotId} is not null)`),
  ],
);
export type ItemLocationRow = typeof itemLocations.$inferSelect;

/** Every move of an item, never updated or deleted by the app: from (null for its first place) and to. */
export const custodyMoves = pgTable(
  'custody_moves',
  {
    id: text('id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => submissionItems.id, { onDelete: 'cascade' }),
    fromPlace: text('from_place', { enum: custodyPlaces }),
    fromBinId: text('from_bin_id').references(() => bins.id, { onDelete: 'restrict' }),
    fromMeltLotId: text('from_melt_lot_id'),
    toPlace: text('to_place', { enum: custodyPlaces }).notNull(),
    toBinId: text('to_bin_id').references(() => bins.id, { onDelete: 'restrict' }),
    toMeltLotId: text('to_melt_lot_id'),
    movedBy: text('moved_by').references(() => users.id, { onDelete: 'set null' }),
    movedAt: timestamp('moved_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    note: text('note'),
  },
  (t) => [
    index('custody_moves_item_idx').on(t.itemId, t.movedAt),
    check('custody_moves_to_place_check', oneOf(t.toPlace, custodyPlaces)),
    check('custody_moves_from_place_check', sql`${t.fromPlace} is null or ${oneOf(t.fromPlace, custodyPlaces)}`),
  ],
);
