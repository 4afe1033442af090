import { screeningContexts, screeningStatuses, type ScreeningMatchDto } from '@assay/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { oneOf } from './one-of.ts';
import { transactions } from './payouts.ts';

/** Another name of a listing (OFAC's alt.csv), as stored with it. */
export interface SdnAlias {
  altNum: number;
  /** 'aka', 'fka' or 'nka' as OFAC writes it (lower case, without dots). */
  type: string;
  name: string;
  remarks: string | null;
}

/** An address of a listing (OFAC's add.csv), as stored with it. */
export interface SdnAddress {
  addNum: number;
  address: string | null;
  cityStateZip: string | null;
  country: string | null;
  remarks: string | null;
}

/**
 * Each OFAC SDN list loaded by `npm run sanctions:load`, with OFAC's publication date. Exactly one
 * is active (the partial unique index): the one screenings use. Older lists stay, since each
 * screening names the list it was made against.
 */
export const sanctionsLists = pgTable(
  'sanctions_lists',
  {
    id: text('id').primaryKey(),
    source: text('source').notNull().default('ofac-sdn'),
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
    entryCount: integer('entry_count').notNull(),
    aliasCount: integer('alias_count').notNull(),
    addressCount: integer('address_count').notNull(),
    /** The files' base names as given to the command (sdn.csv, alt.csv, add.csv). */
    fileNames: jsonb('file_names').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(false),
  },
  (t) => [
    uniqueIndex('sanctions_lists_one_active_idx')
      .on(t.source)
      .where(sql`${t.active}`),
    check('sanctions_lists_source_check', oneOf(t.source, ['ofac-sdn'])),
    check('sanctions_lists_entry_count_check', sql`${t.entryCount} > 0`),
  ],
);

export const sanctionsEntries = pgTable(
  'sanctions_entries',
  {
    listId: text('list_id')
      .notNull()
      .references(() => sanctionsLists.id, { onDelete: 'cascade' }),
    entNum: integer('ent_num').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    programs: jsonb('programs').$type<string[]>().notNull(),
    title: text('title'),
    remarks: text('remarks'),
    aliases: jsonb('aliases').$type<SdnAlias[]>().notNull(),
    addresses: jsonb('addresses').$type<SdnAddress[]>().notNull(),
  },
  (t) => [uniqueIndex('sanctions_entries_list_ent_idx').on(t.listId, t.entNum)],
);

/** Every screening of a seller's name, its matches with their scores, and an appraiser's decision. */
export const sanctionsScreenings = pgTable(
  'sanctions_screenings',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    transactionId: text('transaction_id').references(() => transactions.id, { onDelete: 'restrict' }),
    context: text('context').notNull(),
    listId: text('list_id')
      .notNull()
      .references(() => sanctionsLists.id, { onDelete: 'restrict' }),
    screenedName: text('screened_name').notNull(),
    matches: jsonb('matches').$type<ScreeningMatchDto[]>().notNull(),
    status: text('status', { enum: screeningStatuses }).notNull(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sanctions_screenings_user_idx').on(t.userId, t.createdAt),
    index('sanctions_screenings_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'possible-match'`),
    check('sanctions_screenings_context_check', oneOf(t.context, screeningContexts)),
    check('sanctions_screenings_status_check', oneOf(t.status, screeningStatuses)),
  ],
);
