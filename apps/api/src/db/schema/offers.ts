// The honest offer (DECISIONS): the published payout rates, and each offer as a numbered version
// of itemised lines, with its validity and at most one counter-offer from the seller.
import {
  counterOfferStatuses,
  itemDecisionKinds,
  itemTypes,
  offerStatuses,
  referencePriceUnits,
  testMethods,
  weightUnits,
} from '@assay/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { oneOf } from './one-of.ts';
import { money } from './money.ts';
import { submissionItems, submissions } from './submissions.ts';

// Append-only: the current rate of an item type is its newest row (DEFAULT_PAYOUT_RATES of
// packages/domain until an admin sets one), and the older rows are the published history.
export const payoutRates = pgTable(
  'payout_rates',
  {
    id: text('id').primaryKey(),
    itemType: text('item_type', { enum: itemTypes }).notNull(),
    minPercent: numeric('min_percent', { precision: 5, scale: 2 }).notNull(),
    maxPercent: numeric('max_percent', { precision: 5, scale: 2 }).notNull(),
    setBy: text('set_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payout_rates_item_created_idx').on(t.itemType, t.createdAt.desc()),
    check('payout_rates_item_type_check', oneOf(t.itemType, itemTypes)),
    check(
      'payout_rates_range_check',
      sql`0 <= ${t.minPercent} and ${t.minPercent} <= ${t.maxPercent} and ${t.maxPercent} <= 100`,
    ),
  ],
);

// One row per version of a submission's offer. submissions.final_offer mirrors the newest
// version's total (SPEC's field); the lines and the prices they used are here.
export const offers = pgTable(
  'offers',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status', { enum: offerStatuses }).notNull().default('open'),
    total: money('offers', 'total').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The seller's one counter-offer to this version. */
    counterAmount: money('offers', 'counter_amount'),
    counterMessage: text('counter_message'),
    counteredAt: timestamp('countered_at', { withTimezone: true }),
    counterStatus: text('counter_status', { enum: counterOfferStatuses }),
  },
  (t) => [
    uniqueIndex('offers_submission_version_idx').on(t.submissionId, t.version),
    // The reminder jobs' scan: open offers by the time they lapse.
    index('offers_open_valid_until_idx')
      .on(t.validUntil)
      .where(sql`${t.status} = 'open'`),
    check('offers_status_check', oneOf(t.status, offerStatuses)),
    check('offers_counter_status_check', sql`${t.counterStatus} is null or ${oneOf(t.counterStatus, counterOfferStatuses)}`),
    check('offers_total_check', sql`${t.total} > 0`),
    check(
      'offers_counter_whole_check',
      sql`(${t.counterAmount} is null) = (${t.counteredAt} is null) and (${t.counterAmount} is null) = (${t.counterStatus} is null)`,
    ),
  ],
);

export const offerLines = pgTable(
  'offer_lines',
  {
    id: text('id').primaryKey(),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The item it prices; null on lines written before items existed (item 1 then). */
    itemId: text('item_id').references(() => submissionItems.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    weight: numeric('weight', { precision: 12, scale: 4 }).notNull(),
    weightUnit: text('weight_unit', { enum: weightUnits }).notNull(),
    // The basis of the line: all set for an itemised line, all null for a line that is only an
    // amount (SPEC's one-number offer, and offers made before itemised offers existed).
    material: text('material', { enum: itemTypes }),
    /** Fine content in percent (58.50 for 14k). */
    purityPercent: numeric('purity_percent', { precision: 6, scale: 3 }),
    testMethod: text('test_method'),
    referencePrice: numeric('reference_price', { precision: 14, scale: 4 }),
    referenceUnit: text('reference_unit'),
    priceSource: text('price_source'),
    pricedAt: timestamp('priced_at', { withTimezone: true }),
    percentPaid: numeric('percent_paid', { precision: 5, scale: 2 }),
    /** What the form proposed from live prices and the payout rates; null for SPEC's one-number offer. */
    proposedAmount: money('offer_lines', 'proposed_amount'),
    amount: money('offer_lines', 'amount').notNull(),
    /** Why the amount differs from the proposal (required then). */
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('offer_lines_offer_position_idx').on(t.offerId, t.position),
    check('offer_lines_material_check', sql`${t.material} is null or ${oneOf(t.material, itemTypes)}`),
    check('offer_lines_weight_unit_check', oneOf(t.weightUnit, weightUnits)),
    check('offer_lines_test_method_check', sql`${t.testMethod} is null or ${oneOf(t.testMethod, testMethods)}`),
    check('offer_lines_reference_unit_check', sql`${t.referenceUnit} is null or ${oneOf(t.referenceUnit, referencePriceUnits)}`),
    check(
      'offer_lines_basis_whole_check',
      sql`num_nulls(${t.material}, ${t.purityPercent}, ${t.testMethod}, ${t.referencePrice}, ${t.referenceUnit}, ${t.priceSource}, ${t.pricedAt}, ${t.percentPaid}) in (0, 8)`,
    ),
    check('offer_lines_weight_check', sql`${t.weight} > 0`),
    check('offer_lines_purity_check', sql`${t.purityPercent} > 0 and ${t.purityPercent} <= 100`),
    check('offer_lines_percent_paid_check', sql`${t.percentPaid} >= 0 and ${t.percentPaid} <= 100`),
    check('offer_lines_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * A counter-offer made item by item (issue 27 item 5): the seller's choice on each item of the
 * version. The version's counter_amount is the accepted items' amounts plus the countered ones;
 * a declined item has no amount and is left out of the version that accepts the counter.
 */
export const offerItemDecisions = pgTable(
  'offer_item_decisions',
  {
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => submissionItems.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: itemDecisionKinds }).notNull(),
    counterAmount: money('offer_item_decisions', 'counter_amount'),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.itemId] }),
    check('offer_item_decisions_decision_check', oneOf(t.decision, itemDecisionKinds)),
    check(
      'offer_item_decisions_counter_check',
      sql`(${t.decision} = 'counter') = (${t.counterAmount} is not null) and (${t.counterAmount} is null or ${t.counterAmount} > 0)`,
    ),
  ],
);
