// Police holds (issue 28 item 6, modules/police-holds): an agency's hold on one received item. At
// most one active hold per item (partial unique index). A trigger written in the migration
// (police_holds) refuses an item_locations row going to 'melt-lot' or 'sold' while an active hold
// exists, with SQLSTATE AH002 and the case number as DETAIL (db/police-hold-guard.ts).
import { policeHoldStatuses } from '@assay/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { oneOf } from './one-of.ts';
import { transactions } from './payouts.ts';
import { submissionItems } from './submissions.ts';

export const policeHolds = pgTable(
  'police_holds',
  {
    id: text('id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => submissionItems.id, { onDelete: 'cascade' }),
    agency: text('agency').notNull(),
    officer: text('officer').notNull(),
    badgeNumber: text('badge_number').notNull(),
    caseNumber: text('case_number').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: policeHoldStatuses }).notNull().default('active'),
    placedBy: text('placed_by').references(() => users.id, { onDelete: 'set null' }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    // Released or surrendered: who, when, and the note or the police's receipt.
    endedBy: text('ended_by').references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    releaseNote: text('release_note'),
    surrenderReference: text('surrender_reference'),
    // The write-off posted on surrender, and the payout its ledger lines belong to.
    writtenOffCents: bigint('written_off_cents', { mode: 'number' }),
    writeOffTransactionId: text('write_off_transaction_id').references(() => transactions.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('police_holds_item_idx').on(t.itemId, t.placedAt),
    uniqueIndex('police_holds_one_active_idx')
      .on(t.itemId)
      .where(sql`${t.status} = 'active'`),
    check('police_holds_status_check', oneOf(t.status, policeHoldStatuses)),
    check('police_holds_ended_check', sql`(${t.status} = 'active') = (${t.endedAt} is null)`),
    check('police_holds_surrender_check', sql`(${t.status} = 'surrendered') = (${t.surrenderReference} is not null)`),
  ],
);
export type PoliceHoldRow = typeof policeHolds.$inferSelect;
