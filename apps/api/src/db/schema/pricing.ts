import { sql } from 'drizzle-orm';
import { bigserial, check, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { submissions } from './submissions.ts';

// The current price of each of the 11 item types; one row each, replaced on every good refresh.
export const pricing = pgTable('pricing', {
  id: text('id').primaryKey(),
  itemType: text('item_type').notNull().unique(),
  pricePerOz: numeric('price_per_oz', { precision: 14, scale: 4 }).notNull(),
  pricePerGram: numeric('price_per_gram', { precision: 14, scale: 4 }).notNull(),
  pricePerCarat: numeric('price_per_carat', { precision: 14, scale: 2 }),
  source: text('source').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by'),
});

// Every accepted price, so change24h and the charts come from what was really quoted.
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemType: text('item_type').notNull(),
    pricePerOz: numeric('price_per_oz', { precision: 14, scale: 4 }).notNull(),
    pricePerGram: numeric('price_per_gram', { precision: 14, scale: 4 }).notNull(),
    pricePerCarat: numeric('price_per_carat', { precision: 14, scale: 2 }),
    source: text('source').notNull(),
    /** The appraiser who set a gem price by hand; null for feed prices. */
    updatedBy: text('updated_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_history_item_recorded_idx').on(t.itemType, t.recordedAt)],
);

// How the metals feed is doing, one row per provider, so that every instance (and the worker, which
// runs the scheduled refreshes) reports the same last success and last error. A success never
// clears the last error: the status shows both, with their times.
export const priceFeedStatus = pgTable('price_feed_status', {
  provider: text('provider').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastErrorMessage: text('last_error_message'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// A parcel's price lock (issue 27): the spot prices of the carrier's first scan, kept for LOCK_DAYS.
// One per submission, written once: a later scan, a replayed event or a second instance finds it there.
export const priceLocks = pgTable(
  'price_locks',
  {
    submissionId: text('submission_id')
      .primaryKey()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    /** Fine metal, USD per troy ounce. */
    goldPerOz: numeric('gold_per_oz', { precision: 14, scale: 4 }).notNull(),
    silverPerOz: numeric('silver_per_oz', { precision: 14, scale: 4 }).notNull(),
    platinumPerOz: numeric('platinum_per_oz', { precision: 14, scale: 4 }).notNull(),
    palladiumPerOz: numeric('palladium_per_oz', { precision: 14, scale: 4 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('price_locks_window_check', sql`${t.lockedUntil} > ${t.lockedAt}`),
    check(
      'price_locks_prices_check',
      sql`${t.goldPerOz} > 0 and ${t.silverPerOz} > 0 and ${t.platinumPerOz} > 0 and ${t.palladiumPerOz} > 0`,
    ),
  ],
);
